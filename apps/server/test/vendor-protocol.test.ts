import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/platform/keys/secrets';
import { body, createClock, useTestApp } from './helper';
import { createMember, type Member } from './factories';
import { createVendor, launch, openSession, tokenOf, vendorCaller, type VendorCaller } from './vendor-client';
import { repositories } from './repositories';

/**
 * Vendor wallet protocol v1 (docs/vendor-protocol.md): launch, session/authenticate, the signature
 * and timestamp refusals, bad input, players, currency and sessions. Money semantics (idempotency,
 * rollbacks, rounds) are in vendor-wallet.test.ts.
 */
const t = useTestApp({ clock: createClock({ frozen: Date.now() }) });

const MINUTE = 60_000;

/** Rows the protocol may write: launch tokens and sessions (with their last use). */
async function written() {
  const rows = await t.db.database.db.execute(
    sql`select (select count(*) from vendor_launch_tokens)::int as tokens,
               (select count(*) from vendor_sessions)::int as sessions,
               (select coalesce(max(last_used_at)::text, '') from vendor_sessions) as last_used`,
  );
  return (rows as unknown as { rows: unknown[] }).rows?.[0] ?? (rows as unknown as unknown[])[0];
}

describe('vendor launch and session/authenticate', () => {
  it('launch: the vendor launch URL carries a one-time token, gameCode, language, currency and returnUrl', async () => {
    const v = await createVendor(t);
    const m = await createMember(t);
    const l = await launch(m, v, { gameCode: 'SLOT-7', language: 'en', returnUrl: 'https://lotus.example/rng' });
    expect(l.body.success).toBe(true);
    const url = new URL(l.body.value.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://games.example.com/launch');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(url.searchParams.get('gameCode')).toBe('SLOT-7');
    expect(url.searchParams.get('language')).toBe('en');
    expect(url.searchParams.get('currency')).toBe('THB');
    expect(url.searchParams.get('returnUrl')).toBe('https://lotus.example/rng');
  });

  it('launch: trial members may launch; visitors may not; unknown, disabled or maintenance vendors are refused', async () => {
    const v = await createVendor(t);
    const trial = t.client();
    const free = await trial.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: { platform: 'W' } });
    trial.token = body<{ token: string }>(free).value.token;
    const tl = await launch({ c: trial }, v);
    expect(tl.body.success).toBe(true);
    // 5.GATE.04 the trial player plays with its demo credit (7.AUTH.02: 2000.00), not real money
    const session = await vendorCaller(t, v).call('session/authenticate', { token: tokenOf(tl.body.value.url) });
    expect(session.json()).toMatchObject({ status: 'OK', currency: 'THB', balance: '200000' });

    const visitor = await t.client().inject({ method: 'POST', url: '/wps/game/vendorLaunch', payload: { vendor: v.code, gameCode: 'G1' } });
    expect(visitor.statusCode).toBe(401);

    const m = await createMember(t);
    expect((await launch(m, { code: 'NOSUCHVENDOR' })).body.message).toBe('vendor_not_found');
    const off = await createVendor(t, { status: 'disabled' });
    expect((await launch(m, off)).body.message).toBe('vendor_not_found');
    const maint = await createVendor(t, { status: 'maintenance' });
    const l = await launch(m, maint);
    expect(l.res.statusCode).toBe(503);
    expect(l.body.message).toBe('game_maintenance');
  });

  it('session/authenticate exchanges the launch token for {playerId, currency, balance, sessionToken}', async () => {
    const v = vendorCaller(t, await createVendor(t));
    const m = await createMember(t);
    const l = await launch(m, v);
    const res = await v.call('session/authenticate', { token: tokenOf(l.body.value.url) });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      status: 'OK',
      playerId: String(m.id),
      currency: 'THB',
      balance: '0',
      sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  it('launch token single use: a second exchange, an expired token (2 minutes) or another vendor is INVALID_SESSION', async () => {
    const v = vendorCaller(t, await createVendor(t));
    const other = vendorCaller(t, await createVendor(t));
    const m = await createMember(t);
    const token = tokenOf((await launch(m, v)).body.value.url);
    expect((await other.call('session/authenticate', { token })).json()).toMatchObject({ status: 'ERROR', code: 'INVALID_SESSION' });
    expect((await v.call('session/authenticate', { token })).json()).toMatchObject({ status: 'OK' });
    expect((await v.call('session/authenticate', { token })).json()).toMatchObject({ status: 'ERROR', code: 'INVALID_SESSION' });

    const late = tokenOf((await launch(m, v)).body.value.url);
    t.clock.advance(2 * MINUTE + 1);
    expect((await v.call('session/authenticate', { token: late })).json()).toEqual({
      status: 'ERROR',
      code: 'INVALID_SESSION',
      message: expect.any(String),
    });
    expect((await v.call('session/authenticate', { token: 'not-a-token' })).json()).toMatchObject({ code: 'INVALID_SESSION' });
  });

  it('the session token expires after 30 minutes of inactivity and is refreshed by use', async () => {
    const v = vendorCaller(t, await createVendor(t));
    const m = await createMember(t);
    const sessionToken = await openSession(m, v);
    const balance = () => v.call('wallet/balance', { playerId: String(m.id), sessionToken });
    expect((await balance()).json()).toEqual({ status: 'OK', balance: '0', currency: 'THB' });
    t.clock.advance(29 * MINUTE);
    expect((await balance()).json()).toMatchObject({ status: 'OK' }); // used: refreshed
    t.clock.advance(29 * MINUTE);
    expect((await balance()).json()).toMatchObject({ status: 'OK' }); // 58 minutes after the start
    t.clock.advance(30 * MINUTE);
    expect((await balance()).json()).toMatchObject({ status: 'ERROR', code: 'INVALID_SESSION' });
  });

  it('a session is bound to its vendor and player', async () => {
    const v = vendorCaller(t, await createVendor(t));
    const other = vendorCaller(t, await createVendor(t));
    const m = await createMember(t);
    const n = await createMember(t);
    const sessionToken = await openSession(m, v);
    expect((await other.call('wallet/balance', { playerId: String(m.id), sessionToken })).json()).toMatchObject({ code: 'INVALID_SESSION' });
    expect((await v.call('wallet/balance', { playerId: String(n.id), sessionToken })).json()).toMatchObject({ code: 'INVALID_SESSION' });
  });
});

describe('signature, timestamp and vendor refusals (HTTP 401, nothing read or written)', () => {
  let v: VendorCaller;
  let m: Member;
  let token: string;
  const refusal = async (res: Awaited<ReturnType<VendorCaller['call']>>, code: string) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'ERROR', code });
  };

  it('unsigned, badly signed, other secret, body changed after signing: INVALID_SIGNATURE', async () => {
    v = vendorCaller(t, await createVendor(t));
    m = await createMember(t);
    token = tokenOf((await launch(m, v)).body.value.url);
    const before = await written();
    const payload = { token };
    await refusal(await v.call('session/authenticate', payload, { signature: null }), 'INVALID_SIGNATURE');
    await refusal(await v.call('session/authenticate', payload, { signature: '0'.repeat(64) }), 'INVALID_SIGNATURE');
    await refusal(await v.call('session/authenticate', payload, { signature: 'not hex' }), 'INVALID_SIGNATURE');
    await refusal(await v.call('session/authenticate', payload, { secret: 'some-other-secret-of-the-right-length!' }), 'INVALID_SIGNATURE');
    await refusal(
      await v.call('session/authenticate', JSON.stringify({ token: 'x' }), { signedBody: JSON.stringify(payload) }),
      'INVALID_SIGNATURE',
    );
    await refusal(await v.call('session/authenticate', `${JSON.stringify(payload)} `, { signedBody: JSON.stringify(payload) }), 'INVALID_SIGNATURE');
    await refusal(await v.call('session/authenticate', payload, { code: null }), 'INVALID_SIGNATURE');
    expect(await written()).toEqual(before);
  });

  it('a timestamp outside +-5 minutes (stale or from the future): EXPIRED_REQUEST', async () => {
    const before = await written();
    const now = t.clock.now();
    await refusal(await v.call('session/authenticate', { token }, { timestamp: String(now - 5 * MINUTE - 1) }), 'EXPIRED_REQUEST');
    await refusal(await v.call('session/authenticate', { token }, { timestamp: String(now + 5 * MINUTE + 1) }), 'EXPIRED_REQUEST');
    await refusal(await v.call('session/authenticate', { token }, { timestamp: String(Math.floor(now / 1000)) }), 'EXPIRED_REQUEST');
    await refusal(await v.call('session/authenticate', { token }, { timestamp: 'yesterday' }), 'EXPIRED_REQUEST');
    // A request signed at T is accepted until T + 5 minutes on the platform's clock.
    const signedAt = String(now);
    t.clock.advance(5 * MINUTE + 1);
    await refusal(await v.call('session/authenticate', { token: 'x' }, { timestamp: signedAt }), 'EXPIRED_REQUEST');
    expect(await written()).toEqual(before);
  });

  it('an unknown vendor: INVALID_SIGNATURE; a disabled vendor: VENDOR_DISABLED', async () => {
    const before = await written();
    await refusal(await v.call('session/authenticate', { token }, { code: 'NOSUCHVENDOR' }), 'INVALID_SIGNATURE');
    await refusal(await v.call('session/authenticate', { token }, { code: 'bad code!' }), 'INVALID_SIGNATURE');
    const off = await t.ops('PUT', `/ops/vendors/registry/${v.code}/status`, { status: 'disabled' });
    expect(off.statusCode).toBe(200);
    await refusal(await v.call('session/authenticate', { token }), 'VENDOR_DISABLED');
    await refusal(await v.call('wallet/win', { requestId: 'r', playerId: String(m.id), transactionId: 'w', roundId: 'r', gameCode: 'g', amount: '1', currency: 'THB' }), 'VENDOR_DISABLED');
    expect(await written()).toEqual(before);
    // Nothing was consumed: once active again, the launch token still works (within its 2 minutes).
    await t.ops('PUT', `/ops/vendors/registry/${v.code}/status`, { status: 'active' });
    t.clock.advance(-5 * MINUTE - 1);
    expect((await v.call('session/authenticate', { token })).json()).toMatchObject({ status: 'OK' });
  });

  it('a rotated secret: the old one is refused, the new one accepted', async () => {
    const res = await t.ops('POST', `/ops/vendors/registry/${v.code}/rotate-secret`);
    const secret = body<{ secret: string }>(res).value.secret;
    expect(secret).not.toBe(v.secret);
    await refusal(await v.call('wallet/balance', { playerId: String(m.id), sessionToken: 'x' }), 'INVALID_SIGNATURE');
    const fresh = await v.call('wallet/balance', { playerId: String(m.id), sessionToken: 'x' }, { secret });
    expect(fresh.json()).toMatchObject({ status: 'ERROR', code: 'INVALID_SESSION' });
  });

  it('not JSON (other content type, too large): HTTP 400 INVALID_REQUEST', async () => {
    const res = await v.call('wallet/balance', 'playerId=1', { contentType: 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'ERROR', code: 'INVALID_REQUEST' });
    const big = await v.call('wallet/balance', JSON.stringify({ pad: 'x'.repeat(70_000) }));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ status: 'ERROR', code: 'INVALID_REQUEST' });
  });
});

