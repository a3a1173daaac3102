import {
  isOperatorAuth,
  type AnyEndpoint,
  type EndpointAuth,
  type EndpointParsed,
  type EndpointReturn,
} from '@lotus/contracts/endpoint';
import { ZErrorEnvelope, envelope } from '@lotus/contracts/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions as FastifyRouteOptions, onRequestHookHandler } from 'fastify';
import { sendJsonText } from './compression';
import type { RateLimitRule } from './rate-limit';

/** The request a handler sees: params, query and body as the endpoint's schemas parsed them. */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: EndpointParsed<E, 'params'>;
  Querystring: EndpointParsed<E, 'query'>;
  Body: EndpointParsed<E, 'body'>;
}>;

/**
 * A handler returns the answer's value (route() puts it in the envelope); a `plain` endpoint's handler may send its
 * own answer (status and headers of the protocol) and a `file` endpoint's handler always does (the reply).
 */
export type EndpointHandler<E extends AnyEndpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<E extends { readonly file: string } ? FastifyReply : E extends { readonly plain: object } ? EndpointReturn<E> | FastifyReply : EndpointReturn<E>>;

/** What the server adds to an endpoint's definition: how this server protects and runs it. */
export type RouteOptions<E extends AnyEndpoint = AnyEndpoint> = {
  /** Per-address limit (plugins/rate-limit `rateLimit.*`). */
  rateLimit?: RateLimitRule;
  /** One of the few calls a restricted session may make (docs/adr/0020). */
  allowRestrictedSession?: boolean;
  /** A public call that a live session identifies (the member id is kept; visitors stay anonymous). */
  identifyMember?: boolean;
  /** Free text: tab, LF and CR allowed in body values (plugins/control-characters). */
  multiline?: boolean;
  /** A body limit of its own (the app's is 1 MiB). */
  bodyLimit?: number;
  /** A public read the same for every visitor of a language: stored and revalidated with its ETag (plugins/compression). */
  revalidate?: boolean;
  /**
   * The answer as JSON text already checked against the response schema, sent as it is: a hot list serves
   * the text it serialized once per cached page (ADR 0059); `shared` stands for the text while it lives.
   */
  jsonText?: (request: EndpointRequest<E>) => Promise<{ text: string; shared: object | null }>;
};

/** The success envelope (7.PAR.21/22). */
export const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The success envelope around a value's JSON text; made once per shared text. */
const envelopes = new WeakMap<object, { value: string; text: string }>();
function okText(value: string, shared: object | null): string {
  const hit = shared && envelopes.get(shared);
  if (hit && hit.value === value) return hit.text;
  const text = `{"success":true,"message":"ok","value":${value}}`;
  if (shared) envelopes.set(shared, { value, text });
  return text;
}

const SECURITY: Partial<Record<Exclude<EndpointAuth, object>, { member: [] }[]>> = {
  member: [{ member: [] }],
  'real-member': [{ member: [] }],
  agent: [{ member: [] }],
};

function guardOf(app: FastifyInstance, auth: EndpointAuth): onRequestHookHandler | undefined {
  switch (auth) {
    case 'member':
      return app.requireMember;
    case 'real-member':
      return app.requireRealMember;
    case 'agent':
      return app.requireAgent;
    default:
      return undefined;
  }
}

/**
 * Registers the handler of an endpoint: method, path, schemas (params, query, body; the answer in the envelope,
 * or the protocol's own answers for a `plain` endpoint), OpenAPI tag, summary and security, the member guard,
 * the enc flag, and for an operator endpoint its permission and audit action (enforced by plugins/auth-ops,
 * which refuses an operator endpoint registered anywhere else). The handler returns the answer's value.
 */
export function route<E extends AnyEndpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>): void;
export function route<E extends AnyEndpoint>(app: FastifyInstance, endpoint: E, options: RouteOptions<E>, handler: EndpointHandler<E>): void;
export function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  optionsOrHandler: RouteOptions<E> | EndpointHandler<E>,
  maybeHandler?: EndpointHandler<E>,
): void {
  const options: RouteOptions<E> = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler!;
  const { auth } = endpoint;
  const operatorCall = isOperatorAuth(auth) || auth === 'console-sign-in';
  if (operatorCall && !app.hasRequestDecorator('operator')) {
    throw new Error(`${endpoint.method} ${endpoint.path} is an operator endpoint: register it in the operator scope`);
  }
  const guard = guardOf(app, auth);
  if ((auth === 'member' || auth === 'real-member' || auth === 'agent') && !guard) {
    throw new Error(`${endpoint.method} ${endpoint.path} needs a member: register it where plugins/member-auth is`);
  }
  const security = isOperatorAuth(auth) ? [{ operator: [] }] : SECURITY[auth as Exclude<EndpointAuth, object>];
  const response = !endpoint.response
    ? undefined
    : endpoint.plain
      ? { 200: endpoint.response, 400: endpoint.plain.refusal, 401: endpoint.plain.refusal }
      : { 200: envelope(endpoint.response), '4xx': ZErrorEnvelope, '5xx': ZErrorEnvelope };

  const definition: FastifyRouteOptions = {
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.enc ? `${endpoint.summary} (enc: the body is a ZEncryptedBody of this payload, docs/enc.md)` : endpoint.summary,
      ...(security ? { security } : {}),
      ...(endpoint.hidden ? { hide: true } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      // A vendor call's body is read by its service after the signature (docs/vendor-protocol.md): the
      // schema documents it and the service applies it.
      ...(endpoint.body && auth !== 'vendor' ? { body: endpoint.body } : {}),
      ...(response ? { response } : {}),
    },
    config: {
      ...(endpoint.enc ? { enc: true } : {}),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(options.allowRestrictedSession ? { allowRestrictedSession: true } : {}),
      ...(options.multiline ? { multiline: true } : {}),
      ...(options.revalidate ? { revalidate: true } : {}),
      ...(isOperatorAuth(auth)
        ? { ops: { permission: auth.operator, ...(auth.audit ? { audit: auth.audit } : {}) } }
        : auth === 'console-sign-in'
          ? { ops: { permission: 'public' as const } }
          : {}),
    },
    ...(guard ? { onRequest: guard } : {}),
    ...(options.identifyMember ? { preHandler: app.identifyMember } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: options.jsonText
      ? async (request: FastifyRequest, reply: FastifyReply) => {
          const { text, shared } = await options.jsonText!(request as EndpointRequest<E>);
          // The text in the success envelope, sent as it is: fastify does not serialize a string.
          return sendJsonText(request, reply, okText(text, shared), shared);
        }
      : endpoint.plain || endpoint.file
        ? async (request: FastifyRequest, reply: FastifyReply) => handler(request as EndpointRequest<E>, reply)
        : async (request: FastifyRequest, reply: FastifyReply) => ok(await handler(request as EndpointRequest<E>, reply)),
  };
  app.route(definition);
}
