import { getEncryptionKey as encryptionKeyEndpoint } from '@lotus/contracts/auth';
import { encryptPayload, importEncryptionKey, type TCryptoKey } from '@lotus/contracts/enc';
import { api } from '@/lib/api-client';

/**
 * The body of an enc call (7.CALL.03, docs/enc.md): the payload hybrid-encrypted for the server's public key
 * (GET /wps/system/encryptionKey, fetched once and cached per page). The api client encrypts every endpoint
 * marked `enc` with it, and forgets the key when the server no longer knows it (it rotated: enc_invalid).
 */
type ImportedKey = { kid: string; key: TCryptoKey };

let cachedKey: Promise<ImportedKey> | null = null;

export function getEncryptionKey(): Promise<ImportedKey> {
  if (!cachedKey) {
    const pending = api.call(encryptionKeyEndpoint).then(importEncryptionKey);
    pending.catch(() => {
      if (cachedKey === pending) cachedKey = null;
    });
    cachedKey = pending;
  }
  return cachedKey;
}

/** Forgets the cached public key (tests; a rotated key). */
export function resetEncryptionKey(): void {
  cachedKey = null;
}

/** The encrypted body (a ZEncryptedBody) of an enc call's payload. */
export async function encryptForServer(payload: unknown) {
  return encryptPayload(await getEncryptionKey(), payload);
}
