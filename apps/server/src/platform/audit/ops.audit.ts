import type { TOpsRole } from '@lotus/contracts/ops-operators';
import { createHash } from 'node:crypto';
import type { TOpsAuditRow, TOpsAuditVerify } from '@lotus/contracts/ops-operators';
import canonicalize from 'canonicalize';
import { and, asc, count, desc, eq, gt, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { TOpsAuditSearchQuery } from '@lotus/contracts/ops-console';
import type { Database } from '../../db/client';
import { opsAuditLog } from '../../db/schema';
import type { Db, Executor } from '../../db/tx';

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
export function auditHash(row: Omit<AuditRow, 'hash'>): string {
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

/** The operator audit log (docs/adr/0019): append, list, verify. */
export function createOpsAudit({
  database,
  now = Date.now,
}: {
  database: Pick<Database, 'db' | 'tx'>;
  now?: () => number;
}) {
  const db: Db = database.db;

  /** Appends one row in the caller's transaction (opens one when there is none). */
  async function append(actor: OpsActor, action: string, entry: OpsAuditEntry): Promise<number> {
    return database.tx(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
      const [head] = await tx
        .select({ seq: opsAuditLog.seq, hash: opsAuditLog.hash })
        .from(opsAuditLog)
        .orderBy(desc(opsAuditLog.seq))
        .limit(1);
      const row: Omit<AuditRow, 'hash'> = {
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
      await tx.insert(opsAuditLog).values({ ...row, hash: auditHash(row) });
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

  /** Recomputes the chain from the first row; names the first row that does not match. */
  async function verify(): Promise<TOpsAuditVerify> {
    let prev = GENESIS_HASH;
    let expectedSeq = 1;
    let rows = 0;
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
        prev = hash;
        expectedSeq += 1;
        rows += 1;
      }
      if (batch.length < page) break;
    }
    return { ok: true, rows, firstBrokenSeq: null, reason: null };
  }

  return { append, audited, list, search, verify };
}

export type OpsAudit = ReturnType<typeof createOpsAudit>;
