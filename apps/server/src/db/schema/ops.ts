import { bigint, boolean, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns';

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
    /** The TOTP secret was confirmed with a code (console enrolment, docs/adr/0043); until then sign-in enrols again. */
    totpConfirmedAt: ts('totp_confirmed_at'),
    /** Last accepted TOTP time step: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Set by a credential reset: the next console sign-in must choose a new password. */
    passwordMustChange: boolean('password_must_change').notNull().default(false),
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

/**
 * Operator console sessions (docs/adr/0043): opaque cookie tokens, only the SHA-256 stored.
 * stage `second_factor`: the password was right, the TOTP code (or enrolment) is still due, a few
 * minutes; `active`: a signed-in console, idle expiry from last_seen_at and an absolute end.
 */
export const opsConsoleSessions = pgTable(
  'ops_console_sessions',
  {
    id: id(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => opsOperators.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    stage: varchar('stage', { length: 20 }).notNull(),
    /** A TOTP secret being enrolled (sealed), confirmed by the second step. */
    pendingTotpSecret: varchar('pending_totp_secret', { length: 255 }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: ts('revoked_at'),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('ops_console_sessions_hash_uq').on(t.tokenHash),
    index('ops_console_sessions_operator_idx').on(t.operatorId),
  ],
);

/**
 * Four-eyes approvals (docs/adr/0044): an operator action declared as needing a second operator is
 * stored here as pending and applied only when another operator approves; rejected or expired
 * requests are never applied. status: pending | approved | rejected | expired.
 */
export const opsApprovals = pgTable(
  'ops_approvals',
  {
    id: id(),
    action: varchar('action', { length: 60 }).notNull(),
    target: varchar('target', { length: 200 }).notNull(),
    payload: jsonb('payload').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    requestedById: integer('requested_by_id').references(() => opsOperators.id, { onDelete: 'set null' }),
    requestedBy: varchar('requested_by', { length: 80 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedById: integer('decided_by_id').references(() => opsOperators.id, { onDelete: 'set null' }),
    decidedBy: varchar('decided_by', { length: 80 }),
    decidedAt: ts('decided_at'),
    decisionNote: varchar('decision_note', { length: 500 }),
  },
  (t) => [index('ops_approvals_status_idx').on(t.status, t.createdAt)],
);
