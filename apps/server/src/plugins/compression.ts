import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import { HEADER } from '@lotus/contracts/brand';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { appendRouteHook } from './route-hooks';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** The encodings answers are compressed with, in order of preference. */
const ENCODINGS = ['br', 'gzip'] as const;
/** Quality 11 (the default) is for build time; at request time 4 is ~20x cheaper for ~10 % more bytes. */
const BROTLI_QUALITY = 4;
const negotiator = new Negotiator({ supportedValues: [...ENCODINGS] });

/** The compressed bodies of shared JSON answers, by the object that stands for the text (ADR 0059). */
const sharedBodies = new WeakMap<object, { text: string; encoded: Map<string, Buffer> }>();

/**
 * Sends a JSON text. When `shared` is an object that stands for this exact text for as long as it lives
 * (a cached page's answer), the text is compressed once per encoding and the compressed bytes are sent
 * to every client that accepts the encoding, the same negotiation as the compression plugin (br, else
 * gzip; '*' and x-gzip count as gzip): compressing a 6 kB list per request cost five times the rest
 * of the answer. Otherwise (a text made for this answer) the plugin compresses it as any answer.
 */
export function sendJsonText(request: FastifyRequest, reply: FastifyReply, text: string, shared: object | null) {
  reply.type('application/json; charset=utf-8');
  const accept = request.headers['accept-encoding'];
  if (shared === null || accept === undefined || request.headers['x-no-compression'] !== undefined) return reply.send(text);
  let entry = sharedBodies.get(shared);
  if (entry === undefined || entry.text !== text) {
    entry = { text, encoded: new Map() };
    sharedBodies.set(shared, entry);
  }
  if (Buffer.byteLength(text) < COMPRESS_THRESHOLD_BYTES) return reply.send(text);
  const encoding = negotiator.negotiate(accept.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
  if (encoding === null) return reply.send(text);
  let body = entry.encoded.get(encoding);
  if (body === undefined) {
    body = encoding === 'br' ? brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : gzipSync(text);
    entry.encoded.set(encoding, body);
  }
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  reply.header('content-encoding', encoding);
  return reply.send(body);
}

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
  const revalidate: onSendHookHandler = async (request, reply, payload) => {
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
  };
  // Before the compress plugin's own hook (it appends its onSend when a route is added, as this does).
  app.addHook('onRoute', (route) => {
    if (route.config?.revalidate) appendRouteHook(route, 'onSend', revalidate);
  });

  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public GET whose answer may be stored and revalidated with its ETag (no personal data). */
    revalidate?: boolean;
  }
}

export default fp(compressionPlugin, { name: 'compression' });
