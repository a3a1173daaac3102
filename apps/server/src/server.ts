import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, hasSeparateOpsListener } from './app';
import { openDatabase, type Database } from './db/client';
import { acquireDataLock } from './db/data-lock';
import { migrateAndSeed } from './db/migrate';
import { deploymentMode, readEnv } from './env';
import { checkStartup } from './startup-checks';
import { ensureOperatorCredential } from './modules/ops/ops.credentials';
import { DEMO_ACCOUNT_SOURCES, formatStartupBanner } from './startup';

/** Entry point: env -> database (migrate, seed when empty) -> app -> listen -> operator credential. */
async function main() {
  const env = readEnv();
  checkStartup(env);
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
  await app.services.identity.sealPlaintextOutboxes();
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
  let opsUrl = url;
  if (hasSeparateOpsListener(env)) {
    const opsHost = env.OPS_HOST ?? '127.0.0.1';
    await app.opsApp.listen({ port: env.OPS_PORT ?? 0, host: opsHost });
    const opsPort = (app.opsApp.server.address() as AddressInfo).port;
    opsUrl = `http://${opsHost.includes(':') ? `[${opsHost}]` : opsHost === '0.0.0.0' ? '127.0.0.1' : opsHost}:${opsPort}`;
  }
  const credential = await ensureOperatorCredential(app.services.ops.operators, {
    dataDir: env.DATA_DIR,
    url: opsUrl,
    mode: deploymentMode(env),
  });
  const accounts = (
    await Promise.all([...DEMO_ACCOUNT_SOURCES, () => app.services.identity.ops.demoAccountLines()].map((source) => source()))
  ).flat();
  process.stdout.write(
    formatStartupBanner({
      url,
      database: database.label,
      seeded,
      opsFile: credential.file,
      opsCreated: credential.state === 'created',
      opsUrl,
      ...(credential.advice ? { opsAdvice: credential.advice } : {}),
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
