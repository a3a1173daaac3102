import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Verification: rate counters, one-time tickets, SMS codes, SMS alarms, the SMS outbox. */

/** Fixed-window counters shared by every instance (per-account login limits, failures per address). */
export const rateCounters = pgTable('rate_counters', {
  key: varchar('key', { length: 200 }).primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: ts('window_ends_at').notNull(),
});

/**
 * Single-use tickets: captcha and slider challenges (data: the captcha text encrypted with the
 * server secret, or the gap offset), slider tokens, two-factor tickets, password reset tokens.
 * `id` is random (challenges) or the SHA-256 of a bearer token (tokens); a ticket is consumed by
 * deleting it.
 */
export const oneTimeTickets = pgTable(
  'one_time_tickets',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** Hash of the client (address + user agent) the ticket is bound to. */
    clientHash: varchar('client_hash', { length: 64 }),
    memberId: integer('member_id'),
    data: jsonb('data'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('one_time_tickets_expires_idx').on(t.expiresAt),
    index('one_time_tickets_member_idx').on(t.memberId),
  ],
);

/**
 * SMS verification codes (HMAC of the code), one row per send. A send to an unknown number on the
 * noLogin path writes a row with no code so the limits count it the same way.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    e164: varchar('e164', { length: 20 }).notNull(),
    /** The country calling code of the number (per-prefix velocity limits, docs/adr/0022). */
    dial: varchar('dial', { length: 4 }),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }),
    attempts: smallint('attempts').notNull().default(0),
    ip: varchar('ip', { length: 64 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('sms_codes_number_idx').on(t.e164, t.createdAt),
    index('sms_codes_ip_idx').on(t.ip, t.createdAt),
    index('sms_codes_dial_idx').on(t.dial, t.createdAt),
    index('sms_codes_created_idx').on(t.createdAt),
  ],
);

/**
 * SMS pumping alarms (docs/adr/0022-sms-pumping-defences.md): one row per exhausted budget and
 * window (`daily` = the global budget of 24 hours, `dial:<code>` = a calling code's hourly limit),
 * written by the first refused send, so several instances raise it once. Operators read it with
 * `GET /ops/sms/budget` / `npm run ops -- sms budget`.
 */
export const smsAlarms = pgTable(
  'sms_alarms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scope: varchar('scope', { length: 20 }).notNull(),
    /** Start of the fixed window the alarm belongs to (the day or the hour, UTC). */
    windowStart: ts('window_start').notNull(),
    sent: integer('sent').notNull(),
    limit: integer('limit').notNull(),
    raisedAt: ts('raised_at').notNull(),
  },
  (t) => [
    uniqueIndex('sms_alarms_scope_window_uq').on(t.scope, t.windowStart),
    index('sms_alarms_raised_idx').on(t.raisedAt),
  ],
);

/** Messages of the outbox SMS provider (the default): what would have been sent, for operators and tests. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: varchar('to', { length: 20 }).notNull(),
    /** The message sealed with the server secret (keys.seal): codes are never stored in clear. */
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('sms_outbox_to_idx').on(t.to, t.id)],
);
