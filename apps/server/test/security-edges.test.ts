import { createPrivateKey } from 'node:crypto';
import { Writable } from 'node:stream';
import type { TEncryptionKey } from '@lotus/contracts/auth';
import { encryptPayload, importEncryptionKey } from '@lotus/contracts/enc';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { serverKeys } from '../src/db/schema';
import { createMember } from './factories';
import { body, createTestDatabase, testEnv, useTestApp, type TestClient, type TestDatabase } from './helper';

// Issue 6, the platform's edges: each test performs the attack of a finding and shows it fails.
const t = useTestApp({ env: { PUBLIC_URL: 'https://www.lotus.example' } });

const strongPw = { password: 'Edge2026pass', confirmPassword: 'Edge2026pass' };

const memberWithEmail = async () => {
  const m = await createMember(t, { prefix: 'edge', password: strongPw.password, email: true });
  return { username: m.username, email: m.email! };
};

async function newestMailTo(email: string) {
  const [mail] = await t.mails(email, { limit: 1 });
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail.text;
}

describe('security #1 reset-link poisoning', () => {
  it('security #1 Host: evil.example on POST /wps/member/password/email mails a link to the canonical origin, not evil.example', async () => {
    const { username, email } = await memberWithEmail();
    const res = await t.client().inject({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: new URLSearchParams({ username, email }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
      },
    });
    expect(body(res).success).toBe(true);
    const text = await newestMailTo(email);
    expect(text).not.toContain('evil.example');
    const token = /https:\/\/www\.lotus\.example\/forget#token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(token, text).toBeTruthy();
    // The link works from the canonical origin (the token goes in the body).
    const reset = await t.client().inject({
      method: 'POST',
      url: '/wps/member/password/reset',
      payload: { token, newPassword: 'After2026pass', confirmNewPassword: 'After2026pass' },
    });
    expect(body(reset).success).toBe(true);
  });
});

describe('security #6 control characters', () => {
  it('security #6 a NUL or C0 control character in a query, path, JSON body, form body, enc body or ops path answers 400 invalid_characters', async () => {
    const c = t.client();
    const attempts = [
      c.inject({ method: 'GET', url: '/wps/system/permission?url=https%3A%2F%2Fwww.lotus.example%2F%00x' }),
      c.inject({ method: 'PUT', url: '/wps/feedback', payload: { content: 'hello\u0000 world, long enough' } }),
      c.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        payload: 'username=demo%00&email=demo%40lotus.example',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      c.enc('POST', '/wps/session/login', { username: 'de\u0000mo', password: 'Demo1234', sliderToken: 'x' }),
      c.enc('POST', '/wps/session/login', { username: 'demo\u001b', password: 'Demo1234', sliderToken: 'x' }),
      t.ops('POST', '/ops/members/de%00mo/unlock'),
      t.ops('GET', '/ops/mail?to=demo%00'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).message).toBe('invalid_characters');
    }
  });

  it('security #6 free-text feedback may hold line breaks and tabs, never NUL', async () => {
    const c = t.client();
    const ok = await c.inject({ method: 'PUT', url: '/wps/feedback', payload: { content: 'line one\nline two\tend' } });
    expect(body(ok).success).toBe(true);
    const bad = await c.inject({ method: 'PUT', url: '/wps/feedback', payload: { content: 'line one\nline\u0000 two' } });
    expect(body(bad).message).toBe('invalid_characters');
  });
});

describe('security #16 per-IP limits on the IPv6 /64', () => {
  it('security #16 addresses of one IPv6 /64 share one allowance; another /64 has its own; IPv4-mapped counts as IPv4', async () => {
    // The captcha image allows 20 a minute per address.
    const captcha = (ip: string) => t.client({ ip }).inject({ method: 'GET', url: '/wps/captcha' });
    for (let i = 1; i <= 20; i++) expect((await captcha(`2001:db8:aa:1::${i.toString(16)}`)).statusCode).toBe(200);
    // The attacker rotates to a fresh address in the same /64: still limited.
    const rotated = await captcha('2001:db8:aa:1:ffff:ffff:ffff:fffe');
    expect(rotated.statusCode).toBe(429);
    expect(body(rotated).message).toBe('rate_limited');
    expect((await captcha('2001:db8:aa:2::1')).statusCode).toBe(200);

    for (let i = 0; i < 20; i++) await captcha('203.0.113.77');
    expect((await captcha('::ffff:203.0.113.77')).statusCode).toBe(429);
    expect((await captcha('203.0.113.78')).statusCode).toBe(200);
  });
});

describe('security #17 no-store', () => {
  it('security #17 every /wps and /ops answer, errors and 404s included, carries Cache-Control: no-store', async () => {
    const c = t.client();
    const login = await c.loginOk('demo', 'Demo1234');
    expect(login.token).toBeTruthy();
    const answers = await Promise.all([
      c.get('/wps/member/info'),
      c.get('/wps/system/status'),
      c.get('/wps/no-such-call'),
      t.client().get('/wps/member/info'),
      t.client().inject({ method: 'GET', url: '/ops/status' }),
      t.ops('GET', '/ops/no-such-call'),
      t.ops('GET', '/ops/keys'),
    ]);
    for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
  });
});

