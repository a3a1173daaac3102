import i18next from 'i18next';
import type { z } from 'zod';
import { ApiError, callEndpoint, isApiError, type CallOptions, type Transport } from '@lotus/contracts/call';
import type { AnyEndpoint, CallArgs, EndpointOf, EndpointOutput, LazyEndpoint } from '@lotus/contracts/endpoint';
import { isErrorCode, type TErrorCode } from '@lotus/contracts/error-codes';
import { env } from '@/config/env';
import { getToken } from './storage';

/**
 * The one way the web app talks to the platform (architecture: "lib/ api client").
 *
 * - Sends the platform headers: Merchant, Device, Language (the current i18n language) and
 *   Authorization (the session token from sessionStorage 'token', when present).
 * - Unwraps the envelope `{ success, message, value }`; a `success: false` answer becomes an
 *   ApiError carrying the catalogue key from `message` (the UI translates it from errors.json).
 * - Validates `value` with the contract schema when one is given.
 * - A network failure becomes ApiError('network_abnormal') (8.ERR.08).
 */
/** The error of a call (contracts/call.ts): a catalogue key the UI translates, the status and the envelope's hints. */
export { ApiError, isApiError } from '@lotus/contracts/call';

/** The catalogue key of any thrown value ('unknown_error' for anything that is not an ApiError). */
export function getErrorCode(error: unknown): TErrorCode {
  return isApiError(error) ? error.code : 'unknown_error';
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type ApiRequestOptions<S extends z.ZodType | undefined = undefined> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  params?: QueryParams;
  /** JSON body (objects) or a prepared body (FormData, URLSearchParams, string). */
  body?: unknown;
  /** Contract schema of `value`; when given the value is validated and typed by it. */
  schema?: S;
  /**
   * The same, loaded on demand (`() => import('@lotus/contracts/system').then((m) => m.ZWhitelabel)`):
   * calls made during the first load use it so that zod is not part of the blocking scripts. The schema
   * loads in parallel with the request.
   */
  lazySchema?: () => Promise<S>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

export function buildUrl(path: string, params?: QueryParams): string {
  const base = env.apiBaseUrl.replace(/\/$/, '');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  return `${base}${path}${query ? `${path.includes('?') ? '&' : '?'}${query}` : ''}`;
}

/** Current UI language for the Language header. */
function getLanguage(): string {
  return i18next.resolvedLanguage || i18next.language || 'th';
}

export function buildHeaders(extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Merchant: env.merchantCode,
    Device: env.device,
    Language: getLanguage(),
  };
  const token = getToken();
  if (token) headers.Authorization = token;
  return { ...headers, ...extra };
}

function isPreparedBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    (typeof Blob !== 'undefined' && body instanceof Blob)
  );
}

type RawEnvelope = {
  success?: unknown;
  message?: unknown;
  value?: unknown;
  requestId?: unknown;
  fields?: unknown;
  details?: unknown;
};

function readHints(details: unknown): { captchaRequired?: boolean; retryAfterSeconds?: number } | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const { captchaRequired, retryAfterSeconds } = details as Record<string, unknown>;
  const hints: { captchaRequired?: boolean; retryAfterSeconds?: number } = {};
  if (typeof captchaRequired === 'boolean') hints.captchaRequired = captchaRequired;
  if (typeof retryAfterSeconds === 'number') hints.retryAfterSeconds = retryAfterSeconds;
  return Object.keys(hints).length > 0 ? hints : undefined;
}

