import {
  approveApproval,
  listApprovals,
  OPS_APPROVAL_STATUSES,
  rejectApproval,
  type TOpsApprovalRow,
} from '@lotus/contracts/ops-console';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '@/components/confirm-action';
import { DataTable, type TableState } from '@/components/data-table';
import { Notice } from '@/components/states';
import { opsApi } from '@/lib/api';
import { formatJson, formatTime } from '@/lib/format';
import { useMe } from '@/lib/session';

const column = createColumnHelper<TOpsApprovalRow>();
const decide = (id: number, decision: 'approve' | 'reject', note: string) =>
  opsApi.call(decision === 'approve' ? approveApproval : rejectApproval, { params: { id }, body: note ? { note } : {} });

/** Four-eyes requests (docs/adr/0044): pending first; another operator approves (applies) or rejects. */
export function ApprovalsPage() {
  const { t } = useTranslation('approvals');
  const me = useMe();
  const client = useQueryClient();
  const [status, setStatus] = useState<TOpsApprovalRow['status']>('pending');
  const [state, setState] = useState<TableState>({ page: 1, pageSize: 20, sort: 'id', order: 'desc' });
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<Record<string, string> | null>(null);
  const list = useQuery({
    queryKey: ['approvals', status, q, state.order, state.page],
    queryFn: () =>
      opsApi.call(listApprovals, { query: { status, q: q || undefined, order: state.order, page: state.page, pageSize: state.pageSize } }),
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ['approvals'] }), [client]);

  const columns = useMemo(
    () => [
      column.accessor('id', { header: t('id'), enableSorting: true }),
      column.accessor('action', { header: t('action'), cell: (c) => t(`actions.${c.getValue()}`, { defaultValue: c.getValue() }) }),
      column.accessor('target', { header: t('target') }),
      column.accessor('payload', {
        header: t('payload'),
        cell: (c) => (
          <details>
            <summary>{t('show')}</summary>
            <pre>{formatJson(c.getValue())}</pre>
          </details>
        ),
      }),
      column.accessor('reason', { header: t('reason') }),
      column.accessor('requestedBy', { header: t('requestedBy') }),
      column.accessor('status', { header: t('status'), cell: (c) => t(`statuses.${c.getValue()}`) }),
      column.accessor('expiresAt', { header: t('expiresAt'), cell: (c) => formatTime(c.getValue()) }),
      column.accessor('decidedBy', { header: t('decidedBy'), cell: (c) => c.getValue() ?? '—' }),
      column.display({
        id: 'decide',
        header: t('decide'),
        cell: (c) => {
          const a = c.row.original;
          if (a.status !== 'pending') return null;
          const own = a.requestedBy === me.data?.username;
          return (
            <div className="actions">
              {own ? (
                <span className="hint">{t('ownRequest')}</span>
              ) : (
                <ConfirmAction
                  reasonOptional
                  label={t('approve')}
                  title={t('approveTitle', { id: a.id })}
                  description={t('approveText')}
                  onConfirm={async (note) => {
                    const decided = await decide(a.id, 'approve', note);
                    setNotice(t('approved', { id: a.id }));
                    // Another operator's token or one-time password: shown to the approver once (docs/adr/0080).
                    setRevealed(decided.revealed ?? null);
                    await refresh();
                  }}
                />
              )}
              <ConfirmAction
                danger
                reasonOptional
                label={own ? t('withdraw') : t('reject')}
                title={t('rejectTitle', { id: a.id })}
                onConfirm={async (note) => {
                  await decide(a.id, 'reject', note);
                  setNotice(t('rejected', { id: a.id }));
                  setRevealed(null);
                  await refresh();
                }}
              />
            </div>
          );
        },
      }),
    ],
    [t, me.data?.username, refresh],
  );

  return (
    <section aria-labelledby="approvals-title">
      <h1 id="approvals-title">{t('title')}</h1>
      <p>{t('intro')}</p>
      <form
        role="search"
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(draft.trim());
          setState({ ...state, page: 1 });
        }}
      >
        <label htmlFor="approval-q">{t('search')}</label>
        <input id="approval-q" data-search type="search" value={draft} maxLength={100} onChange={(e) => setDraft(e.target.value)} />
        <label htmlFor="approval-status">{t('status')}</label>
        <select
          id="approval-status"
          value={status}
          onChange={(e) => {
            setStatus(OPS_APPROVAL_STATUSES.find((s) => s === e.target.value) ?? 'pending');
            setState({ ...state, page: 1 });
          }}
        >
          {OPS_APPROVAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="primary">
          {t('searchButton')}
        </button>
      </form>
      {notice ? (
        <Notice>
          {notice}
          {revealed
            ? Object.entries(revealed).map(([name, secret]) => (
                <span key={name} className="revealed">
                  {' '}
                  {t(`revealed.${name}`, { defaultValue: name })} <code data-testid={`revealed-${name}`}>{secret}</code>
                </span>
              ))
            : null}
        </Notice>
      ) : null}
      <DataTable
        caption={t('title')}
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        state={state}
        onState={(s) => setState({ ...s, sort: 'id' })}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(a) => String(a.id)}
      />
    </section>
  );
}
