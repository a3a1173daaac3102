import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseCidr } from './lib/ip';

/** The repository root (apps/server/src/env.ts -> ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalString = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/**
 * TRUST_PROXY: a comma list of proxy addresses / CIDR ranges / the names loopback, linklocal,
 * uniquelocal ("127.0.0.1,10.0.0.0/8"). "true" (trust every peer) is refused (security #7): it makes
 * X-Forwarded-For client-controlled and defeats every per-address limit. Hop counts are refused too:
 * they cannot tell a proxy from a client.
 */
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyEntry = (entry: string) => TRUST_PROXY_NAMES.includes(entry) || parseCidr(entry) !== null;
const ZTrustProxy = optionalString(2000)
  .refine(
    (v) => v === undefined || v.toLowerCase() !== 'true',
    'TRUST_PROXY=true would let any client choose its address through X-Forwarded-For; list the proxy addresses or ranges instead (e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8, or loopback/linklocal/uniquelocal)',
  )
  .refine(
    (v) => v === undefined || !/^\d+$/.test(v),
    'TRUST_PROXY takes a list of proxy addresses or ranges, not a hop count',
  )
  .refine(
    (v) =>
      v === undefined ||
      v === 'false' ||
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every(isProxyEntry),
    'TRUST_PROXY entries are IP addresses, CIDR ranges or the names loopback, linklocal, uniquelocal',
  )
  .transform((v): string[] | undefined => {
    if (v === undefined || v === 'false') return undefined;
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  });

