import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where the operator console is served (its Vite `base`). */
export const BACKOFFICE_PREFIX = '/backoffice';

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lotus console</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The operator console is not built</h1><p>Build it with <code>npm run build</code> (or start with
<code>npm start</code>) and reload this page.</p></body></html>`;

/**
 * The operator console (apps/backoffice, docs/adr/0045): its files under /backoffice/ (hashed
 * assets immutable for a year, index.html no-cache), index.html for any other page (client
 * routing). Registered on the app that serves /ops: the operator listener when OPS_PORT is set,
 * else the public app. Strict headers: the console frames nothing and is framed by nothing.
 */
export default async function staticBackoffice(app: FastifyInstance, options: { dist: string }) {
  const root = path.resolve(options.dist);

  async function fileIn(pathname: string): Promise<string | null> {
    if (pathname.includes('\0')) return null;
    const relative = path.normalize(pathname).replace(/^([/\\])+/, '');
    if (relative === '' || relative.split(/[/\\]/).includes('..')) return null;
    const full = path.join(root, relative);
    if (!full.startsWith(root + path.sep)) return null;
    try {
      return (await fs.stat(full)).isFile() ? full : null;
    } catch {
      return null;
    }
  }

  const TYPES: Record<string, string> = {
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.html': 'text/html; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.woff2': 'font/woff2',
    '.json': 'application/json',
  };

  async function handler(request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) {
    let rest: string;
    try {
      rest = decodeURIComponent(request.params['*'] ?? '');
    } catch {
      return reply.callNotFound();
    }
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    const file = rest ? await fileIn(rest) : null;
    if (file) {
      const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
      reply.header('cache-control', rest.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.type(type).send(await fs.readFile(file));
    }
    if (rest.startsWith('assets/')) return reply.callNotFound();
    const index = await fileIn('index.html');
    reply.header('cache-control', 'no-cache');
    if (!index) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    return reply.type('text/html; charset=utf-8').send(await fs.readFile(index));
  }

  app.get(BACKOFFICE_PREFIX, { schema: { hide: true } }, async (_request, reply) => reply.redirect(`${BACKOFFICE_PREFIX}/`));
  app.get(`${BACKOFFICE_PREFIX}/*`, { schema: { hide: true } }, handler);
}
