import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Paths that belong to the platform, never to the SPA (they answer the JSON envelope). */
export const API_PREFIXES = ['/wps', '/ops', '/docs', '/media', '/lgw', '/lotto'];

const isApiPath = (pathname: string) =>
  API_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lotus</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Lotus platform is running</h1>
<p>The web app is not built, so there is no site to show yet. Build it with <code>npm run build</code>
(or start everything with <code>npm start</code>) and reload this page.</p>
<p>The API answers under <code>/wps/*</code>; its documentation is at <a href="/docs">/docs</a>.</p>
</body></html>`;

type Options = { webDist: string; mediaDirs: string[] };

/**
 * Static files and the single-page app:
 * - /media/* from apps/server/media (demo banners and vendor logos) and apps/server/media-built
 *   (their rasters, `npm run media:build`), cached for a day;
 * - files of WEB_DIST: hashed /assets/* immutable for a year, index.html no-cache; each sent as its
 *   prebuilt .br or .gz sibling when the client accepts it (Vary: accept-encoding);
 * - any other GET that accepts text/html outside the API prefixes gets index.html (client routing);
 * - when WEB_DIST has no index.html, a plain page says the web app is not built.
 * Everything else falls through to the not-found handler (404 envelope, or 405 for a known path).
 */
async function staticSpaPlugin(app: FastifyInstance, options: Options) {
  const webDist = path.resolve(options.webDist);

  await app.register(fastifyStatic, {
    root: options.mediaDirs,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    maxAge: '1d',
    // Banner rasters and SVG artwork made by `npm run media:build` have .br/.gz siblings.
    preCompressed: true,
  });
  // Only the reply.sendFile decorator; files are resolved below, at request time, so a rebuilt
  // web app is served without a restart. The build writes a .br and a .gz beside every text asset
  // (apps/web/build/precompress.ts): sendFile picks one by Accept-Encoding and answers Vary.
  await app.register(fastifyStatic, { serve: false, preCompressed: true });

  async function fileIn(root: string, pathname: string): Promise<string | null> {
    if (pathname.includes('\0')) return null;
    const relative = path.normalize(pathname).replace(/^([/\\])+/, '');
    if (relative === '' || relative.split(/[/\\]/).includes('..')) return null;
    const full = path.join(root, relative);
    if (!full.startsWith(root + path.sep)) return null;
    try {
      const stat = await fs.stat(full);
      return stat.isFile() ? relative : null;
    } catch {
      return null;
    }
  }

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.callNotFound();
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return reply.callNotFound();
    }
    if (isApiPath(pathname)) return reply.callNotFound();

    const file = await fileIn(webDist, pathname);
    if (file) {
      const cache = file.startsWith('assets/')
        ? 'public, max-age=31536000, immutable'
        : file === 'index.html'
          ? 'no-cache'
          : 'public, max-age=3600';
      reply.header('cache-control', cache);
      reply.header('vary', 'accept-encoding');
      return reply.sendFile(file, webDist, { cacheControl: false });
    }

    const accept = request.headers.accept ?? '';
    if (!accept.includes('text/html')) return reply.callNotFound();
    if (await fileIn(webDist, '/index.html')) {
      reply.header('cache-control', 'no-cache');
      reply.header('vary', 'accept-encoding');
      return reply.sendFile('index.html', webDist, { cacheControl: false });
    }
    return reply
      .code(503)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(NOT_BUILT_PAGE);
  }

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    schema: { hide: true },
    handler,
  });
}

export default fp(staticSpaPlugin, { name: 'static-spa' });
