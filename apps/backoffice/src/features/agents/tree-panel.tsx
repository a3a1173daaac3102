import { bpToPercent } from '@lotus/contracts/agent';
import type { TOpsAgentTree } from '@lotus/contracts/ops-agents';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { formatAmount, formatTime } from '@/lib/format';
import { PAGE_SIZE, treeQueryOptions, type TTreeFilter } from './api';
import { TableSkeleton } from './parts';

type TNode = TOpsAgentTree['list'][number];
const column = createColumnHelper<TNode>();

/** A username prefix as the server takes it (ZOpsAgentTreeQuery.search): letters, digits and _, at most 30. */
const SEARCH = /^[A-Za-z0-9_]{0,30}$/;

/**
 * The breadcrumb of a level: the usernames from the top-level agent down to `upline`. The answer's `path` once it
 * has come; until then (the previous level still shown) what is known: cut at `upline` when going back up, or the
 * previous path and `upline` when going down.
 */
export function crumbsOf(path: readonly string[] | undefined, upline: string): string[] {
  if (!upline) return [];
  const known = path ?? [];
  const at = known.indexOf(upline);
  return at >= 0 ? known.slice(0, at + 1) : [...known, upline];
}

/** An account's button that opens its direct downlines (agents only: a member has none to show). */
function OpenButton({ username, onOpen }: { username: string; onOpen: (username: string) => void }) {
  const { t } = useTranslation('agents');
  return (
    <button
      type="button"
      className="agents-link"
      aria-label={t('tree.openOf', { username })}
      onClick={() => onOpen(username)}
    >
      {username}
    </button>
  );
}

