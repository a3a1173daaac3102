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
