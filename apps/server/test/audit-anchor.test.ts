import fs from 'node:fs';
import path from 'node:path';
import { desc, eq, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { opsAuditLog } from '../src/db/schema';
import { auditHash } from '../src/platform/audit/ops.audit';
import { body, tempDir, useTestApp } from './helper';

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

type Verify = { ok: boolean; rows: number; firstBrokenSeq: number | null; reason: string | null };
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
    expect((await verify()).ok).toBe(true);

    await asDatabaseOwner(() => db().delete(opsAuditLog).where(gt(opsAuditLog.seq, head.seq - 2)));
    const broken = await verify();
    expect(broken).toMatchObject({ ok: false, firstBrokenSeq: head.seq - 1 });
    expect(broken.reason).toContain(`seq ${head.seq}`);
    expect(broken.reason).toContain('missing');

    // A forged last line (without the audit key) is no way out either.
    fs.appendFileSync(anchorFile, `${JSON.stringify({ seq: head.seq - 2, hash: 'f'.repeat(64), at: new Date().toISOString(), mac: '0'.repeat(64) })}\n`);
    expect((await verify()).ok).toBe(false);
  });
});
