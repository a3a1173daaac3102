import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookies } from '@/lib/storage';
import {
  clearRememberedLogin,
  LEGACY_KEY_DATABASE,
  LEGACY_PASSWORD_COOKIE,
  readRememberedLogin,
  REMEMBER_COOKIES,
  REMEMBER_MAX_AGE_SECONDS,
  saveRememberedLogin,
} from './remember-me';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

afterEach(() => {
  clearCookies();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('remember me (4.REM, 3.STO)', () => {
  it('4.REM.01 3.STO.01/02 on: the username and the flag are kept 1 day (86 400 s)', () => {
    const writes: string[] = [];
    let proto: object | null = document;
    let descriptor: PropertyDescriptor | undefined;
    while (proto && !descriptor) {
      descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie');
      proto = Object.getPrototypeOf(proto) as object | null;
    }
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor!.set!.call(document, value);
    });
    saveRememberedLogin({ mode: 'username', username: 'demo' });
    expect(REMEMBER_MAX_AGE_SECONDS).toBe(86_400);
    for (const name of [REMEMBER_COOKIES.flag, REMEMBER_COOKIES.username]) {
      const write = writes.find((w) => w.startsWith(`${name}=`));
      expect(write, name).toBeDefined();
      expect(write).toContain('Max-Age=86400');
    }
  });

  it('security #19 no password is remembered: only the username comes back', () => {
    saveRememberedLogin({ mode: 'username', username: 'demo' });
    expect(readRememberedLogin()).toEqual({ username: 'demo', mobile: null });
    // (an expired cookie stays as an empty value in happy-dom)
    expect(cookies.get(LEGACY_PASSWORD_COOKIE) ?? '').toBe('');
    expect(Object.values(REMEMBER_COOKIES).some((name) => /password/i.test(name))).toBe(false);
  });

  it('security #19 a password remembered by an earlier version is deleted on load, cookie and IndexedDB key store', () => {
    // The test DOM has no IndexedDB: a stand-in records what is deleted.
    const deleteDatabase = vi.fn();
    vi.stubGlobal('indexedDB', { deleteDatabase });
    document.cookie = `${LEGACY_PASSWORD_COOKIE}=v1.AAAA.BBBB; Path=/`;
    document.cookie = `${REMEMBER_COOKIES.flag}=1; Path=/`;
    document.cookie = `${REMEMBER_COOKIES.username}=demo; Path=/`;
    expect(readRememberedLogin()).toEqual({ username: 'demo', mobile: null });
    // (happy-dom keeps an expired cookie as an empty value; Chromium drops it: see the e2e journey)
    expect(cookies.get(LEGACY_PASSWORD_COOKIE) ?? '').toBe('');
    expect(deleteDatabase).toHaveBeenCalledWith(LEGACY_KEY_DATABASE);
  });

  it('3.STO.03 SMS mode keeps the mobile number with its dialling code', () => {
    saveRememberedLogin({ mode: 'sms', mobile: { countryDialingCode: '66', mobileNum: '812345678' } });
    expect(readRememberedLogin()).toEqual({ username: '', mobile: { countryDialingCode: '66', mobileNum: '812345678' } });
  });

  it('4.REM.02 off: every remembered value is cleared', () => {
    saveRememberedLogin({ mode: 'username', username: 'demo' });
    saveRememberedLogin({ mode: 'sms', mobile: { countryDialingCode: '66', mobileNum: '812345678' } });
    clearRememberedLogin();
    for (const name of Object.values(REMEMBER_COOKIES)) expect(cookies.get(name) ?? '', name).toBe('');
    expect(readRememberedLogin()).toBeNull();
  });

  it('4.REM.03 nothing is refilled without the remember flag', () => {
    document.cookie = `${REMEMBER_COOKIES.username}=demo; Path=/`;
    expect(readRememberedLogin()).toBeNull();
  });
});
