import { normalizePath, paths } from '@/config/paths';

/**
 * Login-required home (2.R.31/32, flag LOGINREQHOME3 of /wps/system/whitelabel, decision 2.R.33).
 *
 * Decision 2.R.34: the allow-list is the spec's literal list — /login, /register, /register.html,
 * /helpmc and /download. The siblings /down and /help are NOT allowed: a visitor reaching them is
 * sent to /login like any other page (the spec names exactly these five, and /help shows the full
 * site chrome while /helpmc is the bare embed).
 */
export const VISITOR_ALLOWED_PATHS: readonly string[] = [
  paths.login.path,
  paths.register.path,
  '/register.html',
  paths.helpmc.path,
  '/download',
];

const allowed = new Set(VISITOR_ALLOWED_PATHS.map(normalizePath));

export function isVisitorAllowedPath(pathname: string): boolean {
  return allowed.has(normalizePath(pathname));
}

/**
 * Where a request must be redirected, or null to let it through: only when the flag is on, there
 * is no session token and the path is not on the allow-list (then: /login).
 */
export function getLoginGateRedirect({
  loginRequired,
  hasToken,
  pathname,
}: {
  loginRequired: boolean;
  hasToken: boolean;
  pathname: string;
}): string | null {
  if (!loginRequired || hasToken || isVisitorAllowedPath(pathname)) return null;
  return paths.login.getHref();
}