describe('security #20 key hierarchy and rotation', () => {
  it('security #20 server_keys rows hold no plaintext key material', async () => {
    const c = t.client();
    await c.serverKey();
    await c.loginOk('demo', 'Demo1234'); // the secret exists once a slider was solved
    const rows = await t.db.database.db.select().from(serverKeys);
    expect(rows.map((r) => r.purpose).sort()).toEqual(expect.arrayContaining(['enc', 'secret']));
    for (const row of rows) {
      expect(row.privateKey).toMatch(/^w1\.[0-9a-f]{12}\./);
      // No part of the stored value is a key in the clear: a PKCS#8 DER in base64 starts with "MII", a PEM
      // with its header. (Anywhere inside the ciphertext "MII" turns up by chance in about 1 row of 100.)
      expect(row.privateKey.split('.').filter((part) => part.startsWith('MII'))).toEqual([]);
      expect(row.privateKey).not.toContain('-----BEGIN');
      expect(() => createPrivateKey({ key: Buffer.from(row.privateKey, 'base64'), format: 'der', type: 'pkcs8' })).toThrow();
    }
  });

  it('security #20 after keys rotate the current kid changes; a body under the old kid still opens until the kid is retired', async () => {
    const oldClient = t.client();
    const oldKey = body<TEncryptionKey>(await oldClient.get('/wps/system/encryptionKey')).value;
    await oldClient.serverKey(); // this client keeps encrypting under the old kid

    const rotated = await t.ops('POST', '/ops/keys/rotate');
    expect(body<{ kid: string; state: string }>(rotated).value.state).toBe('current');
    const newKey = body<TEncryptionKey>(await t.client().get('/wps/system/encryptionKey')).value;
    expect(newKey.kid).not.toBe(oldKey.kid);
    expect(body<{ kid: string }>(rotated).value.kid).toBe(newKey.kid);

    expect((await oldClient.loginOk('demo', 'Demo1234')).token).toBeTruthy();
    // Retiring the current key is refused; the old one can go.
    expect((await t.ops('POST', `/ops/keys/${newKey.kid}/retire`)).statusCode).toBe(409);
    expect(body(await t.ops('POST', `/ops/keys/${oldKey.kid}/retire`)).success).toBe(true);
    const late = await oldClient.enc('POST', '/wps/session/login', { username: 'demo', password: 'Demo1234', sliderToken: 'x' });
    expect(body(late).message).toBe('enc_invalid');
    const listed = body<{ kid: string }[]>(await t.ops('GET', '/ops/keys')).value.map((k) => k.kid);
    expect(listed).toContain(newKey.kid);
    expect(listed).not.toContain(oldKey.kid);
  });
});

describe('security #23 prototype poisoning in enc bodies', () => {
  const poisoned = [
    '{"username":"demo","password":"Demo1234","sliderToken":"x","__proto__":{"isAdmin":true}}',
    '{"username":"demo","password":"Demo1234","sliderToken":"x","constructor":{"prototype":{"isAdmin":true}}}',
  ];

  it('security #23 an enc body with __proto__ or constructor.prototype answers 400 like a plain body does', async () => {
    const c: TestClient = t.client();
    const key = await importEncryptionKey(body<TEncryptionKey>(await c.get('/wps/system/encryptionKey')).value);
    for (const text of poisoned) {
      const plain = await c.inject({
        method: 'PUT',
        url: '/wps/feedback',
        payload: text.replace('"username":"demo"', '"content":"poisoned feedback text"'),
        headers: { 'content-type': 'application/json' },
      });
      expect(plain.statusCode).toBe(400);
      // JSON.parse keeps "__proto__" as an own key, so the encrypted payload carries it as sent.
      const encrypted = await encryptPayload(key, JSON.parse(text) as unknown);
      expect(JSON.stringify(JSON.parse(text))).toBe(text);
      const res = await c.inject({ method: 'POST', url: '/wps/session/login', payload: encrypted });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(body(plain).message);
    }
  });
});

describe('logs: no SQL parameters, no query strings (security #6, #18)', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildApp({ db: db.database, env: testEnv({ LOG_LEVEL: 'info' }), logStream });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('security #6 a database error is logged with its SQLSTATE and query name, never the parameters or the SQL', async () => {
    await db.database.db.execute(sql`alter table feedback add constraint edge_refuse_all check (false)`);
    try {
      const canary = 'leak-canary-7f3a feedback';
      const res = await app.inject({ method: 'PUT', url: '/wps/feedback', payload: { content: canary }, remoteAddress: '198.51.100.23' });
      expect(res.statusCode).toBe(500);
      expect(res.json<{ message: string }>().message).toBe('unknown_error');
      const log = lines.join('');
      expect(log).toContain('"sqlState":"23514"');
      expect(log).toContain('"query":"insert feedback"');
      expect(log).not.toContain('leak-canary-7f3a');
      expect(log.toLowerCase()).not.toContain('insert into');
      expect(log).not.toContain('params');
    } finally {
      await db.database.db.execute(sql`alter table feedback drop constraint edge_refuse_all`);
    }
  });

  it('security #18 request logs carry the path with query values redacted', async () => {
    // A refused call (401) is logged at info (a successful read only at debug: plugins/request-log).
    const res = await app.inject({ method: 'GET', url: '/wps/member/info?resetToken=SECRET-TOKEN-VALUE-123&x=1' });
    expect(res.statusCode).toBe(401);
    const log = lines.join('');
    expect(log).toContain('/wps/member/info?resetToken=[redacted]&x=[redacted]');
    expect(log).not.toContain('SECRET-TOKEN-VALUE-123');
  });
});
