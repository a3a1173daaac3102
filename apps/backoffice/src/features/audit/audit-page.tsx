import { searchAudit, type TOpsAuditSearchQuery } from '@lotus/contracts/ops-console';
import { verifyAudit, type TOpsAuditRow, type TOpsAuditVerify } from '@lotus/contracts/ops-operators';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableState } from '@/components/data-table';
import { Notice } from '@/components/states';
import { errorCodeOf, opsApi } from '@/lib/api';
import { formatJson, formatTime } from '@/lib/format';

const column = createColumnHelper<TOpsAuditRow>();
type Filters = Pick<TOpsAuditSearchQuery, 'operator' | 'action' | 'target' | 'from' | 'to'>;
/** datetime-local (Bangkok wall time typed by the operator) to an ISO instant. */
const toIso = (local: string) => (local ? new Date(`${local}:00+07:00`).toISOString() : undefined);

function VerifyResult({ result }: { result: TOpsAuditVerify }) {
  const { t } = useTranslation('audit');
  return result.ok ? (
    <Notice>
      <span data-testid="chain-intact">{t('intact', { rows: result.rows })}</span>
    </Notice>
  ) : (
    <Notice tone="error">
      <span data-testid="chain-broken">{t('broken', { seq: result.firstBrokenSeq, reason: result.reason })}</span>
    </Notice>
  );
}

/** The operator audit log: filters, paging, before/after per row, and the chain verification. */
export function AuditPage() {
  const { t } = useTranslation('audit');
  const [draft, setDraft] = useState({ operator: '', action: '', target: '', from: '', to: '' });
  const [filters, setFilters] = useState<Filters>({});
  const [state, setState] = useState<TableState>({ page: 1, pageSize: 25, sort: 'seq', order: 'desc' });
  const list = useQuery({
    queryKey: ['audit', filters, state],
    queryFn: () => opsApi.call(searchAudit, { query: { ...filters, order: state.order, page: state.page, pageSize: state.pageSize } }),
    placeholderData: keepPreviousData,
  });
  const verify = useMutation({ mutationFn: () => opsApi.call(verifyAudit) });

  const columns = useMemo(
    () => [
      column.accessor('seq', { header: t('seq'), enableSorting: true }),
      column.accessor('at', { header: t('at'), cell: (c) => formatTime(c.getValue()) }),
      column.accessor('username', { header: t('operator') }),
      column.accessor('action', { header: t('action') }),
      column.accessor('target', { header: t('target') }),
      column.display({
        id: 'change',
        header: t('change'),
        cell: (c) => (
          <details>
            <summary>{t('beforeAfter')}</summary>
            <div className="diff">
              <div>
                <strong>{t('before')}</strong>
                <pre>{formatJson(c.row.original.before)}</pre>
              </div>
              <div>
                <strong>{t('after')}</strong>
                <pre>{formatJson(c.row.original.after)}</pre>
              </div>
            </div>
          </details>
        ),
      }),
      column.accessor('ip', { header: t('ip') }),
    ],
    [t],
  );

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('title')}</h1>
      <form
        role="search"
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters({
            operator: draft.operator.trim() || undefined,
            action: draft.action.trim() || undefined,
            target: draft.target.trim() || undefined,
            from: toIso(draft.from),
            to: toIso(draft.to),
          });
          setState({ ...state, page: 1 });
        }}
      >
        <label htmlFor="audit-operator">{t('operator')}</label>
        <input id="audit-operator" data-search value={draft.operator} maxLength={80} onChange={(e) => setDraft({ ...draft, operator: e.target.value })} />
        <label htmlFor="audit-action">{t('action')}</label>
        <input id="audit-action" value={draft.action} maxLength={60} placeholder="member." onChange={(e) => setDraft({ ...draft, action: e.target.value })} />
        <label htmlFor="audit-target">{t('target')}</label>
        <input id="audit-target" value={draft.target} maxLength={200} onChange={(e) => setDraft({ ...draft, target: e.target.value })} />
        <label htmlFor="audit-from">{t('from')}</label>
        <input id="audit-from" type="datetime-local" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        <label htmlFor="audit-to">{t('to')}</label>
        <input id="audit-to" type="datetime-local" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        <button type="submit" className="primary">
          {t('filter')}
        </button>
      </form>
      <div className="actions">
        <button type="button" onClick={() => verify.mutate()} disabled={verify.isPending}>
          {t('verify')}
        </button>
      </div>
      {verify.data ? <VerifyResult result={verify.data} /> : null}
      {verify.error ? <Notice tone="error">{t(`errors:${errorCodeOf(verify.error)}`)}</Notice> : null}
      <DataTable
        caption={t('title')}
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        state={state}
        onState={(s) => setState({ ...s, sort: 'seq' })}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(r) => String(r.seq)}
      />
    </section>
  );
}
