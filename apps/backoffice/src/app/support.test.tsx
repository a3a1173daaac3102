import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createConsoleRouter } from './app';
import { initI18n } from '@/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';

/** The support page against a stubbed operator API: feedback and the outboxes, newest first, paged by id. */
const SUPPORT = ['read', 'members.write', 'secrets.read', 'vendors.read', 'self.rotate', 'self'];
const READ_ONLY = ['read', 'vendors.read', 'self.rotate', 'self'];
const ok = (value: unknown) => new Response(JSON.stringify({ success: true, message: 'ok', value }), { status: 200 });

/** 25 mails to one address, ids 25 (newest) down to 1; answers `limit` rows below `beforeId`. */
const MAILS = Array.from({ length: 25 }, (_, i) => ({
  id: 25 - i,
  to: 'player@example.com',
  subject: `Mail ${25 - i}`,
  text: `Body ${25 - i}`,
  createdAt: '2026-11-26T08:00:00.000Z',
}));

function serve(permissions: string[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/ops/console/me') return ok({ id: 1, username: 'sue', displayName: 'Sue', role: 'support', permissions, idleSeconds: 900 });
      const q = new URL(url, 'http://x').searchParams;
      const limit = Number(q.get('limit'));
      const before = q.has('beforeId') ? Number(q.get('beforeId')) : Infinity;
      if (url.startsWith('/ops/mail')) return ok(MAILS.filter((m) => m.id < before && (!q.get('to') || m.to === q.get('to'))).slice(0, limit));
      if (url.startsWith('/ops/sms')) return ok([]);
      if (url.startsWith('/ops/feedback')) {
        const rows = [
          { id: 2, type: 'COMPLAINT', content: 'Deposits are slow tonight', memberId: 7, ip: '198.51.100.2', createdAt: '2026-11-26T08:00:00.000Z' },
          { id: 1, type: 'SUGGESTION', content: 'More fishing games please', memberId: null, ip: '198.51.100.1', createdAt: '2026-11-26T07:00:00.000Z' },
        ];
        return ok(rows.filter((r) => !q.get('type') || r.type === q.get('type')));
      }
      return new Response(JSON.stringify({ success: false, message: 'not_found', value: null }), { status: 404 });
    }),
  );
  return urls;
}

function open(path: string) {
  window.history.pushState({}, '', `/backoffice${path}`);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createConsoleRouter()} />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  initI18n('en');
  // The page is a lazy route: load its module once here so each test waits only for its data.
  await import('@/features/support/support-page');
});
afterEach(() => vi.unstubAllGlobals());

describe('support page', { timeout: 20_000 }, () => {
  it('7.SYS.06 lists players’ feedback newest first and filters by type', async () => {
    const urls = serve(SUPPORT);
    open('/support');
    const table = await screen.findByTestId('feedback-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Deposits are slow tonight'),
      expect.stringContaining('More fishing games please'),
    ]);
    expect(rows[1]!.textContent).toContain('Visitor');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Complaint');
    await screen.findByText('Deposits are slow tonight');
    expect(screen.queryByText('More fishing games please')).toBeNull();
    expect(urls).toContain('/ops/feedback?type=COMPLAINT&limit=21');
  });

  it('pages the mail outbox by the last id shown and searches by recipient', async () => {
    const urls = serve(SUPPORT);
    open('/support?tab=mail');
    const table = await screen.findByTestId('mail-table');
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getByText('Mail 25')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Mail 5')).toBeTruthy();
    expect(urls).toContain('/ops/mail?beforeId=6&limit=21');
    expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Mail 25')).toBeTruthy();

    const search = screen.getByRole('searchbox');
    await userEvent.click(search);
    await userEvent.paste('not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Enter a mobile number (6-15 digits, + allowed) or an e-mail address.')).toBeTruthy();
    await userEvent.clear(search);
    await userEvent.click(search);
    await userEvent.paste('player@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Mail 25');
    expect(urls).toContain('/ops/mail?to=player%40example.com&limit=21');
  });

  it('shows an empty SMS outbox as such', async () => {
    serve(SUPPORT);
    open('/support?tab=sms');
    expect(await screen.findByText('Nothing was sent yet.')).toBeTruthy();
  });

  it('a role without secret reads sees the feedback but not the outboxes', async () => {
    serve(READ_ONLY);
    open('/support?tab=mail');
    await screen.findByTestId('feedback-table');
    expect(screen.queryByRole('tab', { name: 'Mail outbox' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'SMS outbox' })).toBeNull();
  });
});
