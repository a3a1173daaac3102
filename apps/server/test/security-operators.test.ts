import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { mailOutbox, opsApiTokens, opsAuditLog, smsOutbox } from '../src/db/schema';
import { readEnv } from '../src/env';
import { ensureOperatorCredential, readOpsFile } from '../src/modules/ops/ops.credentials';
import { checkStartup } from '../src/startup-checks';
import { body, uniqueMobile, useTestApp } from './helper';
import { createTestDatabase, createTestOperator, tempDir, testEnv } from './helper';

const t = useTestApp();
const db = () => t.db.database.db;

const status = (token: string) =>
  t.app.inject({ method: 'GET', url: '/ops/status', headers: { authorization: `Bearer ${token}` } });

async function auditRows(action: string) {
  return db().select().from(opsAuditLog).where(eq(opsAuditLog.action, action)).orderBy(desc(opsAuditLog.seq));
}

describe('security #9 operator identities and tokens', () => {
  it('security #9 the old shared static credential is refused and the first start issues an admin token with an expiry', async () => {
    const dataDir = path.join(tempDir(), 'data');
    fs.mkdirSync(dataDir, { recursive: true });
    // ops.json as the shared-token era wrote it: 32 random bytes, no operator, no expiry.
    const oldShared = randomBytes(32).toString('base64url');
    fs.writeFileSync(path.join(dataDir, 'ops.json'), JSON.stringify({ url: 'http://localhost:1', token: oldShared }));
    expect((await status(oldShared)).statusCode).toBe(401);

    const outcome = await ensureOperatorCredential(t.app.services.ops.operators, {
      dataDir,
      url: 'http://127.0.0.1:9',
      mode: 'embedded-demo',
    });
    expect(outcome.state).toBe('created');
    const file = readOpsFile(dataDir)!;
    expect(file.token).not.toBe(oldShared);
    expect(fs.statSync(path.join(dataDir, 'ops.json')).mode & 0o777).toBe(0o600);
    expect((await status(oldShared)).statusCode).toBe(401);
    const me = await status(file.token);
    expect(me.statusCode).toBe(200);
    const operators = body<{ username: string; role: string }[]>(await t.ops('GET', '/ops/operators')).value;
    expect(operators).toContainEqual(expect.objectContaining({ username: 'owner', role: 'admin' }));
    const tokens = body<{ username: string; createdAt: string; expiresAt: string; name: string }[]>(
      await t.ops('GET', '/ops/tokens'),
    ).value;
    const owner = tokens.find((x) => x.username === 'owner' && x.name === 'bootstrap')!;
    // ADR 0019: bootstrap tokens live 90 days.
    expect(Date.parse(owner.expiresAt) - Date.parse(owner.createdAt)).toBe(90 * 86_400_000);
  });

  it('security #9 an expired operator token is refused', async () => {
    const op = await t.operator('admin');
    // A token with the default lifetime (90 days, ADR 0019), made the way an admin makes one for
    // another operator: a four-eyes request whose approver sees the token once (ADR 0080).
    const issued = await t.opsApproved('POST', `/ops/operators/${op.username}/tokens`, { reason: 'expiry test' });
    const token = (issued.revealed as { token: string }).token;
    expect((await status(token)).statusCode).toBe(200);
    t.clock.advance(89 * 86_400_000);
    expect((await status(token)).statusCode).toBe(200);
    t.clock.advance(-89 * 86_400_000);
    t.clock.advance(91 * 86_400_000);
    try {
      const res = await status(token);
      expect(res.statusCode).toBe(401);
      expect(body(res).message).toBe('unauthorized');
    } finally {
      t.clock.advance(-91 * 86_400_000);
    }
    expect((await status(token)).statusCode).toBe(200);
  });

  it('security #9 a revoked operator token is refused', async () => {
    const op = await t.operator('support');
    const [row] = await db().select().from(opsApiTokens).where(eq(opsApiTokens.operatorId, op.id));
    const revoke = await t.ops('DELETE', `/ops/tokens/${row!.id}`);
    expect(body(revoke).value).toEqual({ id: row!.id, revoked: true });
    const res = await op.ops('GET', '/ops/status');
    expect(res.statusCode).toBe(401);
  });

  it('security #9 a disabled operator is refused, and enabling brings the token back', async () => {
    const op = await t.operator('support');
    expect((await t.ops('PUT', `/ops/operators/${op.username}/status`, { status: 'disabled' })).statusCode).toBe(200);
    expect((await op.ops('GET', '/ops/status')).statusCode).toBe(401);
    expect((await t.ops('PUT', `/ops/operators/${op.username}/status`, { status: 'active' })).statusCode).toBe(200);
    expect((await op.ops('GET', '/ops/status')).statusCode).toBe(200);
  });

  it('security #9 the last active admin cannot be disabled', async () => {
    const admins = body<{ username: string; role: string; status: string }[]>(await t.ops('GET', '/ops/operators'))
      .value.filter((o) => o.role === 'admin' && o.status === 'active');
    // Disable all admins but the caller, then try the caller itself.
    for (const a of admins.filter((x) => x.username !== 'test_operator')) {
      await t.ops('PUT', `/ops/operators/${a.username}/status`, { status: 'disabled' });
    }
    const res = await t.ops('PUT', '/ops/operators/test_operator/status', { status: 'disabled' });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('operator_last_admin');
    for (const a of admins.filter((x) => x.username !== 'test_operator')) {
      await t.ops('PUT', `/ops/operators/${a.username}/status`, { status: 'active' });
    }
  });

  it('security #9 operator rotate replaces the caller token: the new one works, the old one is refused', async () => {
    const op = await t.operator('read_only');
    const res = await op.ops('POST', '/ops/tokens/rotate', {});
    expect(res.statusCode).toBe(200);
    const created = body<{ token: string }>(res).value;
    expect((await op.ops('GET', '/ops/status')).statusCode).toBe(401);
    expect((await status(created.token)).statusCode).toBe(200);
  });
});

