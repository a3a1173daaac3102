import { cookies, ONE_DAY_MS } from '@/lib/storage';
import { forgetKey, getDefaultKeyStore, openText, sealText, type KeyStore } from './secret-box';

/**
 * Remember me (4.REM, 3.STO.01-04): cookies for the last username, the remembered password, the
 * remember flag and, for SMS login, the mobile number with its dialling code — each kept 1 day.
 * Turning it off clears them all. Decision 3.STO.04: the password cookie holds only a ciphertext
 * sealed with a non-extractable key kept in IndexedDB (secret-box.ts); clearing also destroys that
 * key. Nothing here is sent anywhere: the cookies are read by this page only.
 */
export const REMEMBER_COOKIES = {
  username: 'rememberUsername',
  password: 'rememberPassword',
  flag: 'rememberMe',
  mobile: 'rememberMobile',
} as const;

/** 1 day (86 400 000 ms, spec 4 / 9) as the cookies' Max-Age in seconds. */
export const REMEMBER_MAX_AGE_SECONDS = ONE_DAY_MS / 1000;

export type RememberedMobile = { countryDialingCode: string; mobileNum: string };

export type RememberedLogin = {
  username: string;
  password: string;
  mobile: RememberedMobile | null;
};

export type RememberInput =
  | { mode: 'username'; username: string; password: string }
  | { mode: 'sms'; mobile: RememberedMobile };

const cookieOptions = { maxAgeSeconds: REMEMBER_MAX_AGE_SECONDS, sameSite: 'Strict' as const };

/** Remember me on: stores the values of this login for 1 day (4.REM.01). */
export async function saveRememberedLogin(input: RememberInput, store: KeyStore | null = getDefaultKeyStore()): Promise<void> {
  cookies.set(REMEMBER_COOKIES.flag, '1', cookieOptions);
  if (input.mode === 'username') {
    cookies.set(REMEMBER_COOKIES.username, input.username, cookieOptions);
    const sealed = await sealText(input.password, store);
    if (sealed) cookies.set(REMEMBER_COOKIES.password, sealed, cookieOptions);
    else cookies.remove(REMEMBER_COOKIES.password);
  } else {
    cookies.set(
      REMEMBER_COOKIES.mobile,
      `${input.mobile.countryDialingCode} ${input.mobile.mobileNum}`,
      cookieOptions,
    );
  }
}

/** Remember me off: clears every remembered value and destroys the sealing key (4.REM.02). */
export async function clearRememberedLogin(store: KeyStore | null = getDefaultKeyStore()): Promise<void> {
  for (const name of Object.values(REMEMBER_COOKIES)) cookies.remove(name);
  await forgetKey(store);
}

function parseMobile(value: string | null): RememberedMobile | null {
  const match = value ? /^\+?([0-9]{1,4}) ([0-9]{4,15})$/.exec(value.trim()) : null;
  return match ? { countryDialingCode: match[1] as string, mobileNum: match[2] as string } : null;
}

/** What the login form refills from (4.REM.03), or null when remember me is off or expired. */
export async function readRememberedLogin(store: KeyStore | null = getDefaultKeyStore()): Promise<RememberedLogin | null> {
  if (cookies.get(REMEMBER_COOKIES.flag) !== '1') return null;
  const sealed = cookies.get(REMEMBER_COOKIES.password);
  const password = sealed ? ((await openText(sealed, store)) ?? '') : '';
  return {
    username: cookies.get(REMEMBER_COOKIES.username) ?? '',
    password,
    mobile: parseMobile(cookies.get(REMEMBER_COOKIES.mobile)),
  };
}
