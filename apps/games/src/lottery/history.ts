import { houseLottoDraws, houseLottoResults } from '../db/schema';
import type { HouseDb } from '../db/client';
import north from './fixtures/vn-north-2023-05-12.json';
import hcm from './fixtures/vn-south-tphcm-2026-09-28.json';
import thai from './fixtures/thai-2024-05-02.json';
import { zonedInstant } from './schedule';
import { LOTTO_GAMES } from './games';

/**
 * The embedded demo's results history (ADR 0092): real published draws (the test fixtures, each with its
 * source), stored as settled past draws of their games, so that a new demo's results pages show real numbers
 * rather than nothing. Never in a deployment: its history is its own draws.
 */
const PAST = [
  { gameCode: 'TH_GLO', fixture: thai },
  { gameCode: 'VN_MB', fixture: north },
  { gameCode: 'VN_MN_HCM', fixture: hcm },
] as const;

export async function seedDemoHistory(db: HouseDb, now: number): Promise<number> {
  let added = 0;
  for (const { gameCode, fixture } of PAST) {
    const game = LOTTO_GAMES.find((g) => g.code === gameCode)!;
    const [year, month, day] = fixture.draw.split('-').map(Number) as [number, number, number];
    const drawTime = game.schedule.kind === 'interval' ? '00:00' : game.schedule.drawTime;
    const drawAt = zonedInstant(game.timeZone, year, month, day, drawTime);
    // A fixture in the future of this clock is not history (the demo's clock is the machine's).
    if (drawAt >= now) continue;
    const closeAt = drawAt - game.closeSecondsBefore * 1000;
    const [draw] = await db
      .insert(houseLottoDraws)
      .values({
        gameCode,
        drawNo: fixture.draw.replaceAll('-', ''),
        lockAt: new Date(closeAt - game.lockSeconds * 1000),
        closeAt: new Date(closeAt),
        drawAt: new Date(drawAt),
        status: 'settled',
        settleComputedAt: new Date(drawAt),
        createdAt: new Date(now),
      })
      .onConflictDoNothing()
      .returning({ id: houseLottoDraws.id });
    if (!draw) continue;
    const source = `${fixture.source.repository}/${fixture.source.path}@${fixture.source.commit.slice(0, 8)}`;
    await db.insert(houseLottoResults).values({
      drawId: draw.id,
      result: fixture.result,
      source,
      status: 'confirmed',
      enteredBy: 'demo',
      enteredAt: new Date(now),
      confirmedBy: 'demo',
      confirmedAt: new Date(now),
    });
    added += 1;
  }
  return added;
}
