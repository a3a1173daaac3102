import { AGENT_BILL_STATUSES, AGENT_CONTRACT_KINDS, type TAgentBill, type TAgentContractKind } from '@lotus/contracts/agent';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { createContext, use, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { formatAmount, formatTime } from '@/lib/format';
import { UpholdForm, type TDone } from './agent-forms';
import { billsQueryOptions, PAGE_SIZE, type TAgentBillStatus, type TBillFilter } from './api';
import { Dispute, FormDialog, Period, Rate, TableSkeleton } from './parts';

const column = createColumnHelper<TAgentBill>();

const BILL_BADGE: Record<TAgentBillStatus, string> = {
  pending: 'badge warn',
  paid: 'badge badge-active',
  unpaid: 'badge badge-disabled',
  carried: 'badge',
  refused: 'badge badge-disabled',
  disputed: 'badge warn',
  reversed: 'badge',
};

/**
 * The bill whose calculation is open, for the cells of the table. The columns must not change when it does: a new
 * definition remounts every cell, and the button just pressed would lose the focus. Cells read it from here instead.
 */
const OpenBillContext = createContext<{ openId: number | null; toggle: (id: number) => void }>({ openId: null, toggle: () => undefined });
const buttonId = (id: number) => `agents-bill-${id}-calculation`;

/** A row's button that opens (and closes) its bill's calculation below the table. */
function CalculationButton({ id }: { id: number }) {
  const { t } = useTranslation('agents');
  const { openId, toggle } = use(OpenBillContext);
  return (
    <button
      id={buttonId(id)}
      type="button"
      aria-expanded={openId === id}
      aria-controls={openId === id ? 'agents-calculation' : undefined}
      aria-label={t('bills.showOf', { id })}
      onClick={() => toggle(id)}
    >
      {t('bills.show')}
    </button>
  );
}

/**
 * How one bill's amount was found, line by line (the bill's `calculation`): the team's stakes and wins, the base they
 * make (turnover, or net loss for a dividend), the active members, the tier reached and its rate, what came in from
 * earlier periods, the amount, and what goes on to the next period.
 */
function CalculationPanel({ bill, onClose }: { bill: TAgentBill; onClose: () => void }) {
  const { t } = useTranslation('agents');
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from a row far up the table: brought into view, and the focus goes to it.
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'nearest' });
    heading.current?.focus();
  }, []);
  const c = bill.calculation;
  const base = bill.kind === 'dividend' ? 'netLoss' : 'turnover';
  return (
    <section aria-labelledby="agents-calculation-title" className="agents-panel calculation">
      <div className="panel-head">
        <h3 id="agents-calculation-title" ref={heading} tabIndex={-1}>
          {t('calculation.title', { id: bill.id, agent: bill.agent })}
        </h3>
        <button type="button" onClick={onClose}>
          {t('calculation.close')}
        </button>
      </div>
      <p className="hint">{t('calculation.period', { kind: t(`kinds.${bill.kind}`), start: formatTime(bill.periodStart), end: formatTime(bill.periodEnd) })}</p>
      <dl className="facts calculation-lines">
        <dt>{t('calculation.stakes')}</dt>
        <dd className="amount">{formatAmount(c.stakes)}</dd>
        <dt>{t('calculation.wins')}</dt>
        <dd className="amount">{formatAmount(c.wins)}</dd>
        <dt>{t(`calculation.${base}`)}</dt>
        <dd className="amount">{formatAmount(c.base)}</dd>
        <dt>{t('calculation.activeMembers')}</dt>
        <dd className="amount">{c.activeMembers}</dd>
        <dt>{t('calculation.tier')}</dt>
        <dd>{c.tier === 0 ? t('calculation.noTier') : t('calculation.tierN', { n: c.tier })}</dd>
        <dt>{t('calculation.rate')}</dt>
        <dd>
          <Rate bp={c.rateBp} />
        </dd>
        <dt>{t('calculation.carriedIn')}</dt>
        <dd className="amount">{formatAmount(c.carriedIn)}</dd>
        <dt>{t('calculation.amount')}</dt>
        <dd className="amount">
          <strong>{formatAmount(c.amount)}</strong>
        </dd>
        <dt>{t('calculation.carriedOut')}</dt>
        <dd className="amount">{formatAmount(c.carriedOut)}</dd>
        <dt>{t('calculation.payment')}</dt>
        <dd>
          <span className={BILL_BADGE[bill.status]}>{t(`billStatuses.${bill.status}`)}</span>{' '}
          {bill.paidAt ? t('calculation.paidAt', { time: formatTime(bill.paidAt), transaction: bill.transactionId ?? '—' }) : null}
        </dd>
        {bill.revision > 0 ? (
          <>
            <dt>{t('calculation.revision')}</dt>
            <dd>{t('bills.revision', { n: bill.revision })}</dd>
          </>
        ) : null}
        {bill.dispute || bill.resolution ? (
          <>
            <dt>{t('dispute.title')}</dt>
            <dd>
              <Dispute bill={bill} />
            </dd>
          </>
        ) : null}
      </dl>
      <p className="hint">{t(`calculation.how.${base}`)}</p>
    </section>
  );
}

/**
 * The agents' bills, newest first (money.read): per contract and period, the base, the rate reached, the amount and
 * whether it is paid, owed (the payer short of money; retried every run) or carried into the next period; a disputed
 * bill with who disputed it and why, and how the dispute was closed (docs/adr/0101). A row opens its calculation. With
 * money.write, a disputed bill can be upheld: back to its status before the dispute.
 */
