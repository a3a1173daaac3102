import type { TLoginResult, TMemberInfo } from '@lotus/contracts/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { body, useTestApp } from './helper';
import { createMember } from './factories';
import { repositories } from './repositories';

const t = useTestApp();

afterEach(async () => {
  await t.resetConfig();
});

const pw = { password: 'abc12345xyz', confirmPassword: 'abc12345xyz' };
const loggedIn = () => createMember(t, { prefix: 'ss', password: pw.password });
type SessionView = {
  id: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  ip: string;
  userAgent: string;
};

describe('member info (7.AUTH.10/11, 3.MEM)', () => {
  it('3.MEM.01 3.MEM.02 7.AUTH.10 member info carries the section 3 fields', async () => {
    const { c, username } = await loggedIn();
    const res = await c.get('/wps/member/info');
    expect(res.statusCode).toBe(200);
    const v = body<TMemberInfo>(res).value;
    expect(v).toMatchObject({
      account: username,
      nickname: username,
      type: 1,
      isAgent: 0,
      toUpline: false,
      clubLabel: { labelName: '', rankLevel: 0 },
      memberLabel: [],
      balance: '0.00',
      currencySymbol: '฿',
      unreadMessage: 0,
      availablePromoCount: 0,
      vipRankLevel: 0,
      twoFactorEnabled: false,
    });
    expect(v.customerId).toBe(String(v.id));
  });

  it('7.AUTH.11 the icon view', async () => {
    const { c, username } = await loggedIn();
    const v = body(await c.get('/wps/member/info/icon')).value;
    expect(v).toEqual({
      nickname: username,
      iconUrl: '/media/avatars/default.svg',
      balance: '0.00',
      currencySymbol: '฿',
      unreadMessage: 0,
    });
    const icon = await c.get('/media/avatars/default.svg');
    expect(icon.statusCode).toBe(200);
  });

  it('6.ROLE.01 2.R.35 without a token: 401 unauthorized; a made-up token too', async () => {
    const c = t.client();
    for (const url of ['/wps/member/info', '/wps/member/info/icon', '/wps/member/sessions']) {
      const res = await c.get(url);
      expect(res.statusCode).toBe(401);
      expect(body(res).message).toBe('unauthorized');
    }
    c.token = 'A'.repeat(43);
    expect(body(await c.get('/wps/member/info')).message).toBe('unauthorized');
  });

  it("6.ROLE.03 'Bearer <token>' is accepted as well as the bare token", async () => {
    const { c } = await loggedIn();
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('7.PAR.20 the update-language call stores an enabled language', async () => {
    const { c, username } = await loggedIn();
    const ok = await c.inject({ method: 'PUT', url: '/wps/member/language', payload: { language: 'en' } });
    expect(body(ok).value).toEqual({ language: 'en' });
    const row = await repositories(t).members.findByUsername(username);
    expect(row?.language).toBe('en');
    const off = await c.inject({ method: 'PUT', url: '/wps/member/language', payload: { language: 'ko' } });
    expect(body(off).fields).toEqual({ language: 'validation_failed' });
  });
});

describe('sessions (docs/sessions.md)', () => {
  it('7.AUTH.03 4.OUT.02 logout revokes the current session', async () => {
    const { c } = await loggedIn();
    const out = await c.inject({ method: 'DELETE', url: '/wps/session/logout' });
    expect(body(out)).toMatchObject({ success: true, value: { done: true } });
    const after = await c.get('/wps/member/info');
    expect(after.statusCode).toBe(401);
    expect(body(after).message).toBe('session_expired');
  });

  it('sessions are listed and one can be revoked; another member cannot revoke it', async () => {
    const { c, username } = await loggedIn();
    const other = t.client();
    await other.loginOk(username, 'abc12345xyz');
    const list = body<SessionView[]>(await c.get('/wps/member/sessions')).value;
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.ip).sort()).toEqual([c.ip, other.ip].sort());
    const otherId = list.find((s) => !s.current)!.id;

    const stranger = (await loggedIn()).c;
    expect(
      (await stranger.inject({ method: 'DELETE', url: `/wps/member/sessions/${otherId}` })).statusCode,
    ).toBe(404);
    expect(body(await c.inject({ method: 'DELETE', url: `/wps/member/sessions/${otherId}` })).success).toBe(
      true,
    );
    expect(body(await other.get('/wps/member/info')).message).toBe('session_expired');
    expect(body<SessionView[]>(await c.get('/wps/member/sessions')).value).toHaveLength(1);
  });

  it('a session unused for 2 hours is over (idle expiry); use keeps it alive', async () => {
    const { c } = await loggedIn();
    t.clock.advance(100 * 60_000);
    expect((await c.get('/wps/member/info')).statusCode).toBe(200); // seen: the idle clock restarts
    t.clock.advance(100 * 60_000);
    expect((await c.get('/wps/member/info')).statusCode).toBe(200);
    t.clock.advance(2 * 60 * 60_000 + 1000);
    expect(body(await c.get('/wps/member/info')).message).toBe('session_expired');
  });

  it('a session ends after 7 days whatever its use (absolute expiry)', async () => {
    const { c } = await loggedIn();
    for (let i = 0; i < 7 * 24; i += 1) {
      t.clock.advance(60 * 60_000);
      const res = await c.get('/wps/member/info');
      if (i < 7 * 24 - 1) expect(res.statusCode, `hour ${i}`).toBe(200);
      else expect(body(res).message).toBe('session_expired');
    }
  });

  it('log out all other devices: every other session of the member ends, this one and other members stay', async () => {
    const { c, username } = await loggedIn();
    const others = [t.client(), t.client()];
    for (const o of others) await o.loginOk(username, 'abc12345xyz');
    const stranger = (await loggedIn()).c;
    const res = body<{ done: true; count: number }>(await c.inject({ method: 'DELETE', url: '/wps/member/sessions' }));
    expect(res.value).toEqual({ done: true, count: 2 });
    for (const o of others) expect(body(await o.get('/wps/member/info')).message).toBe('session_expired');
    expect((await c.get('/wps/member/info')).statusCode).toBe(200);
    expect((await stranger.get('/wps/member/info')).statusCode).toBe(200);
    expect(body<SessionView[]>(await c.get('/wps/member/sessions')).value).toHaveLength(1);
  });

  it('a password change ends the other sessions and keeps the current one', async () => {
    const { c, username } = await loggedIn();
    const other = t.client();
    await other.loginOk(username, 'abc12345xyz');
    const res = await c.enc('PUT', '/wps/member/password', {
      oldPassword: 'abc12345xyz',
      newPassword: 'xyz78901',
      confirmNewPassword: 'xyz78901',
    });
    expect(body(res).success).toBe(true);
    expect((await c.get('/wps/member/info')).statusCode).toBe(200);
    expect(body(await other.get('/wps/member/info')).message).toBe('session_expired');
  });
});

