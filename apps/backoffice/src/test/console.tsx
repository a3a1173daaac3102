import { getConsoleMe } from '@lotus/contracts/ops-console';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createConsoleRouter } from '@/app/app';
import { createQueryClient } from '@/lib/query-client';

/** The operator API's success envelope. */
export const ok = (value: unknown) => new Response(JSON.stringify({ success: true, message: 'ok', value }), { status: 200 });
const notFound = () => new Response(JSON.stringify({ success: false, message: 'not_found', value: null }), { status: 404 });

/**
 * Stubs the operator API: the signed-in operator with `permissions`, then `answer(url, method)` (null:
 * not found). Answers the calls made, with their JSON bodies.
 */
export function serveConsole(permissions: string[], answer: (url: string, method: string) => Response | null) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === getConsoleMe.path) return ok({ id: 1, username: 'fin', displayName: 'Fin', role: 'finance', permissions, idleSeconds: 900 });
      return answer(url, method) ?? notFound();
    }),
  );
  return calls;
}

/** Renders the console at `path` (under /backoffice). */
export function openConsole(path: string) {
  window.history.pushState({}, '', `/backoffice${path}`);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createConsoleRouter()} />
    </QueryClientProvider>,
  );
}
