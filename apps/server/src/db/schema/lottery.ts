import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { vendorRegistry } from './vendor';

/**
 * The lottery mirror (docs/adr/0093-lottery-lobby-calls.md): the lottery games and draws a vendor pushes with the
 * signed `POST /vendor/v1/lotto/sync` (docs/vendor-protocol.md section 11). The vendor owns draws, tickets and
 * settlement (the house lottery: ADR 0092); the platform keeps this copy to answer the lobby calls from its own
 * database. Rows are never deleted: a game leaves the lobby when its vendor sends it `enabled: false`.
 */

/** A vendor's lottery game, upserted per (vendor, game code) by every push that lists it. */
export const lottoGames = pgTable(
  'lotto_games',
  {
    vendorCode: varchar('vendor_code', { length: 16 })
      .notNull()
      .references(() => vendorRegistry.code),
    gameCode: varchar('game_code', { length: 64 }).notNull(),
    /** TH | VN_NORTH | VN_SOUTH | VN_CENTRAL | ELECTRONIC (the lobby's menus; gameGroupCode). */
    region: varchar('region', { length: 12 }).notNull(),
    /** The result format (docs/lottery.md): thai | thai-2015 | elott | vn-north | vn-south. */
    format: varchar('format', { length: 12 }).notNull(),
    /** The zone its draws are placed in: Asia/Bangkok | Asia/Ho_Chi_Minh. */
    timeZone: varchar('time_zone', { length: 40 }).notNull(),
    nameTh: varchar('name_th', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
    nameVi: varchar('name_vi', { length: 100 }),
    /** The weekdays it draws on, 1 = Sunday ... 7 = Saturday; empty for a game that draws on dates. */
    drawDays: jsonb('draw_days').$type<number[]>().notNull(),
    enabled: boolean('enabled').notNull(),
    /** The vendor's position of the game in its menu (0 first). */
    sort: integer('sort').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vendorCode, t.gameCode] })],
);

/**
 * A draw of a vendor's lottery game, upserted per (vendor, game code, draw number) only by a push whose
 * `version` is greater than the stored one: a late, older push never overwrites a newer state.
 */
export const lottoDraws = pgTable(
  'lotto_draws',
  {
    vendorCode: varchar('vendor_code', { length: 16 }).notNull(),
    gameCode: varchar('game_code', { length: 64 }).notNull(),
    /** The numero: YYYYMMDD of the draw day in the game's zone, electronic draws with the day's 3-digit slot. */
    drawNo: varchar('draw_no', { length: 11 }).notNull(),
    /** Sales stop at the lock (lockTime before the close); the close; the draw (winningTime). */
    lockAt: timestamp('lock_at', { withTimezone: true }).notNull(),
    closeAt: timestamp('close_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    /** scheduled | resulted | settled | void. */
    status: varchar('status', { length: 12 }).notNull(),
    /** The result JSON of docs/lottery.md as the vendor sent it (json, not jsonb: its text and key order kept). */
    result: json('result').$type<Record<string, unknown>>(),
    resultSource: varchar('result_source', { length: 200 }),
    /** The electronic draw's randomness beacon (ADR 0092): chain, round and BLS signature (96 hex digits). */
    beaconChain: varchar('beacon_chain', { length: 16 }),
    beaconRound: bigint('beacon_round', { mode: 'number' }),
    beaconSignature: varchar('beacon_signature', { length: 96 }),
    /** The vendor's version of this draw's state (>= 1): only a greater one replaces it. */
    version: bigint('version', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorCode, t.gameCode, t.drawNo] }),
    foreignKey({
      columns: [t.vendorCode, t.gameCode],
      foreignColumns: [lottoGames.vendorCode, lottoGames.gameCode],
      name: 'lotto_draws_game_fk',
    }),
    // The open draw of each game: the soonest scheduled draw whose lock is still ahead.
    index('lotto_draws_open_idx')
      .on(t.vendorCode, t.gameCode, t.lockAt)
      .where(sql`${t.status} = 'scheduled'`),
    // A game's results history, newest first.
    index('lotto_draws_history_idx').on(t.vendorCode, t.gameCode, t.drawAt),
    check('lotto_draws_version_positive', sql`${t.version} >= 1`),
    check('lotto_draws_times_ordered', sql`${t.lockAt} <= ${t.closeAt} and ${t.closeAt} <= ${t.drawAt}`),
  ],
);

/**
 * The lottery's play missions (1.CAT.03, the VN lobby's mission summary; docs/adr/0097): a target of lottery play
 * per Bangkok day or week. Progress is read from the member's rounds at the lottery vendors in the ledger, never
 * stored per bet. Seeded with the defaults by migration 0025; `active` takes one out of the summary.
 */
export const lottoMissions = pgTable(
  'lotto_missions',
  {
    code: varchar('code', { length: 32 }).primaryKey(),
    /** DAILY (the Bangkok day) | WEEKLY (the Bangkok week, Monday to Sunday). */
    period: varchar('period', { length: 8 }).notNull(),
    /** TICKETS (rounds bought) | STAKE (minor units staked, refunds taken off) | GAMES (different games played). */
    measure: varchar('measure', { length: 8 }).notNull(),
    /** A count, or minor units for STAKE. */
    target: bigint('target', { mode: 'bigint' }).notNull(),
    titleTh: varchar('title_th', { length: 100 }).notNull(),
    titleEn: varchar('title_en', { length: 100 }).notNull(),
    sort: integer('sort').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('lotto_missions_period', sql`${t.period} in ('DAILY', 'WEEKLY')`),
    check('lotto_missions_measure', sql`${t.measure} in ('TICKETS', 'STAKE', 'GAMES')`),
    check('lotto_missions_target_positive', sql`${t.target} > 0`),
  ],
);
