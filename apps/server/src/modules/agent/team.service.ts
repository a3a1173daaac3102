import { isAgentAccount } from '@lotus/contracts/accounts';
import {
  AGENT_CONTRACT_KINDS,
  TEAM_RANGE_MAX_DAYS,
  type TAgentContractKind,
  type TAgentNotice,
  type TTeamDays,
  type TTeamOverview,
  type TTeamProfit,
  type TTeamRange,
  TEAM_GAME_TYPES,
  type TTeamGameType,
} from '@lotus/contracts/agent';
import type { TOpsAgentTree } from '@lotus/contracts/ops-agents';
import { AppError } from '@lotus/contracts/app-error';
import { bangkokDay, bangkokDayRange, DAY_MS, daysInRange, isDay } from '@lotus/contracts/calendar';
import { formatMinor } from '@lotus/contracts/money';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/tx';
import { periodAt } from './contract.rules';

/** The game type of a round whose game the catalogue does not list. */
const OTHER_GAME_TYPE = 'OTHER';
import type { MemberSummary } from './share.service';
import type { StatDelta, TeamRepository } from './team.repository';

/** A window is rolled up this long after it ends, so that every movement stamped inside it has committed. */
const ROLLUP_LAG_MS = 30_000;
/** At most this much history in one run (the first run and a catch-up after downtime go on at the next run). */
const ROLLUP_MAX_MS = 6 * 3_600_000;
const CYCLES = ['day', 'week', 'month'] as const;

type TreeMember = { id: number; uplineId: number | null; real: boolean; agent: boolean };
type Activity = {
  memberId: number;
  stakes: bigint;
  wins: bigint;
  deposits: bigint;
  depositCount: number;
  withdrawals: bigint;
};

/** The contract flags of member info and the team overview (3.CON.01; values decided in docs/adr/0100). */
export const CONTRACT_FLAG_NAMES: Record<
  TAgentContractKind,
  'divtypereq' | 'dailysalreqtype' | 'contracthoursalreq' | 'realtimesalreqtype'
> = {
  dividend: 'divtypereq',
  daily: 'dailysalreqtype',
  hourly: 'contracthoursalreq',
  realtime: 'realtimesalreqtype',
};
export type ContractFlags = Record<(typeof CONTRACT_FLAG_NAMES)[TAgentContractKind], number>;

export function contractFlagsOf(repo: Pick<TeamRepository, 'contractFlags'>) {
  return async (memberId: number): Promise<ContractFlags> => {
    const raw = await repo.contractFlags(memberId);
    const flags = { divtypereq: 0, dailysalreqtype: 0, contracthoursalreq: 0, realtimesalreqtype: 0 };
    for (const kind of AGENT_CONTRACT_KINDS) flags[CONTRACT_FLAG_NAMES[kind]] = raw[kind] ?? 0;
    return flags;
  };
}

/**
 * The agent centre's team pages (issue 28, docs/adr/0100): the team rollup (job `agent-team-rollup`: each window of
 * the ledger and the new accounts added to every agent above the member, per Bangkok day, week and month, in one
 * transaction with the rollup's mark), the team overview read from it, the tree one level at a time, and accounts an
 * agent makes under itself.
 */
