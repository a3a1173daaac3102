import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestDatabase, tempDir, testEnv, type TestDatabase } from './helper';

// Issue 10 (fast on a phone): what goes over the wire. No checklist item covers it; the figures
// (1 KiB threshold, br + gzip, Vary, ETag/304) come from the issue and ADR 0041.

const decode = (encoding: string | undefined, raw: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;

describe('compressed transfer', () => {
  let dist: string;
  let app: FastifyInstance;
  let db: TestDatabase;
  const script = `console.log(${JSON.stringify('lotus '.repeat(2000))});`;

  beforeAll(async () => {
    dist = tempDir('lotus-dist-');
    fs.mkdirSync(path.join(dist, 'assets'));
    const html = `<!doctype html><title>Lotus SPA</title><div id="root"></div>${'<!-- pad -->'.repeat(200)}`;
    fs.writeFileSync(path.join(dist, 'index.html'), html);
    fs.writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(html));
    fs.writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(html));
    const file = path.join(dist, 'assets', 'main-abc123.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, gzipSync(script));
    db = await createTestDatabase({ seedDemo: false });
    app = await buildApp({ db: db.database, env: testEnv({ WEB_DIST: dist }) });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('a built script goes out as its prebuilt brotli or gzip file, by Accept-Encoding, with Vary', async () => {
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(String(res.headers.vary), accept).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const body = decode(expected, res.rawPayload);
      expect(body.toString(), accept).toBe(script);
      if (expected) expect(res.rawPayload.length, accept).toBeLessThan(script.length / 10);
    }
  });

  it('the page HTML is compressed too and stays a short cache (no-cache)', async () => {
    const res = await app.inject({ url: '/rng', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode('br', res.rawPayload).toString()).toContain('Lotus SPA');
  });

  it('API answers of 1 KiB or more are compressed; small ones are not', async () => {
    const big = await app.inject({ url: '/wps/system/helpCenter', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode).toBe(200);
    const body = decode(big.headers['content-encoding'] as string | undefined, big.rawPayload);
    expect(body.length).toBeGreaterThanOrEqual(1024);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(body.toString()).success).toBe(true);
    const gz = await app.inject({ url: '/wps/system/helpCenter', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(body)).toBe(true);

    const small = await app.inject({ url: '/wps/system/status', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('public reads carry an ETag and answer 304 when it matches; member answers stay no-store', async () => {
    const first = await app.inject({ url: '/wps/system/banners?group=w_home' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ url: '/wps/system/banners?group=w_home', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The answer depends on the language header: shared caches must key on it.
    expect(String(first.headers.vary)).toMatch(/\blanguage\b/);
    // A changed body is a new tag.
    const other = await app.inject({ url: '/wps/system/banners?group=w_rng', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);

    const status = await app.inject({ url: '/wps/system/status' });
    expect(status.headers['cache-control']).toBe('no-store');
    expect(status.headers.etag).toBeUndefined();
  });
});
