import type { ZOpsAgentPeriod } from '@lotus/contracts/ops-agents';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DataTable } from '@/components/data-table';
import { formatTime } from '@/lib/format';
import { periodsQueryOptions } from './api';
import { Period, TableSkeleton } from './parts';

type TPeriod = z.infer<typeof ZOpsAgentPeriod>;
const column = createColumnHelper<TPeriod>();

/** The settlement's periods (money.read): the latest of each kind, when each ran and how many bills it wrote. */
export function PeriodsPanel() {
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
          <span className={c.getValue() === 'settled' ? 'badge badge-active' : 'badge warn'}>
            {t(`periodStatuses.${c.getValue()}`, { defaultValue: c.getValue() })}
          </span>
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
    ],
    [t],
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
      {periods.isPending ? (
        <TableSkeleton label={t('periods.loading')} columns={6} />
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
          rowKey={(p) => `${p.kind}:${p.cycle}:${p.startsAt}`}
          clientSort
        />
      )}
    </section>
  );
}
