import fs from 'node:fs';
import path from 'node:path';
import { ZErrorEnvelope } from '@lotus/contracts/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { BODY_LIMIT } from '../src/app';
import { createTestDatabase, tempDir, testEnv, useTestApp, type TestDatabase } from './helper';

const t = useTestApp();

describe('envelopes for unknown routes and methods', () => {
  it('8.LOAD.05 an unknown API path answers 404 not_found in the error envelope with a request id', async () => {
    for (const url of [
      '/wps/nope',
      '/wps/system/nope',
      '/ops/nope',
      '/lgw/games/nope',
      '/lotto/lgw/x',
    ]) {
      const res = await t.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      const body = ZErrorEnvelope.parse(res.json());
      expect(body.message).toBe('not_found');
      expect(body.requestId).toBe(res.headers['x-request-id']);
    }
  });

  it('7.CALL.02 a known path with another method answers 405 method_not_allowed with Allow', async () => {
    const res = await t.inject({ method: 'DELETE', url: '/wps/system/status' });
    expect(res.statusCode).toBe(405);
    expect(ZErrorEnvelope.parse(res.json()).message).toBe('method_not_allowed');
    expect(res.headers.allow).toContain('GET');
    expect((await t.inject({ method: 'GET', url: '/wps/feedback' })).statusCode).toBe(405);
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: '/ops/banners/3',
          headers: { authorization: `Bearer ${t.opsToken}` },
        })
      ).statusCode,
    ).toBe(405);
  });

  it('8.LOAD.05 a body above the limit is 413 payload_too_large; a wrong content type is 415', async () => {
    const big = await t.inject({
      method: 'PUT',
      url: '/wps/feedback',
      headers: { 'content-type': 'application/json' },
      payload: `{"content":"${'x'.repeat(BODY_LIMIT)}"}`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('payload_too_large');
    const type = await t.inject({
      method: 'PUT',
      url: '/wps/feedback',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
      remoteAddress: '10.7.7.7',
    });
    expect(type.statusCode).toBe(415);
    expect(type.json().message).toBe('unsupported_media_type');
  });
});

