// Zod-free at run time on purpose: the web app's first load calls through it before zod has loaded.
import { isErrorCode, type TErrorCode } from './error-codes';
import {
  isLazyEndpoint,
  type AnyEndpoint,
  type EndpointInput,
  type EndpointOf,
  type EndpointOutput,
  type HttpMethod,
  type CallArgs,
  type LazyEndpoint,
} from './endpoint';

/** The envelope's machine-readable hints (ZErrorEnvelope.details). */
export type ApiErrorHints = { captchaRequired?: boolean; retryAfterSeconds?: number; outstanding?: string };

/**
 * A call that did not succeed: the catalogue key the answer named (translated by the client), the HTTP
 * status (0: the request never reached the server) and what else the error envelope said.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** Error catalogue key (contracts/error-codes.ts); the web translates it with t(`errors:${code}`). */
    readonly code: TErrorCode,
    /** HTTP status, 0 when the request never reached the server. */
    readonly status: number,
    readonly details: {
      requestId?: string | undefined;
      /** Per-field catalogue keys of a refused input, by field path. */
      fields?: Record<string, string> | undefined;
      /** The raw `message` when the server sent a key the catalogue does not know. */
      serverMessage?: string | undefined;
      hints?: ApiErrorHints | undefined;
    } = {},
  ) {
    super(code);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** What a transport is asked to send. */
export type CallRequest = {
  readonly endpoint: AnyEndpoint | LazyEndpoint<AnyEndpoint>;
  readonly method: HttpMethod;
  /** Path and query string (no origin: the transport knows where the server is). */
  readonly url: string;
  /** The body before encoding (an enc transport encrypts this), undefined without a body. */
  readonly payload: unknown;
  /** The body encoded as the endpoint says, and its content type. */
  readonly body: string | undefined;
  readonly contentType: string | undefined;
  readonly signal?: AbortSignal | undefined;
};

/** What came back: the status and the body parsed as JSON (null when it was not JSON). */
export type CallAnswer = { readonly status: number; readonly json: unknown };

/**
 * How a client reaches the server: `fetch` in the browsers, HTTP or `app.inject` in the command line,
 * `app.inject` in the tests. It adds what its client adds (headers, credentials, encryption).
 */
export type Transport = (request: CallRequest) => Promise<CallAnswer>;

export type CallOptions = { signal?: AbortSignal | undefined };

/** A path with its `:name` segments filled from `params` (each value URL-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new TypeError(`${path}: no value for path parameter ${name}`);
    return encodeURIComponent(String(value as string | number));
  });
}

/** A query string of the defined values (`?a=1&b=x`, '' when none); arrays repeat their key. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) search.append(key, String(item as string | number));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of an endpoint for these params and query (a file's address, a page to open), without the origin. */
export function endpointUrl(
  endpoint: Pick<AnyEndpoint, 'path'>,
  input: { params?: Record<string, unknown> | undefined; query?: Record<string, unknown> | undefined } = {},
): string {
  return `${fillPath(endpoint.path, input.params)}${queryString(input.query)}`;
}

/** The request a call makes, before a transport sends it. */
export function buildCallRequest(
  endpoint: AnyEndpoint | LazyEndpoint<AnyEndpoint>,
  input: { params?: unknown; query?: unknown; body?: unknown } | undefined,
  signal?: AbortSignal,
): CallRequest {
  const url = endpointUrl(endpoint, input as { params?: Record<string, unknown>; query?: Record<string, unknown> } | undefined);
  const payload = input?.body;
  const form = !isLazyEndpoint(endpoint) && endpoint.bodyType === 'form';
  let body: string | undefined;
  let contentType: string | undefined;
  if (payload !== undefined) {
    if (form) {
      body = new URLSearchParams(payload as Record<string, string>).toString();
      contentType = 'application/x-www-form-urlencoded';
    } else {
      body = JSON.stringify(payload);
      contentType = 'application/json';
    }
  }
  return { endpoint, method: endpoint.method, url, payload, body, contentType, signal };
}

type RawEnvelope = { success?: unknown; message?: unknown; value?: unknown; requestId?: unknown; fields?: unknown; details?: unknown };

function readHints(details: unknown): ApiErrorHints | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const { captchaRequired, retryAfterSeconds, outstanding } = details as Record<string, unknown>;
  const hints: ApiErrorHints = {};
  if (typeof captchaRequired === 'boolean') hints.captchaRequired = captchaRequired;
  if (typeof retryAfterSeconds === 'number') hints.retryAfterSeconds = retryAfterSeconds;
  if (typeof outstanding === 'string') hints.outstanding = outstanding;
  return Object.keys(hints).length > 0 ? hints : undefined;
}