describe('bad input: each its documented code, nothing written', () => {
  let v: VendorCaller;
  let m: Member;
  let sessionToken: string;
  const bet = (over: Record<string, unknown> = {}) => ({
    requestId: 'req-1',
    playerId: String(m.id),
    sessionToken,
    transactionId: 'bad-input-1',
    roundId: 'round-1',
    gameCode: 'G1',
    amount: '100',
    currency: 'THB',
    ...over,
  });
  const win = (over: Record<string, unknown> = {}) => {
    const { sessionToken: _, ...rest } = bet(over);
    return rest;
  };
  const code = async (path: string, payload: unknown) => {
    const res = await v.call(path, payload);
    expect(res.statusCode).toBe(200);
    return (res.json() as { code: string }).code;
  };

  it('malformed JSON, missing or wrong fields: INVALID_REQUEST', async () => {
    v = vendorCaller(t, await createVendor(t));
    m = await createMember(t);
    sessionToken = await openSession(m, v);
    const before = await written();
    expect(await code('wallet/bet', '{"requestId": ')).toBe('INVALID_REQUEST');
    expect(await code('wallet/bet', '')).toBe('INVALID_REQUEST');
    expect(await code('wallet/bet', '[]')).toBe('INVALID_REQUEST');
    expect(await code('wallet/bet', '{"__proto__": {"x": 1}}')).toBe('INVALID_REQUEST');
    const { transactionId: _, ...noId } = bet();
    expect(await code('wallet/bet', noId)).toBe('INVALID_REQUEST');
    expect(await code('wallet/bet', bet({ transactionId: '' }))).toBe('INVALID_REQUEST');
    expect(await code('wallet/bet', bet({ transactionId: 'x'.repeat(101) }))).toBe('INVALID_REQUEST');
    expect(await code('wallet/bet', bet({ roundId: 'with space' }))).toBe('INVALID_REQUEST');
    expect(await code('wallet/bet', bet({ gameCode: 'nul\u0000' }))).toBe('INVALID_REQUEST');
    expect(await code('wallet/bet', bet({ playerId: 1001 }))).toBe('INVALID_REQUEST');
    expect(await code('wallet/bet', bet({ playerId: '-1' }))).toBe('INVALID_REQUEST');
    expect(await code('wallet/rollback', { requestId: 'r', playerId: String(m.id), transactionId: 'rb' })).toBe('INVALID_REQUEST');
    expect(await written()).toEqual(before);
  });

  it('negative, fractional, non-digit, overflowing (beyond 2^53 minor units) amounts: INVALID_REQUEST', async () => {
    const before = await written();
    const bad = ['-1', '-100', '10.50', '1.0', '1e3', 'abc', ' 100', '100 ', '', '+1', '0x10', '9007199254740992', '12345678901234567'];
    for (const amount of bad) {
      expect(await code('wallet/bet', bet({ amount })), `bet ${amount}`).toBe('INVALID_REQUEST');
      expect(await code('wallet/win', win({ amount })), `win ${amount}`).toBe('INVALID_REQUEST');
    }
    for (const amount of [100, 10.5, -1, null]) {
      expect(await code('wallet/bet', bet({ amount })), `bet ${String(amount)}`).toBe('INVALID_REQUEST');
    }
    expect(await written()).toEqual(before);
  });

  it('unknown player: PLAYER_NOT_FOUND', async () => {
    const before = await written();
    for (const playerId of ['999999999', '2147483648', '9999999999']) {
      expect(await code('wallet/bet', bet({ playerId }))).toBe('PLAYER_NOT_FOUND');
      expect(await code('wallet/win', win({ playerId }))).toBe('PLAYER_NOT_FOUND');
      expect(await code('wallet/balance', { playerId, sessionToken })).toBe('PLAYER_NOT_FOUND');
      expect(await code('wallet/rollback', { requestId: 'r', playerId, transactionId: 'rb', referenceTransactionId: 'x' })).toBe(
        'PLAYER_NOT_FOUND',
      );
    }
    expect(await written()).toEqual(before);
  });

  it('wrong currency: CURRENCY_MISMATCH', async () => {
    const before = await written();
    expect(await code('wallet/bet', bet({ currency: 'USD' }))).toBe('CURRENCY_MISMATCH');
    expect(await code('wallet/win', win({ currency: 'USD' }))).toBe('CURRENCY_MISMATCH');
    expect(await code('wallet/bet', bet({ currency: 'thb' }))).toBe('INVALID_REQUEST');
    expect(await written()).toEqual(before);
  });

  it('a bet without a live session: INVALID_SESSION', async () => {
    expect(await code('wallet/bet', bet({ sessionToken: 'no-such-session' }))).toBe('INVALID_SESSION');
  });

  it('blocked player (status not active): PLAYER_BLOCKED for launch sessions, balance and bets', async () => {
    const token = tokenOf((await launch(m, v)).body.value.url);
    const off = await t.ops('PUT', `/ops/members/${m.username}/status`, { status: 'disabled' });
    expect(off.statusCode).toBe(200);
    // docs/vendor-protocol.md: a block reaches bets within 5 seconds (each instance caches a player's status).
    t.clock.advance(5_000);
    const before = await written();
    expect(await code('wallet/bet', bet())).toBe('PLAYER_BLOCKED');
    expect(await code('wallet/balance', { playerId: String(m.id), sessionToken })).toBe('PLAYER_BLOCKED');
    expect((await v.call('session/authenticate', { token })).json()).toMatchObject({ code: 'PLAYER_BLOCKED' });
    // the launch token was consumed by that attempt; no session was opened
    const after = (await written()) as { tokens: number; sessions: number };
    expect(after.sessions).toBe((before as { sessions: number }).sessions);
    await t.ops('PUT', `/ops/members/${m.username}/status`, { status: 'active' });
  });

  it('a vendor in maintenance: no new sessions or bets (VENDOR_DISABLED), balance still answered', async () => {
    m = await createMember(t); // the blocked member's web sessions ended
    const maint = vendorCaller(t, await createVendor(t));
    const s = await openSession(m, maint);
    const token = tokenOf((await launch(m, maint)).body.value.url);
    await t.ops('PUT', `/ops/vendors/registry/${maint.code}/status`, { status: 'maintenance' });
    expect((await maint.call('session/authenticate', { token })).json()).toMatchObject({ status: 'ERROR', code: 'VENDOR_DISABLED' });
    expect((await maint.call('wallet/bet', bet({ sessionToken: s }))).json()).toMatchObject({ status: 'ERROR', code: 'VENDOR_DISABLED' });
    expect((await maint.call('wallet/balance', { playerId: String(m.id), sessionToken: s })).json()).toMatchObject({ status: 'OK' });
  });
});

