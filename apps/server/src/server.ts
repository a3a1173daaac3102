import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, hasSeparateOpsListener } from './app';
import { openDatabase, type Database } from './db/client';
import { acquireDataLock } from './db/data-lock';
import { migrateAndSeed } from './db/migrate';
import { deploymentMode, readEnv, seedsDemoData } from './env';
import { ensurePrivateDir } from './lib/data-dir';
import { ensureOperatorCredential } from './modules/ops/ops.credentials';
import { DEMO_ACCOUNT_SOURCES, formatStartupBanner } from './startup';
import { checkStartup } from './startup-checks';
import { mountHouse } from './house';

/** Entry point: env -> database (migrate, seed when empty) -> app -> listen -> operator credential. */
async function main() {
  const env = readEnv();
  checkStartup(env);
  ensurePrivateDir(env.DATA_DIR);
  const demo = seedsDemoData(env);
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
  const { seeded } = await migrateAndSeed(database, { seedDemo: demo });
  const app = await buildApp({ db: database, env, jobs: { workers: true } });
  // The house vendor at /house (one-process mode, docs/adr/0048): its own database, the vendor protocol in process.
  // The demo's lottery shows real published past draws as its history, like its demo accounts (ADR 0024).
  await mountHouse(app, env, { lotteryDemoHistory: demo });
  // Security #20: key material stored in clear by an earlier version, or under the previous master
  // key, is wrapped under the current one (idempotent).
  const rewrapped = await app.services.platform.keys.rewrapAll();
  if (rewrapped.wrapped + rewrapped.rewrapped > 0) app.log.info(rewrapped, 'server keys wrapped under the master key');
  // Security #21: sandbox outbox rows written in clear by an earlier version are sealed (idempotent).
  await app.services.sealPlaintextOutboxes();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      process.exit(1); // second signal: stop now
    }
    closing = true;
    // Draining first (issue 26): the readiness check answers 503 and requests keep being served until the
    // proxy has seen it; then close waits for the requests in flight and closes idle keep-alive connections.
    app.lifecycle.draining = true;
    app.log.info({ signal, drainSeconds: env.DRAIN_SECONDS }, 'shutting down');
    if (env.DRAIN_SECONDS > 0) await new Promise((resolve) => setTimeout(resolve, env.DRAIN_SECONDS * 1000));
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
  // Demo logins are printed only where demo data belongs (embedded demo or SEED_DEMO=1).
  const accounts = demo
    ? (
        await Promise.all(
          [...DEMO_ACCOUNT_SOURCES, () => app.services.identity.ops.demoAccountLines()].map((source) => source()),
        )
      ).flat()
    : [];
  process.stdout.write(
    formatStartupBanner({
      url,
      database: database.label,
      seeded,
      demo: demo ? (env.DATABASE_URL ? 'SEED_DEMO=1' : 'embedded demo') : null,
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
