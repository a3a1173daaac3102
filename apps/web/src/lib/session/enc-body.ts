import { getEncryptionKey as encryptionKeyEndpoint } from '@lotus/contracts/auth';
import { callEndpoint, type Transport } from '@lotus/contracts/call';
import { encryptPayload, importEncryptionKey, type TCryptoKey } from '@lotus/contracts/enc';

/**
 * The body of an enc call (7.CALL.03, docs/enc.md): the payload hybrid-encrypted for the server's public key
 * (GET /wps/system/encryptionKey, fetched once and cached per page through the api client's transport, which it
 * hands over: this file loads with the first enc call and never imports the client back). The client forgets the
 * key when the server no longer knows it (it rotated: enc_invalid).
 */
type ImportedKey = { kid: string; key: TCryptoKey };

let cachedKey: Promise<ImportedKey> | null = null;

export function getEncryptionKey(transport: Transport): Promise<ImportedKey> {
  if (!cachedKey) {
    const pending = callEndpoint(transport, encryptionKeyEndpoint).then(importEncryptionKey);
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
export async function encryptForServer(payload: unknown, transport: Transport) {
  return encryptPayload(await getEncryptionKey(transport), payload);
}
