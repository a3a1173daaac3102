import {
  getWithdrawalProof,
  listWithdrawals,
  payWithdrawal,
  rejectWithdrawal,
  resolveWithdrawal,
  WITHDRAWAL_STATUSES,
  type TOpsWithdrawalRow,
  type TWithdrawalStatus,
} from '@lotus/contracts/withdrawal';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmAction } from '@/components/confirm-action';
import { DataTable } from '@/components/data-table';
import { Notice } from '@/components/states';
import { memberHref } from '@/config/paths';
import { errorCodeOf, opsApi } from '@/lib/api';
import { formatAmount, formatTime } from '@/lib/format';
import { can, useMe } from '@/lib/session';
import { MemberRiskBadges, RiskFlagsContext, useRiskFlags } from '@/components/risk-flags';

const column = createColumnHelper<TOpsWithdrawalRow>();
type TStatusFilter = TWithdrawalStatus | 'all';
/** Proofs are decoded and re-checked on upload (issue 23 #4); only these are ever drawn. */
const DRAWABLE = new Set(['image/png', 'image/jpeg']);

/** A not-received case's proof image, fetched when asked for (each read is audited). */
function Proof({ id, index }: { id: number; index: number }) {
  const { t } = useTranslation('cashier');
  const [shown, setShown] = useState(false);
  const proof = useQuery({
    queryKey: ['withdrawal-proof', id, index],
    queryFn: () => opsApi.call(getWithdrawalProof, { params: { id, index } }),
    enabled: shown,
    staleTime: Infinity,
  });
  if (!shown) {
    return (
      <button type="button" onClick={() => setShown(true)}>
        {t('w.proof', { n: index })}
      </button>
    );
  }
  if (proof.error) return <span className="field-error">{t(`errors:${errorCodeOf(proof.error)}`)}</span>;
  if (!proof.data) return <span className="hint">{t('w.loading')}</span>;
  if (!DRAWABLE.has(proof.data.contentType)) return <span className="field-error">{t('w.notImage')}</span>;
  return (
    <a href={`data:${proof.data.contentType};base64,${proof.data.data}`} target="_blank" rel="noreferrer noopener">
      <img src={`data:${proof.data.contentType};base64,${proof.data.data}`} alt={t('w.proofAlt', { n: index, id })} width={56} height={56} />
    </a>
  );
}

