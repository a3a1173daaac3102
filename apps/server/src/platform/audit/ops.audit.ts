import type { TOpsRole } from '@lotus/contracts/ops-operators';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TOpsAuditRow, TOpsAuditVerify } from '@lotus/contracts/ops-operators';
import canonicalize from 'canonicalize';
import { and, asc, count, desc, eq, gt, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { TOpsAuditSearchQuery } from '@lotus/contracts/ops-console';
import type { Database } from '../../db/client';
import { opsAuditLog } from '../../db/schema';
import type { Db, Executor } from '../../db/tx';
import type { JobEngine } from '../jobs/engine';

/** An operator behind a valid API token (the /ops auth hook puts it on the request). */
export type AuthenticatedOperator = { id: number; username: string; role: TOpsRole; tokenId: number };

/** Advisory lock of the chain head: appends take it for their transaction, so seq never forks. */
const AUDIT_CHAIN_LOCK = 774_411_019;
/** prev_hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** Who acted, from where: an operator through /ops, or the command line's direct mode. */
export type OpsActor = {
  operatorId: number | null;
  username: string;
  ip: string;
  userAgent: string;
  requestId: string;
};

/** What the operation changed or read; supplied by the service doing it (see OpsAuditNote). */
export type OpsAuditEntry = { target: string; before?: unknown; after?: unknown };
/**
 * Passed to the service function an audited call runs. The service awaits it with target and
 * before/after, inside its own transaction where it has one: the row is then appended in that
 * transaction (database.tx joins it), so the change and its audit row commit together.
 */
export type OpsAuditNote = (entry: OpsAuditEntry) => Promise<void>;

type AuditRow = typeof opsAuditLog.$inferSelect;

/** JSON-safe copy (Dates to ISO strings, undefined dropped), as jsonb will give it back. */
const jsonValue = (value: unknown): unknown =>
  value === undefined || value === null ? null : (JSON.parse(JSON.stringify(value)) as unknown);

/**
 * The hash of a row: SHA-256 over the RFC 8785 canonical JSON of every field but the hash itself
 * (prev_hash included), so changing any field, or removing or reordering rows, breaks the chain.
 */
export function auditHash(row: Omit<AuditRow, 'hash' | 'mac'>): string {
  const text = canonicalize({
    seq: row.seq,
    at: row.at.toISOString(),
    operatorId: row.operatorId,
    username: row.username,
    action: row.action,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
    prevHash: row.prevHash,
  });
  return createHash('sha256').update(text!, 'utf8').digest('hex');
}

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

/** The audit key: derived from a master key (ADR 0023), so it is never in the database (docs/adr/0068). */
export const auditKeyFromMasterKey = (masterKey: Buffer): Buffer =>
  createHmac('sha256', masterKey).update('lotus:ops-audit-mac:v1').digest();

/** The anchor file: under the data folder, beside the master key and apart from the database. */
export const auditAnchorPath = (dataDir: string) => path.join(dataDir, 'audit-anchor.log');

/** The scheduled export of the chain head (docs/adr/0068). */
export const AUDIT_ANCHOR_JOB = 'ops-audit-anchor';
export const AUDIT_ANCHOR_EVERY_MS = 5 * 60_000;

/** One exported head: the newest row's seq and hash when exported, with a MAC under the audit key. */
type AuditAnchor = { seq: number; hash: string; at: string; mac: string };

const hmacHex = (key: Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest('hex');
const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** The operator audit log (docs/adr/0019): append, list, verify. */
export function createOpsAudit({
  database,
  now = Date.now,
  macKeys,
  anchorFile = null,
}: {
  database: Pick<Database, 'db' | 'tx'>;
  now?: () => number;
  /** Audit keys, the current one first (then the one of LOTUS_MASTER_KEY_PREVIOUS): rows are MACed under the first. */
  macKeys: readonly Buffer[];
  /**
   * Where the chain head is exported (append-only: opened with O_APPEND, never truncated or rewritten
   * by the application; docs/adr/0068). Null: no export (tests of other things).
   */
  anchorFile?: string | null;
}) {
  const db: Db = database.db;
  if (macKeys.length === 0) throw new Error('the audit log needs its MAC key');
  const macKey = macKeys[0]!;
  const rowMac = (key: Buffer, hash: string) => hmacHex(key, `lotus:ops-audit-row:${hash}`);
  const anchorMac = (key: Buffer, a: Omit<AuditAnchor, 'mac'>) => hmacHex(key, `lotus:ops-audit-anchor:${a.seq}:${a.hash}:${a.at}`);
  const macOk = (expected: (key: Buffer) => string, mac: string) => macKeys.some((key) => sameHex(expected(key), mac));

  /** Appends one row in the caller's transaction (opens one when there is none). */
  async function append(actor: OpsActor, action: string, entry: OpsAuditEntry): Promise<number> {
    return database.tx(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
      const [head] = await tx
        .select({ seq: opsAuditLog.seq, hash: opsAuditLog.hash })
        .from(opsAuditLog)
        .orderBy(desc(opsAuditLog.seq))
        .limit(1);
      const row: Omit<AuditRow, 'hash' | 'mac'> = {
        seq: (head?.seq ?? 0) + 1,
        at: new Date(now()),
        operatorId: actor.operatorId,
        username: clip(actor.username, 80),
        action: clip(action, 60),
        target: clip(entry.target, 200),
        before: jsonValue(entry.before),
        after: jsonValue(entry.after),
        ip: clip(actor.ip, 64),
        userAgent: clip(actor.userAgent, 300),
        requestId: clip(actor.requestId, 100),
        prevHash: head?.hash ?? GENESIS_HASH,
      };
      const hash = auditHash(row);
      await tx.insert(opsAuditLog).values({ ...row, hash, mac: rowMac(macKey, hash) });
      return row.seq;
    });
  }

  /**
   * Runs `fn`, which must report what it did through the note exactly once (see OpsAuditNote). An
   * audited call that reports nothing is a programming error: it fails loudly.
   */
  async function audited<T>(actor: OpsActor, action: string, fn: (note: OpsAuditNote) => Promise<T>): Promise<T> {
    let noted = false;
    const result = await fn(async (entry) => {
      if (noted) throw new Error(`audited call ${action} reported twice`);
      noted = true;
      await append(actor, action, entry);
    });
    if (!noted) throw new Error(`audited call ${action} reported no audit entry`);
    return result;
  }

  const toRow = (r: AuditRow): TOpsAuditRow => ({
    seq: r.seq,
    at: r.at.toISOString(),
    operatorId: r.operatorId,
    username: r.username,
    action: r.action,
    target: r.target,
    before: r.before,
    after: r.after,
    ip: r.ip,
    userAgent: r.userAgent,
    requestId: r.requestId,
    hash: r.hash,
  });

  /** LIKE pattern of a contains-filter (its wildcards typed by the operator match themselves). */
  const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

  /**
   * The console's audit view (docs/adr/0046): operator (exact username), action (prefix: `member.`
   * finds every member action), target (contains), time range; paged, newest or oldest first.
   */
  async function search(query: TOpsAuditSearchQuery): Promise<{ rows: TOpsAuditRow[]; total: number }> {
    const filters: SQL[] = [];
    if (query.operator) filters.push(eq(opsAuditLog.username, query.operator));
    if (query.action) filters.push(ilike(opsAuditLog.action, `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    if (query.target) filters.push(ilike(opsAuditLog.target, contains(query.target)));
    if (query.from) filters.push(gte(opsAuditLog.at, new Date(query.from)));
    if (query.to) filters.push(lte(opsAuditLog.at, new Date(query.to)));
    const where = filters.length ? and(...filters) : undefined;
    const rows = await db
      .select()
      .from(opsAuditLog)
      .where(where)
      .orderBy(query.order === 'asc' ? asc(opsAuditLog.seq) : desc(opsAuditLog.seq))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const [total] = await db.select({ n: count() }).from(opsAuditLog).where(where);
    return { rows: rows.map(toRow), total: Number(total?.n ?? 0) };
  }

  async function list(limit: number, tx: Executor = db): Promise<TOpsAuditRow[]> {
    const rows = await tx.select().from(opsAuditLog).orderBy(desc(opsAuditLog.seq)).limit(limit);
    return rows.map((r) => ({
      seq: r.seq,
      at: r.at.toISOString(),
      operatorId: r.operatorId,
      username: r.username,
      action: r.action,
      target: r.target,
      before: r.before,
      after: r.after,
      ip: r.ip,
      userAgent: r.userAgent,
      requestId: r.requestId,
      hash: r.hash,
    }));
  }

  /**
   * Exports the chain head (seq, hash) to the anchor file: one JSON line appended (O_APPEND, 0600),
   * only when the head moved since the last line. Run on a schedule by the job AUDIT_ANCHOR_JOB.
   */
  async function exportHead(): Promise<{ seq: number; hash: string } | null> {
    if (!anchorFile) return null;
    const [head] = await db
      .select({ seq: opsAuditLog.seq, hash: opsAuditLog.hash })
      .from(opsAuditLog)
      .orderBy(desc(opsAuditLog.seq))
      .limit(1);
    if (!head) return null;
    const last = readLastAnchor();
    if (last && 'seq' in last && last.seq === head.seq && last.hash === head.hash) return head;
    const line = { seq: head.seq, hash: head.hash, at: new Date(now()).toISOString() };
    fs.mkdirSync(path.dirname(anchorFile), { recursive: true, mode: 0o700 });
    // 'a' is O_APPEND: every write lands at the end whatever else holds the file; never rewritten.
    const fd = fs.openSync(anchorFile, 'a', 0o600);
    try {
      fs.writeSync(fd, `${JSON.stringify({ ...line, mac: anchorMac(macKey, line) })}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return head;
  }

  /** The last exported head, `{ bad }` when the file's last line is not one this server wrote, or null. */
  function readLastAnchor(): AuditAnchor | { bad: string } | null {
    if (!anchorFile) return null;
    let text: string;
    try {
      text = fs.readFileSync(anchorFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const line = text.trimEnd().split('\n').pop();
    if (!line) return null;
    try {
      const a = JSON.parse(line) as AuditAnchor;
      if (typeof a.seq === 'number' && typeof a.hash === 'string' && typeof a.at === 'string' && typeof a.mac === 'string')
        if (macOk((key) => anchorMac(key, a), a.mac)) return a;
    } catch {
      // falls through: not a line this server wrote
    }
    return { bad: `the last line of ${anchorFile} is not a head this server exported (bad MAC or format)` };
  }

  /**
   * Recomputes the chain from the first row (hash links and each row's MAC under the audit key), then
   * compares with the last exported head: rows deleted from the newest end are then missing. Names the
   * first row that does not match.
   */
  async function verify(): Promise<TOpsAuditVerify> {
    let prev = GENESIS_HASH;
    let expectedSeq = 1;
    let rows = 0;
    let macSeen = false;
    const anchor = readLastAnchor();
    if (anchor && 'bad' in anchor) return { ok: false, rows: 0, firstBrokenSeq: null, reason: anchor.bad };
    let anchoredHash: string | null = null;
    const page = 500;
    for (;;) {
      const batch = await db
        .select()
        .from(opsAuditLog)
        .where(gt(opsAuditLog.seq, expectedSeq - 1))
        .orderBy(asc(opsAuditLog.seq))
        .limit(page);
      for (const r of batch) {
        const broken = (reason: string): TOpsAuditVerify => ({ ok: false, rows, firstBrokenSeq: r.seq, reason });
        if (r.seq !== expectedSeq) {
          return { ok: false, rows, firstBrokenSeq: expectedSeq, reason: `row ${expectedSeq} is missing` };
        }
        if (r.prevHash !== prev) return broken(`row ${r.seq} does not link to the row before it`);
        const { hash, ...rest } = r;
        if (auditHash(rest) !== hash) return broken(`row ${r.seq} was changed after it was written`);
        if (r.mac !== null) {
          macSeen = true;
          if (!macOk((key) => rowMac(key, hash), r.mac))
            return broken(`row ${r.seq} does not carry a valid MAC: it was rewritten without the audit key`);
        } else if (macSeen) return broken(`row ${r.seq} has no MAC after rows that have one: it was rewritten`);
        if (anchor && r.seq === anchor.seq) anchoredHash = hash;
        prev = hash;
        expectedSeq += 1;
        rows += 1;
      }
      if (batch.length < page) break;
    }
    if (anchor && anchoredHash === null)
      return {
        ok: false,
        rows,
        firstBrokenSeq: expectedSeq,
        reason: `rows ${expectedSeq} to ${anchor.seq} are missing: the head exported at ${anchor.at} was seq ${anchor.seq}`,
      };
    if (anchor && anchoredHash !== anchor.hash)
      return {
        ok: false,
        rows,
        firstBrokenSeq: anchor.seq,
        reason: `row ${anchor.seq} differs from the head exported at ${anchor.at}: the chain was rewritten from there`,
      };
    return { ok: true, rows, firstBrokenSeq: null, reason: null };
  }

  /** Schedules the head export (every AUDIT_ANCHOR_EVERY_MS, once per period across instances). */
  function register(jobs: Pick<JobEngine, 'define'>) {
    jobs.define({
      name: AUDIT_ANCHOR_JOB,
      handler: async () => void (await exportHead()),
      retryLimit: 2,
      schedule: { everyMs: AUDIT_ANCHOR_EVERY_MS },
    });
  }

  return { append, audited, list, search, verify, exportHead, register };
}

export type OpsAudit = ReturnType<typeof createOpsAudit>;
