import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Game vendors (vendor wallet protocol v1, docs/vendor-protocol.md): the registry, one-time launch
 * tokens and vendor sessions. The content module's `vendors` table is the home page's display list
 * (GCSGAME_newGameVendor), a different thing: this registry is what signs the wallet calls.
 */

/**
 * The vendor registry. `code` is the vassalage (upper-case letters/digits, 2-16). The shared secret
 * is sealed with the server keys (platform/keys: keys.seal/keys.open) and shown once at creation and
 * rotation. walletMode seamless | transfer (apiBaseUrl: the fund-transfer API of transfer mode);
 * status active | maintenance | disabled.
 */
export const vendorRegistry = pgTable('vendor_registry', {
  code: varchar('code', { length: 16 }).primaryKey(),
  name: varchar('name', { length: 80 }).notNull(),
  gameTypes: jsonb('game_types').$type<string[]>().notNull().default([]),
  walletMode: varchar('wallet_mode', { length: 10 }).notNull().default('seamless'),
  launchUrl: varchar('launch_url', { length: 1000 }).notNull(),
  apiBaseUrl: varchar('api_base_url', { length: 1000 }),
  secretSealed: varchar('secret_sealed', { length: 400 }).notNull(),
  status: varchar('status', { length: 12 }).notNull().default('active'),
  currency: varchar('currency', { length: 3 }).notNull().default('THB'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time launch tokens: SHA-256 of the token, consumed once by session/authenticate, 2 minutes. */
export const vendorLaunchTokens = pgTable(
  'vendor_launch_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    vendorCode: varchar('vendor_code', { length: 16 })
      .notNull()
      .references(() => vendorRegistry.code, { onDelete: 'cascade' }),
    memberId: integer('member_id').notNull(),
    gameCode: varchar('game_code', { length: 100 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('vendor_launch_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Vendor sessions: SHA-256 of the session token, the vendor and member; valid while
 * now - last_used_at is under the inactivity limit (30 minutes), touched by use at most every 30 s.
 */
export const vendorSessions = pgTable(
  'vendor_sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    vendorCode: varchar('vendor_code', { length: 16 })
      .notNull()
      .references(() => vendorRegistry.code, { onDelete: 'cascade' }),
    memberId: integer('member_id').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('vendor_sessions_last_used_idx').on(t.lastUsedAt)],
);
