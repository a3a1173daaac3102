import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTeamDays } from '@lotus/contracts/agent';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { useTeamDays } from '../api/get-team-days';
import { formatDay } from '../lib/format';
import { signOf } from '../lib/signed-money';
import { defaultTeamRange, type TTeamDayRange } from '../lib/team-range';
import { formatCount, useMoney } from '../lib/use-money';
import { useGameTypeName } from '../lib/use-game-type-name';
import { LoadError } from './load-error';
import { TeamRangeForm, TeamRangeSummary } from './team-range-form';

const COUNT_COLUMNS = ['newMembers', 'activeMembers', 'firstDeposits'] as const;
const MONEY_COLUMNS = ['deposits', 'withdrawals', 'stakes', 'wins', 'net'] as const;
const GAME_COLUMNS = ['stakes', 'wins', 'net'] as const;

// The minus of a negative net is written by the money format; the colour only repeats it.
const netClass = (net: string) => `ac-table__num${signOf(net) === 'down' ? ' ac-amount--down' : ''}`;

/** The days as a table; on a phone each day is a card (agent-centre.css moves the labels beside the values). */
function DaysTable({ data, range, busy }: { data: TTeamDays; range: TTeamDayRange; busy: boolean }) {
  const { t, i18n } = useTranslation('agent-centre');
  const language = i18n.resolvedLanguage ?? 'th';
  const money = useMoney();
  const captionId = `${useId()}-caption`;
  const col = (key: string) => t(`days.cols.${key}`);
  return (
    <div className="ac-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="ac-table ac-table--days" aria-busy={busy || undefined} data-testid="ac-days-table">
        <caption id={captionId} className="visually-hidden">
          {t('days.caption', { from: formatDay(range.from, language), to: formatDay(range.to, language) })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{col('day')}</th>
            {COUNT_COLUMNS.map((key) => (
              <th key={key} scope="col" className="ac-table__num">
                {col(key)}
              </th>
            ))}
            {MONEY_COLUMNS.map((key) => (
              <th key={key} scope="col" className="ac-table__num">
                {col(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.list.map((row) => (
            <tr key={row.day} data-testid={`ac-day-${row.day}`}>
              <th scope="row" className="ac-table__head-cell" data-testid="ac-day-date">
                {formatDay(row.day, language)}
              </th>
              {COUNT_COLUMNS.map((key) => (
                <td key={key} className="ac-table__num" data-label={col(key)} data-testid={`ac-day-${key}`}>
                  {formatCount(row[key])}
                </td>
              ))}
              {MONEY_COLUMNS.map((key) => (
                <td key={key} className={key === 'net' ? netClass(row.net) : 'ac-table__num'} data-label={col(key)} data-testid={`ac-day-${key}`}>
                  {money(row[key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="ac-days-totals">
            <th scope="row" className="ac-table__head-cell">
              {t('days.totals')}
            </th>
            {/* Members are not added up across days (one member is active on many days): the counts have no total. */}
            {COUNT_COLUMNS.map((key) => (
              <td key={key} className="ac-table__num ac-table__none" data-label={col(key)} aria-label={t('days.no_total')}>
                –
              </td>
            ))}
            {MONEY_COLUMNS.map((key) => (
              <td key={key} className={key === 'net' ? netClass(data.totals.net) : 'ac-table__num'} data-label={col(key)} data-testid={`ac-days-total-${key}`}>
                {money(data.totals[key])}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * The range's stakes, wins and net per game type, most staked first (as the server sends them). A table of four
 * columns; on a phone each game type is a card like the days (agent-centre.css).
 */
function GameTypesSection({ data, range, busy }: { data: TTeamDays; range: TTeamDayRange; busy: boolean }) {
  const { t, i18n } = useTranslation('agent-centre');
  const language = i18n.resolvedLanguage ?? 'th';
  const money = useMoney();
  const gameTypeName = useGameTypeName();
  const titleId = `${useId()}-title`;
  const col = (key: string) => t(`days.cols.${key}`);
  return (
    <section className="ac-section" aria-labelledby={titleId} data-testid="ac-days-games">
      <h4 id={titleId} className="ac-section__title">
        {t('days.games_title')}
      </h4>
      {data.byGameType.length === 0 ? (
        <EmptyState compact message={t('days.games_empty')} />
      ) : (
        <div className="ac-table-wrap">
          <table className="ac-table ac-table--games" aria-busy={busy || undefined}>
            <caption className="visually-hidden">
              {t('days.games_caption', { from: formatDay(range.from, language), to: formatDay(range.to, language) })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('days.game_type')}</th>
                {GAME_COLUMNS.map((key) => (
                  <th key={key} scope="col" className="ac-table__num">
                    {col(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.byGameType.map((row) => (
                <tr key={row.gameType} data-testid={`ac-days-game-${row.gameType}`}>
                  <th scope="row" className="ac-table__head-cell" data-testid="ac-days-game-name">
                    {gameTypeName(row.gameType)}
                  </th>
                  {GAME_COLUMNS.map((key) => (
                    <td key={key} className={key === 'net' ? netClass(row.net) : 'ac-table__num'} data-label={col(key)} data-testid={`ac-days-game-${key}`}>
                      {money(row[key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * Team betting (2.AC.01): my whole team day by day over a range of Bangkok days (the last 7 by default, at most 62):
 * new and active members, first deposits, deposits, withdrawals, stakes, wins and net (stakes - wins), newest day
 * first, with the range's totals and the range's figures per game type, as of the team rollup's time.
 */
export function TeamBettingPage() {
  const { t } = useTranslation('agent-centre');
  const [range, setRange] = useState<TTeamDayRange>(() => defaultTeamRange());
  const days = useTeamDays(range);
  const data = days.data;
  return (
    <div className="ac-page" data-testid="ac-days-page">
      <h3 className="ac-page__title">{t('pages.teamBetting')}</h3>
      <p className="ac-page__intro">{t('days.intro')}</p>
      <TeamRangeForm value={range} onApply={({ from, to }) => setRange({ from, to })} testId="ac-days" />
      <TeamRangeSummary range={range} asOf={data?.asOf} testId="ac-days" />
      {days.isError && !days.isFetching ? (
        <LoadError error={days.error} onRetry={() => void days.refetch()} testId="ac-days-error" />
      ) : !data ? (
        <div aria-busy="true" data-testid="ac-days-loading">
          <span className="visually-hidden" role="status">
            {t('common.loading')}
          </span>
          <Skeleton height={44} count={7} className="ac-skeleton-gap" />
          {/* The by-game-type section's place: its title and a few rows. */}
          <Skeleton height={24} width="40%" className="ac-skeleton-gap" />
          <Skeleton height={44} count={3} className="ac-skeleton-gap" />
        </div>
      ) : data.list.length === 0 ? (
        <EmptyState message={t('days.empty')} />
      ) : (
        <>
          <DaysTable data={data} range={range} busy={days.isFetching} />
          <GameTypesSection data={data} range={range} busy={days.isFetching} />
        </>
      )}
    </div>
  );
}
