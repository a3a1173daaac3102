// Zod-free at run time on purpose (types only): the web app's first load imports it without pulling zod in.
import type { z } from 'zod';
import type { TOpsPermission } from './ops-permissions';

/**
 * Every call of the platform as data (docs/ARCHITECTURE.md "Endpoints"): its method, path, schemas, who may
 * call it and how its body and answer travel, defined once next to its schemas. The server registers its
 * handler from it (`route(app, endpoint, options, handler)`), and the web, the console, the command line
 * and the tests call it with `callEndpoint(transport, endpoint, input)` (contracts/call.ts).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** An operator call: the permission the caller's role must allow and, for changes, the audit action. */
export type OperatorAuth = { readonly operator: TOpsPermission; readonly audit?: string };

/**
 * Who may call an endpoint:
 * - `public`: anybody (rate limits and bot challenges are the route's options);
 * - `member`: a signed-in member, trial accounts included (401 otherwise);
 * - `real-member`: a signed-in member with a real-money account (trial: 403 in_need_true_account);
 * - `agent`: a real-money member who is an agent (isAgent != 0; other members 403 error_not_agent);
 * - `vendor`: a game vendor, by the signature of the vendor protocol (checked by the protocol's service);
 * - `console-sign-in`: the operator console's sign-in steps, before any credential exists;
 * - `{ operator, audit? }`: an operator whose role allows `operator`; `audit` names the audit row of a change.
 */
export type EndpointAuth = 'public' | 'member' | 'real-member' | 'agent' | 'vendor' | 'console-sign-in' | OperatorAuth;

export const operator = (permission: TOpsPermission, audit?: string): OperatorAuth =>
  audit === undefined ? { operator: permission } : { operator: permission, audit };

export const isOperatorAuth = (auth: EndpointAuth): auth is OperatorAuth => typeof auth === 'object';

/** What every definition says. */
type EndpointBase = {
  readonly method: HttpMethod;
  /** The path, with `:name` for each path parameter (named by `params`). */
  readonly path: string;
  /** The OpenAPI tag (the area of the API). */
  readonly tag: string;
  /** One line for the OpenAPI document: what the call does and the spec items it serves. */
  readonly summary: string;
  readonly auth: EndpointAuth;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The body travels encrypted for the server's key (7.CALL.03, docs/enc.md). */
  readonly enc?: boolean;
  /** How the body is encoded: JSON (default) or an HTML form (`application/x-www-form-urlencoded`). */
  readonly bodyType?: 'json' | 'form';
  /**
   * The answer is the protocol's own JSON, not the platform envelope (the vendor protocol): `response` is the
   * 200 answer and `refusal` the 4xx answer.
   */
  readonly plain?: { readonly refusal: z.ZodType };
  /** Left out of the OpenAPI document. */
  readonly hidden?: boolean;
};

/**
 * A definition: a JSON answer (`response`: the value inside the envelope, or with `plain` the whole answer), or a
 * file (`file`: the bytes of an image or a page, sent with their own type; browsers open its URL, `endpointUrl`).
 */
export type EndpointSpec = EndpointBase &
  ({ readonly response: z.ZodType; readonly file?: undefined } | { readonly file: 'image' | 'html' | 'text'; readonly response?: undefined });

const ENDPOINT = Symbol.for('lotus.endpoint');

/** A defined endpoint: its definition, frozen, marked so tests and tools can collect every one. */
export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & { readonly [ENDPOINT]: true };
export type AnyEndpoint = Endpoint<EndpointSpec>;

export function defineEndpoint<const S extends EndpointSpec>(spec: S): Endpoint<S> {
  return Object.freeze({ ...spec, [ENDPOINT]: true }) as unknown as Endpoint<S>;
}

export const isEndpoint = (value: unknown): value is AnyEndpoint =>
  typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[ENDPOINT] === true;

/** `METHOD path` of an endpoint: its identity (no two endpoints share one). */
export const endpointKey = (e: Pick<EndpointSpec, 'method' | 'path'>) => `${e.method} ${e.path}`;

// ---------- the types callers and handlers see ----------

/** A part every field of which is optional (or that has no field) may be left out. */
type MayOmit<T> = [keyof T] extends [never] ? true : T extends Record<string, never> ? true : object extends T ? true : false;

type Part<K extends 'params' | 'query' | 'body', E> = E extends { readonly [P in K]: infer S extends z.ZodType }
  ? MayOmit<z.input<S>> extends true
    ? { readonly [P in K]?: z.input<S> }
    : { readonly [P in K]: z.input<S> }
  : { readonly [P in K]?: undefined };

/** What a caller passes: `params`, `query` and `body` as their schemas accept them (before defaults). */
export type EndpointInput<E extends EndpointSpec> = Part<'params', E> & Part<'query', E> & Part<'body', E>;

/** What a caller gets back: the answer's value after its schema. */
export type EndpointOutput<E extends EndpointSpec> = E extends { readonly response: infer R extends z.ZodType } ? z.output<R> : never;

/** What a handler sees of a part after validation (`undefined` when the endpoint has no such part). */
export type EndpointParsed<E extends EndpointSpec, K extends 'params' | 'query' | 'body'> = E extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

/** What a handler returns: the answer's value as its schema accepts it. */
export type EndpointReturn<E extends EndpointSpec> = E extends { readonly response: infer R extends z.ZodType } ? z.input<R> : never;

/** The arguments of a call after the endpoint: its input (optional when every part is) and the call's options. */
export type CallArgs<E extends EndpointSpec, O> = object extends EndpointInput<E>
  ? [input?: EndpointInput<E>, options?: O]
  : [input: EndpointInput<E>, options?: O];

// ---------- first-load calls: method and path without zod ----------

/**
 * Method, path and auth of a call that the web app makes during its first load, before zod has loaded
 * (docs/adr/0060): the full endpoint spreads its head (`defineEndpoint({ ...HEAD, response, ... })`), so the
 * two cannot differ, and the caller loads the full endpoint in parallel with the request (`lazyEndpoint`).
 */
export type EndpointHead = Pick<EndpointSpec, 'method' | 'path' | 'auth' | 'tag'>;
export const defineHead = <const H extends EndpointHead>(head: H): H => head;

/** A call made from its head, its schemas loaded on demand (contracts/call.ts parses with them). */
export type LazyEndpoint<E extends AnyEndpoint> = EndpointHead & {
  readonly load: () => Promise<E>;
  /** The types of the endpoint it stands for (never set at run time). */
  readonly __endpoint?: E;
};

export const lazyEndpoint = <E extends AnyEndpoint>(head: EndpointHead, load: () => Promise<E>): LazyEndpoint<E> => ({
  ...head,
  load,
});

export const isLazyEndpoint = (value: AnyEndpoint | LazyEndpoint<AnyEndpoint>): value is LazyEndpoint<AnyEndpoint> =>
  'load' in value && typeof value.load === 'function';

/** The endpoint a call names, whether given whole or lazily. */
export type EndpointOf<C> = C extends LazyEndpoint<infer E> ? E : C extends AnyEndpoint ? C : never;
