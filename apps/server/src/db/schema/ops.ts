import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/** Operators (issue 6 finding 9; docs/adr/0019): named identities, roles, API tokens. */

/**
 * Named operators. role: admin | finance | support | read_only (contracts/ops-operators); status
 * active | disabled. The password (argon2id) and the TOTP secret (sealed with the server secret)
 * are for the operator console to come; the command line uses API tokens.
 */
export const opsOperators = pgTable(
  'ops_operators',
  {
    id: id(),
    username: varchar('username', { length: 40 }).notNull(),
    displayName: varchar('display_name', { length: 80 }).notNull(),
    role: varchar('role', { length: 20 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    passwordHash: varchar('password_hash', { length: 255 }),
    totpSecret: varchar('totp_secret', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ops_operators_username_uq').on(t.username)],
);

/** Operator API tokens (command line): opaque, only the SHA-256 is stored; expiry and revocation. */
export const opsApiTokens = pgTable(
  'ops_api_tokens',
  {
    id: id(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => opsOperators.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 80 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ops_api_tokens_hash_uq').on(t.tokenHash),
    index('ops_api_tokens_operator_idx').on(t.operatorId),
  ],
);