describe('housekeeping and the API description', () => {
  it('the vendor-housekeeping job removes expired launch tokens and sessions idle past 30 minutes', async () => {
    const v = vendorCaller(t, await createVendor(t));
    const m = await createMember(t);
    const sessionToken = await openSession(m, v);
    await launch(m, v); // an unused launch token
    t.clock.advance(31 * MINUTE);
    const fresh = await openSession(m, v); // a session in use
    await t.app.services.vendor.service.housekeeping();
    const repo = repositories(t).vendors;
    expect(await repo.findSession(sha256Hex(sessionToken))).toBeNull();
    expect(await repo.findSession(sha256Hex(fresh))).not.toBeNull();
    const left = (await written()) as { tokens: number };
    expect(left.tokens).toBe(0);
  });

  it('/docs/json lists the vendor protocol and the launch call', async () => {
    const paths = Object.keys(((await t.inject('/docs/json')).json() as { paths: object }).paths);
    for (const p of ['/vendor/v1/session/authenticate', '/vendor/v1/wallet/balance', '/vendor/v1/wallet/bet', '/vendor/v1/wallet/win', '/vendor/v1/wallet/rollback', '/wps/game/vendorLaunch', '/ops/vendors/registry']) {
      expect(paths).toContain(p);
    }
  });
});

