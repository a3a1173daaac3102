import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { HouseDb } from '../db/client';
import {
  houseLottoDraws,
  houseLottoExposure,
  houseLottoGames,
  houseLottoResults,
  houseLottoTickets,
  houseLottoWins,
} from '../db/schema';
import type { HouseSession } from '../house-service';
import { UncertainAnswer, type WalletClient } from '../wallet-client';
import { createBatcher } from '../batch';
import { defaultRates, restrictionKey, ticketCost, validateBet, type TBet, type TRates } from './bets';
import { compileResult, winAmount } from './evaluate';
import type { TLotteryResult, TResultFormat } from './results';

/**
 * Lottery tickets (ADR 0094): a ticket is one signed vendor bet holding the bets bought together on one
 * draw; settlement computes the wins in chunks, then pays each ticket with one signed win (0 for a loss, which
 * closes the round), and a voided draw rolls each back. Every step moves a ticket from one status to the next with a conditional update, and
 * every wallet call carries the ticket's own transaction id, so a retry, a second instance or a restart
 * after a kill moves no money twice.
 */

/** Bets in one ticket. */
export const MAX_BETS_PER_TICKET = 50;
/** Tickets evaluated per statement during settlement (each chunk is one short update). */
export const SETTLE_CHUNK = 2_500;
/**
 * Wallet calls in flight at once while paying or rolling back: enough to keep the platform's group commit lanes
 * full (the wallet bench's rate is reached from about 32 callers; docs/benchmarks.md).
 */
export const WALLET_CONCURRENCY = 32;
/** Accepted tickets read per page while paying a draw (the next page is read while this one is paid). */
const PAY_PAGE = 2_000;
/** Paid tickets marked per statement. */
const MARK_BATCH = 500;
/** A ticket whose bet's answer was lost is retried after this long (its purchase may still be running). */
export const TICKET_GRACE_MS = 15_000;
/**
 * How long a purchase trusts its read of the game and draw (rates, stakes, cap, lock time): the statement that
 * records the ticket checks them again and answers `stale` if the game changed, so this only saves reads.
 */
export const SALE_CACHE_MS = 1_000;
/** Tickets recorded by one statement at most (those that queued behind the previous one). */
export const BUY_BATCH = 200;

export type StoredBet = TBet & { rate: number; restricted: boolean };
export type TicketRow = typeof houseLottoTickets.$inferSelect;

export type BuyRefusal =
  | 'lottery_unavailable'
  | 'lottery_bets_invalid'
  | 'lottery_bet_type_unknown'
  | 'lottery_number_invalid'
  | 'lottery_stake_invalid'
  | 'lottery_draw_unknown'
  | 'lottery_draw_closed'
  | 'lottery_draw_void'
  | 'lottery_exposure_full';

export type BuyOutcome =
  | { ok: true; ticketId: string; cost: string; balance: string | null }
  | {
      ok: false;
      error: BuyRefusal | 'pending' | string;
      ticketId?: string;
      balance?: string;
      betKey?: string;
    };

const newTicketId = () => `LT${Date.now().toString(36)}${randomBytes(9).toString('base64url')}`;

/** What one bet may cost the house if its number comes out once: stake x rate (half when restricted). */
function liabilityOf(bet: StoredBet): bigint {
  return (BigInt(bet.stake) * BigInt(bet.rate)) / (bet.restricted ? 200n : 100n);
}

