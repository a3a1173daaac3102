import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { redactUrl } from '../lib/log-serializers';

/** Requests whose failure an error handler has already logged with its error (their line is that one). */
const failureLogged = new WeakSet<FastifyRequest>();

/** Says the request's failure was logged (plugins/errors, the vendor protocol's handler): no second line. */
export function markFailureLogged(request: FastifyRequest): void {
  failureLogged.add(request);
}

const LEVELS = { debug: 20, info: 30, warn: 40 } as const;
/** Whether the logger writes `level` (pino's levels; a logger without them, e.g. off, writes everything it is given). */
const isEnabled = (log: FastifyBaseLogger, level: keyof typeof LEVELS) => {
  const current = (log as FastifyBaseLogger & { levelVal?: number }).levelVal;
  return current === undefined || current <= LEVELS[level];
};

/** A read that changes nothing: GET, HEAD, OPTIONS. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

type Options = {
  /** The request latency histogram (platform/metrics). */
  observe: (method: string, route: string, status: number, seconds: number) => void;
};

/**
 * One structured line per request at most, and its latency in the metrics (issue 26; docs/metrics.md).
 * Fastify's own two lines (incoming, completed) are off (`disableRequestLogging`); this hook writes, once the
 * answer is sent: method, route pattern, URL with query values redacted (security #18), status, milliseconds and
 * the request id (the logger's `reqId`, also the X-Request-Id header). Levels:
 * - a successful read (GET, HEAD, OPTIONS answered below 400): debug, the cheap calls a site answers all day;
 * - every write (each money movement is one: deposits, withdrawals, transfers, vendor bets and wins) and every
 *   refusal (4xx): info;
 * - a failure (5xx): the error handler's line, which carries the error and the same request id; a 5xx nobody
 *   logged (an unavailable instance's 503): warn.
 * A scope registered with a log level above these (the health probes: warn) writes no line for them.
 * Registered on every app that listens (the site and the operator listener), at its root.
 */
async function requestLogPlugin(app: FastifyInstance, options: Options) {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const route = request.routeOptions.url ?? '(no route)';
    const ms = reply.elapsedTime;
    options.observe(request.method, route, status, ms / 1000);
    if (status >= 500 && failureLogged.has(request)) return done();
    const level = status >= 500 ? 'warn' : status >= 400 || !SAFE.has(request.method) ? 'info' : 'debug';
    // Skipped before the line is built when the level is off (a successful read at the default info level).
    if (!isEnabled(request.log, level)) return done();
    request.log[level](
      {
        method: request.method,
        route,
        url: redactUrl(request.url),
        status,
        ms: Math.round(ms * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
    done();
  });
}

export default fp(requestLogPlugin, { name: 'lotus-request-log' });
