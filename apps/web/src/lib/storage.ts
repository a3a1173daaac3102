/**
 * Thin, failure-proof wrappers over localStorage, sessionStorage and cookies (3.STO).
 * Browsers can throw on storage access (private mode, disabled storage, quota); the site must keep
 * working then, so every call is guarded and falls back to "nothing stored".
 */

/** Every storage key the site uses, in one place. */
export const STORAGE_KEYS = {
  /** Session token (sessionStorage, 3.ENT.04). */
  token: 'token',
  /** Agent level of the session (sessionStorage, 3.ENT.04). */
  isAgent: 'isAgent',
  /** Active UI language (localStorage, decision 1.I18N.05). */
  lang: 'lang',
  /** The user's own last explicit language choice (localStorage, decision 1.I18N.05). */
  hisLang: 'hisLang',
  /** 'light' | 'dark' (localStorage, 1.I18N.07). */
  theme: 'theme',
} as const;

type WebStorageName = 'localStorage' | 'sessionStorage';

function getStore(name: WebStorageName): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null;
  }
}

export type KeyValueStorage = {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
};

function createWebStorage(name: WebStorageName): KeyValueStorage {
  return {
    get(key) {
      try {
        return getStore(name)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        getStore(name)?.setItem(key, value);
      } catch {
        // storage full or disabled: the value simply is not kept
      }
    },
    remove(key) {
      try {
        getStore(name)?.removeItem(key);
      } catch {
        // ignore
      }
    },
  };
}

export const local = createWebStorage('localStorage');
export const session = createWebStorage('sessionStorage');

export type CookieOptions = {
  /** Lifetime in seconds (Max-Age). Omit for a session cookie. */
  maxAgeSeconds?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
};

/** One day in milliseconds: how long remembered login values are kept (3.STO, 9: 86400000 ms). */
export const ONE_DAY_MS = 86_400_000;

export const cookies = {
  get(name: string): string | null {
    if (typeof document === 'undefined') return null;
    const prefix = `${encodeURIComponent(name)}=`;
    for (const part of document.cookie.split(';')) {
      const item = part.trim();
      if (item.startsWith(prefix)) {
        try {
          return decodeURIComponent(item.slice(prefix.length));
        } catch {
          return null;
        }
      }
    }
    return null;
  },
  set(name: string, value: string, options: CookieOptions = {}): void {
    if (typeof document === 'undefined') return;
    const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
    if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAgeSeconds)}`);
    parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
    if (options.sameSite === 'None' || location.protocol === 'https:') parts.push('Secure');
    document.cookie = parts.join('; ');
  },
  remove(name: string, path = '/'): void {
    if (typeof document === 'undefined') return;
    document.cookie = `${encodeURIComponent(name)}=; Path=${path}; Max-Age=0`;
  },
};

/** The session token, when the visitor is logged in (sessionStorage 'token'). */
export function getToken(): string | null {
  const token = session.get(STORAGE_KEYS.token);
  return token && token.trim() !== '' ? token : null;
}

export function hasToken(): boolean {
  return getToken() !== null;
}
