import { describe, expect, it } from 'vitest';
import { getLoginGateRedirect, isVisitorAllowedPath } from './login-gate';

const visitor = (pathname: string) => getLoginGateRedirect({ loginRequired: true, hasToken: false, pathname });

describe('login-required home', () => {
  it.each(['/login', '/register', '/register.html', '/helpmc', '/download'])(
    '2.R.31 a visitor may reach %s when the flag is on',
    (path) => {
      expect(isVisitorAllowedPath(path)).toBe(true);
      expect(visitor(path)).toBeNull();
    },
  );

  it.each(['/', '/home', '/rng', '/live', '/promotions', '/vip', '/forget', '/join', '/nope'])(
    '2.R.32 a visitor on %s is sent to /login when the flag is on',
    (path) => {
      expect(visitor(path)).toBe('/login');
    },
  );

  it('2.R.34 decision: the siblings /down and /help are NOT on the allow-list', () => {
    expect(visitor('/down')).toBe('/login');
    expect(visitor('/help')).toBe('/login');
  });

  it('2.R.31 trailing slashes and query strings do not change the answer', () => {
    expect(visitor('/login/')).toBeNull();
    expect(visitor('/register?referralCode=abc')).toBeNull();
  });

  it('2.R.31/32 with a token, or with the flag off, nothing is redirected', () => {
    expect(getLoginGateRedirect({ loginRequired: true, hasToken: true, pathname: '/vip' })).toBeNull();
    expect(getLoginGateRedirect({ loginRequired: false, hasToken: false, pathname: '/vip' })).toBeNull();
  });
});
