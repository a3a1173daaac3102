import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';

/**
 * Security headers (helmet) with a Content-Security-Policy that fits the SPA: scripts from this
 * origin only, inline styles allowed (React style props, the chat widget), images from this origin,
 * data: and https: (banner and vendor CDNs), game frames from https: vendors. A route with
 * `helmet: false` gets none of them (machine-to-machine routes: the vendor protocol).
 *
 * The helmet middleware is built once here and applied to every answer (ADR 0059): the fastify
 * wrapper built it again on every request, parsing the CSP directives each time (a tenth of a
 * cached list's CPU time). The headers are the same: no per-request nonces are used.
 */
async function securityPlugin(app: FastifyInstance) {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:'],
        mediaSrc: ["'self'", 'data:', 'https:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // Vendors' game pages are embedded in frames; COEP would block them.
    crossOriginEmbedderPolicy: false,
    // Customer-service and login pop-ups keep a handle on their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRoute', (route) => {
    if (route.helmet === false) route.config = { ...route.config, securityHeaders: false };
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders === false) return done();
    if (isApiPath(request.url)) {
      reply.headers(API_HEADERS);
      return done();
    }
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

/**
 * The headers of every answer under /wps and /ops (ADR 0091): the set OWASP's REST Security Cheat
 * Sheet names for an API. These answers are JSON (or a slip image) read by scripts, never a document
 * that runs scripts or embeds anything, so the document policy (a 400-byte CSP, COOP, CORP,
 * Origin-Agent-Cluster...) protects nothing there; it was a third of the cheapest call's cost.
 * Security #17: API answers (login tokens, member data, TOTP secrets, recovery codes, operator views)
 * are never stored by a browser or shared cache; a handler may still set its own Cache-Control (the
 * public reads that revalidate, plugins/compression.ts) because it is set here before the handler runs.
 */
export const API_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const;

/** /wps and /ops, and everything under them (the query string ignored). */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0]!.toLowerCase();
  return /^\/+(wps|ops)(\/|$)/.test(path);
}

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** false: no browser security headers on this route (machine-to-machine APIs). */
    helmet?: false;
  }
  interface FastifyContextConfig {
    /** Set from `helmet: false` when the route is added. */
    securityHeaders?: false;
  }
}

export default fp(securityPlugin, { name: 'security' });
