import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { formatMinor } from '@lotus/contracts/money';
import type { TLedgerVerification } from '@lotus/contracts/wallet';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { BackupError, readManifest, restoreBackup } from '../src/db/backup';
import { openDatabase, type Database } from '../src/db/client';
import { acquireDataLock } from '../src/db/data-lock';
import { migrateAndSeed } from '../src/db/migrate';
import { mountHouse, provisionHouseVendor } from '../src/house';
import { ROOT } from './cli-helper';
import { bankDeposit, createChannel } from './deposit-helpers';
import { createMember, type Member } from './factories';
import {
  body,
  createClock,
  createTestDatabase,
  tempDir,
  TEST_DATABASE_URL,
  testEnv,
  usePostgres,
  useTestApp,
  type TestClient,
  type TestDatabase,
} from './helper';
import { fundMember } from './vendor-client';
import { cashierMember, play, receipt, requestWithdrawal, type CashierMember } from './withdrawal-helpers';

/**
 * Issue 26 "Backups" (docs/backup.md, docs/adr/0088): real activity through the app, a backup with
 * `npm run db:backup`, a restore with `npm run db:restore` into a fresh database, and a new app on it that
 * passes ledger verify and audit verify with the source's figures; the house's database comes along.
 * PGlite (default): the embedded demo's layout (DATA_DIR/pglite, DATA_DIR/house, DATA_DIR/master.key), backed
 * up only once the server has stopped. TEST_DB=postgres: production's (DATABASE_URL with the house's tables in
 * it, LOTUS_MASTER_KEY), pg_dump -Fc taken while the server keeps taking bets, pg_restore into a new database.
 */

const root = tempDir('lotus-backup-');
const sourceDir = path.join(root, 'source');
/** Production passes the master key in the environment; the embedded demo keeps it in DATA_DIR/master.key. */
const MASTER_KEY = randomBytes(32).toString('base64');
const keyEnv = (key = MASTER_KEY): Record<string, string> => (usePostgres ? { LOTUS_MASTER_KEY: key } : {});
const houseName = 'lotus-pond';

/** The source: PGlite in DATA_DIR/pglite as the server opens it, or a new PostgreSQL database. */
async function sourceDatabase(): Promise<TestDatabase> {
  if (usePostgres) return createTestDatabase();
  const database = await openDatabase({ dataDir: path.join(sourceDir, 'pglite') });
  await migrateAndSeed(database, { seedDemo: true });
  return { database, url: null, drop: closeOnce(database) };
}
const closeOnce = (database: Database) => {
  let closing: Promise<void> | null = null;
  return () => (closing ??= database.close());
};

/** The house's database beside a platform database: its tables in the same PostgreSQL database, or DATA_DIR/house. */
const houseDatabaseOf = (url: string | null, dataDir: string) =>
  url ? { url } : { dataDir: path.join(dataDir, 'house') };

const clock = createClock();
const t = useTestApp({
  clock,
  env: { DATA_DIR: sourceDir, ...keyEnv() },
  database: sourceDatabase,
  beforeReady: async (app, now, db) => {
    await mountHouse(app, testEnv({ DATA_DIR: sourceDir, ...keyEnv() }), {
      database: houseDatabaseOf(db.url, sourceDir),
      now: now.now,
      sweeper: false,
    });
    await provisionHouseVendor(app, 'http://lotus.test');
  },
});

// ---------- databases made by the test (PostgreSQL), dropped at the end ----------

const madeDatabases: string[] = [];
async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
/** A new, empty PostgreSQL database (what `createdb` makes) and its URL. */
async function emptyDatabase(): Promise<string> {
  const name = `lotus_t_${randomBytes(6).toString('hex')}_restored`;
  await admin((c) => c.query(`create database ${name}`));
  madeDatabases.push(name);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number(
      (await client.query(`select count(*) as n from pg_tables where schemaname = 'public'`)).rows[0].n,
    );
  } finally {
    await client.end();
  }
}
afterAll(async () => {
  for (const app of openedApps) await app.close().catch(() => undefined);
  if (usePostgres)
    await admin(async (c) => {
      for (const name of madeDatabases) await c.query(`drop database if exists ${name} with (force)`);
    });
  fs.rmSync(root, { recursive: true, force: true });
});

