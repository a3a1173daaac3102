import path from 'node:path';
import Fastify from 'fastify';
import { z } from 'zod';
import { buildHouseApp } from './app';
import { createHouse, fetchTransport } from './house';
import { ensurePrivateDir } from './private-files';
import { resolveSeedKey } from './seed-vault';
import { httpBeaconSource, QUICKNET } from './lottery/beacon';

/**
 * Runs the house vendor alone: `npm start -w @lotus/games` (PORT, default 4100; HOST, default
 * 127.0.0.1). With HOUSE_VENDOR_CODE, HOUSE_VENDOR_SECRET and HOUSE_PLATFORM_URL it plays for real
 * through the platform's vendor protocol, its rounds in HOUSE_DATABASE_URL (PostgreSQL) or a PGlite
 * folder HOUSE_DATA_DIR (default .data/house, 0700), its server seeds derived under HOUSE_SEED_KEY or
 * HOUSE_DATA_DIR/seed.key (ADR 0068); without them it serves the verifier only.
 */
const env = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(4100),
    HOST: z.string().min(1).max(255).default('127.0.0.1'),
    HOUSE_VENDOR_CODE: z
      .string()
      .regex(/^[A-Z0-9]{2,16}$/)
      .optional(),
    HOUSE_VENDOR_SECRET: z.string().min(32, 'HOUSE_VENDOR_SECRET: at least 32 characters').max(200).optional(),
    HOUSE_PLATFORM_URL: z.url({ protocol: /^https?$/ }).optional(),
    HOUSE_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//)
      .optional(),
    /** The house seed key (base64, 32 bytes; ADR 0068); unset: `<HOUSE_DATA_DIR>/seed.key`, created 0600. */
    HOUSE_SEED_KEY: z.string().min(1).max(200).optional(),
    HOUSE_DATA_DIR: z
      .string()
      .min(1)
      .default(path.join(process.cwd(), '.data', 'house')),
    /** This process's public origin (published thumbnails are absolute URLs under it). */
    HOUSE_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** The lottery's own vendor identity (ADR 0094): code (default LOTT) and secret; unset: no ticket is sold. */
    HOUSE_LOTTERY_VENDOR_CODE: z
      .string()
      .regex(/^[A-Z0-9]{2,16}$/)
      .default('LOTT'),
    HOUSE_LOTTERY_VENDOR_SECRET: z.string().min(32, 'HOUSE_LOTTERY_VENDOR_SECRET: at least 32 characters').max(200).optional(),
    /** The drand HTTP relay electronic lottery draws fetch quicknet rounds from (every answer verified; ADR 0092). */
    HOUSE_BEACON_URL: z.url({ protocol: /^https?$/ }).default('https://api.drand.sh'),
  })
  .parse(process.env);

const logger = { level: 'info' };
let app;
let close = async () => {};
if (env.HOUSE_VENDOR_CODE && env.HOUSE_VENDOR_SECRET && env.HOUSE_PLATFORM_URL) {
  const secret = env.HOUSE_VENDOR_SECRET;
  // The data folder is 0700 (its seed key and PGlite files 0600); the seed key is never in the database.
  ensurePrivateDir(env.HOUSE_DATA_DIR);
  const seedKey = resolveSeedKey({ fromEnv: env.HOUSE_SEED_KEY, dataDir: env.HOUSE_DATA_DIR });
  app = Fastify({ logger });
  const house = await createHouse({
    vendorCode: env.HOUSE_VENDOR_CODE,
    secret: () => secret,
    transport: fetchTransport(env.HOUSE_PLATFORM_URL),
    seedKeys: { current: seedKey },
    database: env.HOUSE_DATABASE_URL
      ? { url: env.HOUSE_DATABASE_URL }
      : { dataDir: path.join(env.HOUSE_DATA_DIR, 'pglite') },
    lotteryBeacon: httpBeaconSource(QUICKNET, env.HOUSE_BEACON_URL),
    ...(env.HOUSE_LOTTERY_VENDOR_SECRET
      ? { lottery: { vendorCode: env.HOUSE_LOTTERY_VENDOR_CODE, secret: ((s: string) => () => s)(env.HOUSE_LOTTERY_VENDOR_SECRET) } }
      : {}),
    secureCookie: (env.HOUSE_PUBLIC_URL ?? env.HOUSE_PLATFORM_URL).startsWith('https:'),
    ...(env.HOUSE_PUBLIC_URL ? { publicUrl: env.HOUSE_PUBLIC_URL } : {}),
    log: app.log,
  });
  await house.register(app);
  house.start();
  close = () => house.close();
} else {
  app = await buildHouseApp({ logger });
  app.log.warn(
    'HOUSE_VENDOR_CODE, HOUSE_VENDOR_SECRET or HOUSE_PLATFORM_URL missing: serving the verifier only',
  );
}
await app.listen({ port: env.PORT, host: env.HOST });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void app
      .close()
      .then(close)
      .then(() => process.exit(0));
  });
