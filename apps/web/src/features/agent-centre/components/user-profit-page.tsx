import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEAM_GAME_TYPES, type TTeamGameType, type TTeamProfit } from '@lotus/contracts/agent';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Pager } from '@/components/ui/pager/pager';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { useTeamProfit, type TTeamProfitFilter } from '../api/get-team-profit';
import { formatDay } from '../lib/format';
import { signedMoney, signOf } from '../lib/signed-money';
import { defaultTeamRange } from '../lib/team-range';
import { formatCount, useMoney } from '../lib/use-money';
import { useGameTypeName } from '../lib/use-game-type-name';
import { Field } from './field';
import { LoadError } from './load-error';
import { TeamRangeForm, TeamRangeSummary } from './team-range-form';

/** A profit with its sign written out ("+฿120.00", "-฿80.50"); the colour only repeats the sign. */
function Profit({ amount, testId }: { amount: string; testId: string }) {
  const money = useMoney();
  return (
    <span className={`ac-amount ac-amount--${signOf(amount)}`} data-testid={testId}>
      {signedMoney(money, amount)}
    </span>
  );
}

/** The members as a table; on a phone each member is a card (agent-centre.css). */
function ProfitTable({ data, filter, busy }: { data: TTeamProfit; filter: TTeamProfitFilter; busy: boolean }) {
  const { t, i18n } = useTranslation('agent-centre');
  const language = i18n.resolvedLanguage ?? 'th';
  const money = useMoney();
  const gameTypeName = useGameTypeName();
  const captionId = `${useId()}-caption`;
  const col = (key: string) => t(`profit.cols.${key}`);
  const days = { from: formatDay(filter.from, language), to: formatDay(filter.to, language) };
  return (
    <div className="ac-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="ac-table ac-table--profit" aria-busy={busy || undefined} data-testid="ac-profit-table">
        <caption id={captionId} className="visually-hidden">
          {filter.gameType ? t('profit.caption_game', { ...days, game: gameTypeName(filter.gameType) }) : t('profit.caption', days)}
        </caption>
        <thead>
          <tr>
            <th scope="col">{col('username')}</th>
            <th scope="col" className="ac-table__num">
              {col('level')}
            </th>
            <th scope="col" className="ac-table__num">
              {col('stakes')}
            </th>
            <th scope="col" className="ac-table__num">
              {col('wins')}
            </th>
            <th scope="col" className="ac-table__num">
              {col('profit')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.list.map((row) => (
            <tr key={row.username} data-testid={`ac-profit-${row.username}`}>
              <th scope="row" className="ac-table__head-cell" data-testid="ac-profit-username">
                {row.username}
              </th>
              <td className="ac-table__num" data-label={col('level')} data-testid="ac-profit-level">
                {formatCount(row.level)}
              </td>
              <td className="ac-table__num" data-label={col('stakes')} data-testid="ac-profit-stakes">
                {money(row.stakes)}
              </td>
              <td className="ac-table__num" data-label={col('wins')} data-testid="ac-profit-wins">
                {money(row.wins)}
              </td>
              <td className="ac-table__num" data-label={col('profit')}>
                <Profit amount={row.profit} testId="ac-profit-profit" />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="ac-profit-totals">
            <th scope="row" className="ac-table__head-cell">
              {t('profit.totals', { count: data.total })}
            </th>
            {/* The level of a total has no meaning. */}
            <td className="ac-table__num ac-table__none" data-label={col('level')} aria-label={t('profit.no_level')}>
              –
            </td>
            <td className="ac-table__num" data-label={col('stakes')} data-testid="ac-profit-total-stakes">
              {money(data.totals.stakes)}
            </td>
            <td className="ac-table__num" data-label={col('wins')} data-testid="ac-profit-total-wins">
              {money(data.totals.wins)}
            </td>
            <td className="ac-table__num" data-label={col('profit')}>
              <Profit amount={data.totals.profit} testId="ac-profit-total-profit" />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The game type the list counts ('' = every game): applied as soon as it is chosen, from the first page. */
function GameTypeSelect({ value, onChange }: { value: TTeamGameType | ''; onChange: (gameType: TTeamGameType | '') => void }) {
  const { t } = useTranslation('agent-centre');
  const gameTypeName = useGameTypeName();
  return (
    <Field label={t('profit.game_type')} testId="ac-profit-game-type" className="ac-filters__game">
      <select className="ac-input" value={value} onChange={(e) => onChange(e.target.value as TTeamGameType | '')} data-testid="ac-profit-game-type">
        <option value="">{t('profit.all_games')}</option>
        {TEAM_GAME_TYPES.map((type) => (
          <option key={type} value={type}>
            {gameTypeName(type)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * User profit and loss (2.AC.01): each member of my team who played in a range of Bangkok days (the last 7 by
 * default, at most 62), most staked first, 20 a page: username, level below me, stakes, wins and profit (wins -
 * stakes, its sign written out), with the totals of the whole list; a username search and one game type or every game.
 */
export function UserProfitPage() {
  const { t } = useTranslation('agent-centre');
  const gameTypeName = useGameTypeName();
  const [filter, setFilter] = useState<TTeamProfitFilter>(() => ({ ...defaultTeamRange(), search: '', gameType: '', pageNo: 1 }));
  const profit = useTeamProfit(filter);
  const data = profit.data;
  return (
    <div className="ac-page" data-testid="ac-profit-page">
      <h3 className="ac-page__title">{t('pages.userProfitLoss')}</h3>
      <p className="ac-page__intro">{t('profit.intro')}</p>
      <div className="ac-filters">
        <TeamRangeForm value={filter} onApply={(next) => setFilter((f) => ({ ...f, ...next, pageNo: 1 }))} withSearch testId="ac-profit" />
        <GameTypeSelect value={filter.gameType} onChange={(gameType) => setFilter((f) => ({ ...f, gameType, pageNo: 1 }))} />
      </div>
      <TeamRangeSummary range={filter} asOf={data?.asOf} testId="ac-profit" />
      {profit.isError && !profit.isFetching ? (
        <LoadError error={profit.error} onRetry={() => void profit.refetch()} testId="ac-profit-error" />
      ) : !data ? (
        <div aria-busy="true" data-testid="ac-profit-loading">
          <span className="visually-hidden" role="status">
            {t('common.loading')}
          </span>
          <Skeleton height={44} count={6} className="ac-skeleton-gap" />
        </div>
      ) : data.list.length === 0 ? (
        <EmptyState
          message={
            filter.search
              ? t('profit.no_match', { search: filter.search })
              : filter.gameType
                ? t('profit.empty_game', { game: gameTypeName(filter.gameType) })
                : t('profit.empty')
          }
        />
      ) : (
        <>
          <p className="ac-summary" data-testid="ac-profit-count">
            {t('profit.count', { count: data.total })}
          </p>
          <ProfitTable data={data} filter={filter} busy={profit.isFetching} />
          {data.totalPages > 1 ? (
            <div className="ac-paging">
              <span className="ac-paging__text">{t('common.page_of', { page: filter.pageNo, pages: data.totalPages })}</span>
              <Pager page={filter.pageNo} totalPages={data.totalPages} onChange={(pageNo) => setFilter((f) => ({ ...f, pageNo }))} />
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