// ---------- the command line ----------

type Run = { code: number | null; stdout: string; stderr: string };
/** `npm run db:backup` / `db:restore` as a real process, with only the environment given (nothing of this one's databases). */
function dbCommand(args: string[], env: Record<string, string>): Promise<Run> {
  const inherited = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'HOUSE_DATABASE_URL',
    'DATA_DIR',
    'LOTUS_MASTER_KEY',
    'LOTUS_MASTER_KEY_PREVIOUS',
    'INIT_CWD',
  ])
    delete inherited[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/db-backup.mjs'), ...args], {
      cwd: ROOT,
      env: { ...inherited, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

// ---------- what the test compares ----------

type Figures = {
  ledgerTransactions: number;
  ledgerEntries: number;
  auditRows: number;
  auditHead: string | null;
  members: number;
};
async function figuresOf(database: Database): Promise<Figures> {
  const one = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return {
    ledgerTransactions: Number((await one(sql`select count(*) as n from ledger_transactions`)).n),
    ledgerEntries: Number((await one(sql`select count(*) as n from ledger_entries`)).n),
    auditRows: Number((await one(sql`select count(*) as n from ops_audit_log`)).n),
    auditHead:
      ((await one(sql`select hash from ops_audit_log order by seq desc limit 1`)).hash as
        string | undefined) ?? null,
    members: Number((await one(sql`select count(*) as n from members`)).n),
  };
}

type AuditVerify = {
  ok: boolean;
  rows: number;
  firstBrokenSeq: number | null;
  reason: string | null;
  anchor: { store: string; seq: number | null };
};
type Spin = {
  ok: boolean;
  status?: string;
  nonce?: number;
  balance?: string | null;
  roundId?: string;
  totalBet?: string;
  win?: string;
};
type Round = { roundId: string; status: string };

const cookieFrom = (res: LightMyRequestResponse) => String(res.headers['set-cookie']).split(';')[0]!;
/** A member launched into the house's slot on `app` as the site does it: the house session cookie. */
async function launchHouse(app: FastifyInstance, c: TestClient): Promise<string> {
  const launched = await app.inject({
    method: 'POST',
    url: '/wps/game/vendorLaunch',
    remoteAddress: c.ip,
    headers: c.headers(),
    payload: { vendor: 'HOUSE', gameCode: houseName, language: 'en', returnUrl: 'http://lotus.test/rng' },
  });
  const url = new URL(body<{ url: string }>(launched).value.url);
  const open = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(open.statusCode).toBe(303);
  return cookieFrom(open);
}
const spin = async (app: FastifyInstance, cookie: string) =>
  (
    await app.inject({
      method: 'POST',
      url: '/house/api/spin',
      headers: { cookie },
      payload: { lineBet: 10 },
    })
  ).json() as Spin;
const roundsOf = async (app: FastifyInstance, cookie: string) =>
  (
    (await app.inject({ method: 'GET', url: '/house/api/rounds', headers: { cookie } })).json() as {
      rounds: Round[];
    }
  ).rounds;

/** The operator API of `app` with a token (the source's operator token works on its restored copy). */
const opsOn =
  (app: FastifyInstance, token: string) =>
  async <T>(url: string) =>
    body<T>(await app.opsApp.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }))
      .value;
/** The member's balance as the site shows it, with the member's own session, on `app`. */
const balanceOn = async (app: FastifyInstance, m: Member) =>
  body<{ balance: string }>(
    await app.inject({
      method: 'GET',
      url: '/wps/member/info',
      remoteAddress: m.c.ip,
      headers: m.c.headers(),
    }),
  ).value.balance;

// ---------- a restored app ----------

const openedApps: FastifyInstance[] = [];
type Restored = { app: FastifyInstance; database: Database; dataDir: string; url: string | null };