describe('security #9 roles enforced on every /ops route', () => {
  it('security #9 read_only cannot change configuration or unlock a member (403 ops_permission_denied), but reads', async () => {
    const ro = await t.operator('read_only');
    expect((await ro.ops('GET', '/ops/config/brand')).statusCode).toBe(200);
    const brand = body<Record<string, unknown>>(await ro.ops('GET', '/ops/config/brand')).value;
    const put = await ro.ops('PUT', '/ops/config/brand', { ...brand, siteName: 'Owned' });
    expect(put.statusCode).toBe(403);
    expect(body(put).message).toBe('ops_permission_denied');
    expect(body<{ siteName: string }>(await t.ops('GET', '/ops/config/brand')).value.siteName).toBe(brand.siteName);

    const unlock = await ro.ops('POST', '/ops/members/demo/unlock');
    expect(unlock.statusCode).toBe(403);
    expect(body(unlock).message).toBe('ops_permission_denied');
    // Secrets: neither outboxes nor challenge answers, nor operators.
    for (const url of ['/ops/sms', '/ops/mail', '/ops/challenges/abc', '/ops/operators', '/ops/audit']) {
      expect((await ro.ops('GET', url)).statusCode, url).toBe(403);
    }
    const denied = await auditRows('ops.denied');
    expect(denied.some((r) => r.username === ro.username && r.target === 'PUT /ops/config/:key')).toBe(true);
  });

  it('security #9 support unlocks members and reads outboxes but cannot manage operators or configuration', async () => {
    const support = await t.operator('support');
    expect((await support.ops('POST', '/ops/members/demo/unlock')).statusCode).toBe(200);
    expect((await support.ops('GET', '/ops/sms?limit=1')).statusCode).toBe(200);
    const create = await support.ops('POST', '/ops/operators', { username: 'mallory', role: 'admin' });
    expect(create.statusCode).toBe(403);
    expect(body(create).message).toBe('ops_permission_denied');
    const brand = body<Record<string, unknown>>(await support.ops('GET', '/ops/config/brand')).value;
    expect((await support.ops('PUT', '/ops/config/brand', brand)).statusCode).toBe(403);
  });

  it('security #9 finance has no member or secret access yet', async () => {
    const finance = await t.operator('finance');
    expect((await finance.ops('GET', '/ops/status')).statusCode).toBe(200);
    expect((await finance.ops('POST', '/ops/members/demo/unlock')).statusCode).toBe(403);
    expect((await finance.ops('GET', '/ops/mail')).statusCode).toBe(403);
  });

  it('security #9 a route that declares no permission cannot be registered (fail closed)', async () => {
    const { registerOpsAuth } = await import('../src/plugins/auth-ops');
    const Fastify = (await import('fastify')).default;
    const deps = { operators: t.app.services.ops.operators, audit: t.app.services.ops.audit };
    await expect(
      Fastify().register(async (scope) => {
        registerOpsAuth(scope, deps);
        scope.get('/ops/forgotten', async () => 'x');
      }),
    ).rejects.toThrow(/declares no permission/);
    await expect(
      Fastify().register(async (scope) => {
        registerOpsAuth(scope, deps);
        scope.post('/ops/unaudited', { config: { ops: { permission: 'config.write' } } }, async () => 'x');
      }),
    ).rejects.toThrow(/declares no audit action/);
  });
});

