import { describe, expect, it } from 'vitest';
import { body, useTestApp } from './helper';

/**
 * Issue 24: the single-operator bootstrap (docs/adr/0080). While the first owner is the only admin
 * who can act (a console password or a live API token), nobody could approve a request, so
 * operators' power applies at once; it ends as soon as a second admin can act.
 */
const t = useTestApp();

describe('24 four-eyes: the single-operator bootstrap', () => {
  it('the only admin who can act creates a second admin and its token at once; from then on an admin is a four-eyes request', async () => {
    // Only the requester can act: every other admin's tokens are revoked (none has a console password).
    const operators = body<{ username: string; role: string; hasPassword: boolean }[]>(await t.ops('GET', '/ops/operators')).value;
    const tokens = body<{ id: number; username: string; revokedAt: string | null }[]>(await t.ops('GET', '/ops/tokens')).value;
    const others = new Set(operators.filter((o) => o.role === 'admin' && o.username !== 'test_operator').map((o) => o.username));
    expect(operators.filter((o) => others.has(o.username) && o.hasPassword)).toEqual([]);
    for (const token of tokens.filter((x) => others.has(x.username) && !x.revokedAt)) {
      expect((await t.ops('DELETE', `/ops/tokens/${token.id}`)).statusCode).toBe(200);
    }

    const second = await t.ops('POST', '/ops/operators', { username: 'second_owner', role: 'admin' });
    expect(body(second).value).toMatchObject({ username: 'second_owner', role: 'admin' });
    const token = await t.ops('POST', '/ops/operators/second_owner/tokens', { name: 'laptop' });
    expect(body<{ token: string }>(token).value.token).toMatch(/^lop_/);

    // The second admin can act now: the bootstrap is over.
    const third = await t.ops('POST', '/ops/operators', { username: 'third_owner', role: 'admin', reason: 'night shift' });
    expect(body(third).value).toMatchObject({ status: 'pending' });
    const reset = await t.ops('POST', '/ops/operators/second_owner/credentials', { reason: 'console access' });
    expect(body(reset).value).toMatchObject({ status: 'pending' });
  });
});
