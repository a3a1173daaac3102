import { AppError } from '@lotus/contracts/app-error';
import type { TOpsApprovalRequested, TOpsApprovalRow } from '@lotus/contracts/ops-console';
import { roleAllows, type TOpsPermission, type TOpsRole } from '@lotus/contracts/ops-operators';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { opsApprovals, opsAuditLog } from '../../db/schema';
import type { JobDefinition } from '../jobs/engine';
import type { OpsActor, OpsAudit, OpsAuditNote } from '../audit/ops.audit';

/** A pending request lives this long before the expiry job closes it (docs/adr/0044). */
export const APPROVAL_TTL_MS = 24 * 60 * 60_000;
/** The scheduled job that expires pending requests past their end (job engine, not timers). */
export const APPROVALS_EXPIRE_JOB = 'ops-approvals-expire';

/**
 * An action that needs a second operator. `apply` does the change with the approver's audit note
 * (it reports target and before/after as any audited operator call does), inside the approval's
 * transaction: the status change, the change itself and its audit row commit together.
 */
export type ApprovalDefinition<P> = {
  action: string;
  /** What the approver's role must allow (besides not being the requester). */
  approverPermission: TOpsPermission;
  payload: z.ZodType<P>;
  /** The change, made by the approver (money records who decided it: the approver, docs/adr/0081). */
  apply(payload: P, note: OpsAuditNote, approver: Approver): Promise<unknown>;
  /** At most one pending request per target (a deposit, a withdrawal): a second is refused. */
  onePendingPerTarget?: boolean;
  /** The operator the request is about (username), who can never approve it. */
  subject?: (payload: P) => string;
  /**
   * Secrets the applied change produced, shown once to the approver in the approve answer (another
   * operator's token or one-time password: never to the requester, never stored; docs/adr/0080).
   */
  reveal?: (result: never) => Record<string, string>;
};

/**
 * Audit actions by which an operator gains sway over another (the target `operator:<username>`):
 * creating them, issuing their credentials, changing their role (applied through an approval).
 */
const SWAY_ACTIONS = ['operator.create', 'operator.token.create', 'operator.credentials.reset', 'approval.approve'];

/** Who decides: an operator (never the direct-mode command line, which has no identity to compare). */
export type Approver = { id: number; username: string; role: TOpsRole };

const SYSTEM: OpsActor = { operatorId: null, username: 'system', ip: 'local', userAgent: 'lotus server', requestId: 'job' };

type Row = typeof opsApprovals.$inferSelect;
const toRow = (r: Row): TOpsApprovalRow => ({
  id: r.id,
  action: r.action,
  target: r.target,
  payload: r.payload,
  reason: r.reason,
  status: r.status as TOpsApprovalRow['status'],
  requestedBy: r.requestedBy,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  decidedBy: r.decidedBy,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  decisionNote: r.decisionNote,
});

/**
 * Four-eyes approvals (docs/adr/0044), a platform mechanism: modules `define` actions that need a
 * second operator; their routes call `request` instead of doing the change; `approve` applies it
 * when another operator whose role allows it says so; `reject` closes it; the expiry job closes
 * requests nobody decided in time. Every step writes the operator audit log.
 */