/** Its contracts as chips: kind, the top tier's rate, and "offered" while the agent has not answered. */
function ContractChips({ contracts }: { contracts: TNode['contracts'] }) {
  const { t } = useTranslation('agents');
  if (contracts.length === 0) return <span className="hint">{t('tree.noContract')}</span>;
  return (
    <ul className="agents-chips">
      {contracts.map((c) => (
        <li key={c.id} className={c.status === 'offered' ? 'agents-chip offered' : 'agents-chip'}>
          {t('tree.chip', { kind: t(`kinds.${c.kind}`), rate: bpToPercent(c.topRateBp) })}
          {c.status === 'offered' ? <span className="agents-chip-note"> · {t('tree.offered')}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The agent tree one level at a time (money.read, docs/adr/0101): the top-level agents, or the direct downlines of
 * one; an agent's name opens its level and the breadcrumb goes back up. Each account with its status, team (members
 * at any depth below it and the agents among them), main wallet balance, last login, registration and contracts.
 * Searched by username prefix within the level, a page at a time.
 */
export function TreePanel() {
  const { t } = useTranslation('agents');
  const id = useId();
  const [filter, setFilter] = useState<TTreeFilter>({ upline: '', search: '', pageNo: 1 });
  const [search, setSearch] = useState('');
  const [searchError, setSearchError] = useState(false);
  const tree = useQuery(treeQueryOptions(filter));
  const heading = useRef<HTMLHeadingElement>(null);
  // Set when the operator moves to another level: the focus then goes to the level's heading (the button pressed is gone).
  const moved = useRef(false);
  const crumbs = crumbsOf(tree.data?.path, filter.upline);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
  }, [filter.upline]);

  const go = useCallback((upline: string) => {
    moved.current = true;
    setSearch('');
    setSearchError(false);
    setFilter({ upline, search: '', pageNo: 1 });
  }, []);

  const columns = useMemo(
    () => [
      column.accessor('username', {
        header: t('tree.username'),
        cell: (c) => (
          <>
            {c.row.original.isAgent ? (
              <OpenButton username={c.getValue()} onOpen={go} />
            ) : (
              <code>{c.getValue()}</code>
            )}{' '}
            {c.row.original.isAgent ? <span className="badge badge-active">{t('tree.agent')}</span> : null}
          </>
        ),
      }),
      column.accessor('status', {
        header: t('tree.status'),
        cell: (c) => (
          <span className={c.getValue() === 'active' ? 'badge badge-active' : 'badge badge-disabled'}>
            {t(`memberStatuses.${c.getValue()}`, { defaultValue: c.getValue() })}
          </span>
        ),
      }),
      column.accessor('teamSize', {
        header: t('tree.teamSize'),
        cell: (c) => <span className="amount">{c.getValue().toLocaleString('en-US')}</span>,
      }),
      column.accessor('agents', {
        header: t('tree.agents'),
        cell: (c) => <span className="amount">{c.getValue().toLocaleString('en-US')}</span>,
      }),
      column.accessor('balance', {
        header: t('tree.balance'),
        cell: (c) => <span className="amount">{formatAmount(c.getValue())}</span>,
      }),
      column.accessor('lastLoginAt', {
        header: t('tree.lastLogin'),
        cell: (c) => {
          const at = c.getValue();
          return at ? (
            <span className="nowrap">{formatTime(at)}</span>
          ) : (
            <span className="hint">{t('tree.never')}</span>
          );
        },
      }),
      column.accessor('createdAt', {
        header: t('tree.createdAt'),
        cell: (c) => <span className="nowrap">{formatTime(c.getValue())}</span>,
      }),
      column.accessor('contracts', {
        header: t('tree.contracts'),
        cell: (c) => <ContractChips contracts={c.getValue()} />,
      }),
    ],
    [t, go],
  );

  const level = filter.upline ? t('tree.levelOf', { username: filter.upline }) : t('tree.levelTop');
  const total = tree.data && !tree.isPlaceholderData ? tree.data.total : null;

  return (
    <section aria-labelledby="agents-tree-title" className="agents-panel">
      <div className="panel-head">
        <h2 id="agents-tree-title">{t('tree.title')}</h2>
        <button type="button" onClick={() => void tree.refetch()} disabled={tree.isFetching}>
          {t('filters.refresh')}
        </button>
      </div>
      <p className="hint">{t('tree.intro')}</p>
      <nav aria-label={t('tree.pathLabel')} className="agents-crumbs">
        <ol>
          <li>
            {crumbs.length === 0 ? (
              <span aria-current="location">{t('tree.top')}</span>
            ) : (
              <button type="button" className="agents-link" onClick={() => go('')}>
                {t('tree.top')}
              </button>
            )}
          </li>
          {crumbs.map((username, i) => (
            <li key={username}>
              <span aria-hidden="true" className="agents-crumb-sep">
                ›
              </span>
              {i === crumbs.length - 1 ? (
                <span aria-current="location">
                  <code>{username}</code>
                </span>
              ) : (
                <button type="button" className="agents-link" onClick={() => go(username)}>
                  {username}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <form
        role="search"
        className="filters"
        aria-label={t('tree.filters')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const prefix = search.trim();
          if (!SEARCH.test(prefix)) {
            setSearchError(true);
            return;
          }
          setSearchError(false);
          setFilter((f) => ({ ...f, search: prefix, pageNo: 1 }));
        }}
      >
        <label htmlFor={`${id}-search`}>{t('tree.search')}</label>
        <input
          id={`${id}-search`}
          data-search
          type="search"
          value={search}
          maxLength={30}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={searchError ? true : undefined}
          aria-describedby={searchError ? `${id}-search-error` : `${id}-search-hint`}
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="submit" className="primary">
          {t('filters.search')}
        </button>
        {searchError ? (
          <span id={`${id}-search-error`} role="alert" className="field-error full">
            {t('tree.searchInvalid')}
          </span>
        ) : (
          <span id={`${id}-search-hint`} className="hint full">
            {t('tree.searchHint')}
          </span>
        )}
      </form>
      <div className="panel-head">
        <h3 id="agents-tree-level" ref={heading} tabIndex={-1} className="agents-level">
          {level}
        </h3>
        <p className="hint agents-count" aria-live="polite">
          {total === null ? '' : t('tree.count', { count: total })}
        </p>
      </div>
      {tree.isPending ? (
        <TableSkeleton label={t('tree.loading')} columns={8} />
      ) : tree.data && !tree.isPlaceholderData && tree.data.total === 0 ? (
        <p className="state">
          {filter.search
            ? t('tree.noneFound', { search: filter.search })
            : filter.upline
              ? t('tree.emptyBelow', { username: filter.upline })
              : t('tree.empty')}
        </p>
      ) : (
        <div className={tree.isPlaceholderData ? 'agents-stale' : undefined}>
          <DataTable
            caption={level}
            columns={columns}
            rows={tree.data?.list}
            total={tree.data?.total}
            state={{ page: filter.pageNo, pageSize: PAGE_SIZE }}
            onState={(s) => setFilter((f) => ({ ...f, pageNo: s.page }))}
            loading={tree.isFetching}
            error={tree.error}
            onRetry={() => void tree.refetch()}
            rowKey={(n) => n.username}
          />
        </div>
      )}
    </section>
  );
}
