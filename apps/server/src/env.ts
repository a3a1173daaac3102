import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root (apps/server/src/env.ts -> ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalString = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/**
 * TRUST_PROXY: "true" (trust every peer) or a comma list of addresses / CIDR ranges / the names
 * loopback, linklocal, uniquelocal ("127.0.0.1,10.0.0.0/8"). Hop counts are refused: they cannot
 * tell a proxy from a client (Fastify itself treats them as "trust nothing").
 */
const ZTrustProxy = optionalString(2000)
  .refine(
    (v) => v === undefined || !/^\d+$/.test(v),
    'TRUST_PROXY takes "true" or a list of addresses, not a hop count',
  )
  .transform((v): true | string[] | undefined => {
    if (v === undefined || v === 'false') return undefined;
    if (v === 'true') return true;
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  });

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
  WEB_DIST: z
    .string()
    .max(1000)
    .default(path.join(REPO_ROOT, 'apps/web/dist'))
    .transform((v) => path.resolve(v)),
  // ---------- accounts and access (docs/adapters.md, docs/sessions.md) ----------
  /** Base of links in mails (password reset), e.g. https://www.lotus.example. */
  PUBLIC_URL: optionalString(500).pipe(z.string().regex(/^https?:\/\//, 'PUBLIC_URL must start with http:// or https://').optional()),
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
  /** Days after which a password counts as expired (0 = never). */
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(0).max(3650).optional(),
  /** Session idle timeout in minutes and absolute lifetime in days. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(60 * 24 * 30).optional(),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).optional(),
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
  /** 1: allow the sandbox mail outbox and the SMS outbox in production (refused otherwise). */
  ALLOW_SANDBOX_TRANSPORTS: z
    .enum(['0', '1', ''])
    .optional()
    .transform((v) => v === '1'),
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
/** A production deployment: PostgreSQL and NODE_ENV=production. */
export const isProductionServer = (env: Pick<Env, 'DATABASE_URL' | 'NODE_ENV'>): boolean =>
  deploymentMode(env) === 'server' && env.NODE_ENV === 'production';
