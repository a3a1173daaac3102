import i18next from 'i18next';
import { ApiError, callEndpoint, isApiError, type CallAnswer, type CallOptions, type Transport } from '@lotus/contracts/call';
import type { AnyEndpoint, CallArgs, EndpointOf, EndpointOutput, LazyEndpoint } from '@lotus/contracts/endpoint';
import type { TErrorCode } from '@lotus/contracts/error-codes';
import { env } from '@/config/env';
import { getToken } from './storage';

/**
 * The one way the web app talks to the platform (architecture: "lib/ api client"): `api.call(endpoint, input)`
 * with an endpoint of the contracts (contracts/call.ts does the rest).
 *
 * - Sends the platform headers: Merchant, Device, Language (the current i18n language) and
 *   Authorization (the session token from sessionStorage 'token', when present).
 * - Unwraps the envelope `{ success, message, value }`; a `success: false` answer becomes an
 *   ApiError carrying the catalogue key from `message` (the UI translates it from errors.json).
 * - Parses `value` with the endpoint's response schema (a first-load call's schema loads with its answer).
 * - A network failure becomes ApiError('network_abnormal') (8.ERR.08).
 */
/** The error of a call (contracts/call.ts): a catalogue key the UI translates, the status and the envelope's hints. */
export { ApiError, isApiError } from '@lotus/contracts/call';

/** The catalogue key of any thrown value ('unknown_error' for anything that is not an ApiError). */
export function getErrorCode(error: unknown): TErrorCode {
  return isApiError(error) ? error.code : 'unknown_error';
}

/** The full URL of a path and query the platform serves (env.apiBaseUrl, empty: same origin). */
export function buildUrl(pathAndQuery: string): string {
  return `${env.apiBaseUrl.replace(/\/$/, '')}${pathAndQuery}`;
}

/** Current UI language for the Language header. */
function getLanguage(): string {
  return i18next.resolvedLanguage || i18next.language || 'th';
}

/** The platform headers of every call: Merchant, Device, Language and, with a session, Authorization. */
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

/**
 * Answers of GETs sent as a page starts, before the code that asks for them has run (ADR 0079: a
 * prerendered member frame asks the member info and the balance while its code loads, not after it has
 * hydrated). Each is taken once, by the first call of the same path with the same session and language;
 * one nobody takes within a few seconds is dropped (a later call asks the server again).
 */
const earlyAnswers = new Map<string, Promise<CallAnswer>>();
const EARLY_ANSWER_MS = 10_000;
const earlyKey = (url: string, headers: Record<string, string>) => `${url} ${headers.Authorization ?? ''} ${headers.Language ?? ''}`;

function takeEarlyAnswer(key: string): Promise<CallAnswer> | undefined {
  const answer = earlyAnswers.get(key);
  earlyAnswers.delete(key);
  return answer;
}

/**
 * Sends the GETs of `urls` (paths the platform serves, with their query) now; the first call of each takes
 * its answer. `language`: the Language header, when the texts have not settled it yet.
 */
export function sendEarly(urls: readonly string[], { language }: { language?: string } = {}): void {
  const headers = buildHeaders(language ? { Language: language } : undefined);
  for (const url of urls) {
    const key = earlyKey(url, headers);
    const answer = fetch(buildUrl(url), { method: 'GET', headers }).then(async (response): Promise<CallAnswer> => ({
      status: response.status,
      json: await response.json().catch(() => null),
    }));
    answer.catch(() => undefined);
    earlyAnswers.set(key, answer);
    setTimeout(() => {
      if (earlyAnswers.get(key) === answer) earlyAnswers.delete(key);
    }, EARLY_ANSWER_MS);
  }
}

const isEncEndpoint = (endpoint: AnyEndpoint | LazyEndpoint<AnyEndpoint>): boolean => 'enc' in endpoint && endpoint.enc === true;

/**
 * The browser's transport (contracts/call.ts): the platform headers, and for an enc endpoint the body
 * encrypted for the server's key (the enc code loads with the first enc call: docs/enc.md).
 */
const fetchTransport: Transport = async (request) => {
  const headers = buildHeaders();
  if (request.method === 'GET' && request.body === undefined) {
    const early = takeEarlyAnswer(earlyKey(request.url, headers));
    if (early) {
      const answer = await early.catch(() => null);
      // A failed early request is sent again, as if there had been none.
      if (answer) return answer;
    }
  }
  let body = request.body;
  if (body !== undefined && isEncEndpoint(request.endpoint)) {
    const { encryptForServer } = await import('./session/enc-body');
    body = JSON.stringify(await encryptForServer(request.payload, fetchTransport));
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

/** `api.call(endpoint, input, options)`: every call of the web app. */
export const api = { call };
