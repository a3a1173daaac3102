import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers (helmet) with a Content-Security-Policy that fits the SPA: scripts from this
 * origin only, inline styles allowed (React style props, the chat widget), images from this origin,
 * data: and https: (banner and vendor CDNs), game frames from https: vendors.
 */
async function securityPlugin(app: FastifyInstance) {
  await app.register(helmet, {
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
  // Security #17: API answers (login tokens, member data, TOTP secrets, recovery codes, operator
  // views) are never stored by a browser or shared cache. onSend runs for every answer, errors and
  // 404s included, after any handler set its own header.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** /wps and /ops, and everything under them (the query string ignored). */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0]!.toLowerCase();
  return /^\/+(wps|ops)(\/|$)/.test(path);
}

export default fp(securityPlugin, { name: 'security' });
