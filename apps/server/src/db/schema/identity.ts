import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Accounts and access (issue 3): members, recovery codes, sessions, the auth event trail. */

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
    /** An operator required a new password (console, docs/adr/0046): the next login is a restricted session until the change. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
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
    trialCredit: bigint('trial_credit', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
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
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_member_idx').on(t.memberId, t.createdAt),
  ],
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
  (t) => [
    index('auth_events_member_idx').on(t.memberId, t.createdAt),
    index('auth_events_created_idx').on(t.createdAt),
  ],
);
