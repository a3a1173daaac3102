import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/client';
import { acquireDataLock } from './db/data-lock';
import { migrateAndSeed } from './db/migrate';
import { readEnv } from './env';
import { ensureOperatorCredential } from './modules/ops/ops.credentials';
import { DEMO_ACCOUNT_SOURCES, formatStartupBanner } from './startup';

/** Entry point: env -> database (migrate, seed when empty) -> app -> listen -> operator credential. */
async function main() {
  const env = readEnv();
  let releaseLock = () => {};
  if (!env.DATABASE_URL) releaseLock = acquireDataLock(env.DATA_DIR, 'the Lotus server');

  let database: Database;
  try {
    database = env.DATABASE_URL
      ? await openDatabase({ url: env.DATABASE_URL })
      : await openDatabase({ dataDir: path.join(env.DATA_DIR, 'pglite') });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const { seeded } = await migrateAndSeed(database);
  const app = await buildApp({ db: database, env, jobs: { workers: true } });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      process.exit(1); // second signal: stop now
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      releaseLock();
      clearTimeout(force);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const port = (app.server.address() as AddressInfo).port;
  const host =
    env.HOST === '0.0.0.0' || env.HOST === '::'
      ? 'localhost'
      : env.HOST.includes(':')
        ? `[${env.HOST}]`
        : env.HOST;
  const url = `http://${host}:${port}`;
  const credential = await ensureOperatorCredential(app.services.ops, env.DATA_DIR, url);
  const accounts = (
    await Promise.all([...DEMO_ACCOUNT_SOURCES, () => app.services.identity.ops.demoAccountLines()].map((source) => source()))
  ).flat();
  process.stdout.write(
    formatStartupBanner({
      url,
      database: database.label,
      seeded,
      opsFile: credential.file,
      opsCreated: credential.created,
      accounts,
    }) + '\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `\nLotus server failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  if (error instanceof Error && error.stack && process.env.LOG_LEVEL === 'debug')
    process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