describe('request context and headers', () => {
  it('7.CALL.03 x-request-id is echoed when given and generated when absent', async () => {
    const given = await t.inject({ url: '/wps/system/status', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const generated = await t.inject({ url: '/wps/system/status' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await t.inject({
      url: '/wps/system/status',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('1.I18N.02 the Language header is normalised (EN-us -> en-US -> en content), unusable values mean th', async () => {
    const en = await t.inject({
      url: '/wps/relay/MCSFE_getListAnnouncements?types=PU',
      headers: { language: 'EN_us' },
    });
    expect(en.json().value[0].title).toBe('New this month');
    const junk = await t.inject({
      url: '/wps/relay/MCSFE_getListAnnouncements?types=PU',
      headers: { language: '💥' },
    });
    expect(junk.json().value[0].title).toBe('โปรโมชั่นใหม่ประจำเดือน');
  });

  it('a page gets the document security headers, with a CSP that allows the SPA', async () => {
    const res = await t.inject({ url: '/help', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toMatch(/img-src 'self' data:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('an API answer carries the REST set (OWASP): no-store, nosniff, HSTS, never framed; errors and 404s too', async () => {
    const answers = [
      await t.inject({ url: '/wps/system/status' }),
      await t.inject({ url: '/wps/nope' }),
      await t.inject({ method: 'POST', url: '/wps/session/login', headers: { 'content-type': 'application/json' }, payload: '{' }),
      await t.inject({ url: '/ops/deposits', headers: { authorization: 'Bearer wrong' } }),
    ];
    for (const res of answers) {
      const where = `${res.statusCode} ${res.body.slice(0, 60)}`;
      expect(res.headers['content-type'], where).toContain('application/json');
      expect(res.headers['cache-control'], where).toBe('no-store');
      expect(res.headers['x-content-type-options'], where).toBe('nosniff');
      expect(res.headers['x-frame-options'], where).toBe('DENY');
      expect(res.headers['content-security-policy'], where).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['strict-transport-security'], where).toContain('max-age=');
      // None of the document headers: they protect pages, and cost a third of the cheapest call.
      expect(res.headers['cross-origin-opener-policy'], where).toBeUndefined();
      expect(res.headers['origin-agent-cluster'], where).toBeUndefined();
    }
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 400, 401]);
  });

  it('the vendor protocol (a machine-to-machine API) answers without the browser security headers; API reads keep theirs', async () => {
    const vendor = await t.inject({ method: 'POST', url: '/vendor/v1/games/sync', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(vendor.headers['content-security-policy']).toBeUndefined();
    expect(vendor.headers['x-frame-options']).toBeUndefined();
    const list = await t.inject({ url: '/wps/relay/GCSGAME_gameList?clientType=3' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-frame-options']).toBe('DENY');
    expect(list.headers['cache-control']).toBe('no-store');
  });

  it('8.LOAD.05 a 5xx never leaks internals: unknown_error with the request id', async () => {
    const app = await buildApp({ db: t.db.database, env: testEnv() });
    app.get('/wps/boom', async () => {
      throw new Error('secret internal detail: password=hunter2');
    });
    const res = await app.inject({ url: '/wps/boom', headers: { 'x-request-id': 'req-5xx' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      message: 'unknown_error',
      value: null,
      requestId: 'req-5xx',
    });
    expect(res.body).not.toContain('hunter2');
    await app.close();
  });
});

describe('OpenAPI', () => {
  it('7.PAR.22 /docs/json is generated from the contracts and lists the /wps and /ops paths', async () => {
    const res = await t.inject('/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/wps/system/status',
      '/wps/system/whitelabel',
      '/wps/system/setting/register',
      '/wps/system/domainRoute',
      '/wps/system/helpCenter',
      '/wps/system/permission',
      '/wps/feedback',
      '/wps/relay/MCSFE_getListAnnouncements',
      '/wps/relay/GCSGAME_newGameVendor',
      '/ops/config/{key}',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    expect(doc.paths['/wps/system/status']!.get!.responses).toHaveProperty('200');
    expect(Object.keys(doc.paths).some((p) => p.includes('*'))).toBe(false);
    expect((await t.inject('/docs')).statusCode).toBeLessThan(400);
  });
});

describe('static files and the SPA', () => {
  let dist: string;
  let app: FastifyInstance;
  let db: TestDatabase;
  beforeAll(async () => {
    dist = tempDir('lotus-dist-');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Lotus SPA</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    db = await createTestDatabase({ seed: false });
    app = await buildApp({ db: db.database, env: testEnv({ WEB_DIST: dist }) });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('2.R.01 2.R.02 client routes that accept text/html get index.html (no-cache)', async () => {
    for (const url of ['/', '/index', '/home', '/register.html', '/rng?vassalage=PG', '/help']) {
      const res = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Lotus SPA');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('4.CHK.01 hashed assets are immutable; other files are served; missing files are 404', async () => {
    const asset = await app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject('/robots.txt')).body).toContain('User-agent');
    const missing = await app.inject('/assets/missing.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('not_found');
    expect(
      (await app.inject({ url: '/../../etc/passwd', headers: { accept: 'application/json' } })).statusCode,
    ).toBe(404);
  });

  it('2.BAN.01 /media serves the demo banners and vendor logos', async () => {
    const banner = await app.inject('/media/banners/home-welcome.svg');
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['content-type']).toContain('image/svg+xml');
    expect((await app.inject('/media/vendors/pg.svg')).statusCode).toBe(200);
    const missing = await app.inject({ url: '/media/nope.svg', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('not_found');
  });

  it('2.R.01 without a web build, pages say the web app is not built', async () => {
    const res = await t.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('web app is not built');
  });
});
