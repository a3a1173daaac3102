import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, notLike, or, sql, sum } from 'drizzle-orm';
import { depositSlips, deposits, paymentChannels, pspCallbacks } from '../../db/schema';
import type { Db, Executor } from '../../db/tx';

export type ChannelRow = typeof paymentChannels.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;
export type SlipInfo = { id: string; depositId: string; mime: string; size: number };

/** Advisory lock class of a member's deposits (first key), the member id second: limits are checked one at a time. */
const DEPOSIT_LIMIT_LOCK = 774_412_001;

const slipInfo = {
  id: depositSlips.id,
  depositId: depositSlips.depositId,
  mime: depositSlips.mime,
  size: depositSlips.size,
};

/** Payment channels, deposits, slips and PSP callbacks: SQL only. */
export function createDepositRepository(db: Db) {
  return {
    // ---------- channels ----------
    async listChannels(tx: Executor = db): Promise<ChannelRow[]> {
      return tx.select().from(paymentChannels).orderBy(asc(paymentChannels.sort), asc(paymentChannels.id));
    },
    async findChannelByCode(code: string, tx: Executor = db): Promise<ChannelRow | null> {
      const [row] = await tx.select().from(paymentChannels).where(eq(paymentChannels.code, code));
      return row ?? null;
    },
    async findChannelById(id: number, tx: Executor = db): Promise<ChannelRow | null> {
      const [row] = await tx.select().from(paymentChannels).where(eq(paymentChannels.id, id));
      return row ?? null;
    },
    async insertChannel(row: typeof paymentChannels.$inferInsert, tx: Executor): Promise<ChannelRow | null> {
      const [created] = await tx
        .insert(paymentChannels)
        .values(row)
        .onConflictDoNothing({ target: paymentChannels.code })
        .returning();
      return created ?? null;
    },
    async updateChannel(
      code: string,
      change: Partial<typeof paymentChannels.$inferInsert>,
      tx: Executor,
    ): Promise<ChannelRow | null> {
      const [row] = await tx.update(paymentChannels).set(change).where(eq(paymentChannels.code, code)).returning();
      return row ?? null;
    },
    async deleteChannel(id: number, tx: Executor): Promise<void> {
      await tx.delete(paymentChannels).where(eq(paymentChannels.id, id));
    },
    async countDepositsOfChannel(channelId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(deposits).where(eq(deposits.channelId, channelId));
      return Number(row?.n ?? 0);
    },

    // ---------- deposits ----------
    /** Serialises a member's deposit creations for the length of the transaction (daily limit). */
    async lockMember(memberId: number, tx: Executor): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${DEPOSIT_LIMIT_LOCK}, ${memberId})`);
    },
    /** What the member deposited on a channel on a day, counting only `statuses`. */
    async sumOfDay(
      memberId: number,
      channelId: number,
      dayKey: string,
      statuses: string[],
      tx: Executor = db,
    ): Promise<bigint> {
      const [row] = await tx
        .select({ total: sum(deposits.amountMinor) })
        .from(deposits)
        .where(
          and(
            eq(deposits.memberId, memberId),
            eq(deposits.channelId, channelId),
            eq(deposits.dayKey, dayKey),
            inArray(deposits.status, statuses),
          ),
        );
      return BigInt(row?.total ?? 0);
    },
    /** What `decidedBy` credited by hand in [from, to) (the per-operator daily limit, docs/adr/0081). */
    async sumCreditedBy(decidedBy: string, from: Date, to: Date, tx: Executor = db): Promise<bigint> {
      const [row] = await tx
        .select({ total: sum(deposits.amountMinor) })
        .from(deposits)
        .where(and(eq(deposits.decidedBy, decidedBy), eq(deposits.status, 'credited'), gte(deposits.decidedAt, from), lt(deposits.decidedAt, to)));
      return BigInt(row?.total ?? 0);
    },
    /** The operators who credited a member's deposits by hand in (after, until] (a PSP's callback is no operator). */
    async operatorsWhoCredited(memberId: number, after: Date | null, until: Date, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ decidedBy: deposits.decidedBy })
        .from(deposits)
        .where(
          and(
            eq(deposits.memberId, memberId),
            eq(deposits.status, 'credited'),
            after ? gt(deposits.decidedAt, after) : undefined,
            lte(deposits.decidedAt, until),
            notLike(deposits.decidedBy, 'psp:%'),
          ),
        );
      return rows.map((r) => r.decidedBy).filter((name): name is string => name !== null);
    },
    /**
     * The payer names members gave on their bank transfers since `since`, waiting or credited (the
     * payer-name risk flag, docs/adr/0085), one row per (member, name) with the latest such deposit.
     */
    async payerNamesSince(memberIds: number[], since: Date, tx: Executor = db) {
      if (memberIds.length === 0) return [];
      return tx
        .select({ memberId: deposits.memberId, payerName: sql<string>`${deposits.payerName}`, at: sql<string>`max(${deposits.createdAt})` })
        .from(deposits)
        .where(
          and(
            inArray(deposits.memberId, memberIds),
            gte(deposits.createdAt, since),
            inArray(deposits.status, ['awaiting_approval', 'credited']),
            sql`${deposits.payerName} is not null`,
          ),
        )
        .groupBy(deposits.memberId, deposits.payerName);
    },
    async insertDeposit(row: typeof deposits.$inferInsert, tx: Executor): Promise<DepositRow> {
      const [created] = await tx.insert(deposits).values(row).returning();
      return created!;
    },
    async findDeposit(id: string, tx: Executor = db): Promise<DepositRow | null> {
      const [row] = await tx.select().from(deposits).where(eq(deposits.id, id));
      return row ?? null;
    },
    async findDepositForUpdate(id: string, tx: Executor): Promise<DepositRow | null> {
      const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
      return row ?? null;
    },
    async findByPspReferenceForUpdate(adapter: string, reference: string, tx: Executor): Promise<DepositRow | null> {
      const [row] = await tx
        .select()
        .from(deposits)
        .where(and(eq(deposits.adapter, adapter), eq(deposits.pspReference, reference)))
        .for('update');
      return row ?? null;
    },
    /** Moves a deposit on only from one of `from` (the conditional update); null when it was elsewhere. */
    async transition(
      id: string,
      from: string[],
      change: Partial<typeof deposits.$inferInsert>,
      tx: Executor,
    ): Promise<DepositRow | null> {
      const [row] = await tx
        .update(deposits)
        .set(change)
        .where(and(eq(deposits.id, id), inArray(deposits.status, from)))
        .returning();
      return row ?? null;
    },
    /** Pending deposits created before `before` become expired; returns how many. */
    async expirePending(before: Date, at: Date, tx: Executor): Promise<number> {
      const rows = await tx
        .update(deposits)
        .set({ status: 'expired', updatedAt: at })
        .where(and(eq(deposits.status, 'pending'), sql`${deposits.createdAt} < ${before}`))
        .returning({ id: deposits.id });
      return rows.length;
    },
    async pageOfMember(
      memberId: number,
      options: { limit: number; offset: number; status?: string | undefined },
      tx: Executor = db,
    ): Promise<{ rows: DepositRow[]; total: number }> {
      const where = options.status
        ? and(eq(deposits.memberId, memberId), eq(deposits.status, options.status))
        : eq(deposits.memberId, memberId);
      const rows = await tx
        .select()
        .from(deposits)
        .where(where)
        .orderBy(desc(deposits.createdAt), desc(deposits.id))
        .limit(options.limit)
        .offset(options.offset);
      const [n] = await tx.select({ n: count() }).from(deposits).where(where);
      return { rows, total: Number(n?.n ?? 0) };
    },
    /**
     * The operator's queue, newest first, at most `limit` rows. Each search has its index (docs/adr/0084):
     * member (member_id, created_at), reference lower(member_reference) or lower(psp_reference) (a
     * bitmap OR of two indexes), amount (amount_minor, created_at), status (status, created_at), kind
     * (kind, created_at), none (created_at).
     */
    async listForOps(
      filter: {
        status?: string | undefined;
        kind?: string | undefined;
        memberId?: number | undefined;
        channel?: string | undefined;
        /** Lower case; matched exactly against either reference, in lower case. */
        reference?: string | undefined;
        amountMinor?: bigint | undefined;
        /** The quick search: a deposit matching any of these (a bitmap OR of the same indexes and the primary key). */
        any?: { id: string; reference: string; memberId: number | null; amountMinor: bigint | null } | undefined;
        limit: number;
      },
      tx: Executor = db,
    ): Promise<DepositRow[]> {
      const conditions = [
        filter.status ? eq(deposits.status, filter.status) : undefined,
        filter.kind ? eq(deposits.kind, filter.kind) : undefined,
        filter.memberId ? eq(deposits.memberId, filter.memberId) : undefined,
        filter.channel ? eq(deposits.channelCode, filter.channel) : undefined,
        filter.reference
          ? or(
              sql`lower(${deposits.memberReference}) = ${filter.reference}`,
              sql`lower(${deposits.pspReference}) = ${filter.reference}`,
            )
          : undefined,
        filter.amountMinor !== undefined ? eq(deposits.amountMinor, filter.amountMinor) : undefined,
        filter.any
          ? or(
              eq(deposits.id, filter.any.id),
              sql`lower(${deposits.memberReference}) = ${filter.any.reference}`,
              sql`lower(${deposits.pspReference}) = ${filter.any.reference}`,
              filter.any.memberId !== null ? eq(deposits.memberId, filter.any.memberId) : undefined,
              filter.any.amountMinor !== null ? eq(deposits.amountMinor, filter.any.amountMinor) : undefined,
            )
          : undefined,
      ].filter((c) => c !== undefined);
      return tx
        .select()
        .from(deposits)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(desc(deposits.createdAt), desc(deposits.id))
        .limit(filter.limit);
    },

    // ---------- slips ----------
    async insertSlip(row: typeof depositSlips.$inferInsert, tx: Executor): Promise<void> {
      await tx.insert(depositSlips).values(row);
    },
    /** How many of the member's deposits are in one of `statuses`. */
    async countOfMember(memberId: number, statuses: string[], tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(deposits)
        .where(and(eq(deposits.memberId, memberId), inArray(deposits.status, statuses)));
      return Number(row?.n ?? 0);
    },
    async countSlips(depositId: string, tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(depositSlips).where(eq(depositSlips.depositId, depositId));
      return Number(row?.n ?? 0);
    },
    /** Slip descriptions (never the bytes) of some deposits. */
    async slipsOf(depositIds: string[], tx: Executor = db): Promise<SlipInfo[]> {
      if (depositIds.length === 0) return [];
      return tx
        .select(slipInfo)
        .from(depositSlips)
        .where(inArray(depositSlips.depositId, depositIds))
        .orderBy(asc(depositSlips.createdAt), asc(depositSlips.id));
    },
    async findSlip(depositId: string, slipId: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(depositSlips)
        .where(and(eq(depositSlips.id, slipId), eq(depositSlips.depositId, depositId)));
      return row ?? null;
    },
    async countAllSlips(tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(depositSlips);
      return Number(row?.n ?? 0);
    },

    // ---------- PSP callbacks ----------
    /**
     * The recorded callbacks of some PSP payments (adapter and reference), oldest first; through the
     * unique (adapter, reference) index, one lookup list per adapter.
     */
    async callbacksOf(
      payments: { adapter: string; reference: string }[],
      tx: Executor = db,
    ): Promise<{ adapter: string; reference: string; status: string; receivedAt: Date }[]> {
      const byAdapter = new Map<string, string[]>();
      for (const p of payments) byAdapter.set(p.adapter, [...(byAdapter.get(p.adapter) ?? []), p.reference]);
      if (byAdapter.size === 0) return [];
      return tx
        .select({ adapter: pspCallbacks.adapter, reference: pspCallbacks.reference, status: pspCallbacks.status, receivedAt: pspCallbacks.receivedAt })
        .from(pspCallbacks)
        .where(or(...[...byAdapter].map(([adapter, refs]) => and(eq(pspCallbacks.adapter, adapter), inArray(pspCallbacks.reference, refs)))))
        .orderBy(asc(pspCallbacks.receivedAt), asc(pspCallbacks.id));
    },
    /** Records the first callback of a reference; returns the body hash stored (this one, or an earlier one). */
    async recordCallback(row: typeof pspCallbacks.$inferInsert, tx: Executor): Promise<{ first: boolean; bodyHash: string }> {
      const inserted = await tx
        .insert(pspCallbacks)
        .values(row)
        .onConflictDoNothing({ target: [pspCallbacks.adapter, pspCallbacks.reference] })
        .returning({ bodyHash: pspCallbacks.bodyHash });
      if (inserted.length > 0) return { first: true, bodyHash: row.bodyHash };
      const [existing] = await tx
        .select({ bodyHash: pspCallbacks.bodyHash })
        .from(pspCallbacks)
        .where(and(eq(pspCallbacks.adapter, row.adapter), eq(pspCallbacks.reference, row.reference)));
      return { first: false, bodyHash: existing!.bodyHash };
    },
  };
}

export type DepositRepository = ReturnType<typeof createDepositRepository>;
