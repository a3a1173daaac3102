import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * The one Drizzle schema, used with PGlite (embedded) and node-postgres alike. Migrations are
 * generated from it into apps/server/drizzle (`npm run db:generate`) and applied at start.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** Site configuration documents, one row per key of SITE_CONFIG_SCHEMAS (contracts/site-config). */
export const siteConfig = pgTable('site_config', {
  key: varchar('key', { length: 40 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const banners = pgTable(
  'banners',
  {
    id: id(),
    groupName: varchar('group_name', { length: 40 }).notNull(),
    imageUrl: varchar('image_url', { length: 1000 }).notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    linkageType: varchar('linkage_type', { length: 20 }),
    linkage: varchar('linkage', { length: 1000 }),
    /** null = shown in every language that has no banner of its own in the group. */
    language: varchar('language', { length: 10 }),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('banners_group_idx').on(t.groupName, t.language, t.sort)],
);

export const notices = pgTable(
  'notices',
  {
    id: id(),
    type: varchar('type', { length: 2 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    language: varchar('language', { length: 10 }),
    sort: integer('sort').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notices_type_idx').on(t.type, t.language)],
);

export const csChannels = pgTable('cs_channels', {
  id: id(),
  csType: varchar('cs_type', { length: 20 }).notNull(),
  csPosition: varchar('cs_position', { length: 10 }).notNull().default('BOTH'),
  title: varchar('title', { length: 120 }).notNull(),
  /** The plain link; browsers only ever receive it encrypted (contracts/cs-crypto). */
  url: varchar('url', { length: 2000 }).notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

export const helpArticles = pgTable(
  'help_articles',
  {
    id: id(),
    categoryKey: varchar('category_key', { length: 80 }).notNull(),
    categoryTitle: varchar('category_title', { length: 200 }).notNull(),
    slug: varchar('slug', { length: 80 }).notNull(),
    language: varchar('language', { length: 10 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('help_articles_language_slug_uq').on(t.language, t.slug)],
);

export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    gameType: varchar('game_type', { length: 20 }).notNull(),
    vassalage: varchar('vassalage', { length: 40 }).notNull(),
    displayName: varchar('display_name', { length: 80 }).notNull(),
    accountTypeId: integer('account_type_id').notNull(),
    isHot: smallint('is_hot').notNull().default(0),
    logoUrl: varchar('logo_url', { length: 1000 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('vendors_type_vassalage_uq').on(t.gameType, t.vassalage)],
);

export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    type: varchar('type', { length: 20 }).notNull(),
    content: varchar('content', { length: 200 }).notNull(),
    /** The member who wrote it (null for visitors until the accounts module links it). */
    memberId: integer('member_id'),
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Operators (issue 6, finding 9; docs/adr/0019): named identities, roles, API tokens, audit log.
// ---------------------------------------------------------------------------------------------

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
  (t) => [uniqueIndex('ops_api_tokens_hash_uq').on(t.tokenHash), index('ops_api_tokens_operator_idx').on(t.operatorId)],
);

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
});

// ---------------------------------------------------------------------------------------------
// Accounts and access (issue 3): members, sessions, verification, outboxes, server keys.
// ---------------------------------------------------------------------------------------------

const ts = (name: string) => timestamp(name, { withTimezone: true });

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
  (t) => [uniqueIndex('server_keys_current_uq').on(t.purpose).where(sql`${t.state} = 'current'`)],
);

/**
 * Members (3.MEM, 3.REG). type 1 real / 4 trial; isAgent 0 member, 1/2/41/42 agent levels, 4 trial
 * (docs/adr, isAgent meanings). Unique: username case-insensitively, mobile as E.164. The email is a
 * contact address, not an identifier: several accounts may give the same one, so registration never
 * tells whether an address is taken (docs/adr/0017, issue 6 finding 22).
 */
export const members = pgTable(
  'members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
    username: varchar('username', { length: 40 }).notNull(),
    countryDialingCode: varchar('country_dialing_code', { length: 4 }),
    /** National number without a leading zero. */
    mobileNum: varchar('mobile_num', { length: 15 }),
    /** Dialling code + national number, digits only: the unique key of a phone. */
    mobileE164: varchar('mobile_e164', { length: 20 }),
    email: varchar('email', { length: 120 }),
    payeeName: varchar('payee_name', { length: 120 }),
    qqNum: varchar('qq_num', { length: 40 }),
    line: varchar('line', { length: 60 }),
    whatsapp: varchar('whatsapp', { length: 60 }),
    facebook: varchar('facebook', { length: 120 }),
    wechat: varchar('wechat', { length: 60 }),
    idNumber: varchar('id_number', { length: 40 }),
    birthday: date('birthday', { mode: 'string' }),
    passwordHash: varchar('password_hash', { length: 200 }).notNull(),
    passwordChangedAt: ts('password_changed_at').notNull(),
    /** The server chose the password (mobile registration without one): a change needs no old password. */
    passwordGenerated: boolean('password_generated').notNull().default(false),
    paymentPasswordHash: varchar('payment_password_hash', { length: 200 }),
    type: smallint('type').notNull().default(1),
    isAgent: smallint('is_agent').notNull().default(0),
    uplineId: integer('upline_id').references((): AnyPgColumn => members.id),
    recommenderId: integer('recommender_id').references((): AnyPgColumn => members.id),
    referralCode: varchar('referral_code', { length: 20 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('THB'),
    /** active: may log in; disabled: a non-member account (member_no_enter). */
    status: varchar('status', { length: 20 }).notNull().default('active'),
    /** self (registered), operator, agent (created for someone: first login forces a change), trial. */
    createdBy: varchar('created_by', { length: 20 }).notNull().default('self'),
    language: varchar('language', { length: 10 }),
    /** Demo credit of a trial account, minor units (the wallet issue owns real balances). */
    trialCredit: bigint('trial_credit', { mode: 'bigint' }).notNull().default(sql`0`),
    registerIp: varchar('register_ip', { length: 64 }),
    registerDomain: varchar('register_domain', { length: 253 }),
    registerUrl: varchar('register_url', { length: 1000 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastLoginAt: ts('last_login_at'),
    lastLoginIp: varchar('last_login_ip', { length: 64 }),
    /** TOTP secret encrypted with the server secret (AES-256-GCM), set at enrolment start. */
    totpSecretEnc: varchar('totp_secret_enc', { length: 300 }),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Last accepted TOTP time step: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('members_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('members_mobile_uq').on(t.mobileE164),
    index('members_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('members_referral_code_uq').on(sql`upper(${t.referralCode})`),
    index('members_upline_idx').on(t.uplineId),
  ],
);

/** TOTP recovery codes: SHA-256 of each code; used_at set when spent. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('totp_recovery_codes_uq').on(t.memberId, t.codeHash)],
);

/**
 * Member sessions (docs/sessions.md): the token itself is never stored, only its SHA-256.
 * `id` is the public handle used to list and revoke.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    /** Absolute end of the session. */
    expiresAt: ts('expires_at').notNull(),
    /** Idle timeout in seconds (from lastSeenAt). */
    idleSeconds: integer('idle_seconds').notNull(),
    revokedAt: ts('revoked_at'),
    revokeReason: varchar('revoke_reason', { length: 40 }),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
    /**
     * A restricted session (docs/adr 0020): issued with forceChangePassword, it may only change the
     * password or log out until the change lifts the restriction.
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_member_idx').on(t.memberId, t.createdAt)],
);

/** Audit trail of authentication events (login ok/fail, logout, password change/reset, lockout, 2fa). */
export const authEvents = pgTable(
  'auth_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id'),
    /** The username as typed (attempts on unknown names are audited too). */
    username: varchar('username', { length: 60 }),
    event: varchar('event', { length: 40 }).notNull(),
    outcome: varchar('outcome', { length: 60 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('auth_events_member_idx').on(t.memberId, t.createdAt), index('auth_events_created_idx').on(t.createdAt)],
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
  (t) => [primaryKey({ columns: [t.kind, t.subject, t.source] }), index('auth_throttles_last_idx').on(t.lastFailureAt)],
);

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
  (t) => [index('one_time_tickets_expires_idx').on(t.expiresAt), index('one_time_tickets_member_idx').on(t.memberId)],
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
  (t) => [uniqueIndex('sms_alarms_scope_window_uq').on(t.scope, t.windowStart), index('sms_alarms_raised_idx').on(t.raisedAt)],
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

/** Mails of the sandbox transport (no SMTP_URL): what would have been sent. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: varchar('to', { length: 200 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.id)],
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
  (t) => [index('outbox_pending_idx').on(t.createdAt).where(sql`processed_at is null`)],
);
