import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookies } from '@/lib/storage';
import { clearRememberedLogin, readRememberedLogin, REMEMBER_COOKIES, REMEMBER_MAX_AGE_SECONDS, saveRememberedLogin } from './remember-me';
import { openText, sealText, type KeyStore } from './secret-box';

/** An in-memory key store (the browser keeps the key in IndexedDB). */
function memoryStore(): KeyStore & { key: CryptoKey | null } {
  const store = {
    key: null as CryptoKey | null,
    load: async () => store.key,
    save: async (k: CryptoKey) => void (store.key = k),
    remove: async () => void (store.key = null),
  };
  return store;
}

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

afterEach(() => clearCookies());

describe('remember me (4.REM, 3.STO)', () => {
  it('4.REM.01 3.STO.01/02 on: the username, the password and the flag are kept 1 day (86 400 s)', async () => {
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
    await saveRememberedLogin({ mode: 'username', username: 'demo', password: 'Demo1234' }, memoryStore());
    expect(REMEMBER_MAX_AGE_SECONDS).toBe(86_400);
    for (const name of [REMEMBER_COOKIES.flag, REMEMBER_COOKIES.username, REMEMBER_COOKIES.password]) {
      const write = writes.find((w) => w.startsWith(`${name}=`));
      expect(write, name).toBeDefined();
      expect(write).toContain('Max-Age=86400');
    }
  });

  it('3.STO.04 decision: the password cookie holds only a ciphertext under a non-extractable key', async () => {
    const store = memoryStore();
    await saveRememberedLogin({ mode: 'username', username: 'demo', password: 'Demo1234' }, store);
    expect(document.cookie).not.toContain('Demo1234');
    expect(store.key?.extractable).toBe(false);
    const remembered = await readRememberedLogin(store);
    expect(remembered).toEqual({ username: 'demo', password: 'Demo1234', mobile: null });
    // Without the key (another browser, or after clearing) the cookie is useless.
    expect(await readRememberedLogin(memoryStore())).toEqual({ username: 'demo', password: '', mobile: null });
  });

  it('3.STO.03 SMS mode keeps the mobile number with its dialling code', async () => {
    const store = memoryStore();
    await saveRememberedLogin({ mode: 'sms', mobile: { countryDialingCode: '66', mobileNum: '812345678' } }, store);
    expect(await readRememberedLogin(store)).toEqual({ username: '', password: '', mobile: { countryDialingCode: '66', mobileNum: '812345678' } });
  });

  it('4.REM.02 off: every remembered value is cleared and the key destroyed', async () => {
    const store = memoryStore();
    await saveRememberedLogin({ mode: 'username', username: 'demo', password: 'Demo1234' }, store);
    await saveRememberedLogin({ mode: 'sms', mobile: { countryDialingCode: '66', mobileNum: '812345678' } }, store);
    const sealed = decodeURIComponent(document.cookie.match(/rememberPassword=([^;]+)/)![1]!);
    await clearRememberedLogin(store);
    // (happy-dom keeps an expired cookie as an empty value; Chromium drops it: see the e2e journey)
    for (const name of Object.values(REMEMBER_COOKIES)) expect(cookies.get(name) ?? '', name).toBe('');
    expect(store.key).toBeNull();
    expect(await readRememberedLogin(store)).toBeNull();
    expect(await openText(sealed, store)).toBeNull();
  });

  it('4.REM.03 nothing is refilled without the remember flag', async () => {
    document.cookie = `${REMEMBER_COOKIES.username}=demo; Path=/`;
    expect(await readRememberedLogin(memoryStore())).toBeNull();
  });

  it('3.STO.04 a sealed text opens only with its key and is never the plain text', async () => {
    const store = memoryStore();
    const sealed = await sealText('secret', store);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain('secret');
    expect(await openText(sealed!, store)).toBe('secret');
    expect(await openText(`${sealed!.slice(0, -4)}AAA=`, store)).toBeNull();
    expect(await sealText('x', null)).toBeNull();
  });
});
