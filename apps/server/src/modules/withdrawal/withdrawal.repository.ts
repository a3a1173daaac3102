import { and, asc, count, desc, eq, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { memberBankAccounts, withdrawalProofs, withdrawals } from '../../db/schema';
import type { Db, Executor } from '../../db/tx';

export type BankAccountRow = typeof memberBankAccounts.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type ProofMeta = {
  withdrawalId: number;
  position: number;
  contentType: string;
  bytes: number;
  sha256: string;
};

/** Namespace of the per-member advisory locks of this module (bank-account count, daily count). */
const MEMBER_LOCK_SPACE = 28_001;

/** SQL of bank accounts, withdrawals and their proofs. No rules here. */
export function createWithdrawalRepository(db: Db) {
  const proofMeta = {
    withdrawalId: withdrawalProofs.withdrawalId,
    position: withdrawalProofs.position,
    contentType: withdrawalProofs.contentType,
    bytes: withdrawalProofs.bytes,
    sha256: withdrawalProofs.sha256,
  };

  return {
    /** Serialises a member's cashier writes for the transaction (counts checked, then inserted). */
    async lockMember(memberId: number, tx: Executor) {
      await tx.execute(sql`select pg_advisory_xact_lock(${MEMBER_LOCK_SPACE}, ${memberId})`);
    },

    // ---------- bank accounts ----------
    async listActiveBankAccounts(memberId: number, tx: Executor = db) {
      return tx
        .select()
        .from(memberBankAccounts)
        .where(and(eq(memberBankAccounts.memberId, memberId), eq(memberBankAccounts.status, 'active')))
        .orderBy(asc(memberBankAccounts.id));
    },

    /**
     * Other members who bound the same bank account, now or before (the shared-bank-account risk flag,
     * docs/adr/0085): one row per (member, other member, account).
     */
    async sharedBankAccounts(memberIds: number[], tx: Executor = db) {
      if (memberIds.length === 0) return [];
      const r = await tx.execute(
        sql`select distinct b.member_id, o.member_id as other_id, b.bank_code, b.account_number
        from member_bank_accounts b
        join member_bank_accounts o on o.bank_code = b.bank_code and o.account_number = b.account_number and o.member_id <> b.member_id
        where b.member_id = any(${`{${memberIds.join(',')}}`}::int[])`,
      );
      return (r as unknown as { rows: Record<string, unknown>[] }).rows.map((x) => ({
        memberId: Number(x.member_id),
        otherId: Number(x.other_id),
        bankCode: String(x.bank_code),
        accountNumber: String(x.account_number),
      }));
    },

    async findActiveBankAccount(memberId: number, id: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(memberBankAccounts)
        .where(
          and(
            eq(memberBankAccounts.id, id),
            eq(memberBankAccounts.memberId, memberId),
            eq(memberBankAccounts.status, 'active'),
          ),
        );
      return row ?? null;
    },

    async insertBankAccount(row: typeof memberBankAccounts.$inferInsert, tx: Executor) {
      const [created] = await tx.insert(memberBankAccounts).values(row).returning();
      if (!created) throw new Error('insert bank account returned no row');
      return created;
    },

    /** Active -> removed; true when this call removed it. */
    async removeBankAccount(memberId: number, id: number, at: Date, tx: Executor) {
      const rows = await tx
        .update(memberBankAccounts)
        .set({ status: 'removed', removedAt: at })
        .where(
          and(
            eq(memberBankAccounts.id, id),
            eq(memberBankAccounts.memberId, memberId),
            eq(memberBankAccounts.status, 'active'),
          ),
        )
        .returning({ id: memberBankAccounts.id });
      return rows.length === 1;
    },

    // ---------- withdrawals ----------
    async findByRequestKey(memberId: number, requestKey: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.requestKey, requestKey)));
      return row ?? null;
    },

    async findById(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
      return row ?? null;
    },

    /** Requests of a member since `since` that count against the daily number (rejected ones do not). */
    async countSince(memberId: number, since: Date, tx: Executor = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.memberId, memberId),
            gte(withdrawals.createdAt, since),
            ne(withdrawals.status, 'rejected'),
          ),
        );
      return row?.n ?? 0;
    },

    /** What `operator` paid out in [from, to) (the per-operator daily limit, docs/adr/0081). */
    async sumPaidBy(operator: string, from: Date, to: Date, tx: Executor = db): Promise<bigint> {
      const [row] = await tx
        .select({ total: sql<string | null>`sum(${withdrawals.amount})` })
        .from(withdrawals)
        .where(and(eq(withdrawals.decidedBy, operator), gte(withdrawals.paidAt, from), lt(withdrawals.paidAt, to)));
      return BigInt(row?.total ?? 0);
    },
    async insert(row: typeof withdrawals.$inferInsert, tx: Executor) {
      const [created] = await tx.insert(withdrawals).values(row).returning();
      if (!created) throw new Error('insert withdrawal returned no row');
      return created;
    },

    /**
     * The one way a status changes: only from `from` (conditional update), so two racing changes
     * (pay and reject, two instances of the auto-receipt job) cannot both win. Null when it was not
     * in `from` any more.
     */
    async transition(
      id: number,
      from: string[],
      set: Partial<typeof withdrawals.$inferInsert> & { status: string },
      tx: Executor,
    ) {
      const [row] = await tx
        .update(withdrawals)
        .set(set)
        .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, from)))
        .returning();
      return row ?? null;
    },

    /** Paid-out withdrawals unanswered since `paidBefore` become auto_received, in one statement. */
    async autoReceive(paidBefore: Date, at: Date, tx: Executor) {
      return tx
        .update(withdrawals)
        .set({ status: 'auto_received', confirmedAt: at })
        .where(and(eq(withdrawals.status, 'awaiting_confirmation'), lte(withdrawals.paidAt, paidBefore)))
        .returning({ id: withdrawals.id, memberId: withdrawals.memberId });
    },

    async pageOfMember(memberId: number, offset: number, limit: number, tx: Executor = db) {
      const where = eq(withdrawals.memberId, memberId);
      const items = await tx
        .select()
        .from(withdrawals)
        .where(where)
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(limit)
        .offset(offset);
      const [total] = await tx.select({ n: count() }).from(withdrawals).where(where);
      return { items, total: total?.n ?? 0 };
    },

    async list(
      filter: { status?: string | undefined; memberId?: number | undefined; limit: number },
      tx: Executor = db,
    ) {
      const conditions = [
        filter.status ? eq(withdrawals.status, filter.status) : undefined,
        filter.memberId ? eq(withdrawals.memberId, filter.memberId) : undefined,
      ].filter((c) => c !== undefined);
      return tx
        .select()
        .from(withdrawals)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(desc(withdrawals.id))
        .limit(filter.limit);
    },

    // ---------- proofs ----------
    async insertProof(row: typeof withdrawalProofs.$inferInsert, tx: Executor) {
      await tx.insert(withdrawalProofs).values(row);
    },

    async proofMetaOf(ids: number[], tx: Executor = db): Promise<ProofMeta[]> {
      if (ids.length === 0) return [];
      return tx
        .select(proofMeta)
        .from(withdrawalProofs)
        .where(inArray(withdrawalProofs.withdrawalId, ids))
        .orderBy(asc(withdrawalProofs.withdrawalId), asc(withdrawalProofs.position));
    },

    async findProof(withdrawalId: number, position: number, tx: Executor = db) {
      const [row] = await tx
        .select({ contentType: withdrawalProofs.contentType, data: withdrawalProofs.data })
        .from(withdrawalProofs)
        .where(and(eq(withdrawalProofs.withdrawalId, withdrawalId), eq(withdrawalProofs.position, position)));
      return row ?? null;
    },
  };
}

export type WithdrawalRepository = ReturnType<typeof createWithdrawalRepository>;
