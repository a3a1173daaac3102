import {
  approveDeposit,
  DEPOSIT_STATUSES,
  listDeposits,
  PAYMENT_CHANNEL_KINDS,
  rejectDeposit,
  type TDepositStatus,
  type TOpsDepositRow,
  type TPaymentChannelKind,
} from '@lotus/contracts/cashier';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmAction } from '@/components/confirm-action';
import { DataTable } from '@/components/data-table';
import { Notice } from '@/components/states';
import { memberHref } from '@/config/paths';
import { opsApi } from '@/lib/api';
import { formatAmount, formatTime } from '@/lib/format';
import { MemberRiskBadges, RiskFlagsContext, useRiskFlags } from '@/components/risk-flags';
import { can, useMe } from '@/lib/session';

const column = createColumnHelper<TOpsDepositRow>();
type TStatusFilter = TDepositStatus | 'all';
type TKindFilter = TPaymentChannelKind | 'all';
/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 300;

/**
 * The cashier desk's deposit queue (issue 24): bank transfers awaiting approval first, with their slips
 * as images (served by the server after decoding, each view audited), approve or reject with a note or
 * a reason. A slip-less or large deposit becomes a four-eyes request (docs/adr/0081): the page says so,
 * and a second operator applies it on the Approvals page. The search bar filters by status and kind
 * and searches on the server (docs/adr/0084): a username, either reference, an amount or an id,
 * exactly; a PSP deposit shows its reference and the provider's callbacks.
 */
