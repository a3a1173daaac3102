import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { vendorRegistry } from './vendor';

/**
 * The game catalogue (issue 9; docs/adr/0037-game-catalogue.md): the games each registered vendor
 * publishes through `POST /vendor/v1/games/sync`, members' favourites and recent games, and the
 * settled wins the winner board reads (copied from the ledger by the job `catalogue-wins`).
 */

/** The operator's sort position of a game (docs/adr/0083): 0 to this. */
export const OPS_SORT_MAX = 9999;

/**
 * Games. `node_id` is the platform's id of a game (what favourites and recents keep). A game its
 * vendor stops listing is RETIRED, never deleted. The vendor's fields are replaced by every sync;
 * `ops_status` / `ops_hot` / `ops_sort` are the operator's overrides, which a sync never touches (null: the
 * vendor's value applies).
 */
export const games = pgTable(
  'games',
  {
    nodeId: integer('node_id').primaryKey().generatedAlwaysAsIdentity(),
    vendorCode: varchar('vendor_code', { length: 16 })
      .notNull()
      .references(() => vendorRegistry.code),
    gameCode: varchar('game_code', { length: 64 }).notNull(),
    gameType: varchar('game_type', { length: 12 }).notNull(),
    nameTh: varchar('name_th', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
    classification: varchar('classification', { length: 32 }).notNull(),
    /** Minor units. */
    minBet: bigint('min_bet', { mode: 'bigint' }).notNull(),
    lines: integer('lines').notNull(),
    thumbnailUrl: varchar('thumbnail_url', { length: 1000 }).notNull(),
    isHot: boolean('is_hot').notNull(),
    freePlay: boolean('free_play').notNull(),
    /** ACTIVE | MAINTENANCE (as published) | RETIRED (no longer listed). */
    status: varchar('status', { length: 12 }).notNull(),
    /** null | MAINTENANCE | HIDDEN: the operator's override. */
    opsStatus: varchar('ops_status', { length: 12 }),
    opsHot: boolean('ops_hot'),
    /** Position in the vendor's last published list. */
    sort: integer('sort').notNull().default(0),
    /** The operator's sort position (0-9999): used instead of `sort` in the lists while set (docs/adr/0083). */
    opsSort: integer('ops_sort'),
    /**
     * The title's exact return to player in percent, a decimal string as the vendor published it ("96.23"),
     * and its volatility (standard deviation of a bet's win per unit bet, "3.649"); optional fields of the
     * sync (the house vendor sends them, docs/vendor-protocol.md section 10); null when not published.
     */
    rtp: varchar('rtp', { length: 12 }),
    volatility: varchar('volatility', { length: 12 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('games_vendor_code_uq').on(t.vendorCode, t.gameCode),
    index('games_type_idx').on(t.gameType, t.vendorCode),
    check('games_ops_sort_range', sql`${t.opsSort} is null or ${t.opsSort} between 0 and ${sql.raw(String(OPS_SORT_MAX))}`),
  ],
);

/** A member's favourite games (MCSFE_getFavoriteGames*). */
export const gameFavorites = pgTable(
  'game_favorites',
  {
    memberId: integer('member_id').notNull(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => games.nodeId),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.nodeId] }), index('game_favorites_member_idx').on(t.memberId, t.createdAt)],
);

/** A member's recently launched games (GCS_recentGame): one row per game, moved forward by each launch. */
export const gameRecents = pgTable(
  'game_recents',
  {
    memberId: integer('member_id').notNull(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => games.nodeId),
    launchedAt: timestamp('launched_at', { withTimezone: true }).notNull(),
    launches: integer('launches').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.nodeId] }),
    index('game_recents_member_idx').on(t.memberId, t.launchedAt),
    index('game_recents_launched_idx').on(t.launchedAt),
  ],
);

/**
 * Settled real-money wins (GCSGAME_getRankList), copied from the ledger's game wins by the job
 * `catalogue-wins` (incremental by ledger transaction id: nothing is written per bet).
 */
export const gameWins = pgTable(
  'game_wins',
  {
    ledgerTxId: bigint('ledger_tx_id', { mode: 'number' }).primaryKey(),
    vendorCode: varchar('vendor_code', { length: 16 }).notNull(),
    gameCode: varchar('game_code', { length: 120 }).notNull(),
    memberId: integer('member_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    wonAt: timestamp('won_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('game_wins_won_at_idx').on(t.wonAt), index('game_wins_amount_idx').on(t.amount).where(sql`${t.amount} > 0`)],
);
