import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Pager } from '@/components/ui/pager/pager';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { formatBalance } from '@/lib/money';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { useAccountRecord, type TAccountRecordFilter } from '../api/get-account-record';
import {
  bangkokToday,
  checkRange,
  formatDay,
  formatRecordTime,
  presetRange,
  RANGE_PRESETS,
  type TRangePreset,
} from '../lib/bangkok-days';
import { RECORD_KINDS, type TRecordKind } from '../lib/record-kinds';
import { formatSignedAmount } from '../lib/signed-amount';
import { recordDetail } from '../lib/record-detail';
import { ThaiText } from '@/components/ui/thai-text/thai-text';
import { LoadError } from './load-error';
import '../wallet.css';

type TPeriod = TRangePreset | 'custom';
const PERIODS: readonly TPeriod[] = [...RANGE_PRESETS, 'custom'];

/**
 * Account record (transactionHistory, 2.MC.09, ODSFE2_MemTransDet): the wallet's movements newest
 * first with signed amounts and the balance after each (running balance), filtered by kind and a
 * period of Bangkok days (presets, or two dates at most 90 days apart), 15 a page. Dates as the app
 * shows dates (Buddhist era in Thai); amounts in the one money format (9.C.04-06). The note names the
 * channel or game in the page's language and a transfer's direction (issue 25, lib/record-detail.ts).
 */
export function AccountRecordPage() {
  const { t, i18n } = useTranslation('wallet');
  const language = i18n.resolvedLanguage ?? 'th';
  const { data: member } = useMemberInfo();
  const symbol = member?.currencySymbol;
  const today = useMemo(() => bangkokToday(), []);
  const ids = useId();

  const [type, setType] = useState<TRecordKind | ''>('');
  const [period, setPeriod] = useState<TPeriod>('d7');
  const [custom, setCustom] = useState(() => presetRange('d7', today));
  const [pageNo, setPageNo] = useState(1);

  const range = period === 'custom' ? custom : presetRange(period, today);
  const rangeError = checkRange(range.startDate, range.endDate, today);
  const filter: TAccountRecordFilter = {
    types: type ? [type] : [],
    startDate: range.startDate,
    endDate: range.endDate,
    pageNo,
  };
  const record = useAccountRecord(filter, { enabled: rangeError === null });
  const rangeText = t('record.range', {
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

  const data = rangeError ? undefined : record.data;
  const showSkeleton = !rangeError && !data && record.isPending;
  const showError = !rangeError && record.isError && !record.isFetching;

  return (
    <div className="wallet-page" data-testid="record-page">
      <div className="wallet-page__head">
        <h3 className="wallet-page__title">{t('record.title')}</h3>
      </div>

      <form
        className="record-filters"
        aria-label={t('record.filters')}
        onSubmit={(e) => e.preventDefault()}
        data-testid="record-filters"
      >
        <div className="record-field">
          <label htmlFor={`${ids}-type`}>{t('record.type')}</label>
          <select
            id={`${ids}-type`}
            className="record-input"
            value={type}
            onChange={(e) => {
              setType(e.target.value as TRecordKind | '');
              setPageNo(1);
            }}
            data-testid="record-type"
          >
            <option value="">{t('record.all_types')}</option>
            {RECORD_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>

        <fieldset className="record-field record-periods">
          <legend>{t('record.period')}</legend>
          <div className="record-periods__list">
            {PERIODS.map((p) => (
              <label key={p} className={`record-chip${p === period ? ' record-chip--on' : ''}`}>
                <input
                  type="radio"
                  name={`${ids}-period`}
                  value={p}
                  checked={p === period}
                  onChange={() => choosePeriod(p)}
                  data-testid={`record-period-${p}`}
                />
                <span>{t(`record.presets.${p}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {period === 'custom' && (
          <div className="record-dates">
            <div className="record-field">
              <label htmlFor={`${ids}-start`}>{t('record.start')}</label>
              <input
                id={`${ids}-start`}
                type="date"
                className="record-input"
                value={custom.startDate}
                max={today}
                onChange={(e) => setCustomDay('startDate', e.target.value)}
                aria-invalid={rangeError ? true : undefined}
                aria-describedby={rangeError ? `${ids}-range-error` : undefined}
                data-testid="record-start"
              />
            </div>
            <div className="record-field">
              <label htmlFor={`${ids}-end`}>{t('record.end')}</label>
              <input
                id={`${ids}-end`}
                type="date"
                className="record-input"
                value={custom.endDate}
                max={today}
                onChange={(e) => setCustomDay('endDate', e.target.value)}
                aria-invalid={rangeError ? true : undefined}
                aria-describedby={rangeError ? `${ids}-range-error` : undefined}
                data-testid="record-end"
              />
            </div>
          </div>
        )}
      </form>

      {rangeError ? (
        <p
          id={`${ids}-range-error`}
          className="record-range-error"
          role="alert"
          data-testid="record-range-error"
        >
          {t(`record.range_errors.${rangeError}`)}
        </p>
      ) : (
        <p className="record-summary" aria-live="polite" data-testid="record-summary">
          <span data-testid="record-range">{rangeText}</span>
          {data ? <span> · {t('record.count', { count: data.total })}</span> : null}
          <span className="record-summary__note"> · {t('record.times_note')}</span>
        </p>
      )}

      {showError ? (
        <LoadError error={record.error} onRetry={() => void record.refetch()} testId="record-error" />
      ) : showSkeleton ? (
        <div className="record-loading" aria-busy="true" data-testid="record-loading">
          <span className="visually-hidden" role="status">
            {t('record.loading')}
          </span>
          <Skeleton height={44} count={6} className="record-loading__row" />
        </div>
      ) : data && data.list.length === 0 ? (
        <EmptyState message={t('record.empty')} />
      ) : data ? (
        <>
          <table
            className="record-table"
            aria-busy={record.isFetching || undefined}
            data-testid="record-table"
          >
            <caption className="visually-hidden">{t('record.caption', { range: rangeText })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('record.cols.time')}</th>
                <th scope="col">{t('record.cols.type')}</th>
                <th scope="col" className="record-table__num">
                  {t('record.cols.amount')}
                </th>
                <th scope="col" className="record-table__num">
                  {t('record.cols.balance')}
                </th>
                <th scope="col">{t('record.cols.memo')}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((row) => {
                const amount = formatSignedAmount(row.amount, symbol);
                return (
                  <tr key={row.id} data-testid="record-row">
                    <td data-label={t('record.cols.time')} className="record-table__time">
                      {formatRecordTime(row.time, language)}
                    </td>
                    <td data-label={t('record.cols.type')} className="record-table__type">
                      {t(`kinds.${row.type}`)}
                    </td>
                    <td
                      data-label={t('record.cols.amount')}
                      className={`record-table__num record-amount record-amount--${amount.direction}`}
                      data-testid="record-amount"
                    >
                      {amount.text}
                    </td>
                    <td
                      data-label={t('record.cols.balance')}
                      className="record-table__num record-table__balance"
                      data-testid="record-balance"
                    >
                      {formatBalance(row.balance, symbol)}
                    </td>
                    <td data-label={t('record.cols.memo')} className="record-table__memo" data-testid="record-memo">
                      <ThaiText text={recordDetail(t, row, language)} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {data.totalPages > 1 && (
            <div className="record-paging">
              <span className="record-paging__text" data-testid="record-page-of">
                {t('record.page_of', { page: data.pageNo, pages: data.totalPages })}
              </span>
              <Pager page={pageNo} totalPages={data.totalPages} onChange={setPageNo} />
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
