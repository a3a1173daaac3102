import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/tx';
import { agentBills, agentContracts, agentPeriods } from '../../db/schema';

export type ContractRow = typeof agentContracts.$inferSelect;
export type BillRow = typeof agentBills.$inferSelect;
export type NewBillRow = typeof agentBills.$inferInsert;
export type PeriodRow = typeof agentPeriods.$inferSelect;

/** The agent contracts' SQL (docs/adr/0100): contracts, periods and bills. Every function takes the executor last. */
export function createContractRepository(db: Db) {
  return {
    /** Serialises the changes to one agent's contracts of one kind (offers, answers) across instances. */
    async lockAgentKind(agentId: number, kind: string, tx: Executor) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`agent-contract:${agentId}:${kind}`}))`);
    },

    async insertContract(row: typeof agentContracts.$inferInsert, tx: Executor) {
      const [r] = await tx.insert(agentContracts).values(row).returning();
      return r!;
    },

    async contractById(id: number, tx: Executor, lock = false) {
      const q = tx.select().from(agentContracts).where(eq(agentContracts.id, id));
      const [r] = lock ? await q.for('update') : await q;
      return r ?? null;
    },

    /** An agent's contract of a kind in a status: `active` or `offered` (at most one each: partial unique indexes). */
    async contractIn(status: 'active' | 'offered', agentId: number, kind: string, tx: Executor = db) {
      const [r] = await tx
        .select()
        .from(agentContracts)
        .where(
          and(
            eq(agentContracts.agentId, agentId),
            eq(agentContracts.kind, kind),
            eq(agentContracts.status, status),
          ),
        );
      return r ?? null;
    },

    /** The active contracts an agent gave its downline agents, of one kind. */
    async activeGivenBy(uplineId: number, kind: string, tx: Executor = db) {
      return tx
        .select()
        .from(agentContracts)
        .where(
          and(
            eq(agentContracts.uplineId, uplineId),
            eq(agentContracts.kind, kind),
            eq(agentContracts.status, 'active'),
          ),
        );
    },

    async setStatus(
      id: number,
      set: Partial<Pick<ContractRow, 'status' | 'decidedAt' | 'endedAt'>>,
      tx: Executor,
    ) {
      await tx.update(agentContracts).set(set).where(eq(agentContracts.id, id));
    },

    async contractsOf(
      q: { agentId?: number; uplineId?: number; kind?: string; limit: number; offset: number },
      tx: Executor = db,
    ) {
      const where = and(
        q.agentId !== undefined ? eq(agentContracts.agentId, q.agentId) : undefined,
        q.uplineId !== undefined ? eq(agentContracts.uplineId, q.uplineId) : undefined,
        q.kind !== undefined ? eq(agentContracts.kind, q.kind) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        tx
          .select()
          .from(agentContracts)
          .where(where)
          .orderBy(desc(agentContracts.id))
          .limit(q.limit)
          .offset(q.offset),
        tx.select({ n: count() }).from(agentContracts).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** The cycles in which contracts of a kind were ever in force, with the first acceptance of each. */
    async cyclesInUse(kind: string, tx: Executor = db) {
      const r = await tx
        .select({ cycle: agentContracts.cycle, first: sql<string>`min(${agentContracts.decidedAt})` })
        .from(agentContracts)
        .where(and(eq(agentContracts.kind, kind), inArray(agentContracts.status, ['active', 'superseded'])))
        .groupBy(agentContracts.cycle);
      return r.map((x) => ({ cycle: x.cycle, first: new Date(x.first) }));
    },

    /**
     * The contracts of a kind and cycle that govern the period ending at `end`: the one in force at its end (accepted
     * before it, not ended before it). A contract accepted during a period governs that whole period.
     */
    async inForce(kind: string, cycle: string, end: Date, tx: Executor) {
      return tx
        .select()
        .from(agentContracts)
        .where(
          and(
            eq(agentContracts.kind, kind),
            eq(agentContracts.cycle, cycle),
            inArray(agentContracts.status, ['active', 'superseded']),
            lt(agentContracts.decidedAt, end),
            or(isNull(agentContracts.endedAt), gte(agentContracts.endedAt, end)),
          ),
        );
    },

    async lastPeriod(kind: string, cycle: string, tx: Executor = db) {
      const [r] = await tx
        .select()
        .from(agentPeriods)
        .where(and(eq(agentPeriods.kind, kind), eq(agentPeriods.cycle, cycle)))
        .orderBy(desc(agentPeriods.startsAt))
        .limit(1);
      return r ?? null;
    },

    /**
     * Claims a period: the row is written in the transaction that writes its bills, so of two instances the
     * second waits on the unique key and then finds it taken (null).
     */
    async claimPeriod(
      row: { kind: string; cycle: string; startsAt: Date; endsAt: Date; at: Date },
      tx: Executor,
    ) {
      const [r] = await tx
        .insert(agentPeriods)
        .values({
          kind: row.kind,
          cycle: row.cycle,
          startsAt: row.startsAt,
          endsAt: row.endsAt,
          status: 'settled',
          startedAt: row.at,
        })
        .onConflictDoNothing()
        .returning({ id: agentPeriods.id });
      return r?.id ?? null;
    },

    async finishPeriod(id: number, bills: number, at: Date, tx: Executor) {
      await tx.update(agentPeriods).set({ bills, finishedAt: at }).where(eq(agentPeriods.id, id));
    },

    async periods(limit: number, tx: Executor = db) {
      return tx
        .select()
        .from(agentPeriods)
        .orderBy(desc(agentPeriods.startsAt), desc(agentPeriods.id))
        .limit(limit);
    },

    /** What each agent carried out of its latest bill of a kind before `before`. */
    async carries(kind: string, agentIds: number[], before: Date, tx: Executor) {
      if (agentIds.length === 0) return new Map<number, bigint>();
      const r = await tx.execute(
        sql`select distinct on (agent_id) agent_id, carry_out from agent_bills
          where kind = ${kind} and agent_id = any(${`{${agentIds.join(',')}}`}::int[]) and period_start < ${before.toISOString()}::timestamptz
            and status <> 'reversed'
          order by agent_id, period_start desc`,
      );
      const rows = (r as unknown as { rows: Record<string, unknown>[] }).rows;
      return new Map(rows.map((x) => [Number(x.agent_id), BigInt(String(x.carry_out))]));
    },

    async insertBills(rows: NewBillRow[], tx: Executor) {
      for (let i = 0; i < rows.length; i += 500) await tx.insert(agentBills).values(rows.slice(i, i + 500));
    },

    /** Bills still to pay, top of the tree first. */
    async openBills(limit: number, tx: Executor = db) {
      return tx
        .select({ id: agentBills.id, depth: agentBills.depth })
        .from(agentBills)
        .where(inArray(agentBills.status, ['pending', 'unpaid']))
        .orderBy(agentBills.depth, agentBills.id)
        .limit(limit);
    },

    async lockBill(id: number, tx: Executor) {
      const [r] = await tx
        .select()
        .from(agentBills)
        .where(eq(agentBills.id, id))
        .for('update', { skipLocked: true });
      return r ?? null;
    },

    /** A bill, locked (waiting for a payment run that holds it: an operator's or agent's decision never skips one). */
    async billForUpdate(id: number, tx: Executor) {
      const [r] = await tx.select().from(agentBills).where(eq(agentBills.id, id)).for('update');
      return r ?? null;
    },

    async setBill(
      id: number,
      set: Partial<
        Pick<
          BillRow,
          'status' | 'priorStatus' | 'disputeReason' | 'disputedBy' | 'disputedAt' | 'resolution' | 'resolvedBy' | 'resolvedAt'
        >
      >,
      tx: Executor,
    ) {
      const [r] = await tx.update(agentBills).set(set).where(eq(agentBills.id, id)).returning();
      return r!;
    },

    async periodById(id: number, tx: Executor = db) {
      const [r] = await tx.select().from(agentPeriods).where(eq(agentPeriods.id, id));
      return r ?? null;
    },

    async periodForUpdate(id: number, tx: Executor) {
      const [r] = await tx.select().from(agentPeriods).where(eq(agentPeriods.id, id)).for('update');
      return r ?? null;
    },

    /** The bills of a period's current revision (none reversed), each locked. */
    async liveBillsOf(periodId: number, tx: Executor) {
      return tx
        .select()
        .from(agentBills)
        .where(and(eq(agentBills.periodId, periodId), sql`${agentBills.status} <> 'reversed'`))
        .orderBy(agentBills.id)
        .for('update');
    },

    /** The period of the same kind and cycle that starts when this one ends, if it is settled. */
    async periodAfter(kind: string, cycle: string, startsAt: Date, tx: Executor) {
      const [r] = await tx
        .select()
        .from(agentPeriods)
        .where(and(eq(agentPeriods.kind, kind), eq(agentPeriods.cycle, cycle), eq(agentPeriods.startsAt, startsAt)));
      return r ?? null;
    },

    async setPeriodRevision(id: number, set: { revision: number; bills: number; finishedAt: Date }, tx: Executor) {
      await tx.update(agentPeriods).set(set).where(eq(agentPeriods.id, id));
    },

    async markBill(
      id: number,
      set: Partial<Pick<BillRow, 'status' | 'transactionId' | 'paidAt'>> & { attempt?: boolean },
      tx: Executor,
    ) {
      const { attempt, ...rest } = set;
      await tx
        .update(agentBills)
        .set({ ...rest, ...(attempt ? { attempts: sql`${agentBills.attempts} + 1` } : {}) })
        .where(eq(agentBills.id, id));
    },

    async bills(
      q: {
        agentId?: number;
        payerId?: number | null;
        kind?: string;
        status?: string;
        limit: number;
        offset: number;
      },
      tx: Executor = db,
    ) {
      const conds: (SQL | undefined)[] = [
        q.agentId !== undefined ? eq(agentBills.agentId, q.agentId) : undefined,
        q.payerId === null
          ? isNull(agentBills.payerId)
          : q.payerId !== undefined
            ? eq(agentBills.payerId, q.payerId)
            : undefined,
        q.kind !== undefined ? eq(agentBills.kind, q.kind) : undefined,
        q.status !== undefined ? eq(agentBills.status, q.status) : undefined,
      ];
      const where = and(...conds);
      const [rows, [total]] = await Promise.all([
        tx
          .select()
          .from(agentBills)
          .where(where)
          .orderBy(desc(agentBills.periodStart), desc(agentBills.id))
          .limit(q.limit)
          .offset(q.offset),
        tx.select({ n: count() }).from(agentBills).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}

export type ContractRepository = ReturnType<typeof createContractRepository>;
