import { act, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { createChunkLoader } from '@/lib/lazy-chunk';
import { LazyPage } from './lazy-page';


describe('lazy page', () => {
  it('8.LOAD.02/03 a failed group shows the load error with Retry, and Retry loads it again', async () => {
    const importer = vi
      .fn<() => Promise<{ Page: () => ReactNode }>>()
      .mockRejectedValueOnce(new Error('missing chunk'))
      .mockResolvedValueOnce({ Page: () => <p data-testid="loaded">loaded</p> });
    const loader = createChunkLoader('vip', importer);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      renderWithProviders(<LazyPage loader={loader} render={(m) => <m.Page />} />);
    });
    expect((await screen.findByTestId('chunk-error')).textContent).toMatch(/ไม่สามารถโหลดหน้านี้ได้/);
    await act(async () => {
      fireEvent.click(screen.getByTestId('chunk-retry'));
    });
    expect(await screen.findByTestId('loaded')).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('8.LOAD.01/03 a timed-out group shows page_slow_to_load', async () => {
    // A group that never arrives, with a tiny timeout standing in for the 120000 ms.
    const slow = createChunkLoader('vip', () => new Promise<never>(() => undefined), { timeoutMs: 60 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      renderWithProviders(<LazyPage loader={slow} render={() => null} />);
    });
    expect(screen.getByTestId('page-skeleton')).toBeTruthy();
    expect((await screen.findByTestId('chunk-error')).textContent).toMatch(/หน้าเว็บใช้เวลาโหลดนานเกินไป/);
    expect(screen.getByTestId('chunk-retry')).toBeTruthy();
  });
});
