import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { CompiledGame } from './compile';
import { playBet, type BetOutcome } from './engine';
import { createClientSeed, createFloatStream } from './fair';
import type { HouseDb } from './db/client';
import { houseJackpotShards, housePlayers, houseRounds, houseSeedPairs, houseSessions } from './db/schema';
import type { SeedVault } from './seed-vault';
import { UncertainAnswer, type VendorAnswer, type WalletClient } from './wallet-client';
import { createBatcher } from './batch';
import { createSessionLookup, sessionTokenHash } from './session-cache';

/**
 * The house vendor's play: launch (token -> platform session -> house session), spins recorded before
 * any money moves then settled through the signed wallet calls, seed rotation, and the sweeper that
 * finishes rounds a crash or a lost answer left open (ADR 0049).
 */

/** A house session (cookie) lives this long; the platform's own session ends earlier when idle. */
export const HOUSE_SESSION_MS = 4 * 60 * 60_000;
/** The sweeper leaves a round alone this long after it was recorded (its spin may still be running). */
export const SWEEP_GRACE_MS = 15_000;
/** Default line-bet levels (minor units) of a title whose definition names none. */
export const DEFAULT_BET_LEVELS = [1, 2, 5, 10, 20, 50, 100] as const;

/**
 * The progressive jackpot (per currency): each accepted bet adds JACKPOT_SHARE_MILLI thousandths of its
 * amount (0.5 %) to one of JACKPOT_SHARDS counter rows; the value shown is JACKPOT_SEED_MINOR plus the sum.
 */
export const JACKPOT = { shards: 16, shareMilli: 5n, seedMinor: 10_000_000n } as const;

export const betLevelsOf = (game: CompiledGame): readonly number[] =>
  game.definition.betLevels ?? DEFAULT_BET_LEVELS;

export type HouseSession = typeof houseSessions.$inferSelect & { platformPlayerId: string; currency: string };
export type RoundRow = typeof houseRounds.$inferSelect;

const newRoundId = () => `HR${Date.now().toString(36)}${randomBytes(9).toString('base64url')}`;

/** What a spin answers to the page. */
export type SpinResult =
  | {
      ok: true;
      roundId: string;
      status: 'settled' | 'bet_ok';
      balance: string | null;
      lineBet: string;
      totalBet: string;
      win: string;
      nonce: number;
      serverSeedHash: string;
      clientSeed: string;
      spins: BetOutcome['spins'];
    }
  | { ok: false; error: string; balance?: string; roundId?: string };

export type HouseService = ReturnType<typeof createHouseService>;