/** Where a restore goes: a new data folder, and (PostgreSQL) a new empty database. */
async function restoreTarget(name: string, key = MASTER_KEY) {
  const dataDir = path.join(root, name);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const url = usePostgres ? await emptyDatabase() : null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...keyEnv(key),
    ...(url ? { DATABASE_URL: url } : {}),
  };
  return { dataDir, url, env };
}

/** Starts an app on restored databases as server.ts does (migrate and seed are no-ops on a restored database). */
async function openRestored(
  target: { dataDir: string; url: string | null },
  key = MASTER_KEY,
): Promise<Restored> {
  const database = target.url
    ? await openDatabase({ url: target.url, poolSize: 5 })
    : await openDatabase({ dataDir: path.join(target.dataDir, 'pglite') });
  await migrateAndSeed(database, { seedDemo: true });
  const env = testEnv({ DATA_DIR: target.dataDir, ...keyEnv(key) });
  const app = await buildApp({ db: database, env, now: clock.now });
  app.addHook('onClose', async () => database.close());
  openedApps.push(app);
  await mountHouse(app, env, {
    database: houseDatabaseOf(target.url, target.dataDir),
    now: clock.now,
    sweeper: false,
  });
  await provisionHouseVendor(app, 'http://lotus.test');
  await app.ready();
  return { app, database, dataDir: target.dataDir, url: target.url };
}

// ---------- the scene ----------

let withdrawer: CashierMember;
let player: Member;
let houseCookie = '';
const spinsBefore: Spin[] = [];
let backupDir = '';
let source: Figures;
let balances: Map<number, string>;
let anchoredSeq = 0;
let restored: Restored;

const BACKUP_MS = 240_000;

