import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '@/test/render';
import { getPageItems } from './get-page-items';
import { Pager } from './pager';

beforeAll(() => setTestLanguage('en'));

describe('Pager', () => {
  it('marks the current page and moves with prev / next / numbers', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pager page={3} totalPages={10} onChange={onChange} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
    await user.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(onChange).toHaveBeenLastCalledWith(10);
  });

  it('disables prev on the first page and renders nothing for a single page', () => {
    const { rerender } = render(<Pager page={1} totalPages={3} onChange={() => {}} />);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<Pager page={1} totalPages={1} onChange={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('on a phone the current page shows without neighbours, so the row fits a 360 px screen', () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query === '(max-width: 480px)', media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    render(<Pager page={4} totalPages={7} onChange={() => {}} />);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Previous page',
      'Page 1',
      'Page 4',
      'Page 7',
      'Next page',
    ]);
    matchMedia.mockRestore();
  });

  it('page items keep first, last and neighbours with gaps', () => {
    expect(getPageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(getPageItems(5, 10)).toEqual([1, 'gap-start', 4, 5, 6, 'gap-end', 10]);
    expect(getPageItems(1, 10)).toEqual([1, 2, 'gap-end', 10]);
    expect(getPageItems(10, 10)).toEqual([1, 'gap-start', 9, 10]);
  });
});
