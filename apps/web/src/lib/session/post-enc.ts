import type { z } from 'zod';
import { apiRequest, isApiError } from '@/lib/api-client';
import { encryptForServer, resetEncryptionKey } from './enc-body';

/**
 * Calls of the enc kind (7.CALL.03, docs/enc.md): the payload is hybrid-encrypted for the server's
 * public key (GET /wps/system/encryptionKey, fetched once and cached per page) and sent as a
 * ZEncryptedBody through the api client. When the server no longer knows the key (it rotated:
 * enc_invalid) the key is fetched again and the call retried once.
 */
export { getEncryptionKey, resetEncryptionKey } from './enc-body';

export type EncMethod = 'POST' | 'PUT' | 'DELETE';

export async function postEnc<S extends z.ZodType>(
  path: string,
  payload: unknown,
  schema: S,
  method: EncMethod = 'POST',
): Promise<z.output<S>> {
  const send = async () => {
    const body = await encryptForServer(payload);
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
