import { bangkokDayStart, DAY_MS } from '@lotus/contracts/calendar';
import type { TLottoMissionPeriod, TMissionLeaderboard, TMissionSummary } from '@lotus/contracts/lottery';
import { formatMinor } from '@lotus/contracts/money';
import type { Clock } from '../../platform/clock';
import type { LotteryMember } from './lottery.service';
import type { LotteryRepository } from './lottery.repository';

/** The member's play at some vendors over [from, to) (the wallet's `playTotals`). */
export type LotteryPlayTotals = (
  member: LotteryMember,
  q: { vendors: string[]; from: Date; to: Date },
) => Promise<{ rounds: number; stake: bigint; games: number }>;

/** The members with the most winnings at some vendors over [since, until) (the catalogue's `topWinners`). */
export type LotteryTopWinners = (q: {
  vendors: string[];
  since: Date;
  until: Date;
  limit: number;
}) => Promise<{ rank: number; account: string; total: bigint; wins: number }[]>;

/**
 * A mission period holding instant `t`: the Bangkok day, or the Bangkok week from Monday 00:00 to the next Monday
 * (the week most Thai and Vietnamese sites count in).
 */
export function missionPeriod(period: TLottoMissionPeriod, t: number): { from: number; to: number } {
  const day = bangkokDayStart(t);
  if (period === 'DAILY') return { from: day, to: day + DAY_MS };
  // The Bangkok weekday of that day (0 Sunday ... 6 Saturday): its Bangkok midnight is 17:00 UTC the day before.
  const weekday = new Date(day + 7 * 3_600_000).getUTCDay();
  const monday = day - ((weekday + 6) % 7) * DAY_MS;
  return { from: monday, to: monday + 7 * DAY_MS };
}

/**
 * The VN lobby's mission summary and leaderboard (1.CAT.03/04, 7.RELAY.14/15; docs/adr/0097). Missions are rows
 * (lotto_missions); a member's progress is read from their rounds at the lottery vendors in the ledger when asked,
 * never written per bet; the leaderboard ranks members by the lottery wins the winner board copied from the ledger.
 */
export function createLotteryMissions(deps: {
  repo: LotteryRepository;
  playTotals: LotteryPlayTotals;
  topWinners: LotteryTopWinners;
  now: Clock;
}) {
  const { repo, now } = deps;

  /** MCSFE_getMissionSummaryDetails: each active mission with the member's progress in its current period. */
  async function summary(member: LotteryMember, language: string): Promise<TMissionSummary> {
    const at = now();
    const [missions, vendors] = await Promise.all([repo.activeMissions(), repo.lotteryVendors()]);
    const totals = new Map<TLottoMissionPeriod, ReturnType<LotteryPlayTotals>>();
    const totalsOf = (period: TLottoMissionPeriod) => {
      let found = totals.get(period);
      if (!found) {
        const { from, to } = missionPeriod(period, at);
        found = deps.playTotals(member, { vendors, from: new Date(from), to: new Date(to) });
        totals.set(period, found);
      }
      return found;
    };
    const english = language.startsWith('en');
    const list = await Promise.all(
      missions.map(async (m) => {
        const period = m.period as TLottoMissionPeriod;
        const t = await totalsOf(period);
        const done = m.measure === 'STAKE' ? t.stake : BigInt(m.measure === 'GAMES' ? t.games : t.rounds);
        const progress = done < m.target ? (done < 0n ? 0n : done) : m.target;
        const show = (v: bigint) => (m.measure === 'STAKE' ? formatMinor(v) : String(v));
        return {
          missionCode: m.code,
          period,
          measure: m.measure as TMissionSummary['list'][number]['measure'],
          title: english ? m.titleEn : m.titleTh,
          target: show(m.target),
          progress: show(progress),
          completed: progress >= m.target,
          endsAt: new Date(missionPeriod(period, at).to).toISOString(),
        };
      }),
    );
    return { list, completedCount: list.filter((m) => m.completed).length };
  }

  /** MCSFE_getMissionLeaderboard: the members with the most lottery winnings of the current day or week. */
  async function leaderboard(q: {
    period: TLottoMissionPeriod;
    limitNum: number;
  }): Promise<TMissionLeaderboard> {
    const { from, to } = missionPeriod(q.period, now());
    const vendors = await repo.lotteryVendors();
    const rows = await deps.topWinners({
      vendors,
      since: new Date(from),
      until: new Date(to),
      limit: q.limitNum,
    });
    return {
      period: q.period,
      startsAt: new Date(from).toISOString(),
      endsAt: new Date(to).toISOString(),
      list: rows.map((r) => ({
        rank: r.rank,
        account: r.account,
        winAmount: formatMinor(r.total),
        wins: r.wins,
      })),
    };
  }

  return { summary, leaderboard };
}

export type LotteryMissions = ReturnType<typeof createLotteryMissions>;
