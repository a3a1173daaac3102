import type { TEncryptedBody, TEncryptionKey } from './auth';

/**
 * Encrypted payloads of the enc calls (spec 7.CALL.03, docs/enc.md): hybrid encryption with the
 * server's RSA public key.
 *
 *   cek   = 32 random bytes (AES-256 content key, new for every request)
 *   iv    = 12 random bytes
 *   data  = AES-256-GCM(cek, iv, utf8(JSON.stringify(payload)))   (ciphertext || 16-byte tag)
 *   key   = RSA-OAEP(SHA-256, MGF1-SHA-256)(server public key, cek)
 *   body  = { enc: 'v1', kid, key, iv, data }   (binary fields in standard base64)
 *
 * Only WebCrypto (`globalThis.crypto.subtle`) is used, so the web app, the tests and the benchmark
 * share this file unchanged. The server decrypts with node:crypto (apps/server, enc plugin).
 */

export const ENC_VERSION = 'v1' as const;
export const ENC_ALG = 'RSA-OAEP-256+A256GCM' as const;
export const ENC_IV_BYTES = 12;
export const ENC_KEY_BYTES = 32;
export const ENC_TAG_BYTES = 16;

const subtle = () => globalThis.crypto.subtle;
/** WebCrypto's CryptoKey, named without the DOM lib (the contracts compile for Node and browsers). */
export type TCryptoKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new Error('enc: not base64');
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Imports the server's public key (GET /wps/system/encryptionKey) for encryptPayload. */
export async function importEncryptionKey(
  publicKey: TEncryptionKey,
): Promise<{ kid: string; key: TCryptoKey }> {
  if (publicKey.alg !== ENC_ALG) throw new Error(`enc: unsupported algorithm ${String(publicKey.alg)}`);
  const key = await subtle().importKey(
    'spki',
    fromBase64(publicKey.spki) as Uint8Array<ArrayBuffer>,
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  return { kid: publicKey.kid, key };
}

/**
 * Encrypts a call's payload for the server. Accepts the key as fetched from the server, or an
 * already imported one (importEncryptionKey) to save the import on repeated calls.
 */
export async function encryptPayload(
  publicKey: TEncryptionKey | { kid: string; key: TCryptoKey },
  payload: unknown,
): Promise<TEncryptedBody> {
  const imported = 'spki' in publicKey ? await importEncryptionKey(publicKey) : publicKey;
  const cek = globalThis.crypto.getRandomValues(new Uint8Array(ENC_KEY_BYTES));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(ENC_IV_BYTES));
  const aes = await subtle().importKey('raw', cek, { name: 'AES-GCM' }, false, ['encrypt']);
  const plain = new TextEncoder().encode(JSON.stringify(payload));
  const data = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, aes, plain));
  const wrapped = new Uint8Array(await subtle().encrypt({ name: 'RSA-OAEP' }, imported.key, cek));
  cek.fill(0);
  return {
    enc: ENC_VERSION,
    kid: imported.kid,
    key: toBase64(wrapped),
    iv: toBase64(iv),
    data: toBase64(data),
  };
}