describe('backup and restore of both databases (docs/backup.md)', () => {
  it('activity through the app: members, a deposit an operator approves, bets and wins, house spins, a withdrawal, operator changes', async () => {
    // A member who deposits through the desk, plays through the wallet and withdraws.
    withdrawer = await cashierMember(t, { deposit: 1_000_00n });
    const channel = await createChannel(t, { kind: 'bank_transfer' });
    const deposit = body<{ deposit: { id: string } }>(await bankDeposit(withdrawer.c, channel, '500.00'))
      .value.deposit;
    expect((await t.ops('POST', `/ops/deposits/${deposit.id}/approve`, {})).statusCode).toBe(200);
    await play(t, withdrawer.id, 500_00n); // the approved deposit's 1x turnover
    const lost = randomUUID();
    const bet = await t.app.services.wallet.gameOperation({
      vendor: 'PGS',
      memberId: withdrawer.id,
      trial: false,
      roundId: lost,
      gameCode: 'g1',
      kind: 'bet',
      transactionId: `b-${lost}`,
      amount: 125_50n,
      requestHash: `hb-${lost}`,
    });
    expect(bet.status).toBe('OK');
    const w = await requestWithdrawal(withdrawer, { amount: '200.00' });
    if (!w.success) throw new Error(`withdrawal refused: ${w.message}`);
    // Paid by another operator than the one who approved the deposit (the desk's separation of duties).
    const finance = await t.operator('finance');
    const paid = await finance.ops('POST', `/ops/withdrawals/${w.value.id}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await receipt(withdrawer, w.value.id, { received: true })).value).toMatchObject({
      status: 'received',
    });

    // A member who plays the house's slot: rounds in the house's database, bets and wins in the ledger.
    player = await createMember(t);
    await fundMember(t, player.id, 100_000n);
    houseCookie = await launchHouse(t.app, player.c);
    for (let i = 0; i < 5; i++) spinsBefore.push(await spin(t.app, houseCookie));
    expect(spinsBefore.map((s) => s.status)).toEqual(Array(5).fill('settled'));

    // Operator changes (audited), and the audit chain's head exported to the anchor, as the job does.
    const brand = body<Record<string, unknown>>(await t.ops('GET', '/ops/config/brand')).value;
    expect(
      (await t.ops('PUT', '/ops/config/brand', { ...brand, siteName: 'Lotus Restored' })).statusCode,
    ).toBe(200);
    anchoredSeq = (await t.app.services.ops.audit.exportHead())!.seq;

    expect(body<{ balance: string }>(await withdrawer.c.get('/wps/member/info')).value.balance).toBe(
      '1174.50',
    );
    const ledger = body<TLedgerVerification>(await t.ops('GET', '/ops/ledger/verify')).value;
    expect(ledger).toMatchObject({ ok: true, violations: [] });
  });

  if (usePostgres) {
    it(
      'pg_dump -Fc backs up while the server keeps taking bets: the backup holds one snapshot, figures and all',
      { timeout: BACKUP_MS },
      async () => {
        const busy = await createMember(t);
        await fundMember(t, busy.id, 1_000_000n);
        let stop = false;
        let moves = 0;
        const betting = (async () => {
          while (!stop) {
            const r = randomUUID();
            const base = {
              vendor: 'PGS',
              memberId: busy.id,
              trial: false,
              roundId: r,
              gameCode: 'g1',
            } as const;
            await t.app.services.wallet.gameOperation({
              ...base,
              kind: 'bet',
              transactionId: `b-${r}`,
              amount: 100n,
              requestHash: `hb-${r}`,
            });
            await t.app.services.wallet.gameOperation({
              ...base,
              kind: 'win',
              transactionId: `w-${r}`,
              amount: 50n,
              requestHash: `hw-${r}`,
            });
            moves += 2;
          }
        })();
        backupDir = path.join(root, 'backup');
        const run = await dbCommand(['backup', backupDir], {
          DATABASE_URL: t.db.url!,
          DATA_DIR: sourceDir,
          ...keyEnv(),
        });
        stop = true;
        await betting;
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        expect(run.stdout).toContain('platform.pgdump');
        expect(moves).toBeGreaterThan(0);
        // The dump is the custom format pg_restore reads (magic "PGDMP"), one file holding the house's tables too.
        expect(fs.readFileSync(path.join(backupDir, 'platform.pgdump')).subarray(0, 5).toString()).toBe(
          'PGDMP',
        );
        const manifest = readManifest(backupDir);
        expect(manifest.parts.map((p) => p.file)).toEqual(['platform.pgdump']);
        expect(manifest.houseInPlatform).toBe(true);
        expect(manifest.figures.houseRounds).toBe(5);
        // The source moved on after the snapshot; what it holds now is at least what the backup says.
        source = await figuresOf(t.db.database);
        expect(source.ledgerTransactions).toBeGreaterThanOrEqual(manifest.figures.ledgerTransactions);
        // The figures to compare are the backup's own; the quiet members' balances did not move meanwhile.
        const { houseRounds: _rounds, ...platform } = manifest.figures;
        source = platform;
        balances = new Map([
          [withdrawer.id, await balanceOn(t.app, withdrawer)],
          [player.id, await balanceOn(t.app, player)],
        ]);
        expect(manifest.keys.masterKeyIds).toHaveLength(1);
      },
    );
  } else {
    it(
      'the embedded database is backed up only once the server has stopped: refused while it holds the data folder',
      { timeout: BACKUP_MS },
      async () => {
        source = await figuresOf(t.db.database);
        balances = new Map([
          [withdrawer.id, await balanceOn(t.app, withdrawer)],
          [player.id, await balanceOn(t.app, player)],
        ]);
        backupDir = path.join(root, 'backup');
        // The server holds DATA_DIR/pglite.lock while it runs (server.ts); this process stands in for it.
        const releaseLock = acquireDataLock(sourceDir, 'the Lotus server');
        const refused = await dbCommand(['backup', backupDir], { DATA_DIR: sourceDir });
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('is in use by the Lotus server');
        expect(fs.existsSync(path.join(backupDir, 'manifest.json'))).toBe(false);

        // Stopped: the app closes (its house database with it), the lock is released.
        await t.app.close();
        await t.db.drop();
        releaseLock();
        fs.rmSync(backupDir, { recursive: true, force: true });
        const run = await dbCommand(['backup', backupDir], { DATA_DIR: sourceDir });
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        const manifest = readManifest(backupDir);
        expect(manifest.parts.map((p) => [p.name, p.kind, p.file])).toEqual([
          ['platform', 'pglite', 'platform.pglite.tar.gz'],
          ['house', 'pglite', 'house.pglite.tar.gz'],
        ]);
        expect(manifest.figures).toEqual({ ...source, houseRounds: 5 });
        // The keys stay out of the backup: it names the master key it needs, by id only.
        expect(fs.readdirSync(backupDir).sort()).toEqual([
          'house.pglite.tar.gz',
          'manifest.json',
          'platform.pglite.tar.gz',
        ]);
        expect(JSON.stringify(manifest)).not.toContain(
          fs.readFileSync(path.join(sourceDir, 'master.key'), 'utf8').trim(),
        );
        expect(manifest.keys.masterKeyIds).toHaveLength(1);
      },
    );
  }

  it(
    'restored into a fresh database, it passes ledger verify and audit verify with the same balances, transactions, audit rows and house rounds',
    { timeout: BACKUP_MS },
    async () => {
      const target = await restoreTarget('restored');
      // The anchor is not in the backup: it stays where it is (here a copy of the source's file) and checks the restore.
      fs.copyFileSync(
        path.join(sourceDir, 'audit-anchor.log'),
        path.join(target.dataDir, 'audit-anchor.log'),
      );
      if (!usePostgres) {
        // The embedded demo's master key comes back from its own backup, before the restore (which refuses without it).
        const refused = await dbCommand(['restore', backupDir], target.env);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('none (no LOTUS_MASTER_KEY, no DATA_DIR/master.key)');
        fs.copyFileSync(path.join(sourceDir, 'master.key'), path.join(target.dataDir, 'master.key'));
      }
      const run = await dbCommand(['restore', backupDir], target.env);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`${source.ledgerTransactions} ledger transactions`);

      restored = await openRestored(target);
      const ops = opsOn(restored.app, t.opsToken);
      const ledger = await ops<TLedgerVerification>('/ops/ledger/verify');
      expect(ledger).toMatchObject({
        ok: true,
        violations: [],
        transactions: source.ledgerTransactions,
        entries: source.ledgerEntries,
      });
      const audit = await ops<AuditVerify>('/ops/audit/verify');
      expect(audit).toMatchObject({
        ok: true,
        rows: source.auditRows,
        reason: null,
        anchor: { store: 'file', seq: anchoredSeq },
      });
      expect(await figuresOf(restored.database)).toEqual(source);

      // Members sign in as before (their sessions are rows) and see the balances they had.
      for (const m of [withdrawer, player]) expect(await balanceOn(restored.app, m)).toBe(balances.get(m.id));

      // The house's rounds came back, and play goes on: the seed pair opens (its key is derived from the
      // master key), the next nonce follows, the signed bet and win reach the restored wallet.
      const rounds = await roundsOf(restored.app, houseCookie);
      expect(rounds.map((r) => r.roundId).sort()).toEqual(spinsBefore.map((s) => s.roundId).sort());
      const next = await spin(restored.app, houseCookie);
      expect(next).toMatchObject({ ok: true, status: 'settled', nonce: 5 });
      expect(BigInt(next.balance!)).toBe(
        BigInt(spinsBefore.at(-1)!.balance!) - BigInt(next.totalBet!) + BigInt(next.win!),
      );
      expect(await balanceOn(restored.app, player)).toBe(formatMinor(BigInt(next.balance!)));
      expect((await ops<TLedgerVerification>('/ops/ledger/verify')).ok).toBe(true);
    },
  );

  it(
    'a restore needs the master key: refused without it; forced, the audit MACs and the house vendor secret do not open',
    { timeout: BACKUP_MS },
    async () => {
      const wrong = randomBytes(32).toString('base64');
      const target = await restoreTarget('wrong-key', wrong);
      if (!usePostgres)
        fs.writeFileSync(path.join(target.dataDir, 'master.key'), `${wrong}\n`, { mode: 0o600 });
      const env = testEnv(target.env);
      const refusal = restoreBackup(env, backupDir);
      await expect(refusal).rejects.toBeInstanceOf(BackupError);
      await expect(refusal).rejects.toThrow(/need master key \w{12}; this environment has \w{12}/);
      // Nothing was restored by the refusal.
      if (target.url) expect(await tablesIn(target.url)).toBe(0);
      else expect(fs.existsSync(path.join(target.dataDir, 'pglite'))).toBe(false);

      const forced = await restoreBackup(env, backupDir, { withoutKeys: true });
      expect(forced.warnings[0]).toContain('need master key');
      const other = await openRestored(target, wrong);
    // What server.ts runs at start: it stops, naming the master key the data needs.
    await expect(other.app.services.platform.keys.rewrapAll()).rejects.toThrow(
      `wrapped under master key ${readManifest(backupDir).keys.masterKeyIds[0]}, which this process does not have`,
    );
      const audit = await opsOn(other.app, t.opsToken)<AuditVerify>('/ops/audit/verify');
      expect(audit).toMatchObject({ ok: false, firstBrokenSeq: 1 });
      expect(audit.reason).toContain('does not carry a valid MAC');
      // The house signs with the vendor secret sealed under the master key: no play.
      const cookie = houseCookie;
      const attempt = await other.app.inject({
        method: 'POST',
        url: '/house/api/spin',
        headers: { cookie },
        payload: { lineBet: 10 },
      });
      expect(attempt.statusCode).not.toBe(200);
      expect(await roundsOf(other.app, cookie)).toHaveLength(5);
      expect(await balanceOn(other.app, player)).toBe(balances.get(player.id));
    },
  );

  it(
    'a restore to a point before the anchored audit head is reported by audit verify',
    { timeout: BACKUP_MS },
    async () => {
      // The restored server goes on: an operator change, its head exported to that server's anchor.
      const ops = (method: 'PUT' | 'GET', url: string, payload?: unknown) =>
        restored.app.opsApp.inject({
          method,
          url,
          headers: { authorization: `Bearer ${t.opsToken}` },
          ...(payload ? { payload: payload as object } : {}),
        });
      const brand = body<Record<string, unknown>>(await ops('GET', '/ops/config/brand')).value;
      expect((await ops('PUT', '/ops/config/brand', { ...brand, siteName: 'Lotus Later' })).statusCode).toBe(
        200,
      );
      const later = (await restored.app.services.ops.audit.exportHead())!;
      expect(later.seq).toBe(source.auditRows + 1);

      // The same backup restored again, with that anchor: the newest row is missing, and audit verify says so.
      const target = await restoreTarget('earlier');
      fs.copyFileSync(
        path.join(restored.dataDir, 'audit-anchor.log'),
        path.join(target.dataDir, 'audit-anchor.log'),
      );
      if (!usePostgres)
        fs.copyFileSync(path.join(sourceDir, 'master.key'), path.join(target.dataDir, 'master.key'));
      await restoreBackup(testEnv(target.env), backupDir);
      const again = await openRestored(target);
      const audit = await opsOn(again.app, t.opsToken)<AuditVerify>('/ops/audit/verify');
      expect(audit).toMatchObject({ ok: false, rows: source.auditRows, anchor: { seq: later.seq } });
      expect(audit.reason).toContain(`rows ${source.auditRows + 1} to ${later.seq} are missing`);
      // The money is whole all the same.
      expect((await opsOn(again.app, t.opsToken)<TLedgerVerification>('/ops/ledger/verify')).ok).toBe(true);
    },
  );

  it(
    'a restore goes only into an empty database or data folder, never over one',
    { timeout: BACKUP_MS },
    async () => {
      const env = testEnv({
        DATA_DIR: restored.dataDir,
        ...keyEnv(),
        ...(restored.url ? { DATABASE_URL: restored.url } : {}),
      });
      if (!usePostgres) await restored.app.close(); // the folder is free; it still holds a database
      const refused = restoreBackup(env, backupDir);
      await expect(refused).rejects.toThrow(usePostgres ? /already has \d+ tables/ : /is not empty/);
    },
  );
});
