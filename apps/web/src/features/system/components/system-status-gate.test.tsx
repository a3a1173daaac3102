import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { errorResponse, mockApi } from '@/test/render';
import { SystemStatusGate } from './system-status-gate';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderGate(status: unknown, httpStatus = 200) {
  mockApi({ '/wps/system/status': () => (httpStatus === 200 ? status : errorResponse('unknown_error', httpStatus)) });
  const onContactSupport = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SystemStatusGate onContactSupport={onContactSupport}>
        <p data-testid="the-app">app</p>
      </SystemStatusGate>
    </QueryClientProvider>,
  );
  return { onContactSupport };
}

describe('system status gate', () => {
  it('2.R.28 status 0 shows the app; the app paints while the status loads (no full-page loader)', async () => {
    renderGate({ status: 0, endTime: null, info: null, ip: '1.2.3.4' });
    expect(screen.getByTestId('the-app')).toBeTruthy();
    expect(screen.queryByTestId('full-page-loader')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('the-app')).toBeTruthy());
  });

  it('2.R.29 status 1 shows the maintenance page with end time, info and customer service', async () => {
    const { onContactSupport } = renderGate({ status: 1, endTime: '2030-01-02T03:04:00Z', info: 'Back soon', ip: '1.2.3.4' });
    expect(await screen.findByTestId('maintenance-page')).toBeTruthy();
    expect(screen.queryByTestId('the-app')).toBeNull();
    expect(screen.getByText('Back soon')).toBeTruthy();
    // Thai dates use the Buddhist era: 2030 is 2573.
    expect(screen.getByTestId('maintenance-end-time').textContent).toContain('2573');
    screen.getByTestId('status-cs-button').click();
    expect(onContactSupport).toHaveBeenCalled();
  });

  it('2.MNT maintenance without an end time shows no end time', async () => {
    renderGate({ status: 1, endTime: null, info: null, ip: '1.2.3.4' });
    expect(await screen.findByTestId('maintenance-page')).toBeTruthy();
    expect(screen.queryByTestId('maintenance-end-time')).toBeNull();
  });

  it('2.R.30 status 2 shows the region-blocked page with the visitor IP', async () => {
    renderGate({ status: 2, endTime: null, info: null, ip: '203.0.113.9' });
    expect(await screen.findByTestId('region-blocked-page')).toBeTruthy();
    expect(screen.getByTestId('visitor-ip').textContent).toContain('203.0.113.9');
  });

  it('4.SYS.01 decision: an unknown status shows maintenance; a failed call shows the app with a toast', async () => {
    renderGate({ status: 9, endTime: null, info: null, ip: '1.2.3.4' });
    expect(await screen.findByTestId('maintenance-page')).toBeTruthy();
  });

  it('4.SYS.01 decision: a failed status call shows the app and a toast', async () => {
    const { notify } = await import('@/lib/notify');
    renderGate(null, 500);
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    expect(screen.getByTestId('the-app')).toBeTruthy();
  });
});