export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: ApiRequestOptions<S> = {},
): Promise<Result<S>> {
  const { method = 'GET', params, body, signal } = options;
  const schemaPromise = options.schema ? Promise.resolve(options.schema) : options.lazySchema?.();
  const headers = buildHeaders(options.headers);
  let requestBody: BodyInit | undefined;
  if (body !== undefined) {
    if (isPreparedBody(body)) {
      requestBody = body;
    } else {
      requestBody = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, params), { method, headers, body: requestBody, signal });
  } catch (error) {
    // An aborted request (query cancelled, component gone) is not a network failure.
    if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    throw new ApiError('network_abnormal', 0);
  }

  let payload: RawEnvelope | null = null;
  try {
    payload = (await response.json()) as RawEnvelope;
  } catch {
    payload = null;
  }

  if (!payload || typeof payload !== 'object' || payload.success !== true || !response.ok) {
    const message = typeof payload?.message === 'string' ? payload.message : undefined;
    const code: TErrorCode = isErrorCode(message)
      ? message
      : response.status === 0 || response.status === 502 || response.status === 504
        ? 'network_abnormal'
        : 'unknown_error';
    throw new ApiError(code, response.status, {
      requestId: typeof payload?.requestId === 'string' ? payload.requestId : undefined,
      fields:
        payload?.fields && typeof payload.fields === 'object'
          ? (payload.fields as Record<string, string>)
          : undefined,
      serverMessage: message !== undefined && !isErrorCode(message) ? message : undefined,
      hints: readHints(payload?.details),
    });
  }

  const schema = schemaPromise ? await schemaPromise : undefined;
  if (!schema) return payload.value as Result<S>;
  const parsed = schema.safeParse(payload.value);
  if (!parsed.success) {
    if (import.meta.env.DEV) console.error(`[api] ${path}: answer does not match its contract`, parsed.error);
    throw new ApiError('unknown_error', response.status);
  }
  return parsed.data as Result<S>;
}

const isEncEndpoint = (endpoint: AnyEndpoint | LazyEndpoint<AnyEndpoint>): boolean => 'enc' in endpoint && endpoint.enc === true;

/**
 * The browser's transport (contracts/call.ts): the platform headers, and for an enc endpoint the body
 * encrypted for the server's key (the enc code loads with the first enc call: docs/enc.md).
 */
const fetchTransport: Transport = async (request) => {
  const headers = buildHeaders();
  let body = request.body;
  if (body !== undefined && isEncEndpoint(request.endpoint)) {
    const { encryptForServer } = await import('./session/enc-body');
    body = JSON.stringify(await encryptForServer(request.payload));
  }
  if (body !== undefined) headers['Content-Type'] = request.contentType ?? 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(request.url), { method: request.method, headers, body, signal: request.signal });
  } catch (error) {
    // An aborted request (query cancelled, component gone) is not a network failure.
    if (request.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    throw new ApiError('network_abnormal', 0);
  }
  const json: unknown = await response.json().catch(() => null);
  return { status: response.status, json };
};

/**
 * One call of an endpoint: `api.call(getDownlines, { query: { search } }, { signal })`. An enc call whose key the
 * server no longer knows (it rotated: enc_invalid) fetches the key again and is sent once more.
 */
async function call<C extends AnyEndpoint | LazyEndpoint<AnyEndpoint>>(
  endpoint: C,
  ...args: CallArgs<EndpointOf<C>, CallOptions>
): Promise<EndpointOutput<EndpointOf<C>>> {
  const enc = isEncEndpoint(endpoint);
  try {
    return await callEndpoint(fetchTransport, endpoint, ...args);
  } catch (error) {
    if (enc && isApiError(error) && (error.code === 'enc_invalid' || error.code === 'enc_required')) {
      const { resetEncryptionKey } = await import('./session/enc-body');
      resetEncryptionKey();
      return callEndpoint(fetchTransport, endpoint, ...args);
    }
    throw error;
  }
}

/** Shorthands. `api.get('/wps/system/status', { schema: ZSystemStatus })`. */
export const api = {
  call,
  get: <S extends z.ZodType | undefined = undefined>(path: string, options?: Omit<ApiRequestOptions<S>, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'GET' }),
  post: <S extends z.ZodType | undefined = undefined>(path: string, body?: unknown, options?: Omit<ApiRequestOptions<S>, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'POST', body }),
  put: <S extends z.ZodType | undefined = undefined>(path: string, body?: unknown, options?: Omit<ApiRequestOptions<S>, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'PUT', body }),
  delete: <S extends z.ZodType | undefined = undefined>(path: string, options?: Omit<ApiRequestOptions<S>, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'DELETE' }),
};

/** GET /wps/relay/<NAME>?<params> (7.RELAY: relay calls are GET with the data as parameters). */
export function relay<S extends z.ZodType | undefined = undefined>(
  name: string,
  options?: Omit<ApiRequestOptions<S>, 'method' | 'body'>,
) {
  return apiRequest(`/wps/relay/${name}`, { ...options, method: 'GET' });
}
