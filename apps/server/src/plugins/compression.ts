import { createHash } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { HEADER } from '@lotus/contracts/brand';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Transfer size and revalidation (issue 10, ADR 0041):
 * - answers of 1 KiB and more are compressed (brotli at a low quality, the dynamic-content
 *   setting, or gzip) when the client accepts it; files the web build already compressed
 *   (static-spa sends them with Content-Encoding set) are left alone;
 * - public reads marked `config: { revalidate: true }` (banners, notices, site flags: the same
 *   for every visitor of a language, no personal data) may be stored and revalidated: they answer
 *   `Cache-Control: no-cache`, an ETag of the body and 304 when If-None-Match matches. Every
 *   other API answer stays `no-store` (security #17).
 */
async function compressionPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.routeOptions.config.revalidate) return payload;
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200 || request.headers.authorization) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    reply.header('cache-control', 'no-cache');
    reply.header('vary', `${HEADER.language}, accept-encoding`);
    const inm = request.headers['if-none-match'];
    if (inm && inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });

  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Quality 11 (the default) is for build time; at request time 4 is ~20x cheaper for ~10 % more bytes.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public GET whose answer may be stored and revalidated with its ETag (no personal data). */
    revalidate?: boolean;
  }
}

export default fp(compressionPlugin, { name: 'compression' });
