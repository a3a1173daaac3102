import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseMinor } from '@lotus/contracts/money';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Pager } from '@/components/ui/pager/pager';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { useBetRecord, type TBetRecordFilter } from '../api/get-bet-record';
import {
  bangkokToday,
  checkRange,
  formatDay,
  formatRecordTime,
  presetRange,
  RANGE_PRESETS,
  type TRangePreset,
} from '../lib/bangkok-days';
import { formatSignedAmount } from '../lib/signed-amount';
import { LoadError } from './load-error';
import '../wallet.css';
import '../bet-record.css';

type TPeriod = TRangePreset | 'custom';
const PERIODS: readonly TPeriod[] = [...RANGE_PRESETS, 'custom'];

/**
 * Betting record (personalHistoryCopy, 2.MC.08; docs/adr/0058-betting-record.md): the member's game
 * rounds as the platform's ledger knows them, newest first: time, game, vendor, bet, win, net and
 * status, with the totals of the period; filtered by vendor and a period of Bangkok days (presets, or
 * two dates at most 90 days apart), 15 a page. On a phone each round is a card (the table's labels
 * move beside the values). A round whose vendor publishes a fairness page links to it (docs/adr/0075).
 */
export function BetRecordPage() {
  const { t, i18n } = useTranslation('bet-record');
  const { t: tw } = useTranslation('wallet');
  const language = i18n.resolvedLanguage ?? 'th';
  const { data: member } = useMemberInfo();
  const symbol = member?.currencySymbol;
  const today = useMemo(() => bangkokToday(), []);
  const ids = useId();

  const [vassalage, setVassalage] = useState('');
  const [period, setPeriod] = useState<TPeriod>('d7');
  const [custom, setCustom] = useState(() => presetRange('d7', today));
  const [pageNo, setPageNo] = useState(1);

  const range = period === 'custom' ? custom : presetRange(period, today);
  const rangeError = checkRange(range.startDate, range.endDate, today);
  const filter: TBetRecordFilter = { vassalage, startDate: range.startDate, endDate: range.endDate, pageNo };
  const record = useBetRecord(filter, language, { enabled: rangeError === null });
  const rangeText = tw('record.range', {
    start: formatDay(range.startDate, language),
    end: formatDay(range.endDate, language),
  });

  const choosePeriod = (next: TPeriod) => {
    if (next === 'custom' && period !== 'custom') setCustom(range);
    setPeriod(next);
    setPageNo(1);
  };
  const setCustomDay = (key: 'startDate' | 'endDate', value: string) => {
    setCustom((c) => ({ ...c, [key]: value }));
    setPageNo(1);
  };
  const money = (amount: string) => formatMoney(parseMinor(amount) ?? 0n, symbol);

  const data = rangeError ? undefined : record.data;
  // The filter's choices come with the record (the vendors of the range, each once; docs/adr/0075).
  const vendors = record.data?.vendors ?? [];
  const showSkeleton = !rangeError && !data && record.isPending;
  const showError = !rangeError && record.isError && !record.isFetching;

  return (
    <div className="wallet-page" data-testid="bets-page">
      <div className="wallet-page__head">
        <h3 className="wallet-page__title">{t('title')}</h3>
      </div>

      <form
        className="record-filters"
        aria-label={t('filters')}
        onSubmit={(e) => e.preventDefault()}
        data-testid="bets-filters"
      >
        <div className="record-field">
          <label htmlFor={`${ids}-vendor`}>{t('vendor')}</label>
          <select
            id={`${ids}-vendor`}
            className="record-input"
            value={vassalage}
            onChange={(e) => {
              setVassalage(e.target.value);
              setPageNo(1);
            }}
            data-testid="bets-vendor"
          >
            <option value="">{t('all_vendors')}</option>
            {vendors.map((v) => (
              <option key={v.vassalage} value={v.vassalage}>
                {v.vendorName}
              </option>
            ))}
          </select>
        </div>

        <fieldset className="record-field record-periods">
          <legend>{tw('record.period')}</legend>
          <div className="record-periods__list">
            {PERIODS.map((p) => (
              <label key={p} className={`record-chip${p === period ? ' record-chip--on' : ''}`}>
                <input
                  type="radio"
                  name={`${ids}-period`}
                  value={p}
                  checked={p === period}
                  onChange={() => choosePeriod(p)}
                  data-testid={`bets-period-${p}`}
                />
                <span>{tw(`record.presets.${p}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {period === 'custom' && (
          <div className="record-dates">
            {(['startDate', 'endDate'] as const).map((key) => (
              <div className="record-field" key={key}>
                <label htmlFor={`${ids}-${key}`}>
                  {tw(key === 'startDate' ? 'record.start' : 'record.end')}
                </label>
                <input
                  id={`${ids}-${key}`}
                  type="date"
                  className="record-input"
                  value={custom[key]}
                  max={today}
                  onChange={(e) => setCustomDay(key, e.target.value)}
                  aria-invalid={rangeError ? true : undefined}
                  aria-describedby={rangeError ? `${ids}-range-error` : undefined}
                  data-testid={key === 'startDate' ? 'bets-start' : 'bets-end'}
                />
              </div>
            ))}
          </div>
        )}
      </form>

      {rangeError ? (
        <p
          id={`${ids}-range-error`}
          className="record-range-error"
          role="alert"
          data-testid="bets-range-error"
        >
          {tw(`record.range_errors.${rangeError}`)}
        </p>
      ) : (
        <p className="record-summary" aria-live="polite" data-testid="bets-summary">
          <span data-testid="bets-range">{rangeText}</span>
          {data ? <span> · {t('count', { count: data.total })}</span> : null}
          <span className="record-summary__note"> · {tw('record.times_note')}</span>
        </p>
      )}

      {showError ? (
        <LoadError error={record.error} onRetry={() => void record.refetch()} testId="bets-error" />
      ) : showSkeleton ? (
        <div className="record-loading" aria-busy="true" data-testid="bets-loading">
          <span className="visually-hidden" role="status">
            {t('loading')}
          </span>
          <Skeleton height={44} count={6} className="record-loading__row" />
        </div>
      ) : data && data.list.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : data ? (
        <>
          <dl className="bets-totals" data-testid="bets-totals">
            <div>
              <dt>{t('totals.bet')}</dt>
              <dd data-testid="bets-total-bet">{money(data.totals.bet)}</dd>
            </div>
            <div>
              <dt>{t('totals.win')}</dt>
              <dd data-testid="bets-total-win">{money(data.totals.win)}</dd>
            </div>
            <div>
              <dt>{t('totals.net')}</dt>
              <dd
                data-testid="bets-total-net"
                className={`record-amount record-amount--${formatSignedAmount(data.totals.net, symbol).direction}`}
              >
                {formatSignedAmount(data.totals.net, symbol).text}
              </dd>
            </div>
          </dl>
          <table
            className="record-table bets-table"
            aria-busy={record.isFetching || undefined}
            data-testid="bets-table"
          >
            <caption className="visually-hidden">{t('caption', { range: rangeText })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('cols.time')}</th>
                <th scope="col">{t('cols.game')}</th>
                <th scope="col">{t('cols.vendor')}</th>
                <th scope="col" className="record-table__num">
                  {t('cols.bet')}
                </th>
                <th scope="col" className="record-table__num">
                  {t('cols.win')}
                </th>
                <th scope="col" className="record-table__num">
                  {t('cols.net')}
                </th>
                <th scope="col">{t('cols.status')}</th>
                <th scope="col">{t('cols.fair')}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((row) => {
                const net = formatSignedAmount(row.net, symbol);
                return (
                  <tr
                    key={`${row.vassalage}:${row.roundId}`}
                    data-testid="bets-row"
                    data-round={row.roundId}
                    data-status={row.status}
                  >
                    <td data-label={t('cols.time')} className="record-table__time">
                      {formatRecordTime(row.time, language)}
                    </td>
                    <td data-label={t('cols.game')} className="bets-table__game" data-testid="bets-game">
                      {row.gameName}
                    </td>
                    <td data-label={t('cols.vendor')} data-testid="bets-vendor-name">
                      {row.vendorName}
                    </td>
                    <td data-label={t('cols.bet')} className="record-table__num" data-testid="bets-bet">
                      {money(row.bet)}
                    </td>
                    <td data-label={t('cols.win')} className="record-table__num" data-testid="bets-win">
                      {money(row.win)}
                    </td>
                    <td
                      data-label={t('cols.net')}
                      className={`record-table__num record-amount record-amount--${net.direction}`}
                      data-testid="bets-net"
                    >
                      {net.text}
                    </td>
                    <td data-label={t('cols.status')} data-testid="bets-status">
                      <span className={`bets-status bets-status--${row.status}`}>
                        {t(`status.${row.status}`)}
                      </span>
                    </td>
                    <td data-label={t('cols.fair')} className="bets-table__fair">
                      {row.fairUrl ? (
                        <a className="bets-fair-link" href={row.fairUrl} data-testid="bets-fair">
                          {t('fair_link')}
                        </a>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {data.totalPages > 1 && (
            <div className="record-paging">
              <span className="record-paging__text" data-testid="bets-page-of">
                {tw('record.page_of', { page: data.pageNo, pages: data.totalPages })}
              </span>
              <Pager page={pageNo} totalPages={data.totalPages} onChange={setPageNo} />
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
