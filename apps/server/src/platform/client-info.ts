import type { FastifyRequest } from 'fastify';

/**
 * What services know about the caller, never the raw request. Built once per request by the
 * request-context plugin (`request.ctx`); shared by every module, so it lives in the platform.
 */
export type ClientInfo = {
  ip: string;
  /** Country from the trusted proxy header (COUNTRY_HEADER), null when absent or untrusted. */
  headerCountry: string | null;
  language: string;
  memberId?: number | null;
};

/** The caller as accounts services see it: address (behind the trusted proxy), user agent, language. */
export type Client = { ip: string; userAgent: string; language: string };

/** The `Client` of a request (routes of any module pass it to their service). */
export function clientOf(request: FastifyRequest): Client {
  const ua = request.headers['user-agent'];
  return {
    ip: request.ctx.ip,
    userAgent: (Array.isArray(ua) ? ua[0] : (ua ?? '')).slice(0, 300),
    language: request.ctx.language,
  };
}