/**
 * The cashier desk's withdrawal queue (issue 24): pending payouts to pay or reject, payouts awaiting
 * the member's confirmation, and not-received cases with their proofs, closed as paid (with evidence)
 * or refunded. A large payout and every refund are four-eyes requests (docs/adr/0081); the operator
 * who credited the member's deposits is refused as payer.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation('cashier');
  const me = useMe();
  const client = useQueryClient();
  const [status, setStatus] = useState<TStatusFilter>('pending');
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['withdrawals', status],
    queryFn: () => opsApi.call(listWithdrawals, { query: { status: status === 'all' ? undefined : status, limit: 200 } }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ['withdrawals'] }), [client]);
  const mayDecide = can(me.data, 'money.write');
  const risk = useRiskFlags((list.data ?? []).map((w) => w.memberId));

  const columns = useMemo(
    () => [
      column.accessor('createdAt', { header: t('createdAt'), enableSorting: true, cell: (c) => formatTime(c.getValue()) }),
      column.accessor('memberId', {
        header: t('member'),
        cell: (c) => (
          <>
            <Link to={memberHref(c.getValue())}>#{c.getValue()}</Link>
            <MemberRiskBadges memberId={c.getValue()} />
          </>
        ),
      }),
      column.accessor('amount', {
        header: t('amount'),
        enableSorting: true,
        sortingFn: (a, b) => Number(a.original.amount) - Number(b.original.amount),
        cell: (c) => <span className="amount">{formatAmount(c.getValue())}</span>,
      }),
      column.accessor('accountNumber', {
        header: t('w.account'),
        cell: (c) => (
          <>
            {c.row.original.bankCode} {c.getValue()}
            <span className="hint block">{c.row.original.accountName}</span>
          </>
        ),
      }),
      column.accessor('status', { header: t('status'), enableSorting: true, cell: (c) => t(`w.statuses.${c.getValue()}`) }),
      column.accessor('remark', {
        header: t('w.case'),
        cell: (c) => {
          const w = c.row.original;
          if (w.proofs.length === 0 && !w.remark && !w.resolution) return '—';
          return (
            <>
              {w.remark ? <span className="block">{w.remark}</span> : null}
              <span className="slips">
                {w.proofs.map((p) => (
                  <Proof key={p.index} id={w.id} index={p.index} />
                ))}
              </span>
              {w.resolution ? <span className="hint block">{w.resolution}</span> : null}
            </>
          );
        },
      }),
      column.display({
        id: 'decide',
        header: t('decide'),
        cell: (c) => {
          const w = c.row.original;
          if (!mayDecide) return w.decidedBy ?? null;
          const who = { amount: formatAmount(w.amount), member: `#${w.memberId}` };
          if (w.status === 'pending') {
            return (
              <div className="actions">
                <ConfirmAction
                  reasonOptional
                  label={t('w.pay')}
                  title={t('w.payTitle', who)}
                  description={t('w.payText')}
                  onConfirm={async (reason) => {
                    const answer = await opsApi.call(payWithdrawal, { params: { id: w.id }, body: reason ? { reason } : {} });
                    setNotice('approvalId' in answer ? t('requested', { id: answer.approvalId }) : t('w.paid', who));
                    await refresh();
                  }}
                />
                <ConfirmAction
                  danger
                  label={t('reject')}
                  title={t('w.rejectTitle', who)}
                  onConfirm={async (reason) => {
                    await opsApi.call(rejectWithdrawal, { params: { id: w.id }, body: { reason: reason.slice(0, 200) } });
                    setNotice(t('w.rejected', who));
                    await refresh();
                  }}
                />
              </div>
            );
          }
          if (w.status === 'not_received') {
            return (
              <div className="actions">
                <ConfirmAction
                  label={t('w.confirmPaid')}
                  title={t('w.confirmPaidTitle', who)}
                  description={t('w.confirmPaidText')}
                  onConfirm={async (reason) => {
                    await opsApi.call(resolveWithdrawal, { params: { id: w.id }, body: { outcome: 'paid', reason: reason.slice(0, 200) } });
                    setNotice(t('w.closed', who));
                    await refresh();
                  }}
                />
                <ConfirmAction
                  danger
                  label={t('w.refund')}
                  title={t('w.refundTitle', who)}
                  description={t('w.refundText')}
                  onConfirm={async (reason) => {
                    const answer = await opsApi.call(resolveWithdrawal, { params: { id: w.id }, body: { outcome: 'refund', reason: reason.slice(0, 200) } });
                    setNotice('approvalId' in answer ? t('requested', { id: answer.approvalId }) : t('w.refunded', who));
                    await refresh();
                  }}
                />
              </div>
            );
          }
          return w.decidedBy ?? w.resolvedBy ?? null;
        },
      }),
    ],
    [t, mayDecide, refresh],
  );

  return (
    <section aria-labelledby="withdrawals-title">
      <h1 id="withdrawals-title">{t('w.title')}</h1>
      <p>{t('w.intro')}</p>
      <form role="search" className="filters" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="withdrawal-status">{t('status')}</label>
        <select id="withdrawal-status" value={status} onChange={(e) => setStatus((e.target.value as TStatusFilter) || 'all')}>
          {(['pending', 'not_received', 'awaiting_confirmation', ...WITHDRAWAL_STATUSES.filter((s) => !['pending', 'not_received', 'awaiting_confirmation'].includes(s)), 'all'] as const).map(
            (s) => (
              <option key={s} value={s}>
                {t(`w.statuses.${s}`)}
              </option>
            ),
          )}
        </select>
      </form>
      {notice ? <Notice>{notice}</Notice> : null}
      <RiskFlagsContext value={risk}>
        <DataTable
          caption={t('w.title')}
          columns={columns}
          rows={list.data}
          loading={list.isFetching && !list.data}
          error={list.error}
          onRetry={() => void list.refetch()}
          rowKey={(w) => String(w.id)}
          clientSort
        />
      </RiskFlagsContext>
    </section>
  );
}
