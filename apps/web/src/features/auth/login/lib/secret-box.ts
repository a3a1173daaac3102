/**
 * A small sealed box for the remembered password (decision 3.STO.04, docs/adr): the password is
 * encrypted with AES-256-GCM under a key that is generated in the browser as a NON-extractable
 * WebCrypto CryptoKey and kept in IndexedDB. The cookie only ever holds the ciphertext, so the
 * cookie alone (sent to the server, read by a proxy, copied off the disk) is useless, and script
 * on the page cannot export the key either — it can only ask the browser to decrypt.
 *
 * Where IndexedDB or WebCrypto is missing (very old browsers, some private modes) nothing is
 * sealed: sealText resolves null and the password is simply not remembered.
 */

/** Where the key lives. The default is IndexedDB; tests pass an in-memory store. */
export type KeyStore = {
  load(): Promise<CryptoKey | null>;
  save(key: CryptoKey): Promise<void>;
  remove(): Promise<void>;
};

const DB_NAME = 'lotus-secrets';
const STORE_NAME = 'keys';
const KEY_ID = 'remember-me';
const VERSION = 'v1';
/** Binds the ciphertext to its purpose (AES-GCM additional data). */
const AAD = new TextEncoder().encode('lotus:remember-password:v1');

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('indexedDB request failed'));
  });
}

function openDb(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB_NAME, 1);
  req.onupgradeneeded = () => {
    if (!req.result.objectStoreNames.contains(STORE_NAME)) req.result.createObjectStore(STORE_NAME);
  };
  return request(req);
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await request(run(db.transaction(STORE_NAME, mode).objectStore(STORE_NAME)));
  } finally {
    db.close();
  }
}

/** The IndexedDB key store, or null where IndexedDB is not available. */
export function createIndexedDbKeyStore(): KeyStore | null {
  if (typeof indexedDB === 'undefined' || !indexedDB) return null;
  return {
    async load() {
      const value = await withStore<unknown>('readonly', (s) => s.get(KEY_ID));
      return value instanceof CryptoKey ? value : null;
    },
    async save(key) {
      await withStore('readwrite', (s) => s.put(key, KEY_ID));
    },
    async remove() {
      await withStore('readwrite', (s) => s.delete(KEY_ID));
    },
  };
}

let defaultStore: KeyStore | null | undefined;
export function getDefaultKeyStore(): KeyStore | null {
  if (defaultStore === undefined) defaultStore = createIndexedDbKeyStore();
  return defaultStore;
}

const subtle = (): SubtleCrypto | null => globalThis.crypto?.subtle ?? null;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

async function getOrCreateKey(store: KeyStore): Promise<CryptoKey> {
  const existing = await store.load();
  if (existing) return existing;
  const crypto = subtle();
  if (!crypto) throw new Error('WebCrypto unavailable');
  // extractable: false — the raw key can never be read back, only used.
  const key = await crypto.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await store.save(key);
  return key;
}

/** Seals a text: "v1.<iv>.<ciphertext+tag>" (base64), or null when it cannot be sealed here. */
export async function sealText(text: string, store: KeyStore | null = getDefaultKeyStore()): Promise<string | null> {
  const crypto = subtle();
  if (!store || !crypto) return null;
  try {
    const key = await getOrCreateKey(store);
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
    const data = new Uint8Array(
      await crypto.encrypt({ name: 'AES-GCM', iv, additionalData: AAD }, key, new TextEncoder().encode(text)),
    );
    return `${VERSION}.${toBase64(iv)}.${toBase64(data)}`;
  } catch {
    return null;
  }
}

/** Opens a sealed text; null when it is malformed, sealed under another key, or the key is gone. */
export async function openText(sealed: string, store: KeyStore | null = getDefaultKeyStore()): Promise<string | null> {
  const crypto = subtle();
  if (!store || !crypto) return null;
  const [version, iv, data] = sealed.split('.');
  if (version !== VERSION || !iv || !data) return null;
  try {
    const key = await store.load();
    if (!key) return null;
    const plain = await crypto.decrypt({ name: 'AES-GCM', iv: fromBase64(iv), additionalData: AAD }, key, fromBase64(data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** Destroys the key: every text sealed under it becomes unreadable. */
export async function forgetKey(store: KeyStore | null = getDefaultKeyStore()): Promise<void> {
  if (!store) return;
  try {
    await store.remove();
  } catch {
    // nothing stored
  }
}
