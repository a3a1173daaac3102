import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { createConsoleRouter } from './app';

/** The frame shows the pages a role may open (the server enforces the same table). */
const PERMISSIONS = {
  support: ['read', 'members.write', 'secrets.read', 'vendors.read', 'self.rotate', 'self'],
  admin: ['read', 'config.write', 'members.write', 'secrets.read', 'operators.read', 'operators.write', 'audit.read', 'self'],
};

function answer(value: unknown, status = 200) {
  return new Response(JSON.stringify(status === 200 ? { success: true, message: 'ok', value } : { success: false, message: value, value: null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function serve(role: keyof typeof PERMISSIONS) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/ops/console/me') {
        return answer({ id: 1, username: 'sam', displayName: 'Sam', role, permissions: PERMISSIONS[role], idleSeconds: 900 });
      }
      if (url.startsWith('/ops/members/search')) return answer({ rows: [], total: 0 });
      return answer('not_found', 404);
    }),
  );
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

describe('console frame', () => {
  it('shows a support operator Members and Approvals but not Operators, Audit or Maintenance', async () => {
    serve('support');
    renderConsole('/members');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(nav.textContent).toContain('Members');
    expect(nav.textContent).toContain('Approvals');
    expect(nav.textContent).not.toContain('Operators');
    expect(nav.textContent).not.toContain('Audit log');
    expect(nav.textContent).not.toContain('Maintenance');
  });

  it('shows an admin every page', async () => {
    serve('admin');
    renderConsole('/members');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const label of ['Dashboard', 'Members', 'Approvals', 'Maintenance', 'Operators', 'Audit log', 'My account']) expect(nav.textContent).toContain(label);
  });

  it('says "no access" when a support operator opens the operators page by its address', async () => {
    serve('support');
    renderConsole('/operators');
    expect(await screen.findByTestId('page-denied')).toHaveProperty('textContent', 'Your operator role does not allow this');
  });

  it('focuses the search field with the "/" key', async () => {
    serve('support');
    renderConsole('/members');
    const search = await screen.findByLabelText('Search');
    await userEvent.keyboard('/');
    await waitFor(() => expect(document.activeElement).toBe(search));
  });

  it('shows the sign-in page when there is no session', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer('unauthorized', 401)));
    renderConsole('/members');
    expect(await screen.findByRole('heading', { name: 'Operator console sign-in' })).toBeTruthy();
  });
});
