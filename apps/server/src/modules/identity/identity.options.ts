import { DEFAULT_SESSION_POLICY, type SessionPolicy } from './sessions/session.service';
import { deploymentMode } from '../../env';
import type { PhoneAuthConfig } from './login/phone-auth';
import type { SmsBudget } from '../verification/sms.service';

/** Tunables of accounts and access, read from the environment once (env.ts) and passed in. */
export type IdentityOptions = {
  session: SessionPolicy;
  /** Password logins per username per minute (429 rate_limited above it). */
  loginPerAccountPerMinute: number;
  /**
   * Registrations per address per hour (429 rate_limited above it). A site whose players come through
   * one carrier-grade NAT or one office may need more; REGISTRATIONS_PER_HOUR.
   */
  registrationsPerAddressPerHour: number;
  /** A password older than this is expired (passwordExpired; forced change with PWDEXPFORCECHANGE3). 0 = never. */
  passwordMaxAgeDays: number;
  /** Demo credit of a new trial account, minor units (2,000.00). */
  trialCreditMinor: bigint;
  /** Lifetime of a password-reset link. */
  resetLinkTtlMs: number;
  /** Lifetime of a two-factor login ticket. */
  twoFactorTicketTtlMs: number;
  /**
   * Base of links in mails (reset link), PUBLIC_URL; null = the site configuration's first allowed
   * host (https), else `demoOrigin`. The request's Host is never used (security #1).
   */
  publicUrl: string | null;
  /** The embedded demo's own origin (http://localhost:<PORT>); null in server mode. */
  demoOrigin: string | null;
  phoneAuth: PhoneAuthConfig;
  smtp: { url?: string | undefined; from: string };
  sms: { gatewayUrl?: string | undefined; gatewayKey?: string | undefined };
  /** SMS pumping defences (docs/adr/0022-sms-pumping-defences.md). */
  smsBudget: SmsBudget;
};

/** SMS budgets: defined by verification (sms.service.ts), tuned here from env. */
export type { SmsBudget };

export const DEFAULT_SMS_BUDGET: SmsBudget = { dailyMax: 2000, perDialHourlyMax: 200, perDial: {} };

export const DEFAULT_IDENTITY_OPTIONS: IdentityOptions = {
  session: DEFAULT_SESSION_POLICY,
  loginPerAccountPerMinute: 10,
  registrationsPerAddressPerHour: 20,
  passwordMaxAgeDays: 90,
  trialCreditMinor: 200_000n,
  resetLinkTtlMs: 30 * 60_000,
  twoFactorTicketTtlMs: 5 * 60_000,
  publicUrl: null,
  demoOrigin: null,
  phoneAuth: {},
  smtp: { from: 'Lotus <no-reply@lotus.example>' },
  sms: {},
  smsBudget: DEFAULT_SMS_BUDGET,
};

/** Options from the environment variables documented in README.md and docs/adapters.md. */
export function identityOptionsFromEnv(env: {
  DATABASE_URL?: string | undefined;
  PORT?: number | undefined;
  PUBLIC_URL?: string | undefined;
  SMTP_URL?: string | undefined;
  SMTP_FROM?: string | undefined;
  SMS_GATEWAY_URL?: string | undefined;
  SMS_GATEWAY_KEY?: string | undefined;
  PHONE_AUTH_JWKS?: string | undefined;
  PHONE_AUTH_JWKS_URL?: string | undefined;
  PHONE_AUTH_ISSUER?: string | undefined;
  PHONE_AUTH_AUDIENCE?: string | undefined;
  PASSWORD_MAX_AGE_DAYS?: number | undefined;
  REGISTRATIONS_PER_HOUR?: number | undefined;
  SESSION_IDLE_MINUTES?: number | undefined;
  SESSION_MAX_DAYS?: number | undefined;
  SMS_DAILY_BUDGET?: number | undefined;
  SMS_PREFIX_HOURLY_LIMIT?: number | undefined;
  SMS_PREFIX_HOURLY_LIMITS?: Record<string, number> | undefined;
}): IdentityOptions {
  const d = DEFAULT_IDENTITY_OPTIONS;
  return {
    ...d,
    session: {
      ...d.session,
      idleMs: env.SESSION_IDLE_MINUTES !== undefined ? env.SESSION_IDLE_MINUTES * 60_000 : d.session.idleMs,
      absoluteMs:
        env.SESSION_MAX_DAYS !== undefined ? env.SESSION_MAX_DAYS * 86_400_000 : d.session.absoluteMs,
    },
    passwordMaxAgeDays: env.PASSWORD_MAX_AGE_DAYS ?? d.passwordMaxAgeDays,
    registrationsPerAddressPerHour: env.REGISTRATIONS_PER_HOUR ?? d.registrationsPerAddressPerHour,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    demoOrigin: deploymentMode(env) === 'embedded-demo' ? `http://localhost:${env.PORT ?? 8080}` : null,
    phoneAuth: {
      jwks: env.PHONE_AUTH_JWKS,
      jwksUrl: env.PHONE_AUTH_JWKS_URL,
      issuer: env.PHONE_AUTH_ISSUER,
      audience: env.PHONE_AUTH_AUDIENCE,
    },
    smtp: { url: env.SMTP_URL, from: env.SMTP_FROM ?? d.smtp.from },
    sms: { gatewayUrl: env.SMS_GATEWAY_URL, gatewayKey: env.SMS_GATEWAY_KEY },
    smsBudget: {
      dailyMax: env.SMS_DAILY_BUDGET ?? d.smsBudget.dailyMax,
      perDialHourlyMax: env.SMS_PREFIX_HOURLY_LIMIT ?? d.smsBudget.perDialHourlyMax,
      perDial: env.SMS_PREFIX_HOURLY_LIMITS ?? d.smsBudget.perDial,
    },
  };
}
