import { vendorProtocol, type TVendorAnswer } from '@lotus/contracts/vendor';
import { signedPath } from '@lotus/contracts/vendor-signature';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { markFailureLogged } from '../../plugins/request-log';
import { route } from '../../plugins/route';
import type { VendorCall, VendorProtocolService } from './vendor-protocol.service';

/**
 * The body of a /vendor/v1 request as received: its exact bytes, kept for the signature check
 * (docs/vendor-protocol.md "Signing"). A class with a private field, so the app-wide hooks that walk
 * a parsed body (control characters) see nothing to walk: the service parses the JSON itself,
 * after the signature.
 */
class RawBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes() {
    return this.#bytes;
  }
}

/** Headers of every protocol answer: JSON, never sniffed, never stored. */
const VENDOR_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
} as const;

/** Protocol bodies above this size are refused (400 INVALID_REQUEST) before anything is read. */
const VENDOR_BODY_LIMIT = 64 * 1024;

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The games/sync body may carry 2,000 games and the lotto/sync body 2,000 draws with their results: their own limits
 * (the route's limit wins over the parser's).
 */
const BODY_LIMITS: Partial<Record<VendorCall, number>> = { gamesSync: 2 * 1024 * 1024, lottoSync: 4 * 1024 * 1024 };

/**
 * The vendor wallet protocol v1 (`POST /vendor/v1/*`, docs/vendor-protocol.md): registered at the app's
 * root, outside the member site's hooks (ADR 0064), in a scope with its own JSON parser that keeps the raw
 * bytes (the signature covers them) and its own error handler (the protocol's answers, not the platform
 * envelope). HTTP only: one service call per route.
 */
export async function vendorProtocolRoutes(
  fastify: FastifyInstance,
  {
    vendor,
    countOperation = () => undefined,
  }: { vendor: Pick<VendorProtocolService, 'handle'>; countOperation?: ((call: string, outcome: string) => void) | undefined },
) {
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: VENDOR_BODY_LIMIT },
      (_req, body, done) => done(null, new RawBody(body as Buffer)),
    );
    // Transport failures (no JSON content type, a body too large): 400; anything else unexpected:
    // the protocol's INTERNAL_ERROR, logged, no details.
    scope.setErrorHandler((err: { statusCode?: number }, req, reply) => {
      const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 400 && status < 500) {
        return reply.code(400).send({ status: 'ERROR', code: 'INVALID_REQUEST' } satisfies TVendorAnswer);
      }
      req.log.error({ err }, 'vendor protocol call failed');
      markFailureLogged(req);
      return reply
        .code(200)
        .send({
          status: 'ERROR',
          code: 'INTERNAL_ERROR',
          message: 'Internal error, please retry the same request',
        } satisfies TVendorAnswer);
    });
    for (const call of Object.keys(vendorProtocol) as VendorCall[]) {
      const bodyLimit = BODY_LIMITS[call];
      route(scope, vendorProtocol[call], bodyLimit ? { bodyLimit } : {}, async (req, reply) => {
        const answer = await vendor.handle(call, {
          method: req.method,
          path: signedPath(req.url),
          address: req.ip,
          vendorCode: header(req, 'x-vendor-code'),
          timestamp: header(req, 'x-timestamp'),
          signature: header(req, 'x-signature'),
          raw: req.body instanceof RawBody ? req.body.bytes : null,
        });
        countOperation(call, answer.outcome);
        // The service builds every answer from the protocol's own types (TVendorAnswer) and signs its JSON
        // text (v1.1), so it is sent as that text: the response schema documents it, without a second pass.
        return reply.code(answer.http).headers(VENDOR_HEADERS).headers(answer.headers).send(answer.text);
      });
    }
  });
}
