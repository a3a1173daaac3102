import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/tx';
import {
  agentBills,
  agentContracts,
  agentMemberActivity,
  agentMemberDays,
  agentMemberGames,
  agentRollupState,
  agentTeamSizes,
  agentTeamStats,
} from '../../db/schema';

export type StatDelta = {
  agentId: number;
  cycle: 'day' | 'week' | 'month';
  startsAt: Date;
  newMembers: number;
  activeMembers: number;
  firstDeposits: number;
  deposits: bigint;
  withdrawals: bigint;
  stakes: bigint;
  wins: bigint;
};

/** The agents' team figures (docs/adr/0100): rollup rows, activity markers, team sizes and the rollup's mark. */
export function createTeamRepository(db: Db) {
  return {
    /** The rollup's mark, locked for this transaction (one instance rolls a window up); null before the first run. */
    async lockMark(tx: Executor): Promise<Date | null> {
      await tx
        .insert(agentRollupState)
        .values({ id: 1, rolledTo: new Date(0) })
        .onConflictDoNothing();
      const [r] = await tx.select().from(agentRollupState).where(eq(agentRollupState.id, 1)).for('update');
      return r && r.rolledTo.getTime() > 0 ? r.rolledTo : null;
    },

    async setMark(to: Date, tx: Executor) {
      await tx.update(agentRollupState).set({ rolledTo: to }).where(eq(agentRollupState.id, 1));
    },

    async mark(tx: Executor = db): Promise<Date | null> {
      const [r] = await tx.select().from(agentRollupState).where(eq(agentRollupState.id, 1));
      return r && r.rolledTo.getTime() > 0 ? r.rolledTo : null;
    },

    async activityOf(memberIds: number[], tx: Executor) {
      if (memberIds.length === 0) return [];
      // One array parameter: a whole day's players would pass the 65,535 parameters of a statement.
      return tx
        .select()
        .from(agentMemberActivity)
        .where(sql`${agentMemberActivity.memberId} = any(${`{${memberIds.join(',')}}`}::int[])`);
    },

    async setActivity(rows: (typeof agentMemberActivity.$inferInsert)[], tx: Executor) {
      for (let i = 0; i < rows.length; i += 1_000) {
        await tx
          .insert(agentMemberActivity)
          .values(rows.slice(i, i + 1_000))
          .onConflictDoUpdate({
            target: agentMemberActivity.memberId,
            set: { day: sql`excluded.day`, week: sql`excluded.week`, month: sql`excluded.month` },
          });
      }
    },

    /** Adds the deltas to their rows (made when missing). */
    async addStats(rows: StatDelta[], tx: Executor) {
      const add = (c: string) => sql.raw(`"agent_team_stats"."${c}" + excluded."${c}"`);
      for (let i = 0; i < rows.length; i += 1_000) {
        await tx
          .insert(agentTeamStats)
          .values(rows.slice(i, i + 1_000))
          .onConflictDoUpdate({
            target: [agentTeamStats.agentId, agentTeamStats.cycle, agentTeamStats.startsAt],
            set: {
              newMembers: add('new_members'),
              activeMembers: add('active_members'),
              firstDeposits: add('first_deposits'),
              deposits: add('deposits'),
              withdrawals: add('withdrawals'),
              stakes: add('stakes'),
              wins: add('wins'),
            },
          });
      }
    },

    /** Adds each member's play to its day's row. */
    async addMemberDays(rows: (typeof agentMemberDays.$inferInsert)[], tx: Executor) {
      for (let i = 0; i < rows.length; i += 1_000) {
        await tx
          .insert(agentMemberDays)
          .values(rows.slice(i, i + 1_000))
          .onConflictDoUpdate({
            target: [agentMemberDays.memberId, agentMemberDays.day],
            set: {
              stakes: sql`${agentMemberDays.stakes} + excluded.stakes`,
              wins: sql`${agentMemberDays.wins} + excluded.wins`,
            },
          });
      }
    },

    async addMemberGames(rows: (typeof agentMemberGames.$inferInsert)[], tx: Executor) {
      for (let i = 0; i < rows.length; i += 1_000) {
        await tx
          .insert(agentMemberGames)
          .values(rows.slice(i, i + 1_000))
          .onConflictDoUpdate({
            target: [agentMemberGames.memberId, agentMemberGames.day, agentMemberGames.gameType],
            set: {
              stakes: sql`${agentMemberGames.stakes} + excluded.stakes`,
              wins: sql`${agentMemberGames.wins} + excluded.wins`,
            },
          });
      }
    },

    /** These members' stakes and wins per game type over the days in [from, to), most staked first. */
    async gameTypeTotals(memberIds: number[], from: Date, to: Date, tx: Executor = db) {
      if (memberIds.length === 0) return [];
      const r = await tx.execute(
        sql`select game_type, sum(stakes)::text as stakes, sum(wins)::text as wins from agent_member_games
          where member_id = any(${`{${memberIds.join(',')}}`}::int[]) and day >= ${from.toISOString()}::timestamptz and day < ${to.toISOString()}::timestamptz
          group by game_type order by sum(stakes) desc, game_type`,
      );
      return (r as unknown as { rows: { game_type: string; stakes: string; wins: string }[] }).rows.map((x) => ({
        gameType: x.game_type,
        stakes: BigInt(x.stakes),
        wins: BigInt(x.wins),
      }));
    },

    /** An agent's team day rows in [from, to), newest first. */
    async teamDays(agentId: number, from: Date, to: Date, tx: Executor = db) {
      return tx
        .select()
        .from(agentTeamStats)
        .where(
          and(
            eq(agentTeamStats.agentId, agentId),
            eq(agentTeamStats.cycle, 'day'),
            gte(agentTeamStats.startsAt, from),
            lt(agentTeamStats.startsAt, to),
          ),
        )
        .orderBy(sql`${agentTeamStats.startsAt} desc`);
    },

    /** These members' play over the days in [from, to), most staked first, a page of it with the count and totals. */
    async memberPlay(
      memberIds: number[],
      from: Date,
      to: Date,
      page: { limit: number; offset: number },
      gameType = '',
      tx: Executor = db,
    ) {
      if (memberIds.length === 0) return { rows: [], total: 0, stakes: 0n, wins: 0n };
      // Every game (a member's days), or one game type (its rows per game type).
      const source = gameType
        ? sql`agent_member_games where game_type = ${gameType} and`
        : sql`agent_member_days where`;
      // One statement answers the page, the count and the totals (also past the last page).
      const r = await tx.execute(
        sql`with played as (
            select member_id, sum(stakes) as stakes, sum(wins) as wins from ${source}
            member_id = any(${`{${memberIds.join(',')}}`}::int[]) and day >= ${from.toISOString()}::timestamptz and day < ${to.toISOString()}::timestamptz
            group by member_id),
          page as (select member_id, stakes, wins from played order by stakes desc, member_id limit ${page.limit} offset ${page.offset})
          select (select count(*) from played) as total,
            (select coalesce(sum(stakes), 0) from played) as stakes,
            (select coalesce(sum(wins), 0) from played) as wins,
            coalesce((select json_agg(json_build_object('m', member_id, 's', stakes::text, 'w', wins::text) order by stakes desc, member_id) from page), '[]') as rows`,
      );
      const row = (r as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
      const list = (typeof row.rows === 'string' ? JSON.parse(row.rows) : row.rows) as {
        m: number;
        s: string;
        w: string;
      }[];
      return {
        rows: list.map((x) => ({ memberId: Number(x.m), stakes: BigInt(x.s), wins: BigInt(x.w) })),
        total: Number(row.total),
        stakes: BigInt(String(row.stakes)),
        wins: BigInt(String(row.wins)),
      };
    },

    async setSizes(rows: (typeof agentTeamSizes.$inferInsert)[], tx: Executor) {
      for (let i = 0; i < rows.length; i += 1_000) {
        await tx
          .insert(agentTeamSizes)
          .values(rows.slice(i, i + 1_000))
          .onConflictDoUpdate({
            target: agentTeamSizes.agentId,
            set: {
              members: sql`excluded.members`,
              directMembers: sql`excluded.direct_members`,
              agents: sql`excluded.agents`,
            },
          });
      }
    },

    async stats(agentId: number, cycle: string, startsAt: Date, tx: Executor = db) {
      const [r] = await tx
        .select()
        .from(agentTeamStats)
        .where(
          and(
            eq(agentTeamStats.agentId, agentId),
            eq(agentTeamStats.cycle, cycle),
            eq(agentTeamStats.startsAt, startsAt),
          ),
        );
      return r ?? null;
    },

    async sizes(agentIds: number[], tx: Executor = db) {
      if (agentIds.length === 0) return new Map<number, typeof agentTeamSizes.$inferSelect>();
      const rows = await tx.select().from(agentTeamSizes).where(inArray(agentTeamSizes.agentId, agentIds));
      return new Map(rows.map((r) => [r.agentId, r]));
    },

    /** What an agent was paid under its contracts for periods that began in [from, to). */
    async income(agentId: number, from: Date, to: Date, tx: Executor = db): Promise<bigint> {
      const [r] = await tx
        .select({ total: sql<string>`coalesce(sum(${agentBills.amount}), 0)` })
        .from(agentBills)
        .where(
          and(
            eq(agentBills.agentId, agentId),
            // Paid, and not reversed since (a disputed bill that was paid still counts until it is reversed).
            isNotNull(agentBills.transactionId),
            sql`${agentBills.status} <> 'reversed'`,
            gte(agentBills.periodStart, from),
            lt(agentBills.periodStart, to),
          ),
        );
      return BigInt(r?.total ?? '0');
    },

    /** Each member's contract flag per kind: 1 an offer waits for the member's answer, 2 active (3.CON.01-02). */
    async contractFlags(memberId: number, tx: Executor = db): Promise<Record<string, number>> {
      const rows = await tx
        .select({ kind: agentContracts.kind, status: agentContracts.status })
        .from(agentContracts)
        .where(
          and(eq(agentContracts.agentId, memberId), inArray(agentContracts.status, ['offered', 'active'])),
        );
      const flags: Record<string, number> = {};
      for (const r of rows) flags[r.kind] = Math.max(flags[r.kind] ?? 0, r.status === 'offered' ? 1 : 2);
      return flags;
    },

    /** These agents' active contracts and open offers (the console's tree). */
    async liveContracts(agentIds: number[], tx: Executor = db) {
      if (agentIds.length === 0) return [];
      return tx
        .select({
          id: agentContracts.id,
          agentId: agentContracts.agentId,
          kind: agentContracts.kind,
          cycle: agentContracts.cycle,
          status: agentContracts.status,
          tiers: agentContracts.tiers,
        })
        .from(agentContracts)
        .where(and(inArray(agentContracts.agentId, agentIds), inArray(agentContracts.status, ['active', 'offered'])))
        .orderBy(agentContracts.id);
    },

    /** The active contract kinds of these agents. */
    async activeKinds(agentIds: number[], tx: Executor = db) {
      const out = new Map<number, string[]>();
      if (agentIds.length === 0) return out;
      const rows = await tx
        .select({ agentId: agentContracts.agentId, kind: agentContracts.kind })
        .from(agentContracts)
        .where(and(inArray(agentContracts.agentId, agentIds), eq(agentContracts.status, 'active')));
      for (const r of rows) out.set(r.agentId, [...(out.get(r.agentId) ?? []), r.kind]);
      return out;
    },
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
