import { cookies, ONE_DAY_MS } from '@/lib/storage';

/**
 * Remember me (4.REM, 3.STO.01-03; security #19): cookies for the last username, the remember flag
 * and, for SMS login, the mobile number with its dialling code, each kept 1 day. Turning it off
 * clears them all. No password is kept, in clear or sealed: the login form's autocomplete
 * attributes (username, current-password) let the browser's password manager offer it, under the
 * browser's own protection. The cookies are read by this page only.
 *
 * Earlier versions kept a sealed password cookie and its key in IndexedDB (database
 * "lotus-secrets"): both are deleted the first time this code runs in a browser.
 */
export const REMEMBER_COOKIES = {
  username: 'rememberUsername',
  flag: 'rememberMe',
  mobile: 'rememberMobile',
} as const;

/** What earlier versions stored and this one deletes. */
export const LEGACY_PASSWORD_COOKIE = 'rememberPassword';
export const LEGACY_KEY_DATABASE = 'lotus-secrets';

/** 1 day (86 400 000 ms, spec 4 / 9) as the cookies' Max-Age in seconds. */
export const REMEMBER_MAX_AGE_SECONDS = ONE_DAY_MS / 1000;

export type RememberedMobile = { countryDialingCode: string; mobileNum: string };

export type RememberedLogin = { username: string; mobile: RememberedMobile | null };

export type RememberInput = { mode: 'username'; username: string } | { mode: 'sms'; mobile: RememberedMobile };

const cookieOptions = { maxAgeSeconds: REMEMBER_MAX_AGE_SECONDS, sameSite: 'Strict' as const };

/** Deletes a remembered password of an earlier version: its cookie and the IndexedDB key store. */
export function forgetLegacyPassword(): void {
  cookies.remove(LEGACY_PASSWORD_COOKIE);
  try {
    if (typeof indexedDB !== 'undefined' && indexedDB) indexedDB.deleteDatabase(LEGACY_KEY_DATABASE);
  } catch {
    // no IndexedDB here: nothing was stored
  }
}

/** Remember me on: stores the username (or the mobile number) of this login for 1 day (4.REM.01). */
export function saveRememberedLogin(input: RememberInput): void {
  forgetLegacyPassword();
  cookies.set(REMEMBER_COOKIES.flag, '1', cookieOptions);
  if (input.mode === 'username') {
    cookies.set(REMEMBER_COOKIES.username, input.username, cookieOptions);
  } else {
    cookies.set(REMEMBER_COOKIES.mobile, `${input.mobile.countryDialingCode} ${input.mobile.mobileNum}`, cookieOptions);
  }
}

/** Remember me off: clears every remembered value (4.REM.02). */
export function clearRememberedLogin(): void {
  for (const name of Object.values(REMEMBER_COOKIES)) cookies.remove(name);
  forgetLegacyPassword();
}

function parseMobile(value: string | null): RememberedMobile | null {
  const match = value ? /^\+?([0-9]{1,4}) ([0-9]{4,15})$/.exec(value.trim()) : null;
  return match ? { countryDialingCode: match[1] as string, mobileNum: match[2] as string } : null;
}

/** What the login form refills from (4.REM.03), or null when remember me is off or expired. */
export function readRememberedLogin(): RememberedLogin | null {
  forgetLegacyPassword();
  if (cookies.get(REMEMBER_COOKIES.flag) !== '1') return null;
  return {
    username: cookies.get(REMEMBER_COOKIES.username) ?? '',
    mobile: parseMobile(cookies.get(REMEMBER_COOKIES.mobile)),
  };
}
