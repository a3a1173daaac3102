/**
 * Customer-service path cipher (spec 3.CS.03, 4.CS.02, decision 3.CS.04).
 *
 * A customer-service link travels to the browser encrypted:
 *
 *   key8   = 8 random characters [A-Za-z0-9]
 *   aesKey = SHA-256(utf8(key8))                       (32 bytes, AES-256)
 *   iv     = 12 random bytes
 *   path   = base64url(iv || AES-256-GCM(plain))  +  key8     (ciphertext includes the 16-byte tag)
 *
 * The last 8 characters are the key, the rest is the ciphertext, as the spec describes. This is
 * obfuscation of a link against casual scraping, not secrecy: the key travels with the data.
 *
 * Only WebCrypto (`globalThis.crypto.subtle`) is used, so the server (Node 20) and the web app share
 * this file unchanged.
 */

const KEY_LENGTH = 8;
const IV_LENGTH = 12;
const TAG_LENGTH = 16;
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Upper bound of an encrypted path we accept to decrypt (matches the contracts' path bound). */
export const CS_PATH_MAX = 4000;

const subtle = () => globalThis.crypto.subtle;

function randomKey8(): string {
  // Rejection sampling keeps the 62-letter alphabet uniform (248 = 4 * 62).
  let out = '';
  while (out.length < KEY_LENGTH) {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
    for (const b of bytes) {
      if (b < 248 && out.length < KEY_LENGTH) out += KEY_ALPHABET[b % 62];
    }
  }
  return out;
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('cs-crypto: not base64url');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  const binary = atob(padded);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

async function importKey(key8: string) {
  const digest = await subtle().digest('SHA-256', new TextEncoder().encode(key8));
  return subtle().importKey('raw', digest, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

/** Encrypts a customer-service link; every call uses a fresh key and iv. */
export async function encryptCsPath(plain: string): Promise<string> {
  const key8 = randomKey8();
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_LENGTH));
  const key = await importKey(key8);
  const sealed = new Uint8Array(
    await subtle().encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plain)),
  );
  const joined = new Uint8Array(iv.length + sealed.length);
  joined.set(iv, 0);
  joined.set(sealed, iv.length);
  return toBase64Url(joined) + key8;
}

/** Decrypts a path made by encryptCsPath; throws on any tampering or malformed input. */
export async function decryptCsPath(path: string): Promise<string> {
  if (typeof path !== 'string' || path.length > CS_PATH_MAX || path.length <= KEY_LENGTH) {
    throw new Error('cs-crypto: malformed path');
  }
  const key8 = path.slice(-KEY_LENGTH);
  if (!/^[A-Za-z0-9]{8}$/.test(key8)) throw new Error('cs-crypto: malformed key');
  const joined = fromBase64Url(path.slice(0, -KEY_LENGTH));
  if (joined.length < IV_LENGTH + TAG_LENGTH) throw new Error('cs-crypto: malformed ciphertext');
  const key = await importKey(key8);
  const plain = await subtle().decrypt(
    { name: 'AES-GCM', iv: joined.slice(0, IV_LENGTH) },
    key,
    joined.slice(IV_LENGTH),
  );
  return new TextDecoder().decode(plain);
}
