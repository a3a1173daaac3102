import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import '@/i18n/i18n';

function Routes({ routes, onLocation }: { routes: RouteObject[]; onLocation: (location: Location) => void }) {
  onLocation(useLocation());
  return useRoutes(routes);
}

/** Renders inside a fresh query cache and a memory router (the element at every path, or given routes). */
export function renderWithProviders(ui: ReactElement, options: { route?: string; routes?: RouteObject[] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const current: { location: Location | null } = { location: null };
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <Routes routes={options.routes ?? [{ path: '*', element: ui }]} onLocation={(l) => (current.location = l)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  /** The router's current location (pathname, search, hash). */
  const location = () => current.location!;
  return { ...result, location, queryClient };
}

type Handler = (url: URL, init?: RequestInit) => { status?: number; body: unknown } | undefined;

/** Replaces fetch with a handler by path; unmatched calls answer 404 not_found. */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const answer = handler(url, init) ?? { status: 404, body: { success: false, message: 'not_found', value: null } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export const ok = (value: unknown) => ({ body: { success: true, message: '', value } });