export function createHouseService(deps: {
  db: HouseDb;
  wallet: WalletClient;
  titles: ReadonlyMap<string, CompiledGame>;
  /** Derives and opens the server seeds with the house seed key (outside the database; ADR 0068). */
  seeds: SeedVault;
  now?: () => number;
  log?: { warn(obj: unknown, msg: string): void };
}) {
  const { db, wallet, titles, seeds } = deps;
  const now = deps.now ?? Date.now;
  /** The house session of a cookie (ADR 0099: kept until it expires). */
  const sessionOf = createSessionLookup({ db, now });
  const log = deps.log ?? { warn: () => undefined };
  /** Rounds a spin of this process is settling right now (the sweeper leaves them alone). */
  const inFlight = new Set<string>();

  async function ensurePlayer(platformPlayerId: string, currency: string) {
    await db
      .insert(housePlayers)
      .values({ platformPlayerId, currency, createdAt: new Date(now()) })
      .onConflictDoNothing({ target: housePlayers.platformPlayerId });
    const [player] = await db
      .select()
      .from(housePlayers)
      .where(eq(housePlayers.platformPlayerId, platformPlayerId));
    await ensurePairs(player!.id);
    return player!;
  }

  /** A sealed pair: salt, key id and commitment; no server seed (seed-vault.ts). */
  function newPair(playerId: number, status: 'active' | 'next') {
    return {
      playerId,
      ...seeds.seal(),
      serverSeed: null,
      // The active pair a player starts with gets a random client seed (changing it is a rotation);
      // the next pair's is chosen by the player after its commitment was shown.
      clientSeed: status === 'active' ? createClientSeed() : null,
      nextNonce: 0,
      status,
      createdAt: new Date(now()),
    };
  }

  /** The player's active and next pairs exist (new player; or pairs revealed by migration 0002). */
  async function ensurePairs(playerId: number, tx: Pick<HouseDb, 'insert'> = db) {
    for (const status of ['active', 'next'] as const)
      await tx
        .insert(houseSeedPairs)
        .values(newPair(playerId, status))
        .onConflictDoNothing({ target: houseSeedPairs.playerId, where: sql.raw(`status = '${status}'`) });
  }

  /**
   * Exchanges a launch token through `session/authenticate` and opens a house session: the cookie's
   * token (only its hash is stored), or the refusal.
   */
  async function launch(input: {
    token: string;
    gameCode: string;
    language: string;
    returnUrl?: string | undefined;
  }): Promise<{ ok: true; cookie: string } | { ok: false; error: string }> {
    if (!titles.has(input.gameCode)) return { ok: false, error: 'unknown_game' };
    let answer: VendorAnswer;
    try {
      answer = await wallet.authenticate(input.token);
    } catch (error) {
      log.warn({ detail: (error as Error).message }, 'house launch: platform unreachable');
      return { ok: false, error: 'platform_unavailable' };
    }
    if (answer.status !== 'OK' || !answer.playerId || !answer.sessionToken || !answer.currency)
      return { ok: false, error: answer.status === 'ERROR' ? answer.code.toLowerCase() : 'invalid_session' };
    const player = await ensurePlayer(answer.playerId, answer.currency);
    const cookie = randomBytes(32).toString('base64url');
    const at = now();
    await db.insert(houseSessions).values({
      tokenHash: sessionTokenHash(cookie),
      playerId: player.id,
      platformSession: answer.sessionToken,
      gameCode: input.gameCode,
      language: input.language,
      returnUrl: input.returnUrl ?? null,
      createdAt: new Date(at),
      expiresAt: new Date(at + HOUSE_SESSION_MS),
    });
    return { ok: true, cookie };
  }


  type PairRow = typeof houseSeedPairs.$inferSelect;
  type RoundInsert = Omit<RoundRow, 'status' | 'voidReason' | 'balanceAfter' | 'attempts' | 'settledAt'>;

  /** The player's active and next pairs (created when missing), locked when `forUpdate`. */
  async function livePairs(playerId: number, tx: Pick<HouseDb, 'select' | 'insert'> = db, forUpdate = false) {
    const read = async () => {
      const query = tx
        .select()
        .from(houseSeedPairs)
        .where(and(eq(houseSeedPairs.playerId, playerId), inArray(houseSeedPairs.status, ['active', 'next'])))
        .orderBy(asc(houseSeedPairs.id));
      const rows = forUpdate ? await query.for('update') : await query;
      return { active: rows.find((r) => r.status === 'active'), next: rows.find((r) => r.status === 'next') };
    };
    let pairs = await read();
    if (!pairs.active || !pairs.next) {
      await ensurePairs(playerId, tx);
      pairs = await read();
    }
    return { active: pairs.active!, next: pairs.next! };
  }

  /**
   * What the fair panel shows: the active pair (its commitment, client seed, next nonce) and the
   * commitment of the next pair, fixed before the player chooses the client seed it will be played with.
   */
  const fairView = (pairs: { active: PairRow; next: PairRow }) => ({
    serverSeedHash: pairs.active.serverSeedHash,
    clientSeed: pairs.active.clientSeed!,
    nonce: pairs.active.nextNonce,
    nextServerSeedHash: pairs.next.serverSeedHash,
  });

  /** The page's state: the balance (wallet/balance), the title, the fair panel. */
  async function state(session: HouseSession) {
    let balance: string | null = null;
    let error: string | null = null;
    try {
      const answer = await wallet.balance(session.platformPlayerId, session.platformSession);
      if (answer.status === 'OK') balance = answer.balance ?? null;
      else error = answer.code.toLowerCase();
    } catch {
      error = 'platform_unavailable';
    }
    return { balance, currency: session.currency, error, fair: fairView(await livePairs(session.playerId)) };
  }

  /**
   * Each player's active pair as this instance last saw it (ADR 0099): a spin plays the cached pair's next nonce
   * and records the round with the nonce taken in one statement that holds only if the pair is still active at
   * that nonce; else (another tab, another instance, a rotation) it reads the pair again and plays again.
   */
  const activePairs = new Map<number, PairRow>();
  /**
   * The rounds of several players that queued behind the previous statement, each recorded only if its pair is
   * still active at its nonce (which that statement takes): answers, per round, whether it was recorded. A player's
   * rounds never share a batch (they take their nonces in turn), so each pair is taken once per statement; the
   * rounds go in pair order, the order the pairs' rows are locked in.
   */
  const recordRound = createBatcher<RoundInsert, boolean>({
    maxBatch: 200,
    run: async (_key, rounds) => {
      const sorted = [...rounds].sort((x, y) => x.seedPairId - y.seedPairId);
      const rows = sorted.map((r) => ({
        id: r.id,
        player_id: r.playerId,
        platform_player_id: r.platformPlayerId,
        currency: r.currency,
        platform_session: r.platformSession,
        game_code: r.gameCode,
        seed_pair_id: r.seedPairId,
        nonce: r.nonce,
        server_seed_hash: r.serverSeedHash,
        client_seed: r.clientSeed,
        line_bet: r.lineBet.toString(),
        total_bet: r.totalBet.toString(),
        win: r.win.toString(),
        outcome: r.outcome,
        created_at: r.createdAt.toISOString(),
      }));
      const inserted = (await db.execute(sql`
        with v as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id text, player_id integer,
            platform_player_id text, currency text, platform_session text, game_code text, seed_pair_id integer,
            nonce integer, server_seed_hash text, client_seed text, line_bet bigint, total_bet bigint, win bigint,
            outcome jsonb, created_at timestamptz)),
        taken as (
          update ${houseSeedPairs} p set next_nonce = p.next_nonce + 1
            from v where p.id = v.seed_pair_id and p.status = 'active' and p.next_nonce = v.nonce
          returning v.id)
        insert into ${houseRounds} (id, player_id, platform_player_id, currency, platform_session, game_code,
          seed_pair_id, nonce, server_seed_hash, client_seed, line_bet, total_bet, win, outcome, status, created_at)
        select v.id, v.player_id, v.platform_player_id, v.currency, v.platform_session, v.game_code, v.seed_pair_id,
          v.nonce, v.server_seed_hash, v.client_seed, v.line_bet, v.total_bet, v.win, v.outcome, 'open', v.created_at
          from v join taken on taken.id = v.id
        returning id`)) as unknown as { rows: Array<{ id: string }> };
      const ids = new Set(inserted.rows.map((r) => r.id));
      return rounds.map((r) => ids.has(r.id));
    },
  });

  /** Records a round played on the player's active pair; null if the pair kept changing under it. */
  async function record(session: HouseSession, game: CompiledGame, roundId: string, lineBet: bigint) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const pair = activePairs.get(session.playerId) ?? (await livePairs(session.playerId)).active;
      const nonce = pair.nextNonce;
      const clientSeed = pair.clientSeed!;
      const outcome = playBet(game, createFloatStream(seeds.open(pair), clientSeed, nonce));
      const row = {
        id: roundId,
        playerId: session.playerId,
        platformPlayerId: session.platformPlayerId,
        currency: session.currency,
        platformSession: session.platformSession,
        gameCode: session.gameCode,
        seedPairId: pair.id,
        nonce,
        serverSeedHash: pair.serverSeedHash,
        clientSeed,
        lineBet,
        totalBet: lineBet * BigInt(outcome.totalBet),
        win: lineBet * BigInt(outcome.win),
        outcome: outcome.spins,
        status: 'open' as const,
        createdAt: new Date(now()),
      };
      // The nonce taken and the round inserted in one statement: no nonce is ever skipped or played twice.
      const inserted = await recordRound('record', row);
      if (inserted) {
        if (activePairs.size >= 10_000 && !activePairs.has(session.playerId))
          activePairs.delete(activePairs.keys().next().value!);
        activePairs.set(session.playerId, { ...pair, nextNonce: nonce + 1 });
        return { row, outcome };
      }
      activePairs.delete(session.playerId);
    }
    return null;
  }

  /**
   * A player's spins on this instance take their nonces one at a time (two tabs spinning at once would otherwise
   * both play the cached nonce and one would play again); spins of different players, and the rest of a spin,
   * run side by side.
   */
  const turns = new Map<number, Promise<unknown>>();
  async function inTurn<T>(playerId: number, work: () => Promise<T>): Promise<T> {
    const before = turns.get(playerId) ?? Promise.resolve();
    const mine = before.then(work, work);
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    turns.set(playerId, settled);
    try {
      return await mine;
    } finally {
      if (turns.get(playerId) === settled) turns.delete(playerId);
    }
  }

  /**
   * open -> bet_ok once the platform took the stake, with the round's share of the jackpot added once (only a
   * round this statement moved adds it): the rounds that queued behind the previous statement in one statement,
   * their shares in one shard.
   */
  const moveBetOkBatch = createBatcher<{ id: string; b: string | null }, void>({
    maxBatch: 500,
    run: async (_key, moves) => {
      await db.execute(sql`
        with moved as (
          update ${houseRounds} r set status = 'bet_ok', balance_after = v.b
            from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as v(id text, b bigint)
           where r.id = v.id and r.status = 'open'
          returning r.currency, r.total_bet)
        insert into ${houseJackpotShards} (currency, shard, milli)
        select currency, ${randomInt(JACKPOT.shards)}::integer, sum(total_bet) * ${JACKPOT.shareMilli}::bigint
          from moved where total_bet > 0 group by currency
        on conflict (currency, shard) do update set milli = ${houseJackpotShards}.milli + excluded.milli`);
      return moves.map(() => undefined);
    },
  });
  const moveBetOk = (id: string, balanceAfter: bigint | null) =>
    moveBetOkBatch('bet_ok', { id, b: balanceAfter === null ? null : balanceAfter.toString() });
  /** bet_ok -> settled once the platform took the win, batched the same way. */
  const markSettledBatch = createBatcher<{ id: string; b: string | null }, void>({
    maxBatch: 500,
    run: async (_key, marks) => {
      await db.execute(sql`
        update ${houseRounds} r set status = 'settled', balance_after = v.b, settled_at = ${new Date(now()).toISOString()}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as v(id text, b bigint)
         where r.id = v.id`);
      return marks.map(() => undefined);
    },
  });
  const markSettled = (id: string, balanceAfter: bigint | null) =>
    markSettledBatch('settled', { id, b: balanceAfter === null ? null : balanceAfter.toString() });

  /** One bet: recorded with its outcome, then bet, win and the settlement (ADR 0049). */
  async function spin(session: HouseSession, lineBetInput: number): Promise<SpinResult> {
    const game = titles.get(session.gameCode)!;
    if (!betLevelsOf(game).includes(lineBetInput)) return { ok: false, error: 'invalid_bet' };
    const lineBet = BigInt(lineBetInput);
    const roundId = newRoundId();
    const recorded = await inTurn(session.playerId, () => record(session, game, roundId, lineBet));
    // The pair changed under five attempts in a row (another tab rotating): nothing was recorded or moved.
    if (!recorded) return { ok: false, error: 'error' };
    const { row, outcome } = recorded;
    inFlight.add(roundId);
    try {
      const settled = await settle(row as RoundRow);
      const base = { roundId, lineBet: row.lineBet.toString(), totalBet: row.totalBet.toString() };
      if (settled.status === 'void')
        return {
          ok: false,
          error: settled.reason,
          roundId,
          ...(settled.balance ? { balance: settled.balance } : {}),
        };
      if (settled.status === 'open') return { ok: false, error: 'pending', roundId };
      return {
        ok: true,
        ...base,
        status: settled.status,
        balance: settled.balance,
        win: row.win.toString(),
        nonce: row.nonce,
        serverSeedHash: row.serverSeedHash,
        clientSeed: row.clientSeed,
        spins: outcome.spins,
      };
    } finally {
      inFlight.delete(roundId);
    }
  }

  type Settled =
    | { status: 'settled' | 'bet_ok'; balance: string | null }
    | { status: 'void'; reason: string; balance?: string | undefined }
    | { status: 'open' };

  const mark = (id: string, change: Partial<RoundRow>) =>
    db.update(houseRounds).set(change).where(eq(houseRounds.id, id));
  const bump = (id: string) =>
    db
      .update(houseRounds)
      .set({ attempts: sql`${houseRounds.attempts} + 1` })
      .where(eq(houseRounds.id, id));

  /**
   * Drives a round as far as it goes: `open` -> bet (same transactionId on every attempt) -> `bet_ok`
   * -> win -> `settled`. A refused bet makes it `void`; a bet that may have arrived on an ended
   * session is rolled back (the protocol's rule) and the round is `void`. No usable answer: the
   * round stays where it is for the next sweep.
   */
  async function settle(round: RoundRow, retry = false): Promise<Settled> {
    let status = round.status;
    let balance: string | null = null;
    /** The round's move to bet_ok, written while its win is sent: any later write of the round waits for it. */
    let moving: Promise<void> | null = null;
    try {
      if (status === 'open') {
        const bet = await wallet.bet({
          playerId: round.platformPlayerId,
          sessionToken: round.platformSession,
          roundId: round.id,
          gameCode: round.gameCode,
          amount: round.totalBet,
          currency: round.currency,
        });
        if (bet.status === 'ERROR') {
          if (retry) {
            // The first attempt's answer was lost and it may have been applied before what refuses the
            // retry (an ended session, a maintenance): cancel it whatever happened (idempotent).
            const rb = await wallet.rollback({ playerId: round.platformPlayerId, roundId: round.id });
            if (rb.status !== 'OK' && rb.code !== 'TRANSACTION_ROLLED_BACK') return { status: 'open' };
          }
          await mark(round.id, { status: 'void', voidReason: bet.code, settledAt: new Date(now()) });
          return { status: 'void', reason: bet.code.toLowerCase(), balance: bet.balance };
        }
        status = 'bet_ok';
        balance = bet.balance ?? null;
        const balanceAfter = balance === null ? null : BigInt(balance);
        // Not awaited before the win: a kill before it lands leaves the round open, and the sweeper's bet and win
        // are answered as kept. The settled (or void) mark waits for it, so the move and its jackpot share happen.
        moving = moveBetOk(round.id, balanceAfter);
        moving.catch(() => undefined);
      }
      if (status === 'bet_ok') {
        const win = await wallet.win({
          playerId: round.platformPlayerId,
          roundId: round.id,
          gameCode: round.gameCode,
          amount: round.win,
          currency: round.currency,
        });
        if (moving) await moving;
        if (win.status === 'ERROR') {
          if (win.code === 'TRANSACTION_ROLLED_BACK') {
            await mark(round.id, { status: 'void', voidReason: win.code, settledAt: new Date(now()) });
            return { status: 'void', reason: 'transaction_rolled_back', balance: win.balance };
          }
          log.warn({ round: round.id, code: win.code }, 'house win refused; kept for the sweeper');
          await bump(round.id);
          return { status: 'bet_ok', balance };
        }
        balance = win.balance ?? balance;
        await markSettled(round.id, balance === null ? null : BigInt(balance));
        return { status: 'settled', balance };
      }
      return { status: status as 'settled', balance: round.balanceAfter?.toString() ?? null };
    } catch (error) {
      if (!(error instanceof UncertainAnswer)) throw error;
      log.warn({ round: round.id, detail: error.detail }, 'house round left for the sweeper');
      if (moving) await moving;
      await bump(round.id);
      return status === 'bet_ok' ? { status: 'bet_ok', balance } : { status: 'open' };
    }
  }

  /**
   * Finishes every round left `open` or `bet_ok` (older than SWEEP_GRACE_MS and not being spun here):
   * at start and periodically. The protocol is idempotent per transactionId, so a round settled twice
   * moves money once. Answers how many rounds it looked at.
   */
  async function sweep(): Promise<{ looked: number; settled: number; voided: number }> {
    const rows = await db
      .select()
      .from(houseRounds)
      .where(
        and(
          inArray(houseRounds.status, ['open', 'bet_ok']),
          lt(houseRounds.createdAt, new Date(now() - SWEEP_GRACE_MS)),
        ),
      )
      .orderBy(asc(houseRounds.createdAt))
      .limit(200);
    let settled = 0;
    let voided = 0;
    for (const row of rows) {
      if (inFlight.has(row.id)) continue;
      const result = await settle(row, true).catch(() => ({ status: 'open' as const }));
      if (result.status === 'settled') settled++;
      if (result.status === 'void') voided++;
    }
    return { looked: rows.length, settled, voided };
  }

  /**
   * Rotation (ADR 0035, ADR 0068): the active pair is revealed (its server seed written and answered),
   * the next pair, whose commitment the player saw before choosing, becomes active with `clientSeed` (or
   * a new random one) at nonce 0, and a new next pair is committed. `expectedNextHash`, the commitment
   * the player chose against, must still be the next pair's (another tab may have rotated meanwhile).
   */
  async function rotate(session: HouseSession, clientSeed?: string, expectedNextHash?: string) {
    // The next spin here reads the new active pair (another instance's cached copy fails its nonce check).
    activePairs.delete(session.playerId);
    return db.transaction(async (tx) => {
      const { active, next } = await livePairs(session.playerId, tx, true);
      if (expectedNextHash !== undefined && expectedNextHash !== next.serverSeedHash)
        return { error: 'seed_changed' as const, fair: fairView({ active, next }) };
      const serverSeed = seeds.open(active);
      const at = new Date(now());
      await tx
        .update(houseSeedPairs)
        .set({ status: 'revealed', serverSeed, revealedAt: at })
        .where(eq(houseSeedPairs.id, active.id));
      const [promoted] = await tx
        .update(houseSeedPairs)
        .set({ status: 'active', clientSeed: clientSeed ?? createClientSeed(), createdAt: at })
        .where(eq(houseSeedPairs.id, next.id))
        .returning();
      const [committed] = await tx
        .insert(houseSeedPairs)
        .values(newPair(session.playerId, 'next'))
        .returning();
      return {
        revealed: {
          serverSeed,
          serverSeedHash: active.serverSeedHash,
          clientSeed: active.clientSeed,
          nonces: active.nextNonce,
        },
        fair: fairView({ active: promoted!, next: committed! }),
      };
    });
  }

  /** The player's latest rounds with, once their pair is revealed, the server seed that verifies them. */
  async function rounds(session: HouseSession, limit = 20) {
    const rows = await db
      .select({ r: houseRounds, pairStatus: houseSeedPairs.status, serverSeed: houseSeedPairs.serverSeed })
      .from(houseRounds)
      .innerJoin(houseSeedPairs, eq(houseSeedPairs.id, houseRounds.seedPairId))
      .where(eq(houseRounds.playerId, session.playerId))
      .orderBy(desc(houseRounds.createdAt), desc(houseRounds.nonce))
      .limit(limit);
    const lang = session.language === 'en' ? 'en' : 'th';
    return rows.map(({ r, pairStatus, serverSeed }) => ({
      roundId: r.id,
      gameCode: r.gameCode,
      /** The title's name in the session's language (the slot's round list names each round's game). */
      gameName: titles.get(r.gameCode)?.definition.name[lang] ?? r.gameCode,
      nonce: r.nonce,
      serverSeedHash: r.serverSeedHash,
      clientSeed: r.clientSeed,
      serverSeed: pairStatus === 'revealed' ? serverSeed : null,
      lineBet: r.lineBet.toString(),
      totalBet: r.totalBet.toString(),
      win: r.win.toString(),
      status: r.status,
      balanceAfter: r.balanceAfter?.toString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  /**
   * One round as the fairness page shows it (ADR 0075): what was recorded (game, bet, win, each spin's
   * stops and window) and its seeds, the server seed only once its pair is revealed. Found by the
   * round's id alone (72 random bits: the link is the key), it names no player.
   */
  async function fairRound(id: string) {
    const [row] = await db
      .select({ r: houseRounds, pairStatus: houseSeedPairs.status, serverSeed: houseSeedPairs.serverSeed })
      .from(houseRounds)
      .innerJoin(houseSeedPairs, eq(houseSeedPairs.id, houseRounds.seedPairId))
      .where(eq(houseRounds.id, id));
    if (!row) return null;
    const { r } = row;
    const spins = r.outcome as BetOutcome['spins'];
    return {
      roundId: r.id,
      gameCode: r.gameCode,
      currency: r.currency,
      nonce: r.nonce,
      serverSeedHash: r.serverSeedHash,
      clientSeed: r.clientSeed,
      serverSeed: row.pairStatus === 'revealed' ? row.serverSeed : null,
      lineBet: r.lineBet.toString(),
      totalBet: r.totalBet.toString(),
      win: r.win.toString(),
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      spins: spins.map((s) => ({ kind: s.kind, stops: s.stops, window: s.window, win: s.win })),
    };
  }

  /** One round as stored (operators' reconciliation, tests). */
  async function findRound(id: string): Promise<RoundRow | null> {
    const [row] = await db.select().from(houseRounds).where(eq(houseRounds.id, id));
    return row ?? null;
  }

  /** The jackpot's value in minor units: the seed plus every shard's contributions (rounded down). */
  async function jackpot(currency: string): Promise<bigint> {
    const [row] = await db
      .select({ milli: sql<string>`coalesce(sum(${houseJackpotShards.milli}), 0)::text` })
      .from(houseJackpotShards)
      .where(eq(houseJackpotShards.currency, currency));
    return JACKPOT.seedMinor + BigInt(row?.milli ?? '0') / 1000n;
  }

  return { launch, sessionOf, state, spin, settle, sweep, rotate, rounds, fairRound, findRound, jackpot };
}
