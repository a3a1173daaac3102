import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LOTTO_MISSION_PERIODS,
  type TLottoMissionPeriod,
  type TMissionSummary,
} from '@lotus/contracts/lottery';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { getErrorText } from '@/lib/error-text';
import { formatBalance } from '@/lib/money';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { useMemberAction } from '@/lib/session/use-guards';
import { selectIsLoggedIn, useSession } from '@/lib/session/session-store';
import { useMissionLeaderboard, useMissionSummary } from '../api/get-missions';
import { RankRow, RankSkeleton } from './winner-board';

type TMission = TMissionSummary['list'][number];
const HOUR = 3_600_000;
/** Placeholder rows while a list loads: the missions' default count, the board's visible rows. */
const MISSION_SKELETONS = 4;
const BOARD_SKELETONS = 5;

/** "4 h 20 min" / "3 days" to the end of a mission's period. */
function useEndsIn() {
  const { t } = useTranslation('lottery');
  return (endsAt: string) => {
    const left = Math.max(0, Date.parse(endsAt) - Date.now());
    if (left >= 24 * HOUR) return t('missions.endsInDays', { count: Math.floor(left / (24 * HOUR)) });
    const hours = Math.floor(left / HOUR);
    const minutes = Math.floor((left % HOUR) / 60_000);
    return hours > 0
      ? t('missions.endsInHours', { hours, minutes })
      : t('missions.endsInMinutes', { count: minutes });
  };
}

function MissionRow({ mission, symbol }: { mission: TMission; symbol: string | undefined }) {
  const { t } = useTranslation('lottery');
  const endsIn = useEndsIn();
  const money = mission.measure === 'STAKE';
  const show = (v: string) => (money ? formatBalance(v, symbol) : v);
  const percent = Math.min(100, Math.round((Number(mission.progress) / Number(mission.target)) * 100));
  return (
    <li
      className="lotto-mission"
      data-testid={`lottery-mission-${mission.missionCode}`}
      data-completed={mission.completed}
    >
      <div className="lotto-mission__head">
        <span className="lotto-mission__title">{mission.title}</span>
        {mission.completed ? (
          <span className="lotto-mission__done">{t('missions.completed')}</span>
        ) : (
          <span className="lotto-mission__ends">{endsIn(mission.endsAt)}</span>
        )}
      </div>
      <div
        className="lotto-mission__bar"
        role="progressbar"
        aria-label={mission.title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('missions.progress', {
          progress: show(mission.progress),
          target: show(mission.target),
        })}
      >
        <span className="lotto-mission__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="lotto-mission__figures">
        {show(mission.progress)} / {show(mission.target)}
      </span>
    </li>
  );
}

/**
 * The VN lobby's mission summary (1.CAT.03, 7.RELAY.14; docs/adr/0097): the lottery's daily and weekly play missions
 * with the member's progress, grouped by period. A visitor sees what it is and a log-in button.
 */
export function MissionSummary() {
  const { t, i18n } = useTranslation('lottery');
  const loggedIn = useSession(selectIsLoggedIn);
  const memberAction = useMemberAction();
  const symbol = useMemberInfo().data?.currencySymbol;
  const { data, isPending, isError, error, refetch } = useMissionSummary(i18n.language, loggedIn);

  return (
    <section
      className="lotto-panel lotto-missions"
      data-testid="lottery-missions"
      aria-labelledby="lotto-missions-title"
    >
      <header className="lotto-panel__head">
        <h2 id="lotto-missions-title" className="lotto-section-title">
          {t('missions.title')}
        </h2>
        {loggedIn && data && (
          <span className="lotto-missions__count" data-testid="lottery-missions-count">
            {t('missions.completedCount', { count: data.completedCount, total: data.list.length })}
          </span>
        )}
      </header>
      {!loggedIn ? (
        <EmptyState compact message={t('missions.guest')}>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="lottery-missions-login"
            onClick={() => memberAction(() => undefined)}
          >
            {t('missions.login')}
          </button>
        </EmptyState>
      ) : isPending ? (
        <>
          <span className="visually-hidden" role="status">
            {t('missions.loading')}
          </span>
          <ul className="lotto-missions__list" aria-hidden="true">
            {Array.from({ length: MISSION_SKELETONS }, (_, i) => (
              <li key={i} className="lotto-mission">
                <span className="lotto-skeleton lotto-skeleton--line" />
                <span className="lotto-skeleton lotto-mission__bar" />
              </li>
            ))}
          </ul>
        </>
      ) : isError ? (
        <EmptyState compact message={`${t('missions.error')}: ${getErrorText(error)}`}>
          <button type="button" className="btn btn--outline" onClick={() => void refetch()}>
            {t('lobby.retry')}
          </button>
        </EmptyState>
      ) : data.list.length === 0 ? (
        <EmptyState compact message={t('missions.empty')} />
      ) : (
        LOTTO_MISSION_PERIODS.map((period) => {
          const missions = data.list.filter((m) => m.period === period);
          if (missions.length === 0) return null;
          return (
            <div key={period} className="lotto-missions__group">
              <h3 className="lotto-missions__period">{t(`missions.periods.${period}`)}</h3>
              <ul className="lotto-missions__list">
                {missions.map((mission) => (
                  <MissionRow key={mission.missionCode} mission={mission} symbol={symbol} />
                ))}
              </ul>
            </div>
          );
        })
      )}
    </section>
  );
}

/**
 * The VN lobby's leaderboard (1.CAT.04, 7.RELAY.15; docs/adr/0097): the members with the most lottery winnings of
 * today or this week (Bangkok), usernames masked.
 */
export function MissionLeaderboard() {
  const { t } = useTranslation('lottery');
  const symbol = useMemberInfo().data?.currencySymbol;
  const [period, setPeriod] = useState<TLottoMissionPeriod>('WEEKLY');
  const { data, isPending, isError, error } = useMissionLeaderboard(period);
  const rows = data?.list ?? [];

  return (
    <section
      className="lotto-panel lotto-leaderboard"
      data-testid="lottery-leaderboard"
      aria-labelledby="lotto-leaderboard-title"
    >
      <header className="lotto-panel__head">
        <h2 id="lotto-leaderboard-title" className="lotto-section-title">
          {t('leaderboard.title')}
        </h2>
        <div className="lotto-leaderboard__periods" role="group" aria-label={t('leaderboard.periodLabel')}>
          {LOTTO_MISSION_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              className="lotto-list-type"
              data-testid={`lottery-leaderboard-${p}`}
              aria-pressed={period === p}
              onClick={() => setPeriod(p)}
            >
              {t(`leaderboard.periods.${p}`)}
            </button>
          ))}
        </div>
      </header>
      <p className="lotto-winners__sub">{t(`leaderboard.subtitle.${period}`)}</p>
      {isPending ? (
        <RankSkeleton
          rows={BOARD_SKELETONS}
          status={t('leaderboard.loading')}
          className="lotto-leaderboard__list"
        />
      ) : isError ? (
        <EmptyState compact message={`${t('leaderboard.error')}: ${getErrorText(error)}`} />
      ) : rows.length === 0 ? (
        <EmptyState compact message={t('leaderboard.empty')} />
      ) : (
        <ol className="lotto-winners__list lotto-leaderboard__list" aria-label={t('leaderboard.title')}>
          {rows.map((row) => (
            <RankRow
              key={`${row.rank}-${row.account}`}
              rank={row.rank}
              account={row.account}
              detail={t('leaderboard.wins', { count: row.wins })}
              amount={row.winAmount}
              symbol={symbol}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
