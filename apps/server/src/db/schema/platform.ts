import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Platform tables several modules share: the operator audit log, server keys, failure
 * throttles, the transactional outbox. */

/**
 * The operator audit log: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE; db/migrate.ts)
 * and hash-chained: hash = sha256(canonical JSON of the row's fields + prev_hash). seq is assigned
 * by the writer under an advisory lock, so the chain never forks. No foreign key to the operator:
 * the row outlives anything it names.
 */
export const opsAuditLog = pgTable('ops_audit_log', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  operatorId: integer('operator_id'),
  username: varchar('username', { length: 80 }).notNull(),
  action: varchar('action', { length: 60 }).notNull(),
  target: varchar('target', { length: 200 }).notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  ip: varchar('ip', { length: 64 }).notNull(),
  userAgent: varchar('user_agent', { length: 300 }).notNull(),
  requestId: varchar('request_id', { length: 100 }).notNull(),
  prevHash: varchar('prev_hash', { length: 64 }).notNull(),
  hash: varchar('hash', { length: 64 }).notNull(),
  /**
   * HMAC-SHA256 of `hash` under the audit key, derived from the master key (never in the database;
   * docs/adr/0068): a row rewritten with a recomputed chain does not carry a valid MAC. Null on rows
   * written before issue 23.
   */
  mac: varchar('mac', { length: 64 }),
});

/**
 * Server key material, generated once and shared by every instance (docs/enc.md):
 * purpose 'enc' is the RSA-OAEP key pair of the enc calls, 'secret' a 32-byte symmetric key used to
 * encrypt TOTP secrets at rest and to key the HMAC of short codes.
 */
export const serverKeys = pgTable(
  'server_keys',
  {
    kid: varchar('kid', { length: 64 }).primaryKey(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    algorithm: varchar('algorithm', { length: 40 }).notNull(),
    /** SubjectPublicKeyInfo DER, base64 (null for symmetric keys). */
    publicKey: text('public_key'),
    /**
     * PKCS#8 DER (key pairs) or the raw key, wrapped under the master key (docs/adr/0023):
     * "w1.<master key id>.<iv>.<ciphertext+tag>". Rows of earlier versions held the base64 key in
     * clear; they are wrapped at start.
     */
    privateKey: text('private_key').notNull(),
    /** current: used for new work (one per purpose); previous: still decrypts until retired (enc). */
    state: varchar('state', { length: 10 }).notNull().default('current'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('server_keys_current_uq')
      .on(t.purpose)
      .where(sql`${t.state} = 'current'`),
  ],
);

/**
 * Failure throttles (docs/adr 0020): consecutive failures of one kind for a subject (username key,
 * member id, address) from a source (address, or '' for all sources). The count restarts after a
 * quiet period without failures; delays, captcha and locks are derived from it by throttle.rules.ts.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    kind: varchar('kind', { length: 20 }).notNull(),
    subject: varchar('subject', { length: 80 }).notNull(),
    source: varchar('source', { length: 64 }).notNull().default(''),
    failures: integer('failures').notNull(),
    firstFailureAt: ts('first_failure_at').notNull(),
    lastFailureAt: ts('last_failure_at').notNull(),
    /** When the owner was last told about these failures (once per episode, not per failure). */
    notifiedAt: ts('notified_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.subject, t.source] }),
    index('auth_throttles_last_idx').on(t.lastFailureAt),
  ],
);

/**
 * Bytes of images a member stored per Bangkok day (issue 23 #4, docs/adr/0069): deposit slips and
 * not-received proofs count together against the daily cap of site configuration `uploads`. The
 * row is reserved in the transaction that stores the image, so parallel uploads cannot overshoot.
 */
export const uploadQuota = pgTable(
  'upload_quota',
  {
    memberId: integer('member_id').notNull(),
    /** The Bangkok calendar day (YYYY-MM-DD). */
    dayKey: varchar('day_key', { length: 10 }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.dayKey] })],
);

/**
 * The transactional outbox (platform/outbox): side effects (mail, SMS, ...) recorded in the same
 * transaction as the change that causes them, delivered after commit by the job engine. The id is
 * also the delivery job's id; `dedupe_key` makes an enqueue idempotent. Sensitive payloads are
 * sealed ({ sealed: "v1...." }, server secret).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    kind: varchar('kind', { length: 60 }).notNull(),
    payload: jsonb('payload').notNull(),
    dedupeKey: varchar('dedupe_key', { length: 200 }).notNull().unique(),
    createdAt: ts('created_at').notNull(),
    processedAt: ts('processed_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.createdAt)
      .where(sql`processed_at is null`),
  ],
);