/** The error an answer that is not a success stands for. */
export function errorOf(answer: CallAnswer): ApiError {
  const envelope = (answer.json && typeof answer.json === 'object' ? answer.json : null) as RawEnvelope | null;
  const message = typeof envelope?.message === 'string' ? envelope.message : undefined;
  const code: TErrorCode = isErrorCode(message)
    ? message
    : answer.status === 0 || answer.status === 502 || answer.status === 504
      ? 'network_abnormal'
      : answer.status === 401
        ? 'unauthorized'
        : 'unknown_error';
  return new ApiError(code, answer.status, {
    requestId: typeof envelope?.requestId === 'string' ? envelope.requestId : undefined,
    fields: envelope?.fields && typeof envelope.fields === 'object' ? (envelope.fields as Record<string, string>) : undefined,
    serverMessage: message !== undefined && !isErrorCode(message) ? message : undefined,
    hints: readHints(envelope?.details),
  });
}

/**
 * The value of an answer, checked against the endpoint's response schema: the envelope's `value` (an answer
 * that is not a success throws its ApiError), or with `plain` the whole answer. An answer that does not
 * match its contract is `unknown_error`: nothing unchecked reaches the caller.
 */
export function readAnswer<E extends AnyEndpoint>(endpoint: E, answer: CallAnswer): EndpointOutput<E> {
  if (!endpoint.response) throw new TypeError(`${endpoint.method} ${endpoint.path} answers a file: open its URL (endpointUrl)`);
  let value: unknown;
  if (endpoint.plain) {
    if (answer.status >= 400) {
      const refusal = endpoint.plain.refusal.safeParse(answer.json);
      throw new ApiError('unknown_error', answer.status, {
        serverMessage: refusal.success ? JSON.stringify(refusal.data) : undefined,
      });
    }
    value = answer.json;
  } else {
    const envelope = answer.json as RawEnvelope | null;
    if (!envelope || typeof envelope !== 'object' || envelope.success !== true || answer.status < 200 || answer.status >= 300) {
      throw errorOf(answer);
    }
    value = envelope.value;
  }
  const parsed = endpoint.response.safeParse(value);
  if (!parsed.success) throw new ApiError('unknown_error', answer.status, { serverMessage: `${endpoint.method} ${endpoint.path}: answer does not match its contract` });
  return parsed.data as EndpointOutput<E>;
}

/**
 * One call of an endpoint: builds the URL from `params` and `query`, encodes the body, sends it through the
 * transport and returns the answer's value parsed by the response schema (or throws an ApiError). A lazy
 * endpoint (a first-load call) is sent from its head while its schemas load.
 */
export async function callEndpoint<C extends AnyEndpoint | LazyEndpoint<AnyEndpoint>>(
  transport: Transport,
  endpoint: C,
  ...args: CallArgs<EndpointOf<C>, CallOptions>
): Promise<EndpointOutput<EndpointOf<C>>> {
  const [input, options] = args as [EndpointInput<AnyEndpoint> | undefined, CallOptions | undefined];
  const full = isLazyEndpoint(endpoint) ? endpoint.load() : null;
  const request = buildCallRequest(endpoint, input, options?.signal);
  const answer = await transport(request);
  const definition = full ? await full : (endpoint as AnyEndpoint);
  if (definition.method !== endpoint.method || definition.path !== endpoint.path) {
    throw new TypeError(`${endpoint.method} ${endpoint.path}: its lazy definition is ${definition.method} ${definition.path}`);
  }
  return readAnswer(definition, answer) as EndpointOutput<EndpointOf<C>>;
}

/** `callEndpoint` bound to one transport: what a client exports as its `call`. */
export function bindTransport(transport: Transport) {
  return <C extends AnyEndpoint | LazyEndpoint<AnyEndpoint>>(
    endpoint: C,
    ...args: CallArgs<EndpointOf<C>, CallOptions>
  ): Promise<EndpointOutput<EndpointOf<C>>> => callEndpoint(transport, endpoint, ...args);
}
