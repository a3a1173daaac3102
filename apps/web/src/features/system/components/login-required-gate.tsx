import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useWhitelabel } from '@/api/get-whitelabel';
import { hasToken } from '@/lib/storage';
import { isPrerenderedPage } from '@/lib/prerendered';
import { FullPageLoader } from '@/components/ui/full-page-loader/full-page-loader';
import { getLoginGateRedirect } from '../lib/login-gate';

/**
 * Applies the login-required home (2.R.31/32) to every route. While the site flags load, a visitor
 * without a token sees the loader (so a protected page never flashes); a failed flags call counts as
 * "flag off". A prerendered page paints at once: the server sends one only when the flag is off
 * (ADR 0040).
 */
export function LoginRequiredGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { data, isPending, isError } = useWhitelabel();
  const token = hasToken();
  if (!token && isPending && !isError && !isPrerenderedPage()) return <FullPageLoader />;
  const redirect = getLoginGateRedirect({
    loginRequired: data?.LOGINREQHOME3 === true,
    hasToken: token,
    pathname,
  });
  if (redirect) return <Navigate to={redirect} replace />;
  return <>{children}</>;
}
