import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BRAND, HEADER } from '@lotus/contracts/headers';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { normalizeIp } from '../lib/ip';
import { normalizeLanguage } from '../lib/language';
import type { TrustFn } from '../lib/trust-proxy';
import type { ClientInfo } from '../platform/client-info';

/** What every handler may know about the request (headers of this platform family, 7.CALL.03). */
export type RequestContext = ClientInfo & {
  merchant: string;
  device: string;
  /** The raw Authorization header value (member token), null when absent. */
  authorization: string | null;
};

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** Request id: the caller's x-request-id when it is sane, otherwise a new UUID. */
export function genReqId(req: IncomingMessage): string {
  const given = req.headers[HEADER.requestId];
  const value = Array.isArray(given) ? given[0] : given;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

const headerValue = (value: string | string[] | undefined, max: number): string | null => {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  return v && v.length <= max ? v : null;
};

type Options = { trust: TrustFn; countryHeader?: string | undefined };

async function requestContextPlugin(app: FastifyInstance, options: Options) {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(HEADER.requestId, request.id);
    const h = request.headers;
    const peer = request.raw.socket?.remoteAddress ?? request.ip;
    const viaTrustedProxy = options.trust(normalizeIp(peer), 0) || options.trust(peer ?? '', 0);
    let headerCountry: string | null = null;
    if (options.countryHeader && viaTrustedProxy) {
      const c = headerValue(h[options.countryHeader], 8)?.toUpperCase() ?? null;
      headerCountry = c && /^[A-Z]{2}$/.test(c) ? c : null;
    }
    request.ctx = {
      ip: normalizeIp(request.ip),
      headerCountry,
      language: normalizeLanguage(h[HEADER.language]),
      merchant: headerValue(h[HEADER.merchant], 40) ?? BRAND.defaultMerchant,
      device: (headerValue(h[HEADER.device], 20) ?? BRAND.device).toUpperCase(),
      authorization: headerValue(h[HEADER.authorization], 2000),
      memberId: null,
    };
    done();
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

export default fp(requestContextPlugin, { name: 'request-context' });