describe('vendor registry operator commands', () => {
  it('add answers the secret once; list never shows secrets; secrets are stored sealed; every change is audited', async () => {
    const v = await createVendor(t, { code: 'AUDITV1' });
    expect(v.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const list = await t.ops('GET', '/ops/vendors/registry');
    expect(list.body).not.toContain(v.secret);
    expect(body<{ code: string }[]>(list).value.map((r) => r.code)).toContain('AUDITV1');
    const stored = (await repositories(t).vendors.findVendor('AUDITV1'))!;
    expect(stored.secretSealed).not.toContain(v.secret);
    expect(stored.secretSealed).toMatch(/^v1\./);

    expect(body(await t.ops('POST', '/ops/vendors/registry', { code: 'AUDITV1', name: 'again', launchUrl: 'https://x.example' })).message).toBe(
      'vendor_exists',
    );
    expect(body(await t.ops('PUT', '/ops/vendors/registry/NOSUCH/status', { status: 'disabled' })).message).toBe('vendor_not_found');
    await t.ops('PUT', '/ops/vendors/registry/AUDITV1/status', { status: 'maintenance' });
    const rotated = body<{ secret: string }>(await t.ops('POST', '/ops/vendors/registry/AUDITV1/rotate-secret')).value.secret;

    const audit = await t.ops('GET', '/ops/audit?limit=50');
    const rows = body<{ action: string; target: string }[]>(audit).value.filter((r) => r.target === 'vendor:AUDITV1');
    expect(rows.map((r) => r.action).sort()).toEqual(['vendors.add', 'vendors.rotate_secret', 'vendors.status']);
    expect(audit.body).not.toContain(v.secret);
    expect(audit.body).not.toContain(rotated);
  });

  it('read-only operators may list the registry but not change it', async () => {
    const ro = await t.operator('read_only');
    expect((await ro.ops('GET', '/ops/vendors/registry')).statusCode).toBe(200);
    expect((await ro.ops('POST', '/ops/vendors/registry', { code: 'ROV', name: 'x', launchUrl: 'https://x.example' })).statusCode).toBe(403);
  });

  it('bad registry input is refused: code format, launch URL', async () => {
    for (const bad of [
      { code: 'lower', name: 'x', launchUrl: 'https://x.example' },
      { code: 'A', name: 'x', launchUrl: 'https://x.example' },
      { code: 'OK1', name: 'x', launchUrl: 'javascript:alert(1)' },
      { code: 'OK2', name: 'x', launchUrl: 'https://x.example', secret: 'short' },
    ]) {
      expect((await t.ops('POST', '/ops/vendors/registry', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});