describe('security #9 the operator audit log', () => {
  it('security #9 a mutating operator call writes an audit row with who, what, before/after, ip and user agent', async () => {
    const op = await t.operator('admin');
    const before = body<{ siteName: string } & Record<string, unknown>>(await op.ops('GET', '/ops/config/brand')).value;
    const res = await t.app.opsApp.inject({
      method: 'PUT',
      url: '/ops/config/brand',
      remoteAddress: '203.0.113.77',
      headers: { authorization: `Bearer ${op.token}`, 'user-agent': 'audit-test/1.0', 'x-request-id': 'req-audit-1' },
      payload: { ...before, siteName: 'Audited Lotus' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await auditRows('config.set');
    expect(row).toMatchObject({
      operatorId: op.id,
      username: op.username,
      target: 'config:brand',
      ip: '203.0.113.77',
      userAgent: 'audit-test/1.0',
      requestId: 'req-audit-1',
    });
    expect((row!.before as { siteName: string }).siteName).toBe(before.siteName);
    expect((row!.after as { siteName: string }).siteName).toBe('Audited Lotus');
    await t.ops('PUT', '/ops/config/brand', before);
  });

  it('security #9 a refused change writes no change row (the change and its row commit together)', async () => {
    const count = async () => (await auditRows('config.set')).length;
    const n = await count();
    const bad = await t.ops('PUT', '/ops/config/whitelabel', { FREEPLAY3: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(await count()).toBe(n);
  });

  it('security #9 reading the SMS outbox writes an audit row (secret read)', async () => {
    const mobile = uniqueMobile();
    const to = `+66${mobile}`;
    const support = await t.operator('support');
    const res = await support.ops('GET', `/ops/sms?to=${encodeURIComponent(to)}&limit=5`);
    expect(res.statusCode).toBe(200);
    const [row] = await auditRows('secret.sms_outbox.read');
    expect(row).toMatchObject({ username: support.username, target: `sms_outbox:${to}` });
    const peek = await support.ops('GET', '/ops/mail?limit=1');
    expect(peek.statusCode).toBe(200);
    expect((await auditRows('secret.mail_outbox.read'))[0]!.username).toBe(support.username);
  });

  it('security #9 audit verify passes, then names the row an attacker changed in the database', async () => {
    const ok = body<{ ok: boolean; rows: number; firstBrokenSeq: number | null }>(await t.ops('GET', '/ops/audit/verify')).value;
    expect(ok.ok).toBe(true);
    expect(ok.rows).toBeGreaterThan(5);
    const [victim] = await auditRows('config.set');
    // A database superuser drops the append-only trigger and rewrites history.
    await db().execute(sql`alter table ops_audit_log disable trigger ops_audit_log_no_change`);
    try {
      await db().update(opsAuditLog).set({ username: 'somebody_else' }).where(eq(opsAuditLog.seq, victim!.seq));
    } finally {
      await db().execute(sql`alter table ops_audit_log enable trigger ops_audit_log_no_change`);
    }
    const broken = body<{ ok: boolean; firstBrokenSeq: number | null; reason: string }>(
      await t.ops('GET', '/ops/audit/verify'),
    ).value;
    expect(broken.ok).toBe(false);
    expect(broken.firstBrokenSeq).toBe(victim!.seq);
    expect(broken.reason).toContain('changed');
    // Put it back so later rows verify again (the chain itself was never rewritten).
    await db().execute(sql`alter table ops_audit_log disable trigger ops_audit_log_no_change`);
    await db().update(opsAuditLog).set({ username: victim!.username }).where(eq(opsAuditLog.seq, victim!.seq));
    await db().execute(sql`alter table ops_audit_log enable trigger ops_audit_log_no_change`);
    expect(body<{ ok: boolean }>(await t.ops('GET', '/ops/audit/verify')).value.ok).toBe(true);
  });

  it('security #9 UPDATE, DELETE and TRUNCATE of the audit table are refused by the database', async () => {
    const refusal = async (run: () => Promise<unknown>) => {
      try {
        await run();
        return 'accepted';
      } catch (error) {
        const e = error as Error & { cause?: Error };
        return `${e.message} ${e.cause?.message ?? ''}`;
      }
    };
    expect(await refusal(() => db().update(opsAuditLog).set({ username: 'x' }).where(eq(opsAuditLog.seq, 1)))).toMatch(
      /append-only \(UPDATE refused\)/,
    );
    expect(await refusal(() => db().delete(opsAuditLog).where(eq(opsAuditLog.seq, 1)))).toMatch(/append-only \(DELETE refused\)/);
    expect(await refusal(() => db().execute(sql`truncate ops_audit_log`))).toMatch(/append-only \(TRUNCATE refused\)/);
    expect(body<{ ok: boolean }>(await t.ops('GET', '/ops/audit/verify')).value.ok).toBe(true);
  });
});

describe('security #21 outboxes keep no code or link in clear', () => {
  it('security #21 the SMS outbox row holds no code in clear; the audited operator read shows it', async () => {
    const client = t.client();
    const mobile = uniqueMobile();
    const res = await client.sms('register', { mobileNum: mobile, countryDialingCode: '66' });
    expect(body(res).success, res.body).toBe(true);
    const code = await t.smsCode(`+66${mobile}`);
    const rows = await db().select().from(smsOutbox).where(eq(smsOutbox.to, `+66${mobile}`));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.text).not.toContain(code);
      expect(r.text.startsWith('v1.')).toBe(true);
    }
  });

  it('security #21 the mail outbox row holds no reset link in clear', async () => {
    await t.app.services.mail.mailer.send({
      to: 'sealed@example.com',
      subject: 'Reset',
      text: 'Open https://lotus.example/reset#token=SECRET-RESET-TOKEN-123',
      html: '<a href="https://lotus.example/reset#token=SECRET-RESET-TOKEN-123">reset</a>',
    });
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'sealed@example.com'));
    expect(JSON.stringify(row)).not.toContain('SECRET-RESET-TOKEN-123');
    const read = body<{ text: string }[]>(await t.ops('GET', '/ops/mail?to=sealed@example.com')).value;
    expect(read[0]!.text).toContain('SECRET-RESET-TOKEN-123');
  });
});

describe('security #21 sandbox transports refused in production', () => {
  // Everything else a production server needs is in place (security #1, #8, #20), so only the
  // transports decide.
  const privateDataDir = () => {
    const dir = path.join(tempDir('lotus-ops-'), 'data');
    fs.mkdirSync(dir, { mode: 0o700 });
    return dir;
  };
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://db.example/lotus',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://www.lotus.example',
    LOTUS_MASTER_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: privateDataDir(),
  };

  it('security #21 a production server with the sandbox mail and SMS outbox refuses to start', () => {
    expect(() => checkStartup(readEnv(production))).toThrow(/SMTP_URL is not set[\s\S]*SMS_GATEWAY_URL is not set/);
    expect(() =>
      checkStartup(readEnv({ ...production, SMTP_URL: 'smtp://mail.example:587' })),
    ).toThrow(/SMS_GATEWAY_URL is not set/);
  });

  it('security #21 real transports, ALLOW_SANDBOX_TRANSPORTS=1, or the embedded demo start', () => {
    expect(() =>
      checkStartup(readEnv({ ...production, SMTP_URL: 'smtp://mail.example:587', SMS_GATEWAY_URL: 'https://sms.example/send' })),
    ).not.toThrow();
    expect(() => checkStartup(readEnv({ ...production, ALLOW_SANDBOX_TRANSPORTS: '1' }))).not.toThrow();
    expect(() => checkStartup(readEnv({ NODE_ENV: 'production', DATA_DIR: privateDataDir() }))).not.toThrow();
  });
});

