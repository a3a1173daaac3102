import { AGENT_CONTRACT_KINDS, type AGENT_CONTRACT_STATUSES, type TAgentContract, type TAgentContractKind } from '@lotus/contracts/agent';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { formatTime } from '@/lib/format';
import { contractsQueryOptions, PAGE_SIZE, type TContractFilter } from './api';
import { TableSkeleton, TierList } from './parts';
import { readAmount } from './rates';

const column = createColumnHelper<TAgentContract>();

const STATUS_BADGE: Record<(typeof AGENT_CONTRACT_STATUSES)[number], string> = {
  offered: 'badge warn',
  active: 'badge badge-active',
  refused: 'badge badge-disabled',
  withdrawn: 'badge',
  superseded: 'badge',
};

/**
 * Every agent contract, newest first (money.read): who receives it, who pays (the upline agent, or the platform for a
 * top-level agent), its tiers as rates of the team's figures, the minimum payout, where it stands. Filtered by agent
 * and kind, a page at a time.
 */
export function ContractsPanel() {
  const { t } = useTranslation('agents');
  const [filter, setFilter] = useState<TContractFilter>({ pageNo: 1 });
  const [agent, setAgent] = useState('');
  const contracts = useQuery(contractsQueryOptions(filter));

  const columns = useMemo(
    () => [
      column.accessor('id', { header: t('contracts.id'), cell: (c) => <span className="amount">#{c.getValue()}</span> }),
      column.accessor('kind', { header: t('contracts.kind'), cell: (c) => t(`kinds.${c.getValue()}`) }),
      column.accessor('cycle', { header: t('contracts.cycle'), cell: (c) => t(`cycles.${c.getValue()}`) }),
      column.accessor('agent', { header: t('contracts.agent'), cell: (c) => <code>{c.getValue()}</code> }),
      column.accessor('upline', {
        header: t('contracts.payer'),
        cell: (c) => (c.getValue() === null ? <span className="badge">{t('platform')}</span> : <code>{c.getValue()}</code>),
      }),
      column.accessor('tiers', { header: t('contracts.tiers'), cell: (c) => <TierList tiers={c.getValue()} /> }),
      column.accessor('minPayout', { header: t('contracts.minPayout'), cell: (c) => <span className="amount">{readAmount(c.getValue())}</span> }),
      column.accessor('status', {
        header: t('contracts.status'),
        cell: (c) => <span className={STATUS_BADGE[c.getValue()]}>{t(`contractStatuses.${c.getValue()}`)}</span>,
      }),
      column.display({
        id: 'times',
        header: t('contracts.times'),
        cell: (c) => (
          <>
            <span className="block nowrap">{t('contracts.offeredAt', { time: formatTime(c.row.original.offeredAt) })}</span>
            {c.row.original.decidedAt ? (
              <span className="hint block nowrap">{t('contracts.decidedAt', { time: formatTime(c.row.original.decidedAt) })}</span>
            ) : null}
          </>
        ),
      }),
    ],
    [t],
  );

  return (
    <section aria-labelledby="agents-contracts-title" className="agents-panel">
      <h2 id="agents-contracts-title">{t('contracts.title')}</h2>
      <form
        role="search"
        className="filters"
        aria-label={t('contracts.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          setFilter((f) => ({ ...f, agent: agent.trim() || undefined, pageNo: 1 }));
        }}
      >
        <label htmlFor="agents-contracts-agent">{t('filters.agent')}</label>
        <input
          id="agents-contracts-agent"
          data-search
          type="search"
          value={agent}
          maxLength={40}
          autoComplete="off"
          onChange={(e) => setAgent(e.target.value)}
        />
        <label htmlFor="agents-contracts-kind">{t('filters.kind')}</label>
        <select
          id="agents-contracts-kind"
          value={filter.kind ?? ''}
          onChange={(e) => setFilter((f) => ({ ...f, kind: (e.target.value || undefined) as TAgentContractKind | undefined, pageNo: 1 }))}
        >
          <option value="">{t('filters.allKinds')}</option>
          {AGENT_CONTRACT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="primary">
          {t('filters.search')}
        </button>
      </form>
      {contracts.isPending ? (
        <TableSkeleton label={t('contracts.loading')} columns={9} />
      ) : contracts.data && contracts.data.total === 0 ? (
        <p className="state">{filter.agent || filter.kind ? t('contracts.noneFound') : t('contracts.empty')}</p>
      ) : (
        <DataTable
          caption={t('contracts.title')}
          columns={columns}
          rows={contracts.data?.list}
          total={contracts.data?.total}
          state={{ page: filter.pageNo, pageSize: PAGE_SIZE }}
          onState={(s) => setFilter((f) => ({ ...f, pageNo: s.page }))}
          loading={contracts.isFetching && !contracts.data}
          error={contracts.error}
          onRetry={() => void contracts.refetch()}
          rowKey={(c) => String(c.id)}
        />
      )}
    </section>
  );
}
