import type { TOpsRole } from '@lotus/contracts/ops-operators';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TOpsAuditRow, TOpsAuditVerify } from '@lotus/contracts/ops-operators';
import canonicalize from 'canonicalize';
import { and, asc, count, desc, eq, gt, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { TOpsAuditSearchQuery } from '@lotus/contracts/ops-console';
import type { Database } from '../../db/client';
import { opsAuditLog } from '../../db/schema';
import type { Db, Executor } from '../../db/tx';
import type { JobEngine } from '../jobs/engine';
import { chooseAnchorStore, type AnchorChoice, type ExportedHead } from './audit-anchor';

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

/** The scheduled export of the chain head (docs/adr/0068). */
export const AUDIT_ANCHOR_JOB = 'ops-audit-anchor';
export const AUDIT_ANCHOR_EVERY_MS = 5 * 60_000;

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
  database: Pick<Database, 'kind' | 'db' | 'tx'>;
  now?: () => number;
  /** Audit keys, the current one first (then the one of LOTUS_MASTER_KEY_PREVIOUS): rows are MACed under the first. */
  macKeys: readonly Buffer[];
  /**
   * The anchor file (DATA_DIR/audit-anchor.log): where the chain head is exported on PGlite, and on
   * PostgreSQL unless the anchor table is set up (audit-anchor.ts, docs/adr/0068). Null: no export.
   */
  anchorFile?: string | null;
}) {
  const db: Db = database.db;
  if (macKeys.length === 0) throw new Error('the audit log needs its MAC key');
  const macKey = macKeys[0]!;
  const rowMac = (key: Buffer, hash: string) => hmacHex(key, `lotus:ops-audit-row:${hash}`);
  const anchorMac = (key: Buffer, a: Omit<ExportedHead, 'mac'>) => hmacHex(key, `lotus:ops-audit-anchor:${a.seq}:${a.hash}:${a.at}`);
  const macOk = (expected: (key: Buffer) => string, mac: string) => macKeys.some((key) => sameHex(expected(key), mac));

  let choice: Promise<AnchorChoice | null> | null = null;
  /**
   * The anchor store, chosen once per process (the server asks at start and logs the warning): a table
   * set up later is used after a restart.
   */
  function anchorChoice(): Promise<AnchorChoice | null> {
    if (!choice) {
      const pending = anchorFile ? chooseAnchorStore(database, anchorFile) : Promise.resolve(null);
      // A failed look-up (the database unreachable at that moment) is made again on the next call.
      pending.catch(() => {
        if (choice === pending) choice = null;
      });
      choice = pending;
    }
    return choice;
  }

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

  const newestRow = async () =>
    (await db.select({ seq: opsAuditLog.seq, hash: opsAuditLog.hash }).from(opsAuditLog).orderBy(desc(opsAuditLog.seq)).limit(1))[0];

  /**
   * Exports the chain head (seq, hash, the time, a MAC) to the anchor store, only when the head moved since
   * the last export. Run on a schedule by the job AUDIT_ANCHOR_JOB. A head that does not extend the last
   * exported one (that row is gone or different: the newest rows were deleted or rewritten) is not
   * exported, nor one after a last head this server did not export: the evidence stays the last one, and
   * the job fails, naming it, until an operator has looked (audit verify reports the same).
   */
  async function exportHead(): Promise<{ seq: number; hash: string } | null> {
    const store = (await anchorChoice())?.store;
    if (!store) return null;
    const head = await newestRow();
    if (!head) return null;
    const last = await lastExportedHead();
    // A last head this server did not export (someone with INSERT on the anchor added it) is kept as the
    // last one, so verify keeps reporting it; exporting past it would also skip the check below.
    if (last && 'bad' in last) throw new Error(`${last.bad}: not exported; run audit verify`);
    if (last && last.seq === head.seq && last.hash === head.hash) return head;
    if (last) {
      const [anchored] = await db.select({ hash: opsAuditLog.hash }).from(opsAuditLog).where(eq(opsAuditLog.seq, last.seq));
      if (anchored?.hash !== last.hash)
        throw new Error(
          `the audit chain no longer holds the head exported at ${last.at} (seq ${last.seq}): not exported; run audit verify`,
        );
    }
    const line = { seq: head.seq, hash: head.hash, at: new Date(now()).toISOString() };
    await store.append({ ...line, mac: anchorMac(macKey, line) });
    return head;
  }

  /** The last exported head, `{ bad }` when it is not one this server exported (bad MAC or format), or null. */
  async function lastExportedHead(): Promise<ExportedHead | { bad: string } | null> {
    const store = (await anchorChoice())?.store;
    if (!store) return null;
    const last = await store.last();
    if (!last) return null;
    if ('unreadable' in last) return { bad: last.unreadable };
    if (!macOk((key) => anchorMac(key, last), last.mac))
      return { bad: `the last head in the anchor ${store.kind} is not one this server exported (bad MAC)` };
    return last;
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
    const store = (await anchorChoice())?.store ?? null;
    const last = await lastExportedHead();
    const compared: TOpsAuditVerify['anchor'] = {
      store: store?.kind ?? 'none',
      location: store?.location ?? null,
      seq: last && 'seq' in last ? last.seq : null,
      at: last && 'seq' in last ? last.at : null,
    };
    const answer = (result: Omit<TOpsAuditVerify, 'anchor'>): TOpsAuditVerify => ({
      ...result,
      reason: result.reason === null ? null : clip(result.reason, 200),
      anchor: compared,
    });
    if (last && 'bad' in last) return answer({ ok: false, rows: 0, firstBrokenSeq: null, reason: last.bad });
    const anchored = last && 'seq' in last ? last : null;
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
        const broken = (reason: string) => answer({ ok: false, rows, firstBrokenSeq: r.seq, reason });
        if (r.seq !== expectedSeq) return answer({ ok: false, rows, firstBrokenSeq: expectedSeq, reason: `row ${expectedSeq} is missing` });
        if (r.prevHash !== prev) return broken(`row ${r.seq} does not link to the row before it`);
        const { hash, ...rest } = r;
        if (auditHash(rest) !== hash) return broken(`row ${r.seq} was changed after it was written`);
        if (r.mac !== null) {
          macSeen = true;
          if (!macOk((key) => rowMac(key, hash), r.mac))
            return broken(`row ${r.seq} does not carry a valid MAC: it was rewritten without the audit key`);
        } else if (macSeen) return broken(`row ${r.seq} has no MAC after rows that have one: it was rewritten`);
        if (anchored && r.seq === anchored.seq) anchoredHash = hash;
        prev = hash;
        expectedSeq += 1;
        rows += 1;
      }
      if (batch.length < page) break;
    }
    if (anchored && anchoredHash === null)
      return answer({
        ok: false,
        rows,
        firstBrokenSeq: expectedSeq,
        reason: `rows ${expectedSeq} to ${anchored.seq} are missing: the head exported at ${anchored.at} was seq ${anchored.seq}`,
      });
    if (anchored && anchoredHash !== anchored.hash)
      return answer({
        ok: false,
        rows,
        firstBrokenSeq: anchored.seq,
        reason: `row ${anchored.seq} differs from the head exported at ${anchored.at}: the chain was rewritten from there`,
      });
    return answer({ ok: true, rows, firstBrokenSeq: null, reason: null });
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

  return { append, audited, list, search, verify, exportHead, register, anchorChoice };
}

export type OpsAudit = ReturnType<typeof createOpsAudit>;
