import { useState } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from './states';

/** Server-side sorting and paging state of a list. */
export type TableState = { sort?: string | undefined; order?: 'asc' | 'desc' | undefined; page: number; pageSize: number };

/**
 * A list as a table (TanStack Table, docs/adr/0045): columns, sorting on the server (`state` and
 * `onState`) or, for short lists loaded whole, in the browser (`clientSort`); column headers are
 * buttons and aria-sort tells the order; paging; the loading, empty and error states.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  total,
  state,
  onState,
  loading,
  error,
  onRetry,
  rowKey,
  clientSort = false,
}: {
  caption: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types differ per column
  columns: ColumnDef<T, any>[];
  rows: T[] | undefined;
  total?: number | undefined;
  state?: TableState;
  onState?: (next: TableState) => void;
  loading: boolean;
  error: unknown;
  onRetry?: () => void;
  rowKey: (row: T) => string;
  clientSort?: boolean;
}) {
  const { t } = useTranslation();
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const sorting: SortingState = clientSort ? localSorting : state?.sort ? [{ id: state.sort, desc: state.order !== 'asc' }] : [];
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table's API is not memoisable by the React Compiler; this component is left uncompiled
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: !clientSort,
    manualPagination: true,
    ...(clientSort ? { getSortedRowModel: getSortedRowModel(), onSortingChange: setLocalSorting } : {}),
    state: { sorting },
    getRowId: rowKey,
  });
  const pages = state && total !== undefined ? Math.max(1, Math.ceil(total / state.pageSize)) : 1;

  if (error) return <ErrorState error={error} {...(onRetry ? { onRetry } : {})} />;
  return (
    <div className="table-wrap">
      <table aria-busy={loading}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sortable = header.column.columnDef.enableSorting === true && (clientSort || (!!onState && !!state));
                const sorted = header.column.getIsSorted();
                const current = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th key={header.id} scope="col" aria-sort={sortable ? current : undefined}>
                    {sortable ? (
                      <button
                        type="button"
                        className="sort"
                        onClick={() => {
                          const order = current === 'descending' ? 'asc' : 'desc';
                          if (clientSort) setLocalSorting([{ id: header.column.id, desc: order === 'desc' }]);
                          else if (state && onState) onState({ ...state, sort: header.column.id, order, page: 1 });
                        }}
                      >
                        {label}
                        <span aria-hidden="true">{current === 'ascending' ? ' ▲' : current === 'descending' ? ' ▼' : ''}</span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} data-label={String(cell.column.columnDef.header ?? '')}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {loading && !rows ? <LoadingState /> : null}
      {!loading && rows && rows.length === 0 ? <EmptyState /> : null}
      {state && onState && total !== undefined ? (
        <nav className="pager" aria-label={t('table.paging')}>
          <button type="button" disabled={state.page <= 1} onClick={() => onState({ ...state, page: state.page - 1 })}>
            {t('table.previous')}
          </button>
          <span>{t('table.pageOf', { page: state.page, pages, total })}</span>
          <button type="button" disabled={state.page >= pages} onClick={() => onState({ ...state, page: state.page + 1 })}>
            {t('table.next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
