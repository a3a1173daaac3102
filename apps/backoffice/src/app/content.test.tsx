import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createConsoleRouter } from './app';
import { initI18n } from '@/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';

/** The Content page against a stubbed operator API (the server's own tests cover the calls). The page is a lazy chunk: the first wait allows for its import. */
const PERMISSIONS = {
  admin: ['read', 'config.write', 'members.write', 'secrets.read', 'operators.read', 'operators.write', 'audit.read', 'self'],
  read_only: ['read', 'vendors.read', 'self.rotate', 'self'],
};
const NOTICES = [
  { id: 1, type: 'B', title: 'First notice', content: '<p>one</p>', language: 'th', sort: 10, startTime: null, endTime: null },
  { id: 2, type: 'B', title: 'Second notice', content: '<p>two</p>', language: 'th', sort: 20, startTime: null, endTime: null },
];
const BANNERS = [
  { id: 7, groupName: 'w_home', imageUrl: '/media/banners/home-welcome.svg', title: 'Welcome', linkageType: 'INTERNAL', linkage: '/promotions', language: null, sort: 10, startTime: null, endTime: null },
];

function answer(value: unknown, status = 200) {
  return new Response(JSON.stringify(status === 200 ? { success: true, message: 'ok', value } : { success: false, message: value, value: null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Call = { url: string; method: string; body: unknown };
function serve(role: keyof typeof PERMISSIONS, overrides: (call: Call) => Response | null = () => null) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const special = overrides(call);
      if (special) return special;
      if (url === '/ops/console/me') return answer({ id: 1, username: 'amy', displayName: 'Amy', role, permissions: PERMISSIONS[role], idleSeconds: 900 });
      if (url === '/ops/notices') return answer(NOTICES);
      if (url === '/ops/banners') return answer(BANNERS);
      if (url === '/ops/help') return answer([]);
      if (url === '/ops/content/notices/order') return answer({ ids: (call.body as { ids: number[] }).ids });
      return answer('not_found', 404);
    }),
  );
  return calls;
}

function renderConsole(path: string) {
  window.history.pushState({}, '', `/backoffice${path}`);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createConsoleRouter()} />
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('console content page', () => {
  it('lists the banners of a group with their link and schedule; the nav shows Content', async () => {
    serve('admin');
    renderConsole('/content/banners');
    expect(await screen.findByText('Welcome', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Site page: /promotions')).toBeTruthy();
    expect(screen.getByText('Always')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' }).textContent).toContain('Content');
    expect(screen.getByRole('button', { name: 'Add banner' })).toBeTruthy();
  });

  it('shows a read-only operator the content without any change buttons', async () => {
    serve('read_only');
    renderConsole('/content/notices');
    expect(await screen.findByText('First notice', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Your role can view content but not change it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add notice' })).toBeNull();
  });

  it('moves a notice down and saves the order only after the confirmation', async () => {
    const calls = serve('admin');
    renderConsole('/content/notices');
    await screen.findByText('First notice', {}, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Move First notice down' }));
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Second notice', 'First notice']);
    await userEvent.click(screen.getByRole('button', { name: 'Save this order' }));
    expect(calls.some((c) => c.url === '/ops/content/notices/order')).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/ops/content/notices/order')?.body).toEqual({ ids: [2, 1] }));
  });

  it('shows the server refusal of an upload that is not an image, translated', async () => {
    serve('admin', (call) => (call.url === '/ops/content/images' ? answer('banner_image_type_invalid', 415) : null));
    renderConsole('/content/banners');
    await userEvent.click(await screen.findByRole('button', { name: 'Add banner' }, { timeout: 15_000 }));
    const file = new File(['<html><script>alert(1)</script></html>'], 'banner.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Upload image'), file);
    expect(await screen.findByText('Only png, jpg, webp or avif images are accepted')).toBeTruthy();
  });
});
