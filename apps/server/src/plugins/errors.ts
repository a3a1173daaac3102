import { isAppError, type TAppErrorDetails } from '@lotus/contracts/app-error';
import type { TErrorEnvelope } from '@lotus/contracts/envelope';
import { type TErrorCode } from '@lotus/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../lib/pg-errors';
import { issuesToFields } from '../lib/validation';
import { markFailureLogged } from './request-log';

/** Status -> catalogue key for errors raised by Fastify or its plugins (not by our code). */
const STATUS_CODE_KEY: Record<number, TErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'system_maintenance',
};

export function sendError(
  reply: FastifyReply,
  status: number,
  code: TErrorCode,
  extra: { fields?: Record<string, string> | undefined; details?: TAppErrorDetails | undefined } = {},
) {
  const body: TErrorEnvelope = {
    success: false,
    message: code,
    value: null,
    requestId: String(reply.request.id),
  };
  if (extra.fields && Object.keys(extra.fields).length > 0) body.fields = extra.fields;
  if (extra.details && Object.keys(extra.details).length > 0) body.details = extra.details;
  if (extra.details?.retryAfterSeconds !== undefined && status === 429) {
    reply.header('retry-after', String(extra.details.retryAfterSeconds));
  }
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

type RouteEntry = { method: string; segments: string[] };

const splitPath = (url: string) =>
  url
    .split('?')[0]!
    .split('/')
    .filter((s) => s !== '');

/** Does a concrete path match a route pattern (static segments, :params, trailing *)? */
export function matchesPattern(pattern: string[], path: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const seg = pattern[i]!;
    if (seg === '*') return true;
    const part = path[i];
    if (part === undefined) return false;
    if (seg.startsWith(':')) continue;
    if (seg !== part) return false;
  }
  return pattern.length === path.length;
}

/**
 * The error plugin (decision 8.LOAD.05): every failure answers the error envelope
 * `{ success: false, message: <catalogue key>, value: null, requestId, fields? }`.
 * - AppError -> its code and status.
 * - Request validation (zod through the type provider, or a ZodError thrown by a service) -> 400
 *   validation_failed with `fields` (path -> key).
 * - Fastify's own client errors (bad JSON, body too large 413, unsupported type 415, ...) by status.
 * - The database out of reach (a lost or refused connection) -> 503 service_unavailable with Retry-After: 1.
 * - Anything else -> 500 unknown_error, logged with the request id, never the details.
 * Not found: 404 not_found, or 405 method_not_allowed when the path exists for another method.
 */
async function errorsPlugin(app: FastifyInstance) {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url === '/*' || route.url === '*') return; // the SPA catch-all matches everything
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routes.push({ method: String(method).toUpperCase(), segments: splitPath(route.url) });
  });

  /** Methods under which some route matches this path (excluding the catch-all). */
  function allowedMethods(url: string): string[] {
    const path = splitPath(decodeURIComponentSafe(url));
    return [...new Set(routes.filter((r) => matchesPattern(r.segments, path)).map((r) => r.method))];
  }
  app.decorate('allowedMethods', allowedMethods);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const allowed = allowedMethods(request.url);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (allowed.length > 0 && !allowed.includes(method)) {
      reply.header('allow', allowed.join(', '));
      return sendError(reply, 405, 'method_not_allowed');
    }
    return sendError(reply, 404, 'not_found');
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      if (error.status >= 500) {
        request.log.error({ err: error, method: request.method, route: request.routeOptions.url }, 'request failed');
        markFailureLogged(request);
      }
      return sendError(reply, error.status, error.code, { fields: error.fields, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        code: v.keyword as z.core.$ZodIssue['code'],
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? '',
        ...(v.params as Record<string, unknown>),
      }));
      return sendError(reply, 400, 'validation_failed', {
        fields: issuesToFields(issues, error.validationContext ?? undefined),
      });
    }
    if (error instanceof z.ZodError) {
      return sendError(reply, 400, 'validation_failed', { fields: issuesToFields(error.issues) });
    }
    if (error.code === 'FST_ERR_RESPONSE_SERIALIZATION' && isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause?.issues?.slice(0, 5) },
        'response does not match its contract',
      );
      markFailureLogged(request);
      return sendError(reply, 500, 'unknown_error');
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      if (error.validation) return sendError(reply, 400, 'validation_failed');
      return sendError(reply, status, STATUS_CODE_KEY[status] ?? 'validation_failed');
    }
    // The database cannot be reached (an instance cut off, a failover): the request may be sent again (money calls
    // carry their idempotency keys), to this instance in a moment or to another now.
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error, method: request.method, route: request.routeOptions.url }, 'database unavailable');
      markFailureLogged(request);
      reply.header('retry-after', '1');
      return sendError(reply, 503, 'service_unavailable');
    }
    request.log.error({ err: error, method: request.method, route: request.routeOptions.url }, 'request failed');
    markFailureLogged(request);
    return sendError(reply, 500, 'unknown_error');
  });
}

function decodeURIComponentSafe(url: string) {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Methods that have a route matching this URL (used for 405 answers). */
    allowedMethods(url: string): string[];
  }
}

export default fp(errorsPlugin, { name: 'errors' });
