import { and, asc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { HouseDb } from '../db/client';
import { houseLottoDraws, houseLottoGames, houseLottoResults } from '../db/schema';
import { LOTTO_GAMES, type LottoGameDefinition, type ResultFormat } from './games';
import { feedOperator, OFFICIAL_FEED_DELAY_MS, type OfficialResultsSource } from './official-results';
import { parseResult } from './results';
import { plannedDraws } from './schedule';

/**
 * The house lottery's draws and results (ADR 0092): games seeded once, draws planned ahead from their
 * schedules and stored, official results entered by one operator and confirmed by another. Every refusal
 * names a catalogue key and writes nothing.
 */

/** How far ahead draws are planned: official draws two weeks (the Thai calendar's next two periods), electronic two hours. */
export const PLAN_AHEAD_MS = { official: 16 * 86_400_000, electronic: 2 * 3_600_000 } as const;

export type DrawRow = typeof houseLottoDraws.$inferSelect;
export type GameRow = typeof houseLottoGames.$inferSelect;

export type LottoRefusal =
  | 'lottery_game_unknown'
  | 'lottery_draw_unknown'
  | 'lottery_draw_not_closed'
  | 'lottery_draw_closed'
  | 'lottery_draw_void'
  | 'lottery_draw_settled'
  | 'lottery_result_invalid'
  | 'lottery_result_exists'
  | 'lottery_result_missing'
  | 'lottery_result_same_operator'
  | 'lottery_result_electronic';

export type Outcome<T> = ({ ok: true } & T) | { ok: false; error: LottoRefusal; issues?: string[] };

/** A game row as the schedule code reads it. */
export const definitionOf = (row: GameRow): LottoGameDefinition => ({
  code: row.code,
  region: row.region as LottoGameDefinition['region'],
  format: row.format as ResultFormat,
  timeZone: row.timeZone as LottoGameDefinition['timeZone'],
  names: row.names as LottoGameDefinition['names'],
  schedule: row.schedule as LottoGameDefinition['schedule'],
  closeSecondsBefore: row.closeSecondsBefore,
  lockSeconds: row.lockSeconds,
});

export type LottoDraws = ReturnType<typeof createLottoDraws>;

export function createLottoDraws(deps: {
  db: HouseDb;
  now?: () => number;
  /** Electronic draws: the beacon chain and the round a draw commits to (beacon.ts commitRound). */
  beacon?: { chain: string; commitRound: (closeAt: number, drawAt: number) => number };
}) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** Adds the games of lottery/games.ts a database does not have yet (an operator's edits are kept). */
  async function seedGames(): Promise<number> {
    const at = new Date(now());
    const inserted = await db
      .insert(houseLottoGames)
      .values(
        LOTTO_GAMES.map((g, i) => ({
          code: g.code,
          region: g.region,
          format: g.format,
          timeZone: g.timeZone,
          names: g.names,
          schedule: g.schedule,
          closeSecondsBefore: g.closeSecondsBefore,
          lockSeconds: g.lockSeconds,
          sort: i,
          createdAt: at,
        })),
      )
      .onConflictDoNothing()
      .returning({ code: houseLottoGames.code });
    return inserted.length;
  }

  /**
   * Stores the draws the enabled games' schedules propose from now to their horizon. A draw already
   * stored (even moved or voided since) is left as it is: insert once, on its game and number.
   */
  async function plan(): Promise<number> {
    const from = now();
    const games = await db.select().from(houseLottoGames).where(eq(houseLottoGames.enabled, true));
    const rows = games.flatMap((row) => {
      const game = definitionOf(row);
      const electronic = game.schedule.kind === 'interval';
      // An electronic draw without a beacon is never planned: it could only be drawn from a local RNG.
      if (electronic && !deps.beacon) return [];
      const horizon = electronic ? PLAN_AHEAD_MS.electronic : PLAN_AHEAD_MS.official;
      return plannedDraws(game, from, from + horizon, deps.beacon?.commitRound).map((d) => ({
        gameCode: d.gameCode,
        drawNo: d.drawNo,
        lockAt: new Date(d.lockAt),
        closeAt: new Date(d.closeAt),
        drawAt: new Date(d.drawAt),
        status: 'scheduled' as const,
        beaconChain: electronic ? (deps.beacon?.chain ?? null) : null,
        beaconRound: d.beaconRound,
        createdAt: new Date(from),
      }));
    });
    let inserted = 0;
    // In slices: a first plan is a few hundred rows, and one statement's parameters stay well under the limit.
    for (let i = 0; i < rows.length; i += 500) {
      const done = await db
        .insert(houseLottoDraws)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing()
        .returning({ id: houseLottoDraws.id });
      inserted += done.length;
    }
    return inserted;
  }

  /** Every game, in the operator's order. */
  async function games() {
    return db.select().from(houseLottoGames).orderBy(asc(houseLottoGames.sort));
  }

  /** Draws still selling tickets (lock not reached), soonest first. */
  async function openDraws(gameCode?: string) {
    const at = new Date(now());
    return db
      .select({ draw: houseLottoDraws, game: houseLottoGames })
      .from(houseLottoDraws)
      .innerJoin(houseLottoGames, eq(houseLottoGames.code, houseLottoDraws.gameCode))
      .where(
        and(
          eq(houseLottoDraws.status, 'scheduled'),
          gt(houseLottoDraws.lockAt, at),
          eq(houseLottoGames.enabled, true),
          gameCode ? eq(houseLottoDraws.gameCode, gameCode) : undefined,
        ),
      )
      .orderBy(asc(houseLottoDraws.lockAt), asc(houseLottoGames.sort));
  }

  async function findDraw(gameCode: string, drawNo: string) {
    const [row] = await db
      .select({ draw: houseLottoDraws, game: houseLottoGames })
      .from(houseLottoDraws)
      .innerJoin(houseLottoGames, eq(houseLottoGames.code, houseLottoDraws.gameCode))
      .where(and(eq(houseLottoDraws.gameCode, gameCode), eq(houseLottoDraws.drawNo, drawNo)));
    return row ?? null;
  }

  /** Why a draw cannot take a result now, if it cannot. */
  function resultRefusal(draw: DrawRow, game: GameRow): LottoRefusal | null {
    if (draw.status === 'void') return 'lottery_draw_void';
    if (draw.status === 'settled') return 'lottery_draw_settled';
    if (game.format === 'elott') return 'lottery_result_electronic';
    if (draw.closeAt.getTime() > now()) return 'lottery_draw_not_closed';
    return null;
  }

  /**
   * An official result entered by one operator: validated against the game's format (full digit length,
   * no missing or extra numbers), stored `entered`; nothing is settled from it until another confirms.
   */
  async function enterResult(input: {
    gameCode: string;
    drawNo: string;
    result: unknown;
    source: string;
    operator: string;
  }): Promise<Outcome<{ drawId: number }>> {
    const found = await findDraw(input.gameCode, input.drawNo);
    if (!found) return { ok: false, error: 'lottery_draw_unknown' };
    const refusal = resultRefusal(found.draw, found.game);
    if (refusal) return { ok: false, error: refusal };
    const parsed = parseResult(found.game.format as ResultFormat, input.result);
    if (!parsed.ok) return { ok: false, error: 'lottery_result_invalid', issues: parsed.issues };
    const [stored] = await db
      .insert(houseLottoResults)
      .values({
        drawId: found.draw.id,
        result: parsed.result,
        source: input.source,
        status: 'entered',
        enteredBy: input.operator,
        enteredAt: new Date(now()),
      })
      .onConflictDoNothing()
      .returning({ drawId: houseLottoResults.drawId });
    // A second entry (the same numbers or others) is refused: the first is confirmed or discarded first.
    if (!stored) return { ok: false, error: 'lottery_result_exists' };
    return { ok: true, drawId: stored.drawId };
  }

  /**
   * Confirmation by a second operator (never the one who entered it): the result becomes `confirmed` and
   * the draw `resulted`, in one transaction, once (a second confirmation finds nothing to confirm).
   */
  async function confirmResult(input: {
    gameCode: string;
    drawNo: string;
    operator: string;
  }): Promise<Outcome<{ drawId: number }>> {
    const found = await findDraw(input.gameCode, input.drawNo);
    if (!found) return { ok: false, error: 'lottery_draw_unknown' };
    const refusal = resultRefusal(found.draw, found.game);
    if (refusal) return { ok: false, error: refusal };
    const drawId = found.draw.id;
    return db.transaction(async (tx) => {
      const [entered] = await tx
        .select()
        .from(houseLottoResults)
        .where(eq(houseLottoResults.drawId, drawId))
        .for('update');
      if (!entered) return { ok: false, error: 'lottery_result_missing' } as const;
      if (entered.status === 'confirmed') return { ok: false, error: 'lottery_result_exists' } as const;
      if (entered.enteredBy === input.operator)
        return { ok: false, error: 'lottery_result_same_operator' } as const;
      const at = new Date(now());
      await tx
        .update(houseLottoResults)
        .set({ status: 'confirmed', confirmedBy: input.operator, confirmedAt: at })
        .where(eq(houseLottoResults.drawId, drawId));
      await tx
        .update(houseLottoDraws)
        .set({ version: sql`${houseLottoDraws.version} + 1`, status: 'resulted' })
        .where(and(eq(houseLottoDraws.id, drawId), eq(houseLottoDraws.status, 'scheduled')));
      return { ok: true, drawId } as const;
    });
  }

  /** A second operator discards an entered result that is wrong, so it can be entered again. */
  async function discardResult(input: {
    gameCode: string;
    drawNo: string;
    operator: string;
  }): Promise<Outcome<{ drawId: number }>> {
    const found = await findDraw(input.gameCode, input.drawNo);
    if (!found) return { ok: false, error: 'lottery_draw_unknown' };
    const removed = await db
      .delete(houseLottoResults)
      .where(and(eq(houseLottoResults.drawId, found.draw.id), eq(houseLottoResults.status, 'entered')))
      .returning({ drawId: houseLottoResults.drawId, enteredBy: houseLottoResults.enteredBy });
    if (removed.length === 0) return { ok: false, error: 'lottery_result_missing' };
    return { ok: true, drawId: found.draw.id };
  }

  /**
   * An operator moves a scheduled draw (Thai draws move for holidays): new draw time, its close and lock
   * kept at the game's distances. Not after its result, and never to a time already past.
   */
  async function moveDraw(input: {
    gameCode: string;
    drawNo: string;
    drawAt: number;
    operator: string;
  }): Promise<Outcome<{ draw: DrawRow }>> {
    const found = await findDraw(input.gameCode, input.drawNo);
    if (!found) return { ok: false, error: 'lottery_draw_unknown' };
    if (found.draw.status !== 'scheduled')
      return { ok: false, error: found.draw.status === 'void' ? 'lottery_draw_void' : 'lottery_draw_closed' };
    if (input.drawAt <= now()) return { ok: false, error: 'lottery_draw_closed' };
    const closeAt = input.drawAt - found.game.closeSecondsBefore * 1000;
    const [draw] = await db
      .update(houseLottoDraws)
      .set({
        version: sql`${houseLottoDraws.version} + 1`,
        drawAt: new Date(input.drawAt),
        closeAt: new Date(closeAt),
        lockAt: new Date(closeAt - found.game.lockSeconds * 1000),
        changedBy: input.operator,
        changedAt: new Date(now()),
      })
      .where(and(eq(houseLottoDraws.id, found.draw.id), eq(houseLottoDraws.status, 'scheduled')))
      .returning();
    return draw ? { ok: true, draw } : { ok: false, error: 'lottery_draw_closed' };
  }

  /** An operator cancels a draw before its result: it becomes void (its tickets are rolled back). */
  async function voidDraw(input: {
    gameCode: string;
    drawNo: string;
    reason: string;
    operator: string;
  }): Promise<Outcome<{ draw: DrawRow }>> {
    const found = await findDraw(input.gameCode, input.drawNo);
    if (!found) return { ok: false, error: 'lottery_draw_unknown' };
    const [draw] = await db
      .update(houseLottoDraws)
      .set({
        version: sql`${houseLottoDraws.version} + 1`,
        status: 'void',
        voidReason: input.reason,
        changedBy: input.operator,
        changedAt: new Date(now()),
      })
      .where(and(eq(houseLottoDraws.id, found.draw.id), eq(houseLottoDraws.status, 'scheduled')))
      .returning();
    if (draw) return { ok: true, draw };
    return { ok: false, error: found.draw.status === 'void' ? 'lottery_draw_void' : 'lottery_draw_settled' };
  }

  /**
   * Asks `source` for the published results of closed official draws that have none entered yet, from
   * OFFICIAL_FEED_DELAY_MS after their draw time (ADR 0098), at most `limit` a pass, oldest first. Each answer is
   * entered as the feed's proposal (validated, `entered`): an operator confirms it before anything is settled. A feed
   * that fails or answers an invalid result leaves the draw to the operators; it is asked again on the next pass.
   */
  async function proposeOfficialResults(
    source: OfficialResultsSource,
    limit = 20,
    log?: { warn(obj: unknown, msg: string): void },
  ): Promise<number> {
    const due = await db
      .select({ draw: houseLottoDraws, game: houseLottoGames })
      .from(houseLottoDraws)
      .innerJoin(houseLottoGames, eq(houseLottoGames.code, houseLottoDraws.gameCode))
      .leftJoin(houseLottoResults, eq(houseLottoResults.drawId, houseLottoDraws.id))
      .where(
        and(
          eq(houseLottoDraws.status, 'scheduled'),
          ne(houseLottoGames.format, 'elott'),
          lte(houseLottoDraws.drawAt, new Date(now() - OFFICIAL_FEED_DELAY_MS)),
          isNull(houseLottoResults.drawId),
        ),
      )
      .orderBy(asc(houseLottoDraws.drawAt), asc(houseLottoDraws.id))
      .limit(limit);
    let proposed = 0;
    for (const { draw, game } of due) {
      try {
        const found = await source.fetch({
          gameCode: game.code,
          format: game.format as ResultFormat,
          timeZone: game.timeZone,
          drawNo: draw.drawNo,
          drawAt: draw.drawAt,
        });
        if (!found) continue;
        const entered = await enterResult({
          gameCode: game.code,
          drawNo: draw.drawNo,
          result: found.result,
          source: found.source,
          operator: feedOperator(source),
        });
        if (entered.ok) proposed += 1;
        else if (entered.error !== 'lottery_result_exists')
          log?.warn({ gameCode: game.code, drawNo: draw.drawNo, error: entered.error, issues: entered.issues }, 'the official results feed answered a result that was refused');
      } catch (err) {
        log?.warn({ err, gameCode: game.code, drawNo: draw.drawNo }, 'the official results feed failed');
      }
    }
    return proposed;
  }

  async function resultOf(drawId: number) {
    const [row] = await db.select().from(houseLottoResults).where(eq(houseLottoResults.drawId, drawId));
    return row ?? null;
  }

  /** How many draws each status holds (the console's overview and the tests). */
  async function countByStatus() {
    const rows = await db
      .select({ status: houseLottoDraws.status, n: sql<number>`count(*)::int` })
      .from(houseLottoDraws)
      .groupBy(houseLottoDraws.status);
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  return {
    seedGames,
    games,
    plan,
    openDraws,
    findDraw,
    enterResult,
    proposeOfficialResults,
    confirmResult,
    discardResult,
    moveDraw,
    voidDraw,
    resultOf,
    countByStatus,
  };
}