describe('security #9 the operator API on a separate listener', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dbHandle: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    dbHandle = await createTestDatabase();
    // A console build (apps/backoffice/dist's shape): index.html and one hashed asset.
    const dist = tempDir('lotus-backoffice-');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    app = await buildApp({
      db: dbHandle.database,
      env: testEnv({ OPS_PORT: '0', OPS_HOST: '127.0.0.1', BACKOFFICE_DIST: dist }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.opsApp.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await dbHandle?.drop();
  });

  it('security #9 with OPS_PORT set, /ops answers 404 on the public port and works on the operator port', async () => {
    const admin = await createTestOperator(app, 'admin', 'listener_admin');
    const publicPort = (app.server.address() as AddressInfo).port;
    const opsPort = (app.opsApp.server.address() as AddressInfo).port;
    expect(opsPort).not.toBe(publicPort);
    const headers = { authorization: `Bearer ${admin.token}` };
    const onPublic = await fetch(`http://127.0.0.1:${publicPort}/ops/status`, { headers });
    expect(onPublic.status).toBe(404);
    const onOps = await fetch(`http://127.0.0.1:${opsPort}/ops/status`, { headers });
    expect(onOps.status).toBe(200);
    // The public site still answers on the public port, and not on the operator port.
    expect((await fetch(`http://127.0.0.1:${publicPort}/wps/system/encryptionKey`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${opsPort}/wps/system/encryptionKey`)).status).toBe(404);
  });

  it('issue 12 the operator console is served under /backoffice/ on the operator port only', async () => {
    const publicPort = (app.server.address() as AddressInfo).port;
    const opsPort = (app.opsApp.server.address() as AddressInfo).port;
    const html = { headers: { accept: 'text/html' } };
    const page = await fetch(`http://127.0.0.1:${opsPort}/backoffice/members/1004`, html);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(await page.text()).toContain('<div id="root">');
    const asset = await fetch(`http://127.0.0.1:${opsPort}/backoffice/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`http://127.0.0.1:${opsPort}/backoffice/assets/missing.js`)).status).toBe(404);
    // A path that climbs out of the build folder gets the console page, never the file.
    const climb = await fetch(`http://127.0.0.1:${opsPort}/backoffice/..%2f..%2f..%2fpackage.json`);
    expect(await climb.text()).not.toContain('"name"');
    // The public port does not serve the console at all.
    expect((await fetch(`http://127.0.0.1:${publicPort}/backoffice/`, html)).status).toBe(404);
  });
});
