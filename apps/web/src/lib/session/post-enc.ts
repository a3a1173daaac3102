import type { z } from 'zod';
import { ZEncryptionKey } from '@lotus/contracts/auth';
import { encryptPayload, importEncryptionKey, type TCryptoKey } from '@lotus/contracts/enc';
import { api, apiRequest, isApiError } from '@/lib/api-client';

/**
 * Calls of the enc kind (7.CALL.03, docs/enc.md): the payload is hybrid-encrypted for the server's
 * public key (GET /wps/system/encryptionKey, fetched once and cached per page) and sent as a
 * ZEncryptedBody through the api client. When the server no longer knows the key (it rotated:
 * enc_invalid) the key is fetched again and the call retried once.
 */
type ImportedKey = { kid: string; key: TCryptoKey };

let cachedKey: Promise<ImportedKey> | null = null;

export function getEncryptionKey(): Promise<ImportedKey> {
  if (!cachedKey) {
    const pending = api.get('/wps/system/encryptionKey', { schema: ZEncryptionKey }).then(importEncryptionKey);
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

export type EncMethod = 'POST' | 'PUT' | 'DELETE';

export async function postEnc<S extends z.ZodType>(
  path: string,
  payload: unknown,
  schema: S,
  method: EncMethod = 'POST',
): Promise<z.output<S>> {
  const send = async () => {
    const body = await encryptPayload(await getEncryptionKey(), payload);
    return apiRequest(path, { method, body, schema }) as Promise<z.output<S>>;
  };
  try {
    return await send();
  } catch (error) {
    if (isApiError(error) && (error.code === 'enc_invalid' || error.code === 'enc_required')) {
      resetEncryptionKey();
      return send();
    }
    throw error;
  }
}