export function createApprovals({
  database,
  audit,
  now,
  ttlMs = APPROVAL_TTL_MS,
}: {
  database: Pick<Database, 'db' | 'tx'>;
  audit: Pick<OpsAudit, 'append'>;
  now: () => number;
  ttlMs?: number;
}) {
  const definitions = new Map<string, ApprovalDefinition<unknown>>();

  function define<P>(definition: ApprovalDefinition<P>) {
    if (definitions.has(definition.action)) throw new Error(`approval action ${definition.action} defined twice`);
    definitions.set(definition.action, definition as ApprovalDefinition<unknown>);
  }

  /** Stores a pending request (the caller's audit note records it); nothing is applied yet. */
  async function request(
    requester: { id: number | null; username: string },
    action: string,
    input: { target: string; payload: unknown; reason: string },
    note: OpsAuditNote,
  ): Promise<TOpsApprovalRequested> {
    const definition = definitions.get(action);
    if (!definition) throw new Error(`approval action ${action} is not defined`);
    const payload = definition.payload.parse(input.payload);
    return database.tx(async (tx) => {
      const at = new Date(now());
      if (definition.onePendingPerTarget) {
        // Serialised per target by the advisory lock, so two requests at once cannot both pass.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`approval:${action}:${input.target}`}))`);
        const [open] = await tx
          .select({ id: opsApprovals.id })
          .from(opsApprovals)
          .where(and(eq(opsApprovals.action, action), eq(opsApprovals.target, input.target), eq(opsApprovals.status, 'pending'), gt(opsApprovals.expiresAt, at)))
          .limit(1);
        if (open) throw new AppError('approval_already_pending', 409);
      }
      const [row] = await tx
        .insert(opsApprovals)
        .values({
          action,
          target: input.target,
          payload,
          reason: input.reason,
          status: 'pending',
          requestedById: requester.id,
          requestedBy: requester.username,
          createdAt: at,
          expiresAt: new Date(at.getTime() + ttlMs),
        })
        .returning();
      await note({ target: `approval:${row!.id}`, after: { action, target: input.target, payload, reason: input.reason } });
      return { approvalId: row!.id, status: 'pending' as const, expiresAt: row!.expiresAt.toISOString() };
    });
  }

  async function lockPending(id: number, tx: Parameters<Parameters<Database['tx']>[0]>[0]): Promise<Row> {
    const [row] = await tx.select().from(opsApprovals).where(eq(opsApprovals.id, id)).for('update');
    if (!row) throw new AppError('not_found', 404);
    if (row.status !== 'pending' || row.expiresAt.getTime() <= now()) throw new AppError('approval_not_pending', 409);
    return row;
  }

  /**
   * Applies a pending request: only another operator whose role allows the action. The change runs
   * as the action's service does it, in its own transaction; when it reports its audit entry (from
   * inside that transaction) the request is locked, checked again and marked approved there, so the
   * change, the status and the audit row commit together, and a request decided meanwhile rolls
   * the change back. (The service reads what it needs before opening its transaction: opening ours
   * around it could wait on reads that wait for us, with PGlite's single session.)
   */
  /**
   * Whether the requester gained sway over the approver in the approval's lifetime (docs/adr/0080):
   * since the request was made, created them, issued their token or console credentials, or changed
   * their role (as the one who asked or approved it). Read from the operator audit log, whose rows
   * name the actor and, for applied approvals, the requester.
   */
  async function requesterSwaysApprover(row: Row, approver: Approver): Promise<boolean> {
    const since = row.createdAt;
    const [hit] = await database.db
      .select({ seq: opsAuditLog.seq })
      .from(opsAuditLog)
      .where(
        and(
          gte(opsAuditLog.at, since),
          eq(opsAuditLog.target, `operator:${approver.username}`),
          inArray(opsAuditLog.action, SWAY_ACTIONS),
          or(eq(opsAuditLog.username, row.requestedBy), sql`${opsAuditLog.after} -> 'approval' ->> 'requestedBy' = ${row.requestedBy}`),
        ),
      )
      .limit(1);
    return hit !== undefined;
  }

  /**
   * A refused approval is evidence too (someone tried to satisfy four-eyes alone, or a money rule
   * stopped the approver: the payer funded it, a daily limit): its own row, written although the call
   * fails. Other failures (a bad request, a conflict) are the caller's answer only.
   */
  async function auditRefusal(row: Row, error: unknown, actor: OpsActor | undefined) {
    if (!actor || !(error instanceof AppError) || error.status !== 403) return;
    await audit.append(actor, 'approval.refuse', {
      target: `approval:${row.id}`,
      after: { action: row.action, requestedBy: row.requestedBy, refused: error.code },
    });
  }

  async function applyAuditingRefusal<T>(row: Row, actor: OpsActor | undefined, apply: () => Promise<T>): Promise<T> {
    try {
      return await apply();
    } catch (error) {
      await auditRefusal(row, error, actor);
      throw error;
    }
  }

  async function approve(
    id: number,
    approver: Approver,
    decisionNote: string | undefined,
    note: OpsAuditNote,
    actor?: OpsActor,
  ): Promise<TOpsApprovalRow> {
    const check = (row: Row) => {
      if (row.status !== 'pending' || row.expiresAt.getTime() <= now()) throw new AppError('approval_not_pending', 409);
      if (row.requestedById === approver.id) throw new AppError('approval_own_request', 403);
      const definition = definitions.get(row.action);
      if (!definition) throw new AppError('approval_not_pending', 409);
      if (!roleAllows(approver.role, definition.approverPermission)) throw new AppError('ops_permission_denied', 403);
      if (definition.subject?.(definition.payload.parse(row.payload)) === approver.username) {
        throw new AppError('approval_not_independent', 403);
      }
      return definition;
    };
    const [first] = await database.db.select().from(opsApprovals).where(eq(opsApprovals.id, id));
    if (!first) throw new AppError('not_found', 404);
    let definition: ApprovalDefinition<unknown>;
    try {
      definition = check(first);
      if (await requesterSwaysApprover(first, approver)) throw new AppError('approval_not_independent', 403);
    } catch (error) {
      if (first.status === 'pending') await auditRefusal(first, error, actor);
      throw error;
    }
    let result: TOpsApprovalRow | null = null;
    const applied = await applyAuditingRefusal(first, actor, () => definition.apply(
      definition.payload.parse(first.payload),
      async (entry) =>
      database.tx(async (tx) => {
        const row = await lockPending(id, tx);
        check(row);
        const [updated] = await tx
          .update(opsApprovals)
          .set({ status: 'approved', decidedById: approver.id, decidedBy: approver.username, decidedAt: new Date(now()), decisionNote: decisionNote ?? null })
          .where(eq(opsApprovals.id, id))
          .returning();
        result = toRow(updated!);
        await note({
          target: entry.target,
          before: entry.before,
          after: { approval: { id, action: row.action, requestedBy: row.requestedBy, reason: row.reason }, change: entry.after ?? null },
        });
      }),
      approver,
    ));
    const approved = result as TOpsApprovalRow | null;
    if (!approved) throw new Error(`approval action ${first.action} reported no audit entry`);
    return definition.reveal ? { ...approved, revealed: definition.reveal(applied as never) } : approved;
  }

  /** Closes a pending request without applying it (the requester may withdraw their own). */
  async function reject(id: number, approver: Approver, decisionNote: string | undefined, note: OpsAuditNote): Promise<TOpsApprovalRow> {
    return database.tx(async (tx) => {
      const row = await lockPending(id, tx);
      const definition = definitions.get(row.action);
      const own = row.requestedById === approver.id;
      if (!own && definition && !roleAllows(approver.role, definition.approverPermission)) {
        throw new AppError('ops_permission_denied', 403);
      }
      const [updated] = await tx
        .update(opsApprovals)
        .set({ status: 'rejected', decidedById: approver.id, decidedBy: approver.username, decidedAt: new Date(now()), decisionNote: decisionNote ?? null })
        .where(eq(opsApprovals.id, id))
        .returning();
      await note({ target: `approval:${id}`, before: { status: 'pending' }, after: { status: 'rejected', action: row.action, note: decisionNote ?? null } });
      return toRow(updated!);
    });
  }

  /** Closes every pending request past its end (the scheduled job); each closure is audited as the system. */
  async function expireDue(): Promise<number> {
    return database.tx(async (tx) => {
      const at = new Date(now());
      const rows = await tx
        .update(opsApprovals)
        .set({ status: 'expired', decidedAt: at })
        .where(and(eq(opsApprovals.status, 'pending'), lte(opsApprovals.expiresAt, at)))
        .returning();
      for (const r of rows) {
        await audit.append(SYSTEM, 'approval.expire', { target: `approval:${r.id}`, before: { status: 'pending' }, after: { status: 'expired', action: r.action } });
      }
      return rows.length;
    });
  }

  async function list(query: {
    status?: TOpsApprovalRow['status'] | undefined;
    q?: string | undefined;
    order?: 'asc' | 'desc';
    page: number;
    pageSize: number;
  }) {
    const like = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = and(
      query.status ? eq(opsApprovals.status, query.status) : undefined,
      like ? or(ilike(opsApprovals.action, like), ilike(opsApprovals.target, like), ilike(opsApprovals.requestedBy, like)) : undefined,
    );
    const rows = await database.db
      .select()
      .from(opsApprovals)
      .where(where)
      .orderBy(query.order === 'asc' ? asc(opsApprovals.id) : desc(opsApprovals.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const [total] = await database.db.select({ n: count() }).from(opsApprovals).where(where);
    return { rows: rows.map(toRow), total: Number(total?.n ?? 0) };
  }

  const pendingCount = async () => {
    const [r] = await database.db.select({ n: sql<number>`count(*)::int` }).from(opsApprovals).where(eq(opsApprovals.status, 'pending'));
    return Number(r?.n ?? 0);
  };

  const jobs: JobDefinition[] = [
    { name: APPROVALS_EXPIRE_JOB, schedule: { everyMs: 60_000 }, retryLimit: 2, handler: async () => void (await expireDue()) },
  ];

  return { define, request, approve, reject, expireDue, list, pendingCount, jobs };
}

export type Approvals = ReturnType<typeof createApprovals>;
