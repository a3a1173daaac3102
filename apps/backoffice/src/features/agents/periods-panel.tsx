import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { formatTime } from '@/lib/format';
import { ResettleForm, type TDone } from './agent-forms';
import { periodsQueryOptions, type TAgentPeriod } from './api';
import { FormDialog, Period, TableSkeleton } from './parts';

const column = createColumnHelper<TAgentPeriod>();

/**
 * The settlement's periods (money.read): the latest of each kind, when each ran, how many bills it wrote and how many
 * times it was settled again. With money.write, a period can be settled again after a correction (docs/adr/0101): a
 * four-eyes request; approved, its bills are reversed and new ones written, never edited.
 */
export function PeriodsPanel({ canMoney, onDone }: { canMoney: boolean; onDone: TDone }) {
  const { t } = useTranslation('agents');
  const periods = useQuery(periodsQueryOptions());

  const columns = useMemo(
    () => [
      column.accessor('kind', { header: t('periods.kind'), enableSorting: true, cell: (c) => t(`kinds.${c.getValue()}`) }),
      column.accessor('cycle', { header: t('periods.cycle'), cell: (c) => t(`cycles.${c.getValue()}`, { defaultValue: c.getValue() }) }),
      column.accessor('startsAt', {
        header: t('periods.period'),
        enableSorting: true,
        cell: (c) => <Period start={c.getValue()} end={c.row.original.endsAt} />,
      }),
      column.accessor('status', {
        header: t('periods.status'),
        cell: (c) => (
          <>
            <span className={c.getValue() === 'settled' ? 'badge badge-active' : 'badge warn'}>
              {t(`periodStatuses.${c.getValue()}`, { defaultValue: c.getValue() })}
            </span>
            {c.row.original.revision > 0 ? <span className="hint block nowrap">{t('periods.revision', { n: c.row.original.revision })}</span> : null}
          </>
        ),
      }),
      column.accessor('bills', { header: t('periods.bills'), enableSorting: true, cell: (c) => <span className="amount">{c.getValue()}</span> }),
      column.display({
        id: 'ran',
        header: t('periods.ran'),
        cell: (c) => (
          <>
            <span className="block nowrap">{t('periods.startedAt', { time: formatTime(c.row.original.startedAt) })}</span>
            <span className="hint block nowrap">
              {c.row.original.finishedAt ? t('periods.finishedAt', { time: formatTime(c.row.original.finishedAt) }) : t('periods.running')}
            </span>
          </>
        ),
      }),
      ...(canMoney
        ? [
            column.display({
              id: 'actions',
              header: t('periods.actions'),
              cell: (c) => {
                const p = c.row.original;
                return (
                  <FormDialog
                    label={t('resettle.open')}
                    name={t('resettle.openOf', { kind: t(`kinds.${p.kind}`), start: formatTime(p.startsAt) })}
                    title={t('resettle.title')}
                  >
                    {(close) => <ResettleForm period={p} close={close} onDone={onDone} />}
                  </FormDialog>
                );
              },
            }),
          ]
        : []),
    ],
    [t, canMoney, onDone],
  );

  return (
    <section aria-labelledby="agents-periods-title" className="agents-panel">
      <div className="panel-head">
        <h2 id="agents-periods-title">{t('periods.title')}</h2>
        <button type="button" onClick={() => void periods.refetch()} disabled={periods.isFetching}>
          {t('filters.refresh')}
        </button>
      </div>
      <p className="hint">{t('periods.intro')}</p>
      {canMoney ? <p className="hint">{t('periods.resettleHint')}</p> : null}
      {periods.isPending ? (
        <TableSkeleton label={t('periods.loading')} columns={canMoney ? 7 : 6} />
      ) : periods.data && periods.data.list.length === 0 ? (
        <p className="state">{t('periods.empty')}</p>
      ) : (
        <DataTable
          caption={t('periods.title')}
          columns={columns}
          rows={periods.data?.list}
          loading={periods.isFetching && !periods.data}
          error={periods.error}
          onRetry={() => void periods.refetch()}
          rowKey={(p) => String(p.id)}
          clientSort
        />
      )}
    </section>
  );
}
