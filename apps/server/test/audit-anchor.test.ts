import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { migrateAndSeed } from '../src/db/migrate';
import { opsAuditLog } from '../src/db/schema';
import { inProcessConnection } from '../src/ops/connect';
import { resolveMasterKeys } from '../src/platform/keys/master-key';
import { auditHash } from '../src/platform/audit/ops.audit';
import {
  body,
  createClock,
  createTestDatabase,
  createTestOperator,
  tempDir,
  TEST_DATABASE_URL,
  testEnv,
  usePostgres,
  useTestApp,
  type TestDatabase,
} from './helper';
import { runCommand } from './ops-run';

/**
 * Issue 23 #6: the operator audit chain is keyed (each row's MAC under a key outside the database)
 * and anchored (its head exported on a schedule to an append-only file under the data folder), so a
 * database owner who rewrites rows with a recomputed chain, or deletes the newest rows, is caught by
 * `audit verify`.
 */
const dataDir = path.join(tempDir('lotus-audit-'), 'data');
const t = useTestApp({ env: { DATA_DIR: dataDir } });
const db = () => t.db.database.db;
const anchorFile = path.join(dataDir, 'audit-anchor.log');

type Verify = {
  ok: boolean;
  rows: number;
  firstBrokenSeq: number | null;
  reason: string | null;
  anchor: { store: string; location: string | null; seq: number | null; at: string | null };
};
const verify = async () => body<Verify>(await t.ops('GET', '/ops/audit/verify')).value;

/** Audited operator changes: a brand save each (config.set rows). */
async function auditedChanges(n: number) {
  const brand = body<Record<string, unknown>>(await t.ops('GET', '/ops/config/brand')).value;
  for (let i = 0; i < n; i++) expect((await t.ops('PUT', '/ops/config/brand', { ...brand, siteName: `Lotus ${i}` })).statusCode).toBe(200);
}

/** What a database owner can do: bypass the append-only trigger for one statement. */
async function asDatabaseOwner(run: () => Promise<unknown>) {
  await db().execute(sql`alter table ops_audit_log disable trigger ops_audit_log_no_change`);
  try {
    await run();
  } finally {
    await db().execute(sql`alter table ops_audit_log enable trigger ops_audit_log_no_change`);
  }
}

const newest = async () => (await db().select().from(opsAuditLog).orderBy(desc(opsAuditLog.seq)).limit(1))[0]!;

describe('issue 23 #6 the audit chain is keyed and anchored', () => {
  it('issue 23 #6 a row rewritten with a recomputed hash by someone without the audit key fails audit verify', async () => {
    await auditedChanges(2);
    expect((await verify()).ok).toBe(true);
    const victim = await newest();
    // The attacker knows the (public) hash algorithm and recomputes the row's hash; the MAC key is not in the database.
    const { hash: _hash, mac: _mac, ...fields } = victim;
    const forged = { ...fields, username: 'somebody_else' };
    await asDatabaseOwner(() =>
      db().update(opsAuditLog).set({ username: forged.username, hash: auditHash(forged) }).where(eq(opsAuditLog.seq, victim.seq)),
    );
    const broken = await verify();
    expect(broken).toMatchObject({ ok: false, firstBrokenSeq: victim.seq });
    expect(broken.reason).toContain('MAC');
    await asDatabaseOwner(() =>
      db().update(opsAuditLog).set({ username: victim.username, hash: victim.hash }).where(eq(opsAuditLog.seq, victim.seq)),
    );
    expect((await verify()).ok).toBe(true);
  });

  it('issue 23 #6 the head is exported on a schedule to an append-only file; deleting the newest rows (as the database owner) fails audit verify', async () => {
    await auditedChanges(3);
    const head = await newest();
    // The scheduled job of the job engine exports the head.
    const jobs = t.app.services.platform.jobs;
    await jobs.tick();
    expect(await jobs.runDue(['ops-audit-anchor'])).toBe(1);
    const lines = fs.readFileSync(anchorFile, 'utf8').trim().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ seq: head.seq, hash: head.hash });
    expect(fs.statSync(anchorFile).mode & 0o777).toBe(0o600);
    // The embedded demo, and PostgreSQL without the anchor table: the answer names the file it compared with.
    expect(await verify()).toMatchObject({ ok: true, anchor: { store: 'file', location: anchorFile, seq: head.seq } });

    await asDatabaseOwner(() => db().delete(opsAuditLog).where(gt(opsAuditLog.seq, head.seq - 2)));
    const broken = await verify();
    expect(broken).toMatchObject({ ok: false, firstBrokenSeq: head.seq - 1 });
    expect(broken.reason).toContain(`seq ${head.seq}`);
    expect(broken.reason).toContain('missing');
    // The next export does not replace the evidence with the shortened chain's head.
    await expect(t.app.services.ops.audit.exportHead()).rejects.toThrow(`(seq ${head.seq})`);
    expect(await verify()).toMatchObject({ ok: false, firstBrokenSeq: head.seq - 1 });

    // A forged last line (without the audit key) is no way out either.
    fs.appendFileSync(anchorFile, `${JSON.stringify({ seq: head.seq - 2, hash: 'f'.repeat(64), at: new Date().toISOString(), mac: '0'.repeat(64) })}\n`);
    expect((await verify()).ok).toBe(false);
    // Nor does the next export cover it with a head of the shortened chain.
    await expect(t.app.services.ops.audit.exportHead()).rejects.toThrow('not exported');
    expect((await verify()).ok).toBe(false);
  });
});

