import { bangkokDay } from '@lotus/contracts/calendar';
import { getDailyReport, type TDailyReport, type TGameFigures } from '@lotus/contracts/ops-reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { LoadingState } from '@/components/states';
import { opsApi } from '@/lib/api';
import { formatAmount } from '@/lib/format';

const column = createColumnHelper<TGameFigures>();

/** One CSV field: quoted when it holds a comma, a quote or a line break; a leading formula character is defused. */
const csvField = (value: string | number) => {
  const text = String(value);
  const safe = /^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The report as CSV (amounts as the API gives them: two decimals, no separators), for a spreadsheet. */
export function reportCsv(report: TDailyReport): string {
  const lines: (string | number)[][] = [
    ['day', report.day, 'time zone', report.timeZone],
    ['deposits', report.deposits.count, report.deposits.total],
    ['payouts', report.payouts.count, report.payouts.total],
    ['refunds', report.refunds.count, report.refunds.total],
    ['registrations', report.registrations],
    ['first deposits', report.firstDeposits],
    [],
    ['vendor', 'game', 'bets', 'wins', 'rollbacks', 'ggr', 'rounds', 'players'],
    ...report.games.map((g) => [g.vendor, g.game, g.bets, g.wins, g.rollbacks, g.ggr, g.rounds, g.players]),
    ['total', '', report.totals.bets, report.totals.wins, report.totals.rollbacks, report.totals.ggr, report.totals.rounds, report.totals.players],
  ];
  return `${lines.map((l) => l.map(csvField).join(',')).join('\n')}\n`;
}

/**
 * The daily report (issue 24, docs/adr/0082): one Bangkok day's money and games, read from the ledger
 * (so it reconciles with ledger:verify), with a CSV download.
 */
export function ReportsPage() {
  const { t } = useTranslation('cashier');
  // Today in Bangkok when the page opened: the default day and the latest one to pick.
  const [today] = useState(() => bangkokDay(Date.now()));
  const [day, setDay] = useState(today);
  const report = useQuery({
    queryKey: ['report', day],
    queryFn: () => opsApi.call(getDailyReport, { query: { day } }),
    placeholderData: keepPreviousData,
    // Money figures are never shown from an earlier visit: opening the page asks the ledger again.
    gcTime: 0,
  });

  const columns = useMemo(
    () => [
      column.accessor('vendor', { header: t('r.vendor'), enableSorting: true }),
      column.accessor('game', { header: t('r.game'), enableSorting: true, cell: (c) => c.getValue() || '—' }),
      ...(['bets', 'wins', 'rollbacks', 'ggr'] as const).map((key) =>
        column.accessor(key, {
          header: t(`r.${key}`),
          enableSorting: true,
          sortingFn: (a, b) => Number(a.original[key]) - Number(b.original[key]),
          cell: (c) => <span className="amount">{formatAmount(c.getValue())}</span>,
        }),
      ),
      column.accessor('rounds', { header: t('r.rounds'), enableSorting: true }),
      column.accessor('players', { header: t('r.players'), enableSorting: true }),
    ],
    [t],
  );

  const download = (data: TDailyReport) => {
    const url = URL.createObjectURL(new Blob([reportCsv(data)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `lotus-report-${data.day}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };

  const data = report.data;
  return (
    <section aria-labelledby="reports-title">
      <h1 id="reports-title">{t('r.title')}</h1>
      <p>{t('r.intro')}</p>
      <form className="filters" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="report-day">{t('r.day')}</label>
        <input id="report-day" type="date" value={day} max={today} onChange={(e) => e.target.value && setDay(e.target.value)} />
        <button type="button" disabled={!data} onClick={() => data && download(data)}>
          {t('r.csv')}
        </button>
      </form>
      {!data ? (
        <LoadingState />
      ) : (
        <>
          <dl className="facts" aria-label={t('r.money')} data-testid="report-money">
            <dt>{t('r.deposits')}</dt>
            <dd data-testid="report-deposits">{t('r.countTotal', { count: data.deposits.count, total: formatAmount(data.deposits.total) })}</dd>
            <dt>{t('r.payouts')}</dt>
            <dd data-testid="report-payouts">{t('r.countTotal', { count: data.payouts.count, total: formatAmount(data.payouts.total) })}</dd>
            <dt>{t('r.refunds')}</dt>
            <dd data-testid="report-refunds">{t('r.countTotal', { count: data.refunds.count, total: formatAmount(data.refunds.total) })}</dd>
            <dt>{t('r.registrations')}</dt>
            <dd data-testid="report-registrations">{data.registrations}</dd>
            <dt>{t('r.firstDeposits')}</dt>
            <dd data-testid="report-first-deposits">{data.firstDeposits}</dd>
            <dt>{t('r.ggr')}</dt>
            <dd data-testid="report-ggr">{formatAmount(data.totals.ggr)}</dd>
          </dl>
          <DataTable
            caption={t('r.games')}
            columns={columns}
            rows={data.games}
            loading={report.isFetching && !report.data}
            error={report.error}
            onRetry={() => void report.refetch()}
            rowKey={(g) => `${g.vendor}:${g.game}`}
            clientSort
          />
          <p className="hint" data-testid="report-totals">
            {t('r.totals', {
              bets: formatAmount(data.totals.bets),
              wins: formatAmount(data.totals.wins),
              ggr: formatAmount(data.totals.ggr),
              rounds: data.totals.rounds,
              players: data.totals.players,
            })}
          </p>
        </>
      )}
    </section>
  );
}