export function createTeamService(deps: {
  database: Pick<Database, 'tx'>;
  repo: TeamRepository;
  members: {
    memberSummary(id: number): Promise<MemberSummary | null>;
    memberSummaryByUsername(username: string): Promise<MemberSummary | null>;
    memberTree(tx?: Executor): Promise<TreeMember[]>;
    madeBetween(from: Date, to: Date, tx?: Executor): Promise<number[]>;
    listDirectDownlines(
      agentId: number | null,
      q: { search: string; limit: number; offset: number },
    ): Promise<{
      rows: {
        id: number;
        username: string;
        status: string;
        isAgent: number;
        type: number;
        createdAt: Date;
        lastLoginAt: Date | null;
      }[];
      total: number;
    }>;
    referralCodeOf(id: number): Promise<string>;
    teamOf(agentId: number, search: string): Promise<{ id: number; level: number }[]>;
    usernamesOf(ids: number[]): Promise<Map<number, string>>;
    createDownline(
      agentId: number,
      input: { username: string; password: string; agent: boolean },
      client: { ip: string; userAgent: string },
    ): Promise<{ username: string; isAgent: number }>;
  };
  activityByMember(from: Date, to: Date, tx?: Executor): Promise<Activity[]>;
  /** The operators' notices to agents (content notices of type AG) in a language. */
  agentNotices(language: string): Promise<TAgentNotice[]>;
  depositedBefore(ids: number[], before: Date, tx?: Executor): Promise<Set<number>>;
  /** Members' main wallet balances (the console's tree; team management when the site shows them). */
  mainBalances(ids: number[]): Promise<Map<number, bigint>>;
  /** Whose balances an agent sees in team management (site configuration `agents.teamBalances`). */
  teamBalances(): Promise<'hidden' | 'direct' | 'team'>;
  /** Every real member's game play over a window per vendor and game. */
  playByMemberGame(
    from: Date,
    to: Date,
    tx?: Executor,
  ): Promise<{ memberId: number; vendor: string; game: string; stakes: bigint; wins: bigint }[]>;
  /** The catalogue's game type of each (vendor, game code), keyed `vendor\u0000gameCode`. */
  gameTypes(pairs: { vendor: string; gameCode: string }[], tx?: Executor): Promise<Map<string, string>>;
  now: () => number;
}) {
  const { repo, members, now } = deps;
  const flags = contractFlagsOf(repo);

  /**
   * Rolls up the next window (at most ROLLUP_MAX_MS, never across a Bangkok midnight); answers its end, or null.
   * `tree`: the members' tree read before the run (every window ends before that), else read here.
   */
  async function rollup(tree?: TreeMember[]): Promise<{ from: Date; to: Date } | null> {
    return deps.database.tx(async (tx) => {
      const t = now();
      const mark = await repo.lockMark(tx);
      // The first run starts where the overview's longest reach starts: this month, or yesterday if earlier.
      const from = mark?.getTime() ?? Math.min(periodAt('month', t).start, periodAt('day', t).start - DAY_MS);
      const to = Math.min(t - ROLLUP_LAG_MS, from + ROLLUP_MAX_MS, periodAt('day', from).end);
      if (to <= from) return null;
      // One after the other: a transaction is one connection.
      const everyone = tree ?? (await members.memberTree(tx));
      const activity = await deps.activityByMember(new Date(from), new Date(to), tx);
      const made = await members.madeBetween(new Date(from), new Date(to), tx);
      const depositors = activity.filter((a) => a.depositCount > 0).map((a) => a.memberId);
      const before = await deps.depositedBefore(depositors, new Date(from), tx);
      const starts = {
        day: periodAt('day', from).start,
        week: periodAt('week', from).start,
        month: periodAt('month', from).start,
      };

      // Who is active for the first time in this day, week or month.
      const players = activity.filter((a) => a.stakes > 0n).map((a) => a.memberId);
      const seen = new Map((await repo.activityOf(players, tx)).map((r) => [r.memberId, r]));
      const firstActive = new Map<number, Record<(typeof CYCLES)[number], boolean>>();
      for (const id of players) {
        const s = seen.get(id);
        firstActive.set(id, {
          day: !s || s.day.getTime() !== starts.day,
          week: !s || s.week.getTime() !== starts.week,
          month: !s || s.month.getTime() !== starts.month,
        });
      }
      await repo.setActivity(
        players.map((memberId) => ({
          memberId,
          day: new Date(starts.day),
          week: new Date(starts.week),
          month: new Date(starts.month),
        })),
        tx,
      );

      const byId = new Map(everyone.map((m) => [m.id, m]));
      const deltas = new Map<string, StatDelta>();
      const addUp = (memberId: number, change: (d: StatDelta, cycle: (typeof CYCLES)[number]) => void) => {
        const m = byId.get(memberId);
        if (!m || !m.real) return;
        let up = m.uplineId;
        for (let guard = 0; up !== null && guard < 10_000; guard++) {
          const a = byId.get(up);
          if (!a) break;
          if (a.agent) {
            for (const cycle of CYCLES) {
              const key = `${a.id}:${cycle}`;
              let d = deltas.get(key);
              if (!d) {
                d = {
                  agentId: a.id,
                  cycle,
                  startsAt: new Date(starts[cycle]),
                  newMembers: 0,
                  activeMembers: 0,
                  firstDeposits: 0,
                  deposits: 0n,
                  withdrawals: 0n,
                  stakes: 0n,
                  wins: 0n,
                };
                deltas.set(key, d);
              }
              change(d, cycle);
            }
          }
          up = a.uplineId;
        }
      };
      for (const a of activity) {
        const first = a.depositCount > 0 && !before.has(a.memberId);
        const active = firstActive.get(a.memberId);
        addUp(a.memberId, (d, cycle) => {
          d.stakes += a.stakes;
          d.wins += a.wins;
          d.deposits += a.deposits;
          d.withdrawals += a.withdrawals;
          if (first) d.firstDeposits += 1;
          if (active?.[cycle]) d.activeMembers += 1;
        });
      }
      for (const id of made) addUp(id, (d) => void (d.newMembers += 1));
      await repo.addStats([...deltas.values()], tx);
      // Each member's own day (user profit and loss).
      await repo.addMemberDays(
        activity
          .filter((a) => a.stakes !== 0n || a.wins !== 0n)
          .map((a) => ({ memberId: a.memberId, day: new Date(starts.day), stakes: a.stakes, wins: a.wins })),
        tx,
      );

      // Each member's day per game type (team betting and user profit and loss per game type).
      const games = await deps.playByMemberGame(new Date(from), new Date(to), tx);
      const types = await deps.gameTypes(
        games.map((g) => ({ vendor: g.vendor, gameCode: g.game })),
        tx,
      );
      const perType = new Map<string, { memberId: number; gameType: string; stakes: bigint; wins: bigint }>();
      for (const g of games) {
        if (g.stakes === 0n && g.wins === 0n) continue;
        const gameType = types.get(`${g.vendor}\u0000${g.game}`) ?? OTHER_GAME_TYPE;
        const key = `${g.memberId}:${gameType}`;
        const row = perType.get(key) ?? { memberId: g.memberId, gameType, stakes: 0n, wins: 0n };
        row.stakes += g.stakes;
        row.wins += g.wins;
        perType.set(key, row);
      }
      await repo.addMemberGames(
        [...perType.values()].map((r) => ({ ...r, day: new Date(starts.day) })),
        tx,
      );

      // Team sizes, from the tree as it is now.
      const sizes = new Map<number, { members: number; directMembers: number; agents: number }>();
      for (const m of everyone) if (m.agent) sizes.set(m.id, { members: 0, directMembers: 0, agents: 0 });
      for (const m of everyone) {
        if (!m.real) continue;
        let up = m.uplineId;
        let direct = true;
        for (let guard = 0; up !== null && guard < 10_000; guard++) {
          const s = sizes.get(up);
          if (s) {
            s.members += 1;
            if (direct) s.directMembers += 1;
            if (m.agent) s.agents += 1;
          }
          direct = false;
          up = byId.get(up)?.uplineId ?? null;
        }
      }
      await repo.setSizes(
        [...sizes.entries()].map(([agentId, s]) => ({ agentId, ...s })),
        tx,
      );
      await repo.setMark(new Date(to), tx);
      return { from: new Date(from), to: new Date(to) };
    });
  }

  /** Rolls up every window that has ended (the job; at most a day of windows per run). */
  async function rollupDue(): Promise<number> {
    // The tree read once for the run's windows (a first run or a catch-up rolls up to 48 of them).
    const tree = await members.memberTree();
    let n = 0;
    for (; n < 48; n++) if (!(await rollup(tree))) break;
    return n;
  }

  async function requireAgent(id: number) {
    const m = await members.memberSummary(id);
    if (!m || !isAgentAccount(m)) throw new AppError('error_not_agent', 403);
    return m;
  }

  function rangeOf(
    range: TTeamRange,
    t: number,
  ): { cycle: (typeof CYCLES)[number]; from: number; to: number } {
    if (range === 'yesterday') {
      const today = periodAt('day', t).start;
      return { cycle: 'day', from: today - DAY_MS, to: today };
    }
    const cycle = range === 'today' ? 'day' : range;
    const p = periodAt(cycle, t);
    return { cycle, from: p.start, to: p.end };
  }

  async function overview(agentId: number, range: TTeamRange): Promise<TTeamOverview> {
    await requireAgent(agentId);
    const { cycle, from, to } = rangeOf(range, now());
    const [stats, sizes, income, asOf, code, contracts] = await Promise.all([
      repo.stats(agentId, cycle, new Date(from)),
      repo.sizes([agentId]),
      repo.income(agentId, new Date(from), new Date(to)),
      repo.mark(),
      members.referralCodeOf(agentId),
      flags(agentId),
    ]);
    const size = sizes.get(agentId);
    const stakes = stats?.stakes ?? 0n;
    const wins = stats?.wins ?? 0n;
    return {
      range,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      asOf: asOf?.toISOString() ?? null,
      members: size?.members ?? 0,
      directMembers: size?.directMembers ?? 0,
      agents: size?.agents ?? 0,
      newMembers: stats?.newMembers ?? 0,
      activeMembers: stats?.activeMembers ?? 0,
      firstDeposits: stats?.firstDeposits ?? 0,
      deposits: formatMinor(stats?.deposits ?? 0n),
      withdrawals: formatMinor(stats?.withdrawals ?? 0n),
      stakes: formatMinor(stakes),
      wins: formatMinor(wins),
      net: formatMinor(stakes - wins),
      income: formatMinor(income),
      affiliateCode: code,
      contracts,
    };
  }

  /** The direct downlines of `parent` (me, or a member of my team), with the path from me to it. */
  async function teamMembers(
    agentId: number,
    q: { parent: string; search: string; pageNo: number; pageSize: number },
  ) {
    const me = await requireAgent(agentId);
    const path: MemberSummary[] = [me];
    if (q.parent && q.parent.toLowerCase() !== me.username.toLowerCase()) {
      const parent = await members.memberSummaryByUsername(q.parent);
      // Up from the parent to me; anyone outside my team answers like an unknown name (no enumeration).
      const chain: MemberSummary[] = [];
      let at = parent;
      for (let guard = 0; at && at.id !== me.id && guard < 1_000; guard++) {
        chain.unshift(at);
        at = at.uplineId === null ? null : await members.memberSummary(at.uplineId);
      }
      if (!parent || !at) throw new AppError('downline_not_found', 404, { parent: 'downline_not_found' });
      path.push(...chain);
    }
    const parent = path[path.length - 1]!;
    const { rows, total } = await members.listDirectDownlines(parent.id, {
      search: q.search,
      limit: q.pageSize,
      offset: (q.pageNo - 1) * q.pageSize,
    });
    const agentIds = rows.filter((r) => isAgentAccount(r)).map((r) => r.id);
    const visibility = await deps.teamBalances();
    const showBalances = visibility === 'team' || (visibility === 'direct' && parent.id === me.id);
    const [sizes, kinds, balances] = await Promise.all([
      repo.sizes(agentIds),
      parent.id === me.id ? repo.activeKinds(agentIds) : Promise.resolve(new Map<number, string[]>()),
      showBalances ? deps.mainBalances(rows.map((r) => r.id)) : Promise.resolve(null),
    ]);
    return {
      path: path.map((m) => m.username),
      list: rows.map((r) => ({
        username: r.username,
        isAgent: isAgentAccount(r),
        level: path.length,
        teamSize: sizes.get(r.id)?.members ?? 0,
        createdAt: r.createdAt.toISOString(),
        lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
        contracts: (kinds.get(r.id) ?? []) as TAgentContractKind[],
        balance: balances ? formatMinor(balances.get(r.id) ?? 0n) : null,
      })),
      total,
      totalPages: Math.ceil(total / q.pageSize),
    };
  }

  /**
   * The console's agent tree one level at a time (docs/adr/0101): the top-level agents, or the direct downlines of
   * `upline` with the path down to it, each with its team size, balance, and active contracts and open offers.
   */
  async function opsTree(q: { upline: string; search: string; pageNo: number; pageSize: number }): Promise<TOpsAgentTree> {
    const path: string[] = [];
    let parentId: number | null = null;
    if (q.upline) {
      const parent = await members.memberSummaryByUsername(q.upline);
      if (!parent) return { path: [], list: [], total: 0 };
      parentId = parent.id;
      for (let at: MemberSummary | null = parent, guard = 0; at && guard < 50; guard++) {
        path.unshift(at.username);
        at = at.uplineId === null ? null : await members.memberSummary(at.uplineId);
      }
    }
    const { rows, total } = await members.listDirectDownlines(parentId, {
      search: q.search,
      limit: q.pageSize,
      offset: (q.pageNo - 1) * q.pageSize,
    });
    const ids = rows.map((r) => r.id);
    const agentIds = rows.filter((r) => isAgentAccount(r)).map((r) => r.id);
    const [sizes, contracts, balances] = await Promise.all([repo.sizes(agentIds), repo.liveContracts(agentIds), deps.mainBalances(ids)]);
    return {
      path,
      list: rows.map((r) => ({
        username: r.username,
        isAgent: isAgentAccount(r),
        status: r.status,
        teamSize: sizes.get(r.id)?.members ?? 0,
        agents: sizes.get(r.id)?.agents ?? 0,
        balance: formatMinor(balances.get(r.id) ?? 0n),
        createdAt: r.createdAt.toISOString(),
        lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
        contracts: contracts
          .filter((c) => c.agentId === r.id)
          .map((c) => ({
            id: c.id,
            kind: c.kind as TAgentContractKind,
            cycle: c.cycle,
            status: c.status,
            topRateBp: Math.max(0, ...c.tiers.map((t) => t.rateBp)),
          })),
      })),
      total,
    };
  }

  /** A range of Bangkok days (both included, at most TEAM_RANGE_MAX_DAYS) as instants [from, to). */
  function daysOf(q: { from: string; to: string }) {
    if (!isDay(q.from) || !isDay(q.to))
      throw new AppError('validation_failed', 400, { from: 'validation_failed' });
    if (q.from > q.to || daysInRange(q.from, q.to) > TEAM_RANGE_MAX_DAYS)
      throw new AppError('validation_failed', 400, { to: 'validation_failed' });
    return bangkokDayRange(q.from, q.to);
  }

  /** Team betting: the team's day rows in the range, newest first, with totals. */
  async function teamDays(agentId: number, q: { from: string; to: string }): Promise<TTeamDays> {
    await requireAgent(agentId);
    const { from, to } = daysOf(q);
    const team = await members.teamOf(agentId, '');
    const [rows, asOf, byGameType] = await Promise.all([
      repo.teamDays(agentId, new Date(from), new Date(to)),
      repo.mark(),
      repo.gameTypeTotals(
        team.map((m) => m.id),
        new Date(from),
        new Date(to),
      ),
    ]);
    const sum = (pick: (r: (typeof rows)[number]) => bigint) => rows.reduce((s, r) => s + pick(r), 0n);
    const stakes = sum((r) => r.stakes);
    const wins = sum((r) => r.wins);
    return {
      list: rows.map((r) => ({
        day: bangkokDay(r.startsAt.getTime()),
        newMembers: r.newMembers,
        activeMembers: r.activeMembers,
        firstDeposits: r.firstDeposits,
        deposits: formatMinor(r.deposits),
        withdrawals: formatMinor(r.withdrawals),
        stakes: formatMinor(r.stakes),
        wins: formatMinor(r.wins),
        net: formatMinor(r.stakes - r.wins),
      })),
      totals: {
        deposits: formatMinor(sum((r) => r.deposits)),
        withdrawals: formatMinor(sum((r) => r.withdrawals)),
        stakes: formatMinor(stakes),
        wins: formatMinor(wins),
        net: formatMinor(stakes - wins),
      },
      byGameType: byGameType.map((g) => ({
        gameType: (TEAM_GAME_TYPES as readonly string[]).includes(g.gameType) ? (g.gameType as TTeamGameType) : 'OTHER',
        stakes: formatMinor(g.stakes),
        wins: formatMinor(g.wins),
        net: formatMinor(g.stakes - g.wins),
      })),
      asOf: asOf?.toISOString() ?? null,
    };
  }

  /** User profit and loss: the team's members who played in the range, most staked first, a page at a time. */
  async function teamProfit(
    agentId: number,
    q: { from: string; to: string; search: string; gameType?: string; pageNo: number; pageSize: number },
  ): Promise<TTeamProfit> {
    await requireAgent(agentId);
    const { from, to } = daysOf(q);
    const team = await members.teamOf(agentId, q.search);
    const levels = new Map(team.map((m) => [m.id, m.level]));
    const [play, asOf] = await Promise.all([
      repo.memberPlay(
        team.map((m) => m.id),
        new Date(from),
        new Date(to),
        { limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize },
        q.gameType ?? '',
      ),
      repo.mark(),
    ]);
    const names = await members.usernamesOf(play.rows.map((r) => r.memberId));
    return {
      list: play.rows.map((r) => ({
        username: names.get(r.memberId) ?? '',
        level: levels.get(r.memberId) ?? 0,
        stakes: formatMinor(r.stakes),
        wins: formatMinor(r.wins),
        profit: formatMinor(r.wins - r.stakes),
      })),
      total: play.total,
      totalPages: Math.ceil(play.total / q.pageSize),
      totals: {
        stakes: formatMinor(play.stakes),
        wins: formatMinor(play.wins),
        profit: formatMinor(play.wins - play.stakes),
      },
      asOf: asOf?.toISOString() ?? null,
    };
  }

  /** Announcement: the operators' notices to agents. */
  async function notices(agentId: number, language: string): Promise<TAgentNotice[]> {
    await requireAgent(agentId);
    return deps.agentNotices(language);
  }

  async function createDownline(
    agentId: number,
    input: { username: string; password: string; agent: boolean },
    client: { ip: string; userAgent: string },
  ) {
    await requireAgent(agentId);
    const created = await members.createDownline(agentId, input, client);
    return { username: created.username, isAgent: created.isAgent !== 0 };
  }

  return { rollup, rollupDue, overview, teamMembers, teamDays, teamProfit, notices, createDownline, flags, opsTree };
}

export type TeamService = ReturnType<typeof createTeamService>;
