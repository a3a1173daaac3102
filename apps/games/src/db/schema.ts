import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The house vendor's own tables (ADR 0048). Names start with `house_` so that a deployment may put
 * them in a PostgreSQL database it shares with something else without a clash. Money: integer minor
 * units (bigint), as the vendor protocol sends them.
 */

/** A platform player as the house knows it: the protocol's playerId and currency. */
export const housePlayers = pgTable('house_players', {
  id: serial('id').primaryKey(),
  platformPlayerId: text('platform_player_id').notNull().unique(),
  currency: text('currency').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Seed pairs (ADR 0035, ADR 0068): per player one `next` pair (its commitment shown, no client seed yet),
 * one `active` pair (being played) and the `revealed` ones. The server seed is never stored before the
 * reveal: the row holds a random salt and the id of the house seed key it is derived under (outside the
 * database, seed-vault.ts) and the seed's SHA-256. Rotation reveals the active pair (its seed written
 * to `server_seed`), makes the next pair active with the player's client seed, and commits a new next one.
 */
export const houseSeedPairs = pgTable(
  'house_seed_pairs',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => housePlayers.id),
    /** Set at the reveal only (and on pairs an earlier version stored in clear, all revealed by 0002). */
    serverSeed: text('server_seed'),
    seedSalt: text('seed_salt'),
    seedKeyId: text('seed_key_id'),
    serverSeedHash: text('server_seed_hash').notNull(),
    /** Null on the `next` pair: the player chooses it after seeing the commitment. */
    clientSeed: text('client_seed'),
    nextNonce: integer('next_nonce').notNull().default(0),
    status: text('status').notNull().$type<'next' | 'active' | 'revealed'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('house_seed_pairs_one_active')
      .on(t.playerId)
      .where(sql`status = 'active'`),
    uniqueIndex('house_seed_pairs_one_next')
      .on(t.playerId)
      .where(sql`status = 'next'`),
  ],
);