/** LOTUS_MASTER_KEY: 32 random bytes in base64 (openssl rand -base64 32). */
const ZMasterKey = optionalString(200).pipe(
  z
    .string()
    .refine(
      (v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32,
      'must be 32 random bytes in base64 (create one with: openssl rand -base64 32)',
    )
    .optional(),
);

export const ZEnv = z.object({
  /**
   * production: unsafe conveniences are refused (see deploymentMode). `npm start` sets production;
   * the embedded demo (no DATABASE_URL) stays a demo even then.
   */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().max(255).default('0.0.0.0'),
  DATABASE_URL: optionalString(2000).pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: z
    .string()
    .max(1000)
    .default(path.join(REPO_ROOT, '.data'))
    .transform((v) => path.resolve(v)),
  TRUST_PROXY: ZTrustProxy,
  COUNTRY_HEADER: optionalString(100).transform((v) => v?.toLowerCase()),
  REDIS_URL: optionalString(2000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Seconds a SIGTERM'd instance keeps serving while its readiness check answers 503, so the proxy stops
   * sending it new requests before it closes (issue 26, docs/deploy.md). 0 (the default) closes at once:
   * the embedded demo has no proxy; set it to at least the proxy's health-check interval behind one.
   */
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  WEB_DIST: z
    .string()
    .max(1000)
    .default(path.join(REPO_ROOT, 'apps/web/dist'))
    .transform((v) => path.resolve(v)),
  /** The operator console's build (apps/backoffice), served under /backoffice/ with the operator API. */
  BACKOFFICE_DIST: z
    .string()
    .max(1000)
    .default(path.join(REPO_ROOT, 'apps/backoffice/dist'))
    .transform((v) => path.resolve(v)),
  // ---------- accounts and access (docs/adapters.md, docs/sessions.md) ----------
  /**
   * The canonical public origin: base of links in mails (password reset), e.g.
   * https://www.lotus.example. Required in production server mode (docs/adr/0024).
   */
  PUBLIC_URL: optionalString(500).pipe(z.string().regex(/^https?:\/\//, 'PUBLIC_URL must start with http:// or https://').optional()),
  // ---------- the house vendor (apps/games, mounted at /house; docs/adr/0048) ----------
  /**
   * The house vendor's code and secret in the vendor registry. Production deployments set both (added
   * with `npm run ops -- vendor add`); the embedded demo (or ALLOW_SANDBOX_PSP=1) registers
   * HOUSE itself and hands the secret over in process. Unset elsewhere: /house serves the verifier only.
   */
  HOUSE_VENDOR_CODE: optionalString(16).pipe(z.string().regex(/^[A-Z0-9]{2,16}$/, 'HOUSE_VENDOR_CODE: 2-16 upper-case letters or digits').optional()),
  // Like every vendor secret in the registry (issue 23 #6): a short shared secret can be guessed offline from one signed call.
  HOUSE_VENDOR_SECRET: optionalString(200).pipe(
    z.string().min(32, 'HOUSE_VENDOR_SECRET: at least 32 characters (like every vendor secret; create one with: openssl rand -hex 32)').optional(),
  ),
  /**
   * The house lottery's own vendor code and secret in the registry (ADR 0094; code default LOTT): its tickets
   * are bets signed with it. Unset in a deployment: the lottery draws but sells no ticket.
   */
  HOUSE_LOTTERY_VENDOR_CODE: optionalString(16).pipe(z.string().regex(/^[A-Z0-9]{2,16}$/, 'HOUSE_LOTTERY_VENDOR_CODE: 2-16 upper-case letters or digits').optional()),
  HOUSE_LOTTERY_VENDOR_SECRET: optionalString(200).pipe(
    z.string().min(32, 'HOUSE_LOTTERY_VENDOR_SECRET: at least 32 characters (create one with: openssl rand -hex 32)').optional(),
  ),
  /** The house app's own PostgreSQL database; unset: DATABASE_URL (its house_* tables) or the PGlite folder DATA_DIR/house. */
  HOUSE_DATABASE_URL: optionalString(2000).pipe(
    z.string().regex(/^postgres(ql)?:\/\//, 'HOUSE_DATABASE_URL must start with postgres:// or postgresql://').optional(),
  ),
  /**
   * The drand HTTP relay electronic lottery draws fetch their quicknet rounds from (ADR 0092): any relay
   * will do, every answer is verified against quicknet's public key. The embedded demo uses its sandbox beacon.
   */
  HOUSE_BEACON_URL: optionalString(2000).pipe(z.string().regex(/^https?:\/\//, 'HOUSE_BEACON_URL must start with http:// or https://').optional()),
  /** SMTP server for mail (smtp://user:pass@host:587 or smtps://...). Unset: the sandbox outbox. */
  SMTP_URL: optionalString(2000).pipe(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional()),
  SMTP_FROM: optionalString(200),
  /** SMS gateway (POST JSON {to, text}, Bearer SMS_GATEWAY_KEY). Unset: the outbox provider. */
  SMS_GATEWAY_URL: optionalString(2000).pipe(z.string().regex(/^https?:\/\//, 'SMS_GATEWAY_URL must start with http:// or https://').optional()),
  SMS_GATEWAY_KEY: optionalString(500),
  /** SMS pumping defences (docs/adr/0022): sends allowed in any 24 hours, all numbers together. */
  SMS_DAILY_BUDGET: z.coerce.number().int().min(0).max(10_000_000).optional(),
  /** Sends allowed per country calling code in any hour. */
  SMS_PREFIX_HOURLY_LIMIT: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** Per calling code overrides of SMS_PREFIX_HOURLY_LIMIT: "66=500,855=20". */
  SMS_PREFIX_HOURLY_LIMITS: optionalString(2000)
    .refine(
      (v) => v === undefined || /^\s*\d{1,4}\s*=\s*\d{1,7}\s*(,\s*\d{1,4}\s*=\s*\d{1,7}\s*)*$/.test(v),
      'SMS_PREFIX_HOURLY_LIMITS takes "<calling code>=<sends per hour>" pairs separated by commas, e.g. "66=500,855=20"',
    )
    .transform((v) =>
      v === undefined
        ? undefined
        : Object.fromEntries(
            v.split(',').map((pair) => {
              const [code, max] = pair.split('=').map((x) => x.trim());
              return [code!.replace(/^\+/, ''), Number(max)];
            }),
          ),
    ),
  /** Phone-auth ID tokens: public keys inline (a JWKS document) or at a URL, with issuer and audience. */
  PHONE_AUTH_JWKS: optionalString(20000),
  PHONE_AUTH_JWKS_URL: optionalString(2000),
  PHONE_AUTH_ISSUER: optionalString(500),
  PHONE_AUTH_AUDIENCE: optionalString(500),
  /** Registrations allowed per address (an IPv6 /64) in an hour; 20 when unset. */
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).optional(),
  /** Days after which a password counts as expired (0 = never). */
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(0).max(3650).optional(),
  /** Session idle timeout in minutes and absolute lifetime in days. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(60 * 24 * 30).optional(),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).optional(),
  /**
   * How often each instance looks for a scheduled job's period that has begun, in seconds (30 when unset): the delay
   * between a period's start (a settlement minute, the outbox sweep) and its job being sent.
   */
  JOB_SCHEDULE_CHECK_SECONDS: z.coerce.number().int().min(1).max(300).optional(),
  // ---------- operators (docs/adr/0019) ----------
  /**
   * A separate listener for the operator API: when OPS_PORT is set, /ops/* is served only there
   * (on OPS_HOST, default 127.0.0.1) and answers 404 on the public port.
   */
  OPS_HOST: optionalString(255),
  OPS_PORT: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  /**
   * The bearer token of the Prometheus scraper (GET /metrics on the operator listener; docs/metrics.md): at least
   * 32 characters. Unset: /metrics answers 404 (no metrics are served).
   */
  METRICS_TOKEN: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').max(256).optional(),
  ),
  /** 1: allow the sandbox mail outbox and the SMS outbox in production (refused otherwise). Mail and SMS only. */
  ALLOW_SANDBOX_TRANSPORTS: z
    .enum(['0', '1', ''])
    .optional()
    .transform((v) => v === '1'),
  /**
   * 1: register the sandbox money counterparts on a server (docs/adr/0068): the sandbox PSP and its public
   * Pay page, the sandbox transfer vendor SBX and the self-registered demo house vendor. Always on in the
   * embedded demo; never implied by ALLOW_SANDBOX_TRANSPORTS (issue 23 #6).
   */
  ALLOW_SANDBOX_PSP: z
    .enum(['0', '1', ''])
    .optional()
    .transform((v) => v === '1'),
  // ---------- transfer-mode vendor wallets (docs/adr/0029) ----------
  /** Time limit of a deposit, withdrawal or status call to a transfer-mode vendor, in ms (default 5000). */
  TRANSFER_VENDOR_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).optional(),
  /** Seconds between a vendor call without a usable answer and the first status check (default 10). */
  TRANSFER_RESOLVE_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  // ---------- deployment (docs/adr/0023, 0024) ----------
  /** 1: seed the demo accounts even on PostgreSQL (the embedded demo always has them). */
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /** Key-encryption key of the server keys (base64, 32 bytes). Required in production server mode. */
  LOTUS_MASTER_KEY: ZMasterKey,
  /** The master key before a rotation: rows still wrapped under it are re-wrapped (keys rewrap). */
  LOTUS_MASTER_KEY_PREVIOUS: ZMasterKey,
});
export type Env = z.infer<typeof ZEnv>;

/** Reads and validates the environment; throws a readable error listing every bad variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = ZEnv.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * Where this process runs:
 * - `embedded-demo`: no DATABASE_URL, the embedded PGlite data folder (`npm start` on a laptop).
 *   Demo data, sandbox transports and a localhost public origin are allowed here.
 * - `server`: PostgreSQL (DATABASE_URL). In production (`NODE_ENV=production`) nothing of the demo
 *   is implied: demo data only with SEED_DEMO=1, a configured public origin, real transports.
 */
export type DeploymentMode = 'embedded-demo' | 'server';
export const deploymentMode = (env: Pick<Env, 'DATABASE_URL'>): DeploymentMode =>
  env.DATABASE_URL ? 'server' : 'embedded-demo';
/** Demo accounts are seeded in the embedded demo, or on PostgreSQL only with SEED_DEMO=1. */
export const seedsDemoData = (env: Pick<Env, 'DATABASE_URL' | 'SEED_DEMO'>): boolean =>
  deploymentMode(env) === 'embedded-demo' || env.SEED_DEMO;
/** A production deployment: PostgreSQL and NODE_ENV=production. */
export const isProductionServer = (env: Pick<Env, 'DATABASE_URL' | 'NODE_ENV'>): boolean =>
  deploymentMode(env) === 'server' && env.NODE_ENV === 'production';
/**
 * The sandbox money counterparts (the sandbox PSP, docs/adr/0027; the sandbox transfer vendor SBX; the
 * self-registered demo house vendor) are registered in the embedded demo, or elsewhere only with
 * ALLOW_SANDBOX_PSP=1 (docs/adr/0068): a public Pay button credits balances, so a flag that allows
 * the mail and SMS outboxes must not bring it along.
 */
export const sandboxPspAllowed = (env: Pick<Env, 'DATABASE_URL' | 'ALLOW_SANDBOX_PSP'>): boolean =>
  deploymentMode(env) === 'embedded-demo' || env.ALLOW_SANDBOX_PSP;
