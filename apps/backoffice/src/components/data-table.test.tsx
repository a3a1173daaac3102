import { createColumnHelper } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import { DataTable } from './data-table';

type Row = { name: string; n: number };
const column = createColumnHelper<Row>();
const columns = [column.accessor('name', { header: 'Name', enableSorting: true }), column.accessor('n', { header: 'N' })];
const rows: Row[] = [
  { name: 'banana', n: 2 },
  { name: 'apple', n: 1 },
  { name: 'cherry', n: 3 },
];
const names = () => within(screen.getByRole('table')).getAllByRole('row').slice(1).map((r) => (r as HTMLTableRowElement).cells[0]!.textContent);

beforeAll(() => {
  initI18n('en');
});

describe('data table', () => {
  it('sorts a short list in the browser by its header button and says the order (aria-sort)', async () => {
    render(<DataTable caption="Fruit" columns={columns} rows={rows} loading={false} error={null} rowKey={(r) => r.name} clientSort />);
    expect(names()).toEqual(['banana', 'apple', 'cherry']);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    await userEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['cherry', 'banana', 'apple']);
    await userEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['apple', 'banana', 'cherry']);
  });

  it('shows the empty state, and the error state with a retry instead of the table', () => {
    const { unmount } = render(<DataTable caption="Fruit" columns={columns} rows={[]} loading={false} error={null} rowKey={(r) => r.name} />);
    expect(screen.getByText('Nothing to show')).toBeTruthy();
    unmount();
    render(<DataTable caption="Fruit" columns={columns} rows={undefined} loading={false} error={new Error('x')} onRetry={() => undefined} rowKey={(r) => r.name} />);
    expect(screen.getByRole('alert').textContent).toContain('Unknown error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