/** A game session opened by a launch (the cookie carries a token; its SHA-256 is stored). */
export const houseSessions = pgTable('house_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  playerId: integer('player_id')
    .notNull()
    .references(() => housePlayers.id),
  /** The platform's vendor session token (wallet/balance and wallet/bet need it). */
  platformSession: text('platform_session').notNull(),
  gameCode: text('game_code').notNull(),
  language: text('language').notNull(),
  returnUrl: text('return_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A bet (one round): recorded with its outcome before any money moves, then `bet_ok` once the platform
 * accepted the bet, `settled` once it acknowledged the win (balance after = its answer), or `void`
 * when the bet was refused or rolled back (ADR 0049).
 */
export const houseRounds = pgTable(
  'house_rounds',
  {
    id: text('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => housePlayers.id),
    platformPlayerId: text('platform_player_id').notNull(),
    currency: text('currency').notNull(),
    platformSession: text('platform_session').notNull(),
    gameCode: text('game_code').notNull(),
    seedPairId: integer('seed_pair_id')
      .notNull()
      .references(() => houseSeedPairs.id),
    nonce: integer('nonce').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    lineBet: bigint('line_bet', { mode: 'bigint' }).notNull(),
    totalBet: bigint('total_bet', { mode: 'bigint' }).notNull(),
    win: bigint('win', { mode: 'bigint' }).notNull(),
    /** Outcome summary: per spin its kind, stops, line wins, scatter and awarded free spins. */
    outcome: jsonb('outcome').notNull(),
    status: text('status').notNull().$type<'open' | 'bet_ok' | 'settled' | 'void'>(),
    /** Why a round is void (the platform's code), for the player's record. */
    voidReason: text('void_reason'),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('house_rounds_pair_nonce').on(t.seedPairId, t.nonce),
    index('house_rounds_player_time').on(t.playerId, t.createdAt),
    index('house_rounds_unsettled')
      .on(t.status)
      .where(sql`status in ('open', 'bet_ok')`),
  ],
);

/**
 * The progressive jackpot, per currency, as JACKPOT_SHARDS counter rows: a bet adds its share to one
 * shard chosen at random (no row is written by every bet), a read sums them. Units: thousandths of a
 * minor unit, so a 0.5 % share of any integer bet stays an integer.
 */
export const houseJackpotShards = pgTable(
  'house_jackpot_shards',
  {
    currency: text('currency').notNull(),
    shard: integer('shard').notNull(),
    milli: bigint('milli', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.currency, t.shard] })],
);

/**
 * The house lottery (ADR 0092, docs/lottery.md). A game is a draw series (one Vietnamese province, the
 * Thai Government Lottery, an electronic series), seeded from lottery/games.ts and then the operator's:
 * its schedule, rates and enabled flag live here.
 */
export const houseLottoGames = pgTable('house_lotto_games', {
  code: text('code').primaryKey(),
  region: text('region').notNull(),
  format: text('format').notNull(),
  timeZone: text('time_zone').notNull(),
  /** { th, en, vi? } */
  names: jsonb('names').notNull(),
  /** lottery/games.ts LottoSchedule */
  schedule: jsonb('schedule').notNull(),
  closeSecondsBefore: integer('close_seconds_before').notNull(),
  lockSeconds: integer('lock_seconds').notNull(),
  /** Rate overrides per bet type, integer hundredths of a multiplier (unset: lottery/bets.ts DEFAULT_RATES). */
  rates: jsonb('rates')
    .notNull()
    .default(sql`'{}'::jsonb`),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  /** A bet's stake bounds, minor units (a lô bet: per lot). */
  minStake: bigint('min_stake', { mode: 'bigint' })
    .notNull()
    .default(sql`100`),
  maxStake: bigint('max_stake', { mode: 'bigint' })
    .notNull()
    .default(sql`10000000`),
  /**
   * The most the house may owe on one number of one bet type in one draw, summed over every member's
   * tickets (stake x rate of each bet on it): the exposure cap, checked atomically at purchase.
   */
  exposureCap: bigint('exposure_cap', { mode: 'bigint' })
    .notNull()
    .default(sql`100000000`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A draw: a stored row, never a calendar rule (Thai draws move). Planned from its game's schedule once
 * (unique game + number), then moved or voided by operators. Open for tickets until `lock_at`;
 * `resulted` once its result is confirmed, `settled` once every ticket is paid, `void` when cancelled or
 * when an electronic draw's beacon round could not be had (every ticket rolled back).
 */
export const houseLottoDraws = pgTable(
  'house_lotto_draws',
  {
    id: serial('id').primaryKey(),
    gameCode: text('game_code')
      .notNull()
      .references(() => houseLottoGames.code),
    drawNo: text('draw_no').notNull(),
    lockAt: timestamp('lock_at', { withTimezone: true }).notNull(),
    closeAt: timestamp('close_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().$type<'scheduled' | 'resulted' | 'settled' | 'void'>(),
    /** Electronic draws: the beacon chain and the round committed to when the draw was planned. */
    beaconChain: text('beacon_chain'),
    beaconRound: bigint('beacon_round', { mode: 'number' }),
    voidReason: text('void_reason'),
    /**
     * Bumped by every change; the platform's mirror takes a pushed draw only if its version is newer, and
     * `published_version` is the last version the platform acknowledged (lottery/publish.ts).
     */
    version: integer('version').notNull().default(1),
    publishedVersion: integer('published_version').notNull().default(0),
    /**
     * Settlement's progress (ADR 0094): the last ticket id whose win has been computed (tickets are read in id
     * order), and when every ticket was.
     */
    settleCursor: text('settle_cursor'),
    settleComputedAt: timestamp('settle_computed_at', { withTimezone: true }),
    /** Who moved or voided it last (a platform operator id), and when. */
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('house_lotto_draws_game_no').on(t.gameCode, t.drawNo),
    index('house_lotto_draws_time').on(t.drawAt),
    index('house_lotto_draws_pending')
      .on(t.status, t.drawAt)
      .where(sql`status in ('scheduled', 'resulted')`),
    index('house_lotto_draws_unpublished')
      .on(t.id)
      .where(sql`version > published_version`),
  ],
);

/**
 * A draw's result. Official results (Thai, Vietnamese) are entered by one operator and confirmed by
 * another (four-eyes); nothing is settled from an `entered` one. Electronic results are drawn from the
 * committed beacon round and stored `confirmed` with the round's signature as their source.
 */
export const houseLottoResults = pgTable('house_lotto_results', {
  drawId: integer('draw_id')
    .primaryKey()
    .references(() => houseLottoDraws.id),
  result: jsonb('result').notNull(),
  /** Where the numbers come from: the official source's URL or name, or `drand:<chain>:<round>`. */
  source: text('source').notNull(),
  beaconSignature: text('beacon_signature'),
  status: text('status').notNull().$type<'entered' | 'confirmed'>(),
  enteredBy: text('entered_by').notNull(),
  enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
  confirmedBy: text('confirmed_by'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
});

/** Restricted numbers (เลขอั้น) of a game: a bet on one pays half its rate (docs/lottery.md). */
export const houseLottoRestricted = pgTable(
  'house_lotto_restricted',
  {
    gameCode: text('game_code')
      .notNull()
      .references(() => houseLottoGames.code),
    /** bets.ts restrictionKey: `<type>:<numbers>` ("3top:123", "xien2:12-34"). */
    betKey: text('bet_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameCode, t.betKey] })],
);

/**
 * A ticket: one signed vendor bet (round id = ticket id) holding the bets bought together on one draw,
 * each with the rate and restriction it was sold at. `open` (recorded, the bet not yet acknowledged) ->
 * `accepted` (the platform took the stake) -> `paid` (its win from house_lotto_wins, or 0 for a loss,
 * acknowledged: the round is closed); `refused` (the platform refused the bet) or `void` (rolled back: the
 * draw was voided, or the bet's fate was unknown on an ended session).
 */
export const houseLottoTickets = pgTable(
  'house_lotto_tickets',
  {
    id: text('id').primaryKey(),
    drawId: integer('draw_id')
      .notNull()
      .references(() => houseLottoDraws.id),
    gameCode: text('game_code').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => housePlayers.id),
    platformPlayerId: text('platform_player_id').notNull(),
    currency: text('currency').notNull(),
    platformSession: text('platform_session').notNull(),
    /** [{type, numbers, stake, rate, restricted}] */
    bets: jsonb('bets').notNull(),
    cost: bigint('cost', { mode: 'bigint' }).notNull(),
    win: bigint('win', { mode: 'bigint' }),
    status: text('status').notNull().$type<'open' | 'accepted' | 'paid' | 'refused' | 'void'>(),
    voidReason: text('void_reason'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    // Settlement reads a draw's tickets in id order (its cursor); the unfinished ones (to pay, retry or refund)
    // have their own partial index, so a draw's paid tickets are never scanned again.
    index('house_lotto_tickets_draw').on(t.drawId, t.id),
    index('house_lotto_tickets_unfinished')
      .on(t.drawId, t.id)
      .where(sql`status in ('open', 'accepted')`),
    index('house_lotto_tickets_player_time').on(t.playerId, t.createdAt),
  ],
);

/**
 * The winning tickets of a settled draw and their wins (only winners: a losing ticket writes nothing while
 * a draw's outcomes are computed). Inserted with the settlement cursor's move, in one transaction per chunk.
 */
export const houseLottoWins = pgTable('house_lotto_wins', {
  ticketId: text('ticket_id').primaryKey(),
  drawId: integer('draw_id').notNull(),
  win: bigint('win', { mode: 'bigint' }).notNull(),
});

/**
 * What the house owes on one number of one bet type in one draw if it comes out (stake x rate summed over
 * the tickets sold on it), kept under the game's exposure cap by the purchase's conditional update.
 */
export const houseLottoExposure = pgTable(
  'house_lotto_exposure',
  {
    drawId: integer('draw_id')
      .notNull()
      .references(() => houseLottoDraws.id),
    betKey: text('bet_key').notNull(),
    liability: bigint('liability', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.drawId, t.betKey] })],
);

/**
 * The platform's signed operator calls the lottery has taken (lottery/ops.ts), by request id: a replayed
 * call (the same id) is refused. Kept 1 day (the signature's time window is 5 minutes).
 */
export const houseLottoOpsRequests = pgTable('house_lotto_ops_requests', {
  requestId: text('request_id').primaryKey(),
  action: text('action').notNull(),
  operator: text('operator').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
