/**
 * Tests: enc calls travel in clear. `vi.mock('@/lib/session/enc-body', () => import('@/test/enc-in-clear'))` makes
 * the api client send an enc endpoint's payload as `{ clear: payload }`, so a fetch mock reads what the member
 * sent (`sentPayloads`). The encryption itself is tested in contracts/enc.test.ts and end to end.
 */
export const encryptForServer = async (payload: unknown, _transport?: unknown) => ({ clear: payload });
export const resetEncryptionKey = () => undefined;
export const getEncryptionKey = async () => ({ kid: 'test', key: null });

/** The payloads sent to `path` so far, in order (`fetchMock` from mockApi). */
export function sentPayloads(fetchMock: { mock: { calls: unknown[][] } }, path: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => (JSON.parse(String((init as RequestInit).body)) as { clear: Record<string, unknown> }).clear);
}
