import { approveDeposit, DEPOSIT_STATUSES, listDeposits, rejectDeposit, type TDepositStatus, type TOpsDepositRow } from '@lotus/contracts/cashier';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmAction } from '@/components/confirm-action';
import { DataTable } from '@/components/data-table';
import { Notice } from '@/components/states';
import { memberHref } from '@/config/paths';
import { opsApi } from '@/lib/api';
import { formatAmount, formatTime } from '@/lib/format';
import { can, useMe } from '@/lib/session';

const column = createColumnHelper<TOpsDepositRow>();
type TStatusFilter = TDepositStatus | 'all';

/**
 * The cashier desk's deposit queue (issue 24): bank transfers awaiting approval first, with their slips
 * as images (served by the server after decoding, each view audited), approve or reject with a note or
 * a reason. A slip-less or large deposit becomes a four-eyes request (docs/adr/0081): the page says so,
 * and a second operator applies it on the Approvals page.
 */
export function DepositsPage() {
  const { t } = useTranslation('cashier');
  const me = useMe();
  const client = useQueryClient();
  const [status, setStatus] = useState<TStatusFilter>('awaiting_approval');
  const [memberDraft, setMemberDraft] = useState('');
  const [memberId, setMemberId] = useState<number | undefined>(undefined);
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['deposits', status, memberId],
    queryFn: () => opsApi.call(listDeposits, { query: { status: status === 'all' ? undefined : status, memberId, limit: 200 } }),
    placeholderData: keepPreviousData,
    // A queue operators watch: new deposits appear without a reload.
    refetchInterval: 30_000,
  });
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ['deposits'] }), [client]);
  const mayDecide = can(me.data, 'money.write');
  // Who decided matters once something was decided; the waiting queue keeps the room for the actions.
  const undecided = status === 'awaiting_approval' || status === 'pending';

  const columns = useMemo(
    () => [
      column.accessor('createdAt', { header: t('createdAt'), enableSorting: true, cell: (c) => formatTime(c.getValue()) }),
      column.accessor('username', {
        header: t('member'),
        enableSorting: true,
        cell: (c) => <Link to={memberHref(c.row.original.memberId)}>{c.getValue() ?? `#${c.row.original.memberId}`}</Link>,
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
            {c.getValue() ?? '—'}
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
          c.getValue().length === 0 ? (
            <span className="badge warn">{c.row.original.kind === 'psp' ? t('psp') : t('noSlip')}</span>
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

  const needle = text.trim().toLowerCase();
  const rows = list.data?.filter(
    (d) =>
      !needle ||
      (d.username ?? '').toLowerCase().includes(needle) ||
      (d.reference ?? '').toLowerCase().includes(needle) ||
      d.amount.includes(needle.replace(/,/g, '')) ||
      d.id.toLowerCase().startsWith(needle),
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
          const id = Number(memberDraft.trim());
          setMemberId(Number.isInteger(id) && id > 0 ? id : undefined);
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
        <label htmlFor="deposit-member">{t('memberId')}</label>
        <input id="deposit-member" inputMode="numeric" value={memberDraft} maxLength={12} onChange={(e) => setMemberDraft(e.target.value)} />
        <button type="submit" className="primary">
          {t('filter')}
        </button>
        <label htmlFor="deposit-search">{t('search')}</label>
        <input id="deposit-search" data-search type="search" value={text} maxLength={60} onChange={(e) => setText(e.target.value)} />
      </form>
      {notice ? <Notice>{notice}</Notice> : null}
      <DataTable
        caption={t('title')}
        columns={columns}
        rows={rows}
        loading={list.isFetching && !list.data}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(d) => d.id}
        clientSort
      />
    </section>
  );
}
