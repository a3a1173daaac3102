import type { HouseSession } from './house-service';

/**
 * The house's sessions as last read, by token hash (ADR 0099): a session row is written once at launch and never
 * changed or deleted before it expires, so a copy is as good as the row until its expiry, and every ticket or spin
 * is spared the read (the purchase's costliest statement after the others were batched). Only sessions found are
 * kept (a new one is read on first use), at most `max` of them, the oldest dropped first. Whether the platform
 * still honours the session is the wallet's answer to each bet, not this copy's.
 */
export function createSessionCache(max = 10_000) {
  const kept = new Map<string, HouseSession>();
  return async function cached(
    tokenHash: string,
    now: number,
    load: () => Promise<HouseSession | null>,
  ): Promise<HouseSession | null> {
    const hit = kept.get(tokenHash);
    if (hit) {
      if (hit.expiresAt.getTime() > now) return hit;
      kept.delete(tokenHash);
      return null;
    }
    const row = await load();
    if (!row || row.expiresAt.getTime() <= now) return null;
    if (kept.size >= max) kept.delete(kept.keys().next().value!);
    kept.set(tokenHash, row);
    return row;
  };
}
