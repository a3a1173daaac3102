import { ApiError, bindTransport, type Transport } from '@lotus/contracts/call';
import { envelope, ZErrorEnvelope } from '@lotus/contracts/envelope';
import { isErrorCode, type TErrorCode } from '@lotus/contracts/errors';
import { OPS_CONSOLE_CSRF_HEADER } from '@lotus/contracts/ops-console';
import type { z } from 'zod';

/** An error answer of the operator API (contracts/call.ts): its catalogue key (translated by the page), status and hints. */
export { ApiError } from '@lotus/contracts/call';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of the operator API (/ops/*) with the console's session cookie. Mutating calls carry the
 * console header (the server's CSRF check, docs/adr/0043). The answer is checked against the
 * shared contract; anything else is an ApiError with a catalogue key.
 */
export async function opsCall<T extends z.ZodType>(
  schema: T,
  method: Method,
  path: string,
  body?: unknown,
): Promise<z.infer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers[OPS_CONSOLE_CSRF_HEADER] = '1';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError('network_abnormal', 0);
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = ZErrorEnvelope.safeParse(json);
    if (parsed.success) {
      throw new ApiError(parsed.data.message, res.status, { fields: parsed.data.fields, hints: parsed.data.details });
    }
    throw new ApiError(res.status === 401 ? 'unauthorized' : 'unknown_error', res.status);
  }
  const parsed = envelope(schema).safeParse(json);
  if (!parsed.success) throw new ApiError('unknown_error', res.status);
  return (parsed.data as { value: z.infer<T> }).value;
}

/**
 * The console's transport (contracts/call.ts): the session cookie goes with every call, and every mutating call
 * carries the console header (the server's CSRF check, docs/adr/0043).
 */
const consoleTransport: Transport = async (request) => {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.contentType) headers['content-type'] = request.contentType;
  if (request.method !== 'GET') headers[OPS_CONSOLE_CSRF_HEADER] = '1';
  let res: Response;
  try {
    res = await fetch(request.url, { method: request.method, credentials: 'same-origin', headers, body: request.body, signal: request.signal });
  } catch {
    throw new ApiError('network_abnormal', 0);
  }
  return { status: res.status, json: await res.json().catch(() => null) };
};

/** One call of an operator endpoint: `opsApi.call(approveDeposit, { params: { id }, body: { note } })`. */
export const opsApi = { call: bindTransport(consoleTransport) };

/** The catalogue key of any thrown value (for the error text). */
export const errorCodeOf = (error: unknown): TErrorCode =>
  error instanceof ApiError ? error.code : error instanceof Error && isErrorCode(error.message) ? error.message : 'unknown_error';

/** Query string of the defined values. */
export const queryString = (params: Record<string, string | number | undefined | null>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : '';
};