describe('free play and trial accounts (7.AUTH.02, 6.ROLE.08/09, 5.GATE.03)', () => {
  it('7.AUTH.02 free play opens a trial account (type 4, isAgent 4) with demo credit, logged in', async () => {
    const c = t.client();
    const res = await c.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { os: 'web', platform: 'W' },
    });
    const v = body<TLoginResult>(res).value;
    expect(v.token).toBeTruthy();
    expect(v.userInfo).toMatchObject({ type: 4, isAgent: 4, balance: '2000.00' });
    expect(v.userInfo?.account).toMatch(/^trial_[a-z0-9]{6}$/);
    c.token = v.token;
    expect(body<TMemberInfo>(await c.get('/wps/member/info')).value.balance).toBe('2000.00');
  });

  it('5.GATE.03 6.ROLE.09 a trial account is refused real-member calls with in_need_true_account', async () => {
    const c = t.client();
    c.token = body<TLoginResult>(
      await c.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: { platform: 'W' } }),
    ).value.token;
    const change = await c.enc('PUT', '/wps/member/password', {
      oldPassword: 'x',
      newPassword: 'abc12345xyz',
      confirmNewPassword: 'abc12345xyz',
    });
    expect(change.statusCode).toBe(403);
    expect(body(change).message).toBe('in_need_true_account');
    const payment = await c.enc('PUT', '/wps/member/password/payment', {
      password: 'x',
      newPaymentPassword: '1234',
      confirmPaymentPassword: '1234',
    });
    expect(body(payment).message).toBe('in_need_true_account');
    expect(body(await c.inject({ method: 'POST', url: '/wps/member/2fa/setup' })).message).toBe(
      'in_need_true_account',
    );
  });

  it('7.AUTH.02 free play needs FREEPLAY3 and the platform W', async () => {
    await t.setConfig('whitelabel', (w) => ({ ...w, FREEPLAY3: false }));
    const off = await t
      .client()
      .inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: { platform: 'W' } });
    expect(off.statusCode).toBe(403);
    expect(body(off).message).toBe('freeplay_disabled');
    await t.resetConfig();
    const bad = await t
      .client()
      .inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: { platform: 'X' } });
    expect(body(bad).message).toBe('validation_failed');
  });

  it('free play is rate limited per address (10 per hour)', async () => {
    const c = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await c.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: { platform: 'W' } }))
          .statusCode,
      );
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('payment password', () => {
  it('the withdrawal password is set with the login password as proof', async () => {
    const { c, username } = await loggedIn();
    const wrong = await c.enc('PUT', '/wps/member/password/payment', {
      password: 'nope00',
      newPaymentPassword: '123456',
      confirmPaymentPassword: '123456',
    });
    expect(body(wrong).message).toBe('old_password_incorrect');
    const mismatch = await c.enc('PUT', '/wps/member/password/payment', {
      password: 'abc12345xyz',
      newPaymentPassword: '123456',
      confirmPaymentPassword: '123457',
    });
    expect(body(mismatch).message).toBe('incorrect_confirmation');
    const ok = await c.enc('PUT', '/wps/member/password/payment', {
      password: 'abc12345xyz',
      newPaymentPassword: '123456',
      confirmPaymentPassword: '123456',
    });
    expect(body(ok).success).toBe(true);
    const row = await repositories(t).members.findByUsername(username);
    expect(row?.paymentPasswordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('housekeeping and links to other modules', () => {
  it("feedback from a logged-in member carries the member's id; an invalid token stays a visitor", async () => {
    const { c, username } = await loggedIn();
    const res = await c.inject({ method: 'PUT', url: '/wps/feedback', payload: { content: 'Great site, thanks', type: 'SUGGESTION' } });
    expect(res.statusCode).toBe(200);
    const anon = t.client();
    anon.token = 'B'.repeat(43);
    expect((await anon.inject({ method: 'PUT', url: '/wps/feedback', payload: { content: 'Anonymous note', type: 'OTHER' } })).statusCode).toBe(200);
    const rows = await t.app.services.ops.listFeedback(10);
    const member = await repositories(t).members.findByUsername(username);
    expect(rows.find((r) => r.content === 'Great site, thanks')?.memberId).toBe(member!.id);
    expect(rows.find((r) => r.content === 'Anonymous note')?.memberId).toBeNull();
  });

  it('housekeeping removes expired tickets and ended sessions, and keeps live ones', async () => {
    const { c } = await loggedIn();
    const gone = t.client();
    await gone.captcha();
    t.clock.advance(3 * 60_000);
    await t.app.services.identity.housekeeping();
    expect((await c.get('/wps/member/info')).statusCode).toBe(200);
    t.clock.advance(40 * 86_400_000);
    await t.app.services.identity.housekeeping();
    expect(body(await c.get('/wps/member/info')).message).toBe('unauthorized'); // the ended session row is gone
  });
});