export function DepositsPage() {
  const { t } = useTranslation('cashier');
  const me = useMe();
  const client = useQueryClient();
  const [status, setStatus] = useState<TStatusFilter>('awaiting_approval');
  const [kind, setKind] = useState<TKindFilter>('all');
  const [text, setText] = useState('');
  const [q, setQ] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  // The search goes to the server once typing pauses (or at once on Enter).
  useEffect(() => {
    const next = text.trim() || undefined;
    const timer = setTimeout(() => setQ(next), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const list = useQuery({
    queryKey: ['deposits', status, kind, q],
    queryFn: () =>
      opsApi.call(listDeposits, {
        query: { status: status === 'all' ? undefined : status, kind: kind === 'all' ? undefined : kind, q, limit: 200 },
      }),
    placeholderData: keepPreviousData,
    // A queue operators watch: new deposits appear without a reload.
    refetchInterval: 30_000,
  });
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ['deposits'] }), [client]);
  const mayDecide = can(me.data, 'money.write');
  // Who decided matters once something was decided; the waiting queue keeps the room for the actions.
  const undecided = status === 'awaiting_approval' || status === 'pending';
  const risk = useRiskFlags((list.data ?? []).map((d) => d.memberId));

  const columns = useMemo(
    () => [
      column.accessor('createdAt', { header: t('createdAt'), enableSorting: true, cell: (c) => formatTime(c.getValue()) }),
      column.accessor('username', {
        header: t('member'),
        enableSorting: true,
        cell: (c) => (
          <>
            <Link to={memberHref(c.row.original.memberId)}>{c.getValue() ?? `#${c.row.original.memberId}`}</Link>
            <MemberRiskBadges memberId={c.row.original.memberId} />
          </>
        ),
      }),
      column.accessor('channel', { header: t('channel') }),
      column.accessor('amount', {
        header: t('amount'),
        enableSorting: true,
        sortingFn: (a, b) => Number(a.original.amount) - Number(b.original.amount),
        cell: (c) => <span className="amount">{formatAmount(c.getValue())}</span>,
      }),
      // The member's reference with the transfer time they gave (one column, so the queue fits a tablet).
      column.accessor('reference', {
        header: t('reference'),
        cell: (c) => (
          <>
            {c.getValue() ?? c.row.original.pspReference ?? '—'}
            {c.row.original.payerName ? (
              <span className="hint block">
                {t('payerName')} {c.row.original.payerName}
              </span>
            ) : null}
            {c.row.original.transferredAt ? (
              <span className="hint block">
                {t('transferredAt')} {formatTime(c.row.original.transferredAt)}
              </span>
            ) : null}
          </>
        ),
      }),
      column.accessor('slips', {
        header: t('slips'),
        cell: (c) =>
          c.row.original.kind === 'psp' ? (
            <PspCallbacks deposit={c.row.original} />
          ) : c.getValue().length === 0 ? (
            <span className="badge warn">{t('noSlip')}</span>
          ) : (
            <span className="slips">
              {c.getValue().map((slip, i) => (
                <a key={slip.id} href={slip.url} target="_blank" rel="noreferrer noopener">
                  <img src={slip.url} alt={t('slipAlt', { n: i + 1, id: c.row.original.id })} width={56} height={56} loading="lazy" />
                </a>
              ))}
            </span>
          ),
      }),
      column.accessor('status', { header: t('status'), enableSorting: true, cell: (c) => t(`statuses.${c.getValue()}`) }),
      ...(undecided
        ? []
        : [column.accessor('decidedBy', { header: t('decidedBy'), cell: (c) => c.getValue() ?? '—' })]),
      column.display({
        id: 'decide',
        header: t('decide'),
        cell: (c) => {
          const d = c.row.original;
          if (!mayDecide || (d.status !== 'awaiting_approval' && d.status !== 'pending')) return null;
          return (
            <div className="actions">
              <ConfirmAction
                reasonOptional
                label={t('approve')}
                title={t('approveTitle', { amount: formatAmount(d.amount), member: d.username ?? d.memberId })}
                description={d.slips.length === 0 && d.kind === 'bank_transfer' ? t('approveNoSlip') : t('approveText')}
                onConfirm={async (note) => {
                  const answer = await opsApi.call(approveDeposit, { params: { id: d.id }, body: note ? { note } : {} });
                  setNotice('approvalId' in answer ? t('requested', { id: answer.approvalId }) : t('approved', { amount: formatAmount(d.amount) }));
                  await refresh();
                }}
              />
              <ConfirmAction
                danger
                label={t('reject')}
                title={t('rejectTitle', { amount: formatAmount(d.amount), member: d.username ?? d.memberId })}
                onConfirm={async (reason) => {
                  await opsApi.call(rejectDeposit, { params: { id: d.id }, body: { reason: reason.slice(0, 200) } });
                  setNotice(t('rejected', { amount: formatAmount(d.amount) }));
                  await refresh();
                }}
              />
            </div>
          );
        },
      }),
    ],
    [t, mayDecide, refresh, undecided],
  );

  return (
    <section aria-labelledby="deposits-title">
      <h1 id="deposits-title">{t('title')}</h1>
      <p>{t('intro')}</p>
      <form
        role="search"
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(text.trim() || undefined);
        }}
      >
        <label htmlFor="deposit-status">{t('status')}</label>
        <select id="deposit-status" value={status} onChange={(e) => setStatus((e.target.value as TStatusFilter) || 'all')}>
          {(['awaiting_approval', ...DEPOSIT_STATUSES.filter((s) => s !== 'awaiting_approval'), 'all'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </select>
        <label htmlFor="deposit-kind">{t('kind')}</label>
        <select id="deposit-kind" value={kind} onChange={(e) => setKind((e.target.value as TKindFilter) || 'all')}>
          {(['all', ...PAYMENT_CHANNEL_KINDS] as const).map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
        <label htmlFor="deposit-search">{t('search')}</label>
        <input
          id="deposit-search"
          data-search
          type="search"
          value={text}
          maxLength={80}
          aria-describedby="deposit-search-hint"
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="primary">
          {t('filter')}
        </button>
        <p id="deposit-search-hint" className="hint full">
          {t('searchHint')}
        </p>
      </form>
      {notice ? <Notice>{notice}</Notice> : null}
      <RiskFlagsContext value={risk}>
        <DataTable
          caption={t('title')}
          columns={columns}
          rows={list.data}
          loading={list.isFetching && !list.data}
          error={list.error}
          onRetry={() => void list.refetch()}
          rowKey={(d) => d.id}
          clientSort
        />
      </RiskFlagsContext>
    </section>
  );
}

/** A PSP deposit's provider callbacks: each with its status and when it arrived (none yet: said so). */
function PspCallbacks({ deposit }: { deposit: TOpsDepositRow }) {
  const { t } = useTranslation('cashier');
  return (
    <>
      <span className="badge warn">{t('psp')}</span>
      {deposit.callbacks.length === 0 ? (
        <span className="hint block">{t('noCallback')}</span>
      ) : (
        deposit.callbacks.map((cb) => (
          <span key={`${cb.status}-${cb.receivedAt}`} className="hint block">
            {t('callback', { status: t(`callbackStatuses.${cb.status}`, { defaultValue: cb.status }), time: formatTime(cb.receivedAt) })}
          </span>
        ))
      )}
    </>
  );
}
