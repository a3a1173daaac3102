import type { TOpsMemberSearchQuery } from '@lotus/contracts/ops-console';
import type { TOpsMemberRow } from '@lotus/contracts/ops-accounts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type TableState } from '@/components/data-table';
import { memberHref } from '@/config/paths';
import { formatTime } from '@/lib/format';
import { useMemberSearch } from './api';

const column = createColumnHelper<TOpsMemberRow>();

/** Members: search by username, mobile, email or id; status filter; sorting and paging on the server. */
export function MembersPage() {
  const { t } = useTranslation('members');
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState(params.get('q') ?? '');
  const query: Partial<TOpsMemberSearchQuery> = {
    q: params.get('q') ?? undefined,
    status: (params.get('status') as 'active' | 'disabled' | null) ?? undefined,
    sort: (params.get('sort') as TOpsMemberSearchQuery['sort'] | null) ?? 'id',
    order: (params.get('order') as 'asc' | 'desc' | null) ?? 'desc',
    page: Number(params.get('page') ?? 1),
    pageSize: 20,
  };
  const result = useMemberSearch(query);
  const update = (change: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next);
  };

  const columns = useMemo(
    () => [
      column.accessor('id', { header: t('id'), enableSorting: true }),
      column.accessor('username', {
        header: t('username'),
        enableSorting: true,
        cell: (c) => <Link to={memberHref(c.row.original.id)}>{c.getValue()}</Link>,
      }),
      column.accessor('mobile', { header: t('mobile'), cell: (c) => c.getValue() ?? '—' }),
      column.accessor('email', { header: t('email'), cell: (c) => c.getValue() ?? '—' }),
      column.accessor('isAgent', { header: t('agentLevel'), cell: (c) => t(`agent.${c.getValue()}`, { defaultValue: String(c.getValue()) }) }),
      column.accessor('status', { header: t('status'), cell: (c) => t(`statuses.${c.getValue()}`, { defaultValue: c.getValue() }) }),
      column.accessor('createdAt', { header: t('createdAt'), enableSorting: true, cell: (c) => formatTime(c.getValue()) }),
      column.accessor('lastLoginAt', { header: t('lastLoginAt'), enableSorting: true, cell: (c) => formatTime(c.getValue()) }),
    ],
    [t],
  );
  const state: TableState = { sort: query.sort, order: query.order, page: query.page ?? 1, pageSize: 20 };

  return (
    <section aria-labelledby="members-title">
      <h1 id="members-title">{t('title')}</h1>
      <form
        role="search"
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: draft.trim(), page: undefined });
        }}
      >
        <label htmlFor="member-q">{t('search')}</label>
        <input id="member-q" data-search type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={t('searchPlaceholder')} maxLength={120} />
        <label htmlFor="member-status">{t('status')}</label>
        <select id="member-status" value={query.status ?? ''} onChange={(e) => update({ status: e.target.value, page: undefined })}>
          <option value="">{t('allStatuses')}</option>
          <option value="active">{t('statuses.active')}</option>
          <option value="disabled">{t('statuses.disabled')}</option>
        </select>
        <button type="submit" className="primary">
          {t('searchButton')}
        </button>
      </form>
      <DataTable
        caption={t('title')}
        columns={columns}
        rows={result.data?.rows}
        total={result.data?.total}
        state={state}
        onState={(s) => update({ sort: s.sort, order: s.order, page: s.page })}
        loading={result.isFetching}
        error={result.error}
        onRetry={() => void result.refetch()}
        rowKey={(r) => String(r.id)}
      />
    </section>
  );
}