/** A game's rates: the defaults for its format with the operator's overrides. */
export function ratesOf(format: TResultFormat, overrides: unknown): TRates {
  const base = defaultRates(format);
  if (!overrides || typeof overrides !== 'object') return base;
  const merged: Record<string, number> = { ...base };
  for (const [type, rate] of Object.entries(overrides as Record<string, unknown>))
    if (type in base && typeof rate === 'number' && Number.isSafeInteger(rate) && rate >= 0)
      merged[type] = rate;
  return merged as TRates;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

export type LottoTickets = ReturnType<typeof createLottoTickets>;

export function createLottoTickets(deps: {
  db: HouseDb;
  /** The signed wallet of the lottery's own vendor identity; null: tickets are not sold. */
  wallet: WalletClient | null;
  now?: () => number;
  log?: { warn(obj: unknown, msg: string): void };
}) {
  const { db, wallet } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.log ?? { warn: () => undefined };
  /** Tickets a purchase of this process is driving right now (the sweeper leaves them alone). */
  const inFlight = new Set<string>();

  /** Gives back a refused or rolled-back ticket's exposure (its numbers may be sold again). */
  async function releaseExposure(tx: Pick<HouseDb, 'update'>, ticket: { drawId: number; bets: unknown }) {
    for (const [betKey, liability] of exposureOf(ticket.bets as StoredBet[]))
      await tx
        .update(houseLottoExposure)
        .set({ liability: sql`${houseLottoExposure.liability} - ${liability}` })
        .where(and(eq(houseLottoExposure.drawId, ticket.drawId), eq(houseLottoExposure.betKey, betKey)));
  }

  /** The liability a ticket adds per bet key (two bets of a ticket on one number add up). */
  function exposureOf(bets: readonly StoredBet[]): Map<string, bigint> {
    const byKey = new Map<string, bigint>();
    for (const bet of bets) {
      const key = restrictionKey(bet);
      byKey.set(key, (byKey.get(key) ?? 0n) + liabilityOf(bet));
    }
    return byKey;
  }

  /** A game and draw on sale as a purchase validates against them (kept for SALE_CACHE_MS, checked again by the statement). */
  type Sale = {
    drawId: number;
    format: TResultFormat;
    /** The game's rate overrides as stored (the statement compares them), and the rates they make. */
    overrides: unknown;
    rates: TRates;
    minStake: bigint;
    maxStake: bigint;
    cap: bigint;
    until: number;
  };
  const sales = new Map<string, Sale>();

  /** The draw on sale, from the cache unless `fresh`; a refusal if it is not (never cached). */
  async function saleOf(gameCode: string, drawNo: string, fresh: boolean): Promise<Sale | BuyRefusal> {
    const key = `${gameCode}\n${drawNo}`;
    const cached = sales.get(key);
    if (!fresh && cached && cached.until > now()) return cached;
    const [found] = await db
      .select({ draw: houseLottoDraws, game: houseLottoGames })
      .from(houseLottoDraws)
      .innerJoin(houseLottoGames, eq(houseLottoGames.code, houseLottoDraws.gameCode))
      .where(and(eq(houseLottoDraws.gameCode, gameCode), eq(houseLottoDraws.drawNo, drawNo)));
    if (!found || !found.game.enabled) return 'lottery_draw_unknown';
    if (found.draw.status === 'void') return 'lottery_draw_void';
    if (found.draw.status !== 'scheduled' || found.draw.lockAt.getTime() <= now())
      return 'lottery_draw_closed';
    const format = found.game.format as TResultFormat;
    const sale: Sale = {
      drawId: found.draw.id,
      format,
      overrides: found.game.rates,
      rates: ratesOf(format, found.game.rates),
      minStake: found.game.minStake,
      maxStake: found.game.maxStake,
      cap: found.game.exposureCap,
      until: now() + SALE_CACHE_MS,
    };
    if (sales.size >= 1_000) for (const [k, s] of sales) if (s.until <= now()) sales.delete(k);
    sales.set(key, sale);
    return sale;
  }

  type Recorded = {
    outcome: 'open' | 'exposure_full' | 'closed' | 'void' | 'unknown' | 'stale';
    betKey: string | null;
  };
  type Sold = {
    id: string;
    playerId: number;
    platformPlayerId: string;
    currency: string;
    platformSession: string;
    cost: string;
    bets: Array<{ b: TBet & { rate: number }; k: string; w: string }>;
  };
  /** The tickets of one draw and game snapshot bought while the previous statement ran: one statement. */
  const record = createBatcher<Sold, Recorded>({
    maxBatch: BUY_BATCH,
    run: async (key, tickets) => {
      const sale = JSON.parse(key) as {
        drawId: number;
        overrides: unknown;
        minStake: string;
        maxStake: string;
        cap: string;
      };
      const answer = (await db.execute(
        sql`select ticket_id, outcome, bet_key from house_lotto_buy(${sale.drawId}::integer, ${new Date(now()).toISOString()}::timestamptz, ${JSON.stringify(sale.overrides)}::jsonb, ${sale.minStake}::bigint, ${sale.maxStake}::bigint, ${sale.cap}::bigint, ${JSON.stringify(tickets)}::jsonb)`,
      )) as unknown as {
        rows: Array<{ ticket_id: string; outcome: Recorded['outcome']; bet_key: string | null }>;
      };
      const byId = new Map(answer.rows.map((r) => [r.ticket_id, { outcome: r.outcome, betKey: r.bet_key }]));
      return tickets.map((t) => byId.get(t.id) ?? { outcome: 'unknown' as const, betKey: null });
    },
  });
  /** Tickets the platform accepted, marked in one statement per batch (a kill before it: the sweeper resends the bet). */
  const markAccepted = createBatcher<string, void>({
    maxBatch: 500,
    run: async (_key, ids) => {
      await db
        .update(houseLottoTickets)
        .set({ status: 'accepted' })
        .where(and(inArray(houseLottoTickets.id, ids), eq(houseLottoTickets.status, 'open')));
      return ids.map(() => undefined);
    },
  });

  /**
   * Buys a ticket: validated, recorded `open` with its exposure added under the cap (one statement, shared with the
   * purchases that queued behind the previous one; nothing written on a refusal), then the signed bet; `accepted`
   * once the platform took the stake.
   */
  async function buy(
    session: HouseSession,
    input: { gameCode: string; drawNo: string; bets: unknown },
  ): Promise<BuyOutcome> {
    if (!wallet) return { ok: false, error: 'lottery_unavailable' };
    if (!Array.isArray(input.bets) || input.bets.length === 0 || input.bets.length > MAX_BETS_PER_TICKET)
      return { ok: false, error: 'lottery_bets_invalid' };
    const id = newTicketId();
    let sold: Sold | null = null;
    // A game changed since the cached read (rates, stakes, cap, disabled) answers `stale`: read again, once.
    for (let attempt = 0; ; attempt++) {
      const sale = await saleOf(input.gameCode, input.drawNo, attempt > 0);
      if (typeof sale === 'string') return { ok: false, error: sale };
      const bets: Sold['bets'] = [];
      let cost = 0n;
      for (const raw of input.bets) {
        const checked = validateBet(sale.format, raw);
        if (!checked.ok) return { ok: false, error: checked.key };
        const stake = BigInt(checked.bet.stake);
        if (stake < sale.minStake || stake > sale.maxStake)
          return { ok: false, error: 'lottery_stake_invalid' };
        const rate = sale.rates[checked.bet.type];
        bets.push({
          b: { ...checked.bet, rate },
          k: restrictionKey(checked.bet),
          w: (stake * BigInt(rate)).toString(),
        });
        cost += ticketCost(sale.format, checked.bet);
      }
      sold = {
        id,
        playerId: session.playerId,
        platformPlayerId: session.platformPlayerId,
        currency: session.currency,
        platformSession: session.platformSession,
        cost: cost.toString(),
        bets,
      };
      const snapshot = JSON.stringify({
        drawId: sale.drawId,
        overrides: sale.overrides,
        minStake: sale.minStake.toString(),
        maxStake: sale.maxStake.toString(),
        cap: sale.cap.toString(),
      });
      const recorded = await record(snapshot, sold);
      if (recorded.outcome === 'open') break;
      sales.delete(`${input.gameCode}\n${input.drawNo}`);
      if (recorded.outcome === 'exposure_full')
        return {
          ok: false,
          error: 'lottery_exposure_full',
          ...(recorded.betKey ? { betKey: recorded.betKey } : {}),
        };
      if (recorded.outcome === 'void') return { ok: false, error: 'lottery_draw_void' };
      if (recorded.outcome === 'closed') return { ok: false, error: 'lottery_draw_closed' };
      if (recorded.outcome === 'unknown' || attempt > 0) return { ok: false, error: 'lottery_draw_unknown' };
    }
    inFlight.add(id);
    try {
      const placed = await placeBet({ ...sold, gameCode: input.gameCode, cost: BigInt(sold.cost) });
      if (placed.status === 'accepted')
        return { ok: true, ticketId: id, cost: sold.cost, balance: placed.balance };
      if (placed.status === 'open') return { ok: false, error: 'pending', ticketId: id };
      return {
        ok: false,
        error: placed.reason,
        ticketId: id,
        ...(placed.balance ? { balance: placed.balance } : {}),
      };
    } finally {
      inFlight.delete(id);
    }
  }

  type Placed =
    | { status: 'accepted'; balance: string | null }
    | { status: 'refused' | 'void'; reason: string; balance?: string | undefined }
    | { status: 'open' };

  /**
   * Sends an `open` ticket's bet (the same transaction id on every attempt). A refusal makes it `refused`
   * and gives its exposure back; on a retry (the first answer was lost) a refusal may hide an applied bet
   * (an ended session), so it is rolled back first, whatever happened. No usable answer: still `open`.
   */
  async function placeBet(
    ticket: Pick<TicketRow, 'id' | 'gameCode' | 'platformPlayerId' | 'platformSession' | 'cost' | 'currency'>,
    retry = false,
  ): Promise<Placed> {
    try {
      const bet = await wallet!.bet({
        playerId: ticket.platformPlayerId,
        sessionToken: ticket.platformSession,
        roundId: ticket.id,
        gameCode: ticket.gameCode,
        amount: ticket.cost,
        currency: ticket.currency,
      });
      if (bet.status === 'OK') {
        await markAccepted('accepted', ticket.id);
        return { status: 'accepted', balance: bet.balance ?? null };
      }
      if (retry) {
        const rb = await wallet!.rollback({ playerId: ticket.platformPlayerId, roundId: ticket.id });
        if (rb.status !== 'OK' && rb.code !== 'TRANSACTION_ROLLED_BACK') return { status: 'open' };
      }
      await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(houseLottoTickets)
          .set({ status: 'refused', voidReason: bet.code, settledAt: new Date(now()) })
          .where(and(eq(houseLottoTickets.id, ticket.id), eq(houseLottoTickets.status, 'open')))
          .returning({ drawId: houseLottoTickets.drawId, bets: houseLottoTickets.bets });
        // The exposure as recorded (the bets with the restriction they were sold at).
        if (moved) await releaseExposure(tx, moved);
      });
      return { status: 'refused', reason: bet.code.toLowerCase(), balance: bet.balance };
    } catch (error) {
      if (!(error instanceof UncertainAnswer)) throw error;
      log.warn({ ticket: ticket.id, detail: error.detail }, 'lottery ticket left for the sweeper');
      await db
        .update(houseLottoTickets)
        .set({ attempts: sql`${houseLottoTickets.attempts} + 1` })
        .where(eq(houseLottoTickets.id, ticket.id));
      return { status: 'open' };
    }
  }

  /** Tickets whose bet's answer was lost: sent again (or rolled back), oldest first. */
  async function retryOpen(): Promise<number> {
    if (!wallet) return 0;
    const rows = await db
      .select()
      .from(houseLottoTickets)
      .where(
        and(
          eq(houseLottoTickets.status, 'open'),
          lt(houseLottoTickets.createdAt, new Date(now() - TICKET_GRACE_MS)),
        ),
      )
      .orderBy(asc(houseLottoTickets.createdAt))
      .limit(200);
    let done = 0;
    for (const row of rows) {
      if (inFlight.has(row.id)) continue;
      const placed = await placeBet(row, true);
      if (placed.status !== 'open') done += 1;
    }
    return done;
  }

  /**
   * Computes a resulted draw's wins, SETTLE_CHUNK tickets at a time in id order: each chunk is read, evaluated
   * against the compiled result, and its winners written to house_lotto_wins with the draw's cursor moved past
   * it, in one short transaction (a losing ticket writes nothing). The cursor moves only from the value the
   * chunk was read at, so two instances never count a chunk twice, and a kill resumes at the cursor.
   */
  async function computeWins(
    drawId: number,
    format: TResultFormat,
    result: TLotteryResult,
    /** Sees each chunk (the bench: how long its transaction, the only lock settlement takes, lasted). */
    observe?: (chunk: { tickets: number; winners: number; txMs: number }) => void,
  ): Promise<number> {
    const hitsOf = compileResult(format, result);
    const [draw] = await db
      .select({ cursor: houseLottoDraws.settleCursor, computedAt: houseLottoDraws.settleComputedAt })
      .from(houseLottoDraws)
      .where(eq(houseLottoDraws.id, drawId));
    if (!draw || draw.computedAt) return 0;
    // A plain query (no row mapping): reading is most of a settlement's time.
    const read = async (after: string | null) =>
      (
        (await db.execute(
          after === null
            ? sql`select id, bets from ${houseLottoTickets} where draw_id = ${drawId} order by id limit ${SETTLE_CHUNK}`
            : sql`select id, bets from ${houseLottoTickets} where draw_id = ${drawId} and id > ${after} order by id limit ${SETTLE_CHUNK}`,
        )) as unknown as { rows: Array<{ id: string; bets: StoredBet[] | string }> }
      ).rows;
    let cursor = draw.cursor;
    let computed = 0;
    let next = read(cursor);
    // A prefetch that fails after the loop stopped on an earlier error must not become an unhandled rejection.
    next.catch(() => undefined);
    for (;;) {
      const chunk = await next;
      const last = chunk.at(-1)?.id ?? null;
      // The next chunk is read while this one is evaluated and written (two connections on PostgreSQL).
      if (last !== null) {
        next = read(last);
        next.catch(() => undefined);
      }
      const winners: Array<{ t: string; w: string }> = [];
      for (const ticket of chunk) {
        const bets = typeof ticket.bets === 'string' ? (JSON.parse(ticket.bets) as StoredBet[]) : ticket.bets;
        let win = 0n;
        for (const bet of bets) {
          const hits = hitsOf(bet);
          if (hits > 0) win += winAmount(bet.stake, bet.rate, hits, bet.restricted);
        }
        if (win > 0n) winners.push({ t: ticket.id, w: win.toString() });
      }
      const from = cursor;
      const txStarted = performance.now();
      const moved = await db.transaction(async (tx) => {
        const [step] = await tx
          .update(houseLottoDraws)
          .set(last === null ? { settleComputedAt: new Date(now()) } : { settleCursor: last })
          .where(
            and(
              eq(houseLottoDraws.id, drawId),
              from === null ? isNull(houseLottoDraws.settleCursor) : eq(houseLottoDraws.settleCursor, from),
              isNull(houseLottoDraws.settleComputedAt),
            ),
          )
          .returning({ id: houseLottoDraws.id });
        if (!step) return false; // another instance took this chunk
        // One parameter for the chunk's winners (thousands of bound parameters cost more than the rows).
        if (winners.length > 0)
          await tx.execute(sql`
            insert into ${houseLottoWins} (ticket_id, draw_id, win)
            select v.t, ${drawId}::int, v.w from jsonb_to_recordset(${JSON.stringify(winners)}::jsonb) as v(t text, w bigint)
            on conflict do nothing`);
        return true;
      });
      observe?.({ tickets: chunk.length, winners: winners.length, txMs: performance.now() - txStarted });
      if (moved) computed += chunk.length;
      if (last === null) return computed;
      cursor = last;
    }
  }

  /**
   * Once a draw's wins are computed: sends each accepted ticket's win (its amount, or 0 for a loss: the
   * platform closes the round) and marks it `paid` once acknowledged. A win refused because the bet was
   * rolled back makes the ticket `void`. One pass over the draw's accepted tickets in id order, PAY_PAGE at a time,
   * the next page read while this one is paid and WALLET_CONCURRENCY wins always in flight (no wait at a page's
   * end); the answered tickets are marked in one statement per MARK_BATCH, beside the payments. A kill before a mark
   * leaves its tickets `accepted`: the next pass sends the same wins again, which the wallet answers as kept. A
   * win refused or unanswered now is left `accepted` for the next tick.
   */
  async function payWins(drawId: number): Promise<number> {
    const page = (after: string | null) => {
      const rows = db
        .select({ ticket: houseLottoTickets, win: houseLottoWins.win })
        .from(houseLottoTickets)
        .leftJoin(houseLottoWins, eq(houseLottoWins.ticketId, houseLottoTickets.id))
        .where(
          and(
            eq(houseLottoTickets.drawId, drawId),
            eq(houseLottoTickets.status, 'accepted'),
            ...(after === null ? [] : [gt(houseLottoTickets.id, after)]),
          ),
        )
        .orderBy(asc(houseLottoTickets.id))
        .limit(PAY_PAGE)
        .then((r) => r);
      // A page read ahead that fails after the pass stopped must not become an unhandled rejection.
      rows.catch(() => undefined);
      return rows;
    };
    let paid = 0;
    const answered: { paid: string[]; void: string[] } = { paid: [], void: [] };
    let marking: Promise<void> = Promise.resolve();
    /** Marks what was answered so far, after the marks before it (one statement per kind). */
    const mark = () => {
      const batch = { paid: answered.paid.splice(0), void: answered.void.splice(0) };
      marking = marking.then(async () => {
        const at = new Date(now());
        if (batch.paid.length > 0) {
          const marked = await db
            .update(houseLottoTickets)
            .set({
              status: 'paid',
              // The win computed for the ticket (no row: a loss, paid 0).
              win: sql`coalesce((select w.win from ${houseLottoWins} w where w.ticket_id = ${houseLottoTickets.id}), 0)`,
              settledAt: at,
            })
            .where(and(inArray(houseLottoTickets.id, batch.paid), eq(houseLottoTickets.status, 'accepted')))
            .returning({ id: houseLottoTickets.id });
          paid += marked.length;
        }
        if (batch.void.length > 0)
          await db
            .update(houseLottoTickets)
            .set({ status: 'void', voidReason: 'TRANSACTION_ROLLED_BACK', settledAt: at })
            .where(and(inArray(houseLottoTickets.id, batch.void), eq(houseLottoTickets.status, 'accepted')));
      });
      // A failed mark is thrown by the final await, not as an unhandled rejection meanwhile.
      marking.catch(() => undefined);
    };
    const queue: Array<{ ticket: TicketRow; win: bigint | null }> = [];
    /** The next page, read ahead; null once a page came back short (the last one). */
    let ahead: ReturnType<typeof page> | null = page(null);
    /** The read of the page every idle lane waits for (one read, not one per lane). */
    let loading: Promise<void> | null = null;
    /** The next ticket to pay: from the page at hand, the following page read as soon as this one is taken. */
    async function take() {
      for (;;) {
        if (queue.length > 0) return queue.shift()!;
        if (!ahead) return null;
        loading ??= (async () => {
          const rows = await ahead!;
          ahead = rows.length === PAY_PAGE ? page(rows.at(-1)!.ticket.id) : null;
          queue.push(...rows);
        })().finally(() => {
          loading = null;
        });
        await loading;
      }
    }
    try {
      await Promise.all(
        Array.from({ length: WALLET_CONCURRENCY }, async () => {
          for (let row = await take(); row; row = await take()) {
            const { ticket, win } = row;
            try {
              const answer = await wallet!.win({
                playerId: ticket.platformPlayerId,
                roundId: ticket.id,
                gameCode: ticket.gameCode,
                amount: win ?? 0n,
                currency: ticket.currency,
              });
              if (answer.status === 'OK') answered.paid.push(ticket.id);
              else if (answer.code === 'TRANSACTION_ROLLED_BACK') answered.void.push(ticket.id);
              else
                log.warn(
                  { ticket: ticket.id, code: answer.code },
                  'lottery win refused; kept for the next pass',
                );
            } catch (error) {
              if (!(error instanceof UncertainAnswer)) throw error;
              log.warn({ ticket: ticket.id, detail: error.detail }, 'lottery win left for the next pass');
            }
            if (answered.paid.length + answered.void.length >= MARK_BATCH) mark();
          }
        }),
      );
    } finally {
      // What was answered is marked even if a page's read failed (a kill between: resent next pass, kept).
      mark();
      await marking;
    }
    return paid;
  }

  /** Rolls back the tickets of a voided draw (refunds), each once; answers how many it refunded. */
  async function rollbackVoided(drawId: number): Promise<number> {
    let refunded = 0;
    for (;;) {
      const rows = await db
        .select()
        .from(houseLottoTickets)
        .where(
          and(
            eq(houseLottoTickets.drawId, drawId),
            inArray(houseLottoTickets.status, ['open', 'accepted']),
            // An open ticket may still be in its purchase here: the next pass takes it.
            lt(houseLottoTickets.createdAt, new Date(now() - 1_000)),
          ),
        )
        .orderBy(asc(houseLottoTickets.id))
        .limit(500);
      const todo = rows.filter((r) => !inFlight.has(r.id));
      if (todo.length === 0) return refunded;
      let progress = 0;
      await eachLimited(todo, WALLET_CONCURRENCY, async (ticket) => {
        try {
          const answer = await wallet!.rollback({ playerId: ticket.platformPlayerId, roundId: ticket.id });
          if (answer.status !== 'OK' && answer.code !== 'TRANSACTION_ROLLED_BACK') {
            log.warn(
              { ticket: ticket.id, code: answer.code },
              'lottery rollback refused; kept for the next pass',
            );
            return;
          }
          const [moved] = await db
            .update(houseLottoTickets)
            .set({ status: 'void', voidReason: 'draw_void', settledAt: new Date(now()) })
            .where(
              and(
                eq(houseLottoTickets.id, ticket.id),
                inArray(houseLottoTickets.status, ['open', 'accepted']),
              ),
            )
            .returning({ id: houseLottoTickets.id });
          if (moved) refunded += 1;
          progress += 1;
        } catch (error) {
          if (!(error instanceof UncertainAnswer)) throw error;
        }
      });
      if (progress === 0) return refunded;
    }
  }

  /** A resulted draw whose wins are computed, with no ticket left open or unpaid, becomes `settled`. */
  async function finishIfDone(drawId: number): Promise<boolean> {
    const [left] = await db
      .select({ n: count() })
      .from(houseLottoTickets)
      .where(
        and(eq(houseLottoTickets.drawId, drawId), inArray(houseLottoTickets.status, ['open', 'accepted'])),
      );
    if (Number(left?.n ?? 0) > 0) return false;
    const [moved] = await db
      .update(houseLottoDraws)
      .set({ status: 'settled', version: sql`${houseLottoDraws.version} + 1` })
      .where(
        and(
          eq(houseLottoDraws.id, drawId),
          eq(houseLottoDraws.status, 'resulted'),
          isNotNull(houseLottoDraws.settleComputedAt),
        ),
      )
      .returning({ id: houseLottoDraws.id });
    return Boolean(moved);
  }

  const computedAt = async (drawId: number) =>
    (
      await db
        .select({ at: houseLottoDraws.settleComputedAt })
        .from(houseLottoDraws)
        .where(eq(houseLottoDraws.id, drawId))
    )[0]?.at ?? null;

  /** One draw's settlement, as far as it goes now: compute, pay, finish. Safe to run twice or after a kill. */
  async function settleDraw(drawId: number): Promise<{ computed: number; paid: number; settled: boolean }> {
    const [row] = await db
      .select({
        status: houseLottoDraws.status,
        format: houseLottoGames.format,
        result: houseLottoResults.result,
        resultStatus: houseLottoResults.status,
      })
      .from(houseLottoDraws)
      .innerJoin(houseLottoGames, eq(houseLottoGames.code, houseLottoDraws.gameCode))
      .innerJoin(houseLottoResults, eq(houseLottoResults.drawId, houseLottoDraws.id))
      .where(eq(houseLottoDraws.id, drawId));
    // Never from an unconfirmed result.
    if (!row || row.status !== 'resulted' || row.resultStatus !== 'confirmed')
      return { computed: 0, paid: 0, settled: false };
    const computed = await computeWins(drawId, row.format as TResultFormat, row.result as TLotteryResult);
    const paid = wallet && (await computedAt(drawId)) ? await payWins(drawId) : 0;
    return { computed, paid, settled: await finishIfDone(drawId) };
  }

  /** The work of a tick: lost bets retried, resulted draws settled, voided draws refunded. */
  async function sweep(): Promise<{ retried: number; settledDraws: number; refunded: number }> {
    const retried = await retryOpen();
    const pending = await db
      .select({ id: houseLottoDraws.id, status: houseLottoDraws.status })
      .from(houseLottoDraws)
      .where(
        sql`(${houseLottoDraws.status} = 'resulted') or (${houseLottoDraws.status} = 'void' and exists (select 1 from ${houseLottoTickets} t where t.draw_id = ${houseLottoDraws.id} and t.status in ('open', 'accepted')))`,
      )
      .orderBy(asc(houseLottoDraws.drawAt))
      .limit(20);
    let settledDraws = 0;
    let refunded = 0;
    for (const draw of pending) {
      if (draw.status === 'resulted') {
        if ((await settleDraw(draw.id)).settled) settledDraws += 1;
      } else if (wallet) refunded += await rollbackVoided(draw.id);
    }
    return { retried, settledDraws, refunded };
  }

  /** A player's latest tickets with their draw, newest first. */
  async function ticketsOf(session: HouseSession, limit = 50) {
    return db
      .select({
        id: houseLottoTickets.id,
        gameCode: houseLottoTickets.gameCode,
        drawNo: houseLottoDraws.drawNo,
        drawAt: houseLottoDraws.drawAt,
        bets: houseLottoTickets.bets,
        cost: houseLottoTickets.cost,
        win: houseLottoTickets.win,
        status: houseLottoTickets.status,
        createdAt: houseLottoTickets.createdAt,
      })
      .from(houseLottoTickets)
      .innerJoin(houseLottoDraws, eq(houseLottoDraws.id, houseLottoTickets.drawId))
      .where(eq(houseLottoTickets.playerId, session.playerId))
      .orderBy(desc(houseLottoTickets.createdAt))
      .limit(Math.min(Math.max(limit, 1), 100));
  }

  return { buy, placeBet, retryOpen, computeWins, payWins, rollbackVoided, settleDraw, sweep, ticketsOf };
}
