import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { HouseDb } from './db/client';
import { housePlayers, houseSessions } from './db/schema';
import type { HouseSession } from './house-service';

/** What a session cookie is stored as: its SHA-256 (a copy of the table opens no session). */
export const sessionTokenHash = (cookie: string) => createHash('sha256').update(cookie).digest('hex');

/**
 * The house's session of a cookie, kept in memory until it expires (ADR 0099): a session row is written once at
 * launch and never changed or deleted before its expiry, so a copy is as good as the row, and every ticket or spin
 * is spared the read (the purchase's costliest statement after the others were batched). Only sessions found are
 * kept (a new one is read on first use), at most `max`, the oldest dropped first. Whether the platform still
 * honours the session is the wallet's answer to each bet, not this copy's. `gameCode`: only sessions of that game
 * (the lottery's; a slot's session carries another vendor's platform session).
 */
export function createSessionLookup(deps: {
  db: HouseDb;
  now: () => number;
  gameCode?: string;
  max?: number;
}) {
  const { db, now, gameCode, max = 10_000 } = deps;
  const kept = new Map<string, HouseSession>();

  async function load(tokenHash: string): Promise<HouseSession | null> {
    const [row] = await db
      .select({
        s: houseSessions,
        platformPlayerId: housePlayers.platformPlayerId,
        currency: housePlayers.currency,
      })
      .from(houseSessions)
      .innerJoin(housePlayers, eq(housePlayers.id, houseSessions.playerId))
      .where(
        gameCode === undefined
          ? eq(houseSessions.tokenHash, tokenHash)
          : and(eq(houseSessions.tokenHash, tokenHash), eq(houseSessions.gameCode, gameCode)),
      );
    return row ? { ...row.s, platformPlayerId: row.platformPlayerId, currency: row.currency } : null;
  }

  return async function sessionOf(cookie: string | undefined): Promise<HouseSession | null> {
    if (!cookie || cookie.length > 100) return null;
    const tokenHash = sessionTokenHash(cookie);
    const at = now();
    const hit = kept.get(tokenHash);
    if (hit) {
      if (hit.expiresAt.getTime() > at) return hit;
      kept.delete(tokenHash);
      return null;
    }
    const row = await load(tokenHash);
    if (!row || row.expiresAt.getTime() <= at) return null;
    if (kept.size >= max) kept.delete(kept.keys().next().value!);
    kept.set(tokenHash, row);
    return row;
  };
}
