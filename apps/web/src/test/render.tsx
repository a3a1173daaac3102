/**
 * The one set of web test helpers (imported by *.test.ts(x) only; data in ./fixtures.ts).
 * - setTestLanguage: the app's real i18n setup (every locales/<lang>/*.json namespace) in a language.
 * - renderWithProviders: a fresh QueryClient (no retries) and a MemoryRouter around the UI; the
 *   current location is readable as `location()` and shown in `data-testid="location"`.
 * - mockApi: a global fetch stub answering platform envelopes by path.
 */
import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderOptions } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { afterEach, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';

export { i18n };

// Unmount what each test rendered and undo global stubs (works without vitest `globals`).
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

export async function setTestLanguage(code: 'en' | 'th' = 'en'): Promise<void> {
  await i18n.changeLanguage(code);
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Shows the current location, so a test can assert in-app navigation. */
function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation();
  onLocation(location);
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

type ProviderOptions = Omit<RenderOptions, 'wrapper'> & {
  route?: string;
  queryClient?: QueryClient;
};

export function renderWithProviders(ui: ReactElement, { route = '/', queryClient, ...options }: ProviderOptions = {}) {
  const client = queryClient ?? createTestQueryClient();
  const current: { location: Location | null } = { location: null };
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {children}
                <LocationProbe onLocation={(l) => (current.location = l)} />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
  /** The router's current location (pathname, search, hash). */
  const location = () => current.location!;
  return { queryClient: client, location, ...render(ui, { wrapper: Wrapper, ...options }) };
}

type Handler = (url: URL, init?: RequestInit) => unknown;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stubs global fetch. Each handler (keyed by pathname) returns the `value` of a success envelope,
 * or a Response for anything else; an unknown path answers 404 not_found.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const handler = handlers[url.pathname];
    if (!handler) return jsonResponse({ success: false, message: 'not_found', value: null }, 404);
    const result = await handler(url, init);
    if (result instanceof Response) return result;
    return jsonResponse({ success: true, message: '', value: result });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** An error envelope, e.g. `mockApi({ '/x': () => errorResponse('not_found', 404) })`. */
export function errorResponse(code: string, status = 400): Response {
  return jsonResponse({ success: false, message: code, value: null }, status);
}