/** The setup a DBA runs (docs/adr/0068), read as it is in the repository. */
const SETUP_SQL = fs.readFileSync(new URL('../sql/audit-anchor-setup.sql', import.meta.url), 'utf8');

/** A connection string to `database` as `user` (TEST_DATABASE_URL's host and port). */
function urlAs(database: string, user?: { name: string; password: string }): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  if (user) {
    url.username = user.name;
    url.password = user.password;
  }
  return url.toString();
}

async function asSuperuser<T>(database: string | null, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: database ? urlAs(database) : TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Log lines of an app, read by the test (the start warning). */
function logLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, stream };
}

if (usePostgres)
  describe('issue 23 #6 on PostgreSQL the head goes to a table the application role cannot rewrite', () => {
    const suffix = crypto.randomBytes(5).toString('hex');
    const appRole = { name: `lotus_t_app_${suffix}`, password: crypto.randomBytes(12).toString('hex') };
    const ownerRole = `lotus_t_anchor_${suffix}`;
    const dbName = `lotus_t_anchor_${suffix}`;
    const anchorDir = path.join(tempDir('lotus-audit-pg-'), 'data');
    const clock = createClock();
    let database: Database;
    let app: FastifyInstance;
    let ops: Awaited<ReturnType<typeof createTestOperator>>;
    const log = logLines();
    /** The application role's own connection, for what it tries by hand. */
    let asApp: pg.Client;

    beforeAll(async () => {
      await asSuperuser(null, async (c) => {
        // A login role without SUPERUSER, CREATEROLE or CREATEDB, owning its database (it runs the migrations).
        await c.query(`create role ${appRole.name} login password '${appRole.password}'`);
        await c.query(`create database ${dbName} owner ${appRole.name}`);
      });
      await asSuperuser(dbName, async (c) => {
        await c.query(`select set_config('lotus.audit_anchor_app_role', $1, false), set_config('lotus.audit_anchor_owner', $2, false)`, [
          appRole.name,
          ownerRole,
        ]);
        await c.query(SETUP_SQL);
        // Idempotent: a second run changes nothing and does not fail.
        await c.query(SETUP_SQL);
      });
      database = await openDatabase({ url: urlAs(dbName, appRole), poolSize: 5 });
      await migrateAndSeed(database, { seedDemo: false });
      app = await buildApp({
        db: database,
        env: testEnv({ DATA_DIR: anchorDir, LOG_LEVEL: 'warn' }),
        now: clock.now,
        logStream: log.stream,
      });
      await app.ready();
      ops = await createTestOperator(app, 'admin');
      asApp = new pg.Client({ connectionString: urlAs(dbName, appRole) });
      await asApp.connect();
    });

    afterAll(async () => {
      await asApp?.end();
      await app?.close();
      await database?.close();
      await asSuperuser(null, async (c) => {
        await c.query(`drop database if exists ${dbName} with (force)`);
        await c.query(`drop role if exists ${appRole.name}`);
        await c.query(`drop role if exists ${ownerRole}`);
      });
    });

    const verifyHere = async () => body<Verify>(await ops.ops('GET', '/ops/audit/verify')).value;
    const brandSaves = async (n: number) => {
      const brand = body<Record<string, unknown>>(await ops.ops('GET', '/ops/config/brand')).value;
      for (let i = 0; i < n; i++) expect((await ops.ops('PUT', '/ops/config/brand', { ...brand, siteName: `Anchor ${i}` })).statusCode).toBe(200);
    };
    const headRow = async () => (await database.db.select().from(opsAuditLog).orderBy(desc(opsAuditLog.seq)).limit(1))[0]!;
    const exportedHeads = async () =>
      (await asApp.query<{ seq: number; hash: string }>('select seq, hash from audit_anchor.exported_heads order by id')).rows;

    it('issue 23 #6 the setup makes the anchor table; the scheduled export lands in it, not in the file, and verify names it', async () => {
      const owner = await asSuperuser(dbName, async (c) =>
        (await c.query<{ tableowner: string; rolcanlogin: boolean }>(
          `select t.tableowner, r.rolcanlogin from pg_tables t join pg_roles r on r.rolname = t.tableowner
           where t.schemaname = 'audit_anchor' and t.tablename = 'exported_heads'`,
        )).rows[0],
      );
      expect(owner).toEqual({ tableowner: ownerRole, rolcanlogin: false });
      expect(log.lines.join('')).not.toContain('audit chain head is exported to the file');

      await brandSaves(3);
      const head = await headRow();
      const jobs = app.services.platform.jobs;
      await jobs.tick();
      expect(await jobs.runDue(['ops-audit-anchor'])).toBe(1);
      expect(await exportedHeads()).toEqual([{ seq: head.seq, hash: head.hash }]);
      expect(fs.existsSync(path.join(anchorDir, 'audit-anchor.log'))).toBe(false);
      expect(await verifyHere()).toMatchObject({
        ok: true,
        anchor: { store: 'table', location: 'audit_anchor.exported_heads', seq: head.seq },
      });
    });

    it('issue 23 #6 the application role cannot delete, update, truncate, alter or drop the anchor table', async () => {
      for (const statement of [
        'delete from audit_anchor.exported_heads',
        'update audit_anchor.exported_heads set seq = 1',
        'truncate audit_anchor.exported_heads',
      ])
        await expect(asApp.query(statement), statement).rejects.toMatchObject({ code: '42501', message: expect.stringContaining('permission denied') });
      for (const statement of [
        'alter table audit_anchor.exported_heads disable trigger exported_heads_no_change',
        'drop table audit_anchor.exported_heads',
        'drop schema audit_anchor cascade',
      ])
        await expect(asApp.query(statement), statement).rejects.toMatchObject({ code: '42501', message: expect.stringContaining('must be owner') });
      expect((await exportedHeads()).length).toBeGreaterThan(0);
    });

    it('issue 23 #6 the application role deleting the newest audit rows fails audit verify, which names the missing rows and the table', async () => {
      await brandSaves(2);
      const head = await headRow();
      expect(await app.services.ops.audit.exportHead()).toEqual({ seq: head.seq, hash: head.hash });
      expect((await exportedHeads()).at(-1)).toEqual({ seq: head.seq, hash: head.hash });

      // The application role owns ops_audit_log: it can lift the table's own append-only trigger.
      await asApp.query('alter table ops_audit_log disable trigger ops_audit_log_no_change');
      await asApp.query('delete from ops_audit_log where seq > $1', [head.seq - 2]);
      await asApp.query('alter table ops_audit_log enable trigger ops_audit_log_no_change');

      const broken = await verifyHere();
      expect(broken).toMatchObject({
        ok: false,
        firstBrokenSeq: head.seq - 1,
        anchor: { store: 'table', location: 'audit_anchor.exported_heads', seq: head.seq },
      });
      expect(broken.reason).toContain(`rows ${head.seq - 1} to ${head.seq} are missing`);
      // The next export refuses the shortened chain: the table's last head stays the evidence.
      await expect(app.services.ops.audit.exportHead()).rejects.toThrow(`(seq ${head.seq})`);
      expect((await exportedHeads()).at(-1)).toEqual({ seq: head.seq, hash: head.hash });

      // The command line says what it compared with.
      const out: string[] = [];
      const connection = inProcessConnection(app.opsApp, { token: () => ops.token, target: 'test', mode: 'api', close: async () => undefined });
      expect(await runCommand(connection, ['audit', 'verify'], { log: (text) => out.push(text) })).toBe(1);
      expect(out.join('\n')).toContain(`Anchor: table audit_anchor.exported_heads; compared with the head exported at`);
      expect(out.join('\n')).toContain(`rows ${head.seq - 1} to ${head.seq} are missing`);

      // A head the application role adds by hand (INSERT is its right) has no valid MAC: no way out either.
      const shortened = await headRow();
      await asApp.query(`insert into audit_anchor.exported_heads (seq, hash, at, mac) values ($1, $2, now(), $3)`, [
        shortened.seq,
        shortened.hash,
        '0'.repeat(64),
      ]);
      expect(await verifyHere()).toMatchObject({ ok: false, reason: expect.stringContaining('bad MAC') });
      await expect(app.services.ops.audit.exportHead()).rejects.toThrow('not exported');
      expect((await verifyHere()).ok).toBe(false);
    });

    it('issue 23 #6 without a table it may use, the server exports to the file, warns at start and verify names the file', async () => {
      // (a) A database without the setup; (b) the set-up database through a role that could rewrite the
      // table (the superuser): neither uses the table.
      const bare: TestDatabase = await createTestDatabase({ seedDemo: false });
      const superuserHere = await openDatabase({ url: urlAs(dbName), poolSize: 2 });
      try {
        for (const [db, why, masterKeys] of [
          [bare.database, 'there is no table audit_anchor.exported_heads', undefined],
          // The same master key as the app that wrote this database's audit rows (their MACs).
          [superuserHere, 'could rewrite it', resolveMasterKeys(testEnv({ DATA_DIR: anchorDir }))],
        ] as const) {
          const dataDir = path.join(tempDir('lotus-audit-file-'), 'data');
          const fileLog = logLines();
          const env = testEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
          const fileApp = await buildApp({ db, env, now: clock.now, logStream: fileLog.stream, masterKeys });
          try {
            await fileApp.ready();
            const warning = fileLog.lines.find((line) => line.includes('audit chain head is exported to the file'));
            expect(warning).toContain(why);
            expect(warning).toContain('audit-anchor-setup.sql');
            const admin = await createTestOperator(fileApp, 'admin');
            const brand = body<Record<string, unknown>>(await admin.ops('GET', '/ops/config/brand')).value;
            expect((await admin.ops('PUT', '/ops/config/brand', { ...brand, siteName: 'File anchor' })).statusCode).toBe(200);
            const exported = await fileApp.services.ops.audit.exportHead();
            const file = path.join(dataDir, 'audit-anchor.log');
            expect(JSON.parse(fs.readFileSync(file, 'utf8').trim().split('\n').at(-1)!)).toMatchObject({ seq: exported!.seq });
            expect(body<Verify>(await admin.ops('GET', '/ops/audit/verify')).value).toMatchObject({
              ok: true,
              anchor: { store: 'file', location: file, seq: exported!.seq },
            });
          } finally {
            await fileApp.close();
          }
        }
      } finally {
        await superuserHere.close();
        await bare.drop();
      }
    });
  });
