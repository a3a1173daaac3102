import { AGENT_LEVELS, TRIAL_ACCOUNT } from '@lotus/contracts/accounts';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/tx';
import { members, totpRecoveryCodes } from '../../../db/schema';

export type MemberRow = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;

/** SQL of members and their recovery codes. No rules here. */
export function createMemberRepository(db: Db) {
  return {
    async insert(row: NewMember, tx: Executor): Promise<MemberRow> {
      const [created] = await tx.insert(members).values(row).returning();
      if (!created) throw new Error('insert member returned no row');
      return created;
    },

    /** Real (not trial) member accounts made in [from, to): the operator's daily report (docs/adr/0082). */
    async countRegistrations(from: Date, to: Date, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(members)
        .where(and(gte(members.createdAt, from), lt(members.createdAt, to), ne(members.type, TRIAL_ACCOUNT)));
      return Number(row?.n ?? 0);
    },
    /** Real names (payeeName) of members by id (absent ids and members without one are left out). */
    async realNamesOf(ids: number[], tx: Executor = db): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx.select({ id: members.id, name: members.payeeName }).from(members).where(inArray(members.id, ids));
      return new Map(rows.filter((r) => r.name).map((r) => [r.id, r.name!]));
    },

    /** Usernames of members by id (absent ids are left out). */
    async usernamesOf(ids: number[], tx: Executor = db): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx.select({ id: members.id, username: members.username }).from(members).where(inArray(members.id, ids));
      return new Map(rows.map((r) => [r.id, r.username]));
    },

    async findById(id: number, tx: Executor = db): Promise<MemberRow | null> {
      const [row] = await tx.select().from(members).where(eq(members.id, id));
      return row ?? null;
    },

    /** Case-insensitive. */
    async findByUsername(username: string, tx: Executor = db): Promise<MemberRow | null> {
      const [row] = await tx
        .select()
        .from(members)
        .where(sql`lower(${members.username}) = ${username.trim().toLowerCase()}`);
      return row ?? null;
    },

    async findByE164(e164: string, tx: Executor = db): Promise<MemberRow | null> {
      const [row] = await tx.select().from(members).where(eq(members.mobileE164, e164));
      return row ?? null;
    },

    async findIdByE164(e164: string, tx: Executor = db): Promise<number | null> {
      const [row] = await tx.select({ id: members.id }).from(members).where(eq(members.mobileE164, e164));
      return row?.id ?? null;
    },

    /** The oldest account that gave this email (case-insensitive): its language, for a notice. */
    async findEmailOwner(email: string, tx: Executor = db): Promise<{ id: number; language: string | null } | null> {
      const [row] = await tx
        .select({ id: members.id, language: members.language })
        .from(members)
        .where(sql`lower(${members.email}) = ${email.trim().toLowerCase()}`)
        .orderBy(members.id)
        .limit(1);
      return row ?? null;
    },

    /** Case-insensitive lookup of a member's own referral code. */
    async findByReferralCode(code: string, tx: Executor = db): Promise<MemberRow | null> {
      const [row] = await tx
        .select()
        .from(members)
        .where(sql`upper(${members.referralCode}) = ${code.trim().toUpperCase()}`);
      return row ?? null;
    },

    async update(id: number, set: Partial<NewMember>, tx: Executor) {
      await tx.update(members).set(set).where(eq(members.id, id));
    },

    /** Records a TOTP step as used; false when that step (or a later one) was used already. */
    async advanceTotpStep(id: number, step: number, tx: Executor): Promise<boolean> {
      const rows = await tx
        .update(members)
        .set({ totpLastStep: step })
        .where(and(eq(members.id, id), sql`coalesce(${members.totpLastStep}, -1) < ${step}`))
        .returning({ id: members.id });
      return rows.length === 1;
    },

    async list(options: { limit: number; offset?: number }, tx: Executor = db) {
      return tx
        .select()
        .from(members)
        .orderBy(desc(members.id))
        .limit(options.limit)
        .offset(options.offset ?? 0);
    },

    /**
     * Operator console search (docs/adr/0046): `q` is an id (digits), a mobile number (its digits
     * match the E.164 key), an email (exact, case-insensitive) or a username prefix; any of them
     * may match. Sorted and paged; total for the pager.
     */
    async searchForOps(
      options: {
        q?: string | undefined;
        status?: string | undefined;
        sort: 'id' | 'username' | 'createdAt' | 'lastLoginAt';
        order: 'asc' | 'desc';
        limit: number;
        offset: number;
      },
      tx: Executor = db,
    ) {
      const q = options.q?.trim() ?? '';
      // A national number is typed with its trunk 0 (08x...); the E.164 key has none.
      const digits = q.replace(/[^0-9]/g, '').replace(/^0+/, '');
      const escaped = q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
      const matches = q
        ? or(
            ilike(members.username, `${escaped}%`),
            q.includes('@') ? sql`lower(${members.email}) = ${q.toLowerCase()}` : undefined,
            digits.length >= 6 ? sql`${members.mobileE164} like ${`%${digits}`}` : undefined,
            /^[0-9]{1,9}$/.test(q) ? eq(members.id, Number(q)) : undefined,
          )
        : undefined;
      const where = and(matches, options.status ? eq(members.status, options.status) : undefined);
      const column = { id: members.id, username: members.username, createdAt: members.createdAt, lastLoginAt: members.lastLoginAt }[options.sort];
      const rows = await tx
        .select()
        .from(members)
        .where(where)
        .orderBy(options.order === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`, desc(members.id))
        .limit(options.limit)
        .offset(options.offset);
      const [total] = await tx.select({ n: sql<number>`count(*)::int` }).from(members).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Direct downlines of an agent (members whose upline it is), by username prefix, newest first. */
    /** The direct downlines of an agent, or (null) the top-level agents: agents with nobody above them. */
    async listDirectDownlines(agentId: number | null, q: { search: string; limit: number; offset: number }, tx: Executor = db) {
      const where = and(
        agentId === null ? and(isNull(members.uplineId), inArray(members.isAgent, [...AGENT_LEVELS])) : eq(members.uplineId, agentId),
        q.search ? ilike(members.username, `${q.search.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
      );
      const [rows, total] = await Promise.all([
        tx
          .select({
            id: members.id,
            username: members.username,
            status: members.status,
            type: members.type,
            isAgent: members.isAgent,
            createdAt: members.createdAt,
            lastLoginAt: members.lastLoginAt,
          })
          .from(members)
          .where(where)
          .orderBy(desc(members.id))
          .limit(q.limit)
          .offset(q.offset),
        tx.$count(members, where),
      ]);
      return { rows, total };
    },

    /** Every member's place in the tree (the agents' settlement, docs/adr/0100): id, upline, type and agent level. */
    async tree(tx: Executor = db) {
      return tx.select({ id: members.id, uplineId: members.uplineId, type: members.type, isAgent: members.isAgent }).from(members);
    },

    /**
     * Every member below an agent at any depth, with its level (1 = direct), optionally only usernames starting with
     * `search` (the agent centre's user profit and loss).
     */
    async teamOf(agentId: number, search: string, tx: Executor = db): Promise<{ id: number; level: number }[]> {
      const prefix = search ? `${search.replace(/[%_\\]/g, '\\$&')}%` : '%';
      const r = await tx.execute(
        sql`with recursive team(id, level) as (
            select id, 1 from members where upline_id = ${agentId}
            union all
            select m.id, t.level + 1 from members m join team t on m.upline_id = t.id where t.level < 100
          )
          select t.id, t.level from team t join members m on m.id = t.id where m.username ilike ${prefix}`,
      );
      return (r as unknown as { rows: { id: number; level: number }[] }).rows.map((x) => ({ id: Number(x.id), level: Number(x.level) }));
    },

    /** Members whose account was made in [from, to), with their upline (the agents' team figures). */
    async madeBetween(from: Date, to: Date, tx: Executor = db) {
      return tx
        .select({ id: members.id, type: members.type, isAgent: members.isAgent })
        .from(members)
        .where(and(gte(members.createdAt, from), lt(members.createdAt, to)));
    },

    /** Sets a member's agent level (`isAgent`); answers whether a row changed. */
    async setAgentLevel(id: number, level: number, tx: Executor) {
      const r = await tx.update(members).set({ isAgent: level }).where(eq(members.id, id)).returning({ id: members.id });
      return r.length > 0;
    },

    async listByIds(ids: number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx.select().from(members).where(inArray(members.id, ids)).orderBy(asc(members.id));
    },

    // ---------- recovery codes ----------
    async replaceRecoveryCodes(memberId: number, hashes: string[], tx: Executor) {
      await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.memberId, memberId));
      if (hashes.length > 0)
        await tx.insert(totpRecoveryCodes).values(hashes.map((codeHash) => ({ memberId, codeHash })));
    },

    /** Spends a recovery code; false when unknown or already used. */
    async useRecoveryCode(memberId: number, codeHash: string, at: Date, tx: Executor): Promise<boolean> {
      const rows = await tx
        .update(totpRecoveryCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(totpRecoveryCodes.memberId, memberId),
            eq(totpRecoveryCodes.codeHash, codeHash),
            isNull(totpRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: totpRecoveryCodes.id });
      return rows.length === 1;
    },
  };
}

export type MemberRepository = ReturnType<typeof createMemberRepository>;
