import { sql } from 'drizzle-orm';
import {
  bigint,
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
