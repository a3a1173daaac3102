import { ApiError, bindTransport, type Transport } from '@lotus/contracts/call';
import { isErrorCode, type TErrorCode } from '@lotus/contracts/errors';
import { OPS_CONSOLE_CSRF_HEADER } from '@lotus/contracts/ops-console';

/** An error answer of the operator API (contracts/call.ts): its catalogue key (translated by the page), status and hints. */
export { ApiError } from '@lotus/contracts/call';

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