export function BillsPanel({ canMoney, onDone }: { canMoney: boolean; onDone: TDone }) {
  const { t } = useTranslation('agents');
  const [filter, setFilter] = useState<TBillFilter>({ pageNo: 1 });
  const [agent, setAgent] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const bills = useQuery(billsQueryOptions(filter));
  const open = bills.data?.list.find((b) => b.id === openId) ?? null;

  const columns = useMemo(
    () => [
      column.display({ id: 'period', header: t('bills.period'), cell: (c) => <Period start={c.row.original.periodStart} end={c.row.original.periodEnd} /> }),
      column.accessor('kind', { header: t('bills.kind'), cell: (c) => t(`kinds.${c.getValue()}`) }),
      column.accessor('agent', { header: t('bills.agent'), cell: (c) => <code>{c.getValue()}</code> }),
      column.accessor('payer', {
        header: t('bills.payer'),
        cell: (c) => (c.getValue() === null ? <span className="badge">{t('platform')}</span> : <code>{c.getValue()}</code>),
      }),
      column.accessor((b) => b.calculation.base, {
        id: 'base',
        header: t('bills.base'),
        cell: (c) => <span className="amount">{formatAmount(c.getValue())}</span>,
      }),
      column.accessor((b) => b.calculation.rateBp, { id: 'rate', header: t('bills.rate'), cell: (c) => <Rate bp={c.getValue()} /> }),
      column.accessor('amount', { header: t('bills.amount'), cell: (c) => <span className="amount">{formatAmount(c.getValue())}</span> }),
      column.accessor('status', {
        header: t('bills.status'),
        cell: (c) => (
          <>
            <span className={BILL_BADGE[c.getValue()]}>{t(`billStatuses.${c.getValue()}`)}</span>
            {c.row.original.revision > 0 ? <span className="hint block nowrap">{t('bills.revision', { n: c.row.original.revision })}</span> : null}
          </>
        ),
      }),
      column.display({
        id: 'dispute',
        header: t('bills.dispute'),
        cell: (c) => {
          const b = c.row.original;
          return (
            <>
              <Dispute bill={b} />
              {canMoney && b.status === 'disputed' ? (
                <div className="agents-row-actions">
                  <FormDialog label={t('uphold.open')} name={t('uphold.openOf', { id: b.id })} title={t('uphold.title', { id: b.id })}>
                    {(close) => <UpholdForm bill={b} close={close} onDone={onDone} />}
                  </FormDialog>
                </div>
              ) : null}
            </>
          );
        },
      }),
      column.display({
        id: 'calculation',
        header: t('bills.calculation'),
        cell: (c) => <CalculationButton id={c.row.original.id} />,
      }),
    ],
    [t, canMoney, onDone],
  );
  const opened = useMemo(() => ({ openId, toggle: (id: number) => setOpenId((o) => (o === id ? null : id)) }), [openId]);
  const close = (id: number) => {
    setOpenId(null);
    // Back to the row the calculation was opened from.
    document.getElementById(buttonId(id))?.focus();
  };

  return (
    <section aria-labelledby="agents-bills-title" className="agents-panel">
      <h2 id="agents-bills-title">{t('bills.title')}</h2>
      <form
        role="search"
        className="filters"
        aria-label={t('bills.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          setFilter((f) => ({ ...f, agent: agent.trim() || undefined, pageNo: 1 }));
        }}
      >
        <label htmlFor="agents-bills-agent">{t('filters.agent')}</label>
        <input id="agents-bills-agent" data-search type="search" value={agent} maxLength={40} autoComplete="off" onChange={(e) => setAgent(e.target.value)} />
        <label htmlFor="agents-bills-kind">{t('filters.kind')}</label>
        <select
          id="agents-bills-kind"
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
        <label htmlFor="agents-bills-status">{t('filters.status')}</label>
        <select
          id="agents-bills-status"
          value={filter.status ?? ''}
          onChange={(e) => setFilter((f) => ({ ...f, status: (e.target.value || undefined) as TAgentBillStatus | undefined, pageNo: 1 }))}
        >
          <option value="">{t('filters.allStatuses')}</option>
          {AGENT_BILL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`billStatuses.${s}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="primary">
          {t('filters.search')}
        </button>
        <button type="button" onClick={() => void bills.refetch()} disabled={bills.isFetching}>
          {t('filters.refresh')}
        </button>
      </form>
      {bills.isPending ? (
        <TableSkeleton label={t('bills.loading')} columns={10} />
      ) : bills.data && bills.data.total === 0 ? (
        <p className="state">{filter.agent || filter.kind || filter.status ? t('bills.noneFound') : t('bills.empty')}</p>
      ) : (
        <OpenBillContext value={opened}>
          <DataTable
            caption={t('bills.title')}
            columns={columns}
            rows={bills.data?.list}
            total={bills.data?.total}
            state={{ page: filter.pageNo, pageSize: PAGE_SIZE }}
            onState={(s) => setFilter((f) => ({ ...f, pageNo: s.page }))}
            loading={bills.isFetching && !bills.data}
            error={bills.error}
            onRetry={() => void bills.refetch()}
            rowKey={(b) => String(b.id)}
          />
        </OpenBillContext>
      )}
      {open ? (
        <div id="agents-calculation">
          <CalculationPanel key={open.id} bill={open} onClose={() => close(open.id)} />
        </div>
      ) : null}
    </section>
  );
}
