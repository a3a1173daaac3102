import type { TLoginResult } from '@lotus/contracts/auth';
import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { body, uniqueMobile, uniqueName, useTestApp, type TestApp } from './helper';
import { repositories } from './repositories';

/**
 * Issue 6, findings 4 (password floor), 5 (SMS pumping) and 22 (registration enumeration): each
 * test performs the attack through the real app and shows it now fails. Expected values come from
 * the issue: at least 8 characters, at least 64 allowed, printable Unicode with spaces, common and
 * breached passwords refused; a solved challenge per SMS send, a daily budget and per-country limits
 * with an operator alarm; a taken email or number answers like a free one and its owner is told.
 */

const PASSPHRASE_64 = 'ดอกบัว บาน ที่ริมน้ำ under the quiet moon of Bangkok 2026 season';

const strip = (b: ReturnType<typeof body>) => ({ ...b, requestId: undefined });

const mailsTo = (t: TestApp, to: string) => t.mails(to, { limit: 10 });

describe('security #4 the password floor', () => {
  const t = useTestApp();

  it('security #4 abc123 and password1 are refused; a 64-character passphrase with spaces and Thai letters is accepted', async () => {
    expect([...PASSPHRASE_64].length).toBe(64);
    const c = t.client();
    const register = (password: string) =>
      c.register({ username: uniqueName('f'), password, confirmPassword: password });

    const short = await register('abc123');
    expect(short.res.statusCode).toBe(400);
    expect(short.body.fields).toEqual({ password: 'password_too_short' });
    for (const common of ['password1', 'Password1', 'qwerty123', '12345678']) {
      const refused = await register(common);
      expect(refused.res.statusCode).toBe(400);
      expect(refused.body.fields).toEqual({ password: 'password_common' });
    }
    // A C0 control character (a tab) is refused at the edge for every field (security #6), before the
    // floor; C1 controls (U+0085) reach the floor, which refuses them in a password.
    const control = await register('tab\tinside password');
    expect(control.res.statusCode).toBe(400);
    expect(control.body.message).toBe('invalid_characters');
    const c1 = await register('c1 control \u0085 inside');
    expect(c1.body.fields).toEqual({ password: 'password_control_characters' });
    expect((await register('x'.repeat(129))).body.fields).toEqual({ password: 'password_too_long' });

    // Spaces, punctuation and Thai letters, 64 characters: accepted, and the member logs in with it.
    const username = uniqueName('f');
    const ok = await c.register({ username, password: PASSPHRASE_64, confirmPassword: PASSPHRASE_64 });
    expect(ok.res.statusCode).toBe(200);
    expect(ok.body.success).toBe(true);
    const login = await t.client().loginOk(username, PASSPHRASE_64);
    expect(login.token).toBeTruthy();
    expect(login.forceChangePassword).toBe(false);
    // 128 characters are accepted too.
    const long = 'correct horse battery staple '.repeat(5).slice(0, 128);
    expect((await register(long)).body.success).toBe(true);
  });

  it('security #4 the same floor applies to password changes, resets and operator-created accounts', async () => {
    const c = t.client();
    const username = uniqueName('f');
    await c.register({ username, password: 'first garden path 9', confirmPassword: 'first garden path 9' });
    const change = (newPassword: string) =>
      c
        .enc('PUT', '/wps/member/password', { oldPassword: 'first garden path 9', newPassword, confirmNewPassword: newPassword })
        .then((r) => ({ status: r.statusCode, ...body(r) }));
    expect(await change('password1')).toMatchObject({ status: 400, message: 'password_common', fields: { newPassword: 'password_common' } });
    expect(await change('abc123')).toMatchObject({ status: 400, message: 'password_too_short' });
    expect(await change('new garden path 10')).toMatchObject({ status: 200, success: true });

    // Reset by mailed link: the token is not even spent by a refused password.
    const reset = await t.client().inject({
      method: 'POST',
      url: '/wps/member/password/reset',
      payload: { token: 'x'.repeat(43), newPassword: 'iloveyou', confirmNewPassword: 'iloveyou' },
    });
    expect(body(reset).message).toBe('password_common');

    // Operator-created accounts.
    const opsWeak = await t.ops('POST', '/ops/members', { username: uniqueName('o'), password: 'abc123' });
    expect(opsWeak.statusCode).toBe(400);
    expect(body(opsWeak).message).toBe('password_too_short');
    const opsCommon = await t.ops('POST', '/ops/members', { username: uniqueName('o'), password: 'sunshine1' });
    expect(body(opsCommon).message).toBe('password_common');
    const opsOk = await t.ops('POST', '/ops/members', { username: uniqueName('o'), password: 'a long first password' });
    expect(opsOk.statusCode).toBe(200);
  });

  it("security #4 the operator's registration rule tightens the floor but never loosens it", async () => {
    try {
      // An operator rule of 4-20 characters, any pattern: still at least 8, and 64 still fit.
      await t.setConfig('register', (r) => ({
        ...r,
        password: { ...r.password, acceptedPattern: '*', patternId: 0, minLength: 4, maxLength: 20 },
        confirmPassword: { ...r.confirmPassword, acceptedPattern: '*', patternId: 0, minLength: 4, maxLength: 20 },
      }));
      const c = t.client();
      const register = (password: string) =>
        c.register({ username: uniqueName('g'), password, confirmPassword: password });
      expect((await register('abc1234')).body.fields).toEqual({ password: 'password_too_short' });
      expect((await register(PASSPHRASE_64)).body.success).toBe(true);
      // A higher minimum and a composition rule (pattern 11) apply.
      await t.setConfig('register', (r) => ({
        ...r,
        password: { ...r.password, acceptedPattern: '', patternId: 11, minLength: 12, maxLength: 128 },
      }));
      expect((await register('Short1!x')).body.fields).toEqual({ password: 'password_too_short' });
      expect((await register('no upper case 123!')).body.fields).toEqual({ password: 'pattern' });
      expect((await register('With Upper case 123!')).body.success).toBe(true);
    } finally {
      await t.resetConfig();
    }
  });

  it('security #4 an existing account whose password fails the floor must change it at login', async () => {
    const members = repositories(t).members;
    // Accounts from before the floor: hashed as typed by the old code (no normalisation).
    const legacy = async (password: string) => {
      const username = uniqueName('l');
      const row = {
        username,
        passwordHash: await hash(password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 }),
        passwordChangedAt: new Date(t.clock.now()),
        referralCode: `L${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
        createdBy: 'self',
        createdAt: new Date(t.clock.now()),
      };
      await t.db.database.tx((tx) => members.insert(row, tx));
      return username;
    };
    for (const weak of ['abc123', 'password1', '123456']) {
      const username = await legacy(weak);
      const c = t.client();
      const result: TLoginResult = await c.loginOk(username, weak);
      expect(result.token).toBeTruthy();
      expect(result.forceChangePassword).toBe(true);
      // Changing it to a password over the floor ends the forced change.
      const changed = await c.enc('PUT', '/wps/member/password', {
        oldPassword: weak,
        newPassword: 'a much better one 42',
        confirmNewPassword: 'a much better one 42',
      });
      expect(body(changed).success).toBe(true);
      expect((await t.client().loginOk(username, 'a much better one 42')).forceChangePassword).toBe(false);
    }
    // A strong password typed in a form that NFKC changes (full-width letters) keeps working.
    const fullWidth = 'Ｌｏｔｕｓ garden by the river';
    const username = await legacy(fullWidth);
    const result = await t.client().loginOk(username, fullWidth);
    expect(result.token).toBeTruthy();
    expect(result.forceChangePassword).toBe(false);
  });
});

describe('security #5 SMS pumping', () => {
  const t = useTestApp({ env: { SMS_DAILY_BUDGET: '6', SMS_PREFIX_HOURLY_LIMITS: '855=2' } });

  it('security #5 an SMS send without a solved challenge is refused and sends nothing', async () => {
    for (const endpoint of ['register', 'noLogin'] as const) {
      const c = t.client();
      // The demo member's number: noLogin would send it a code, register a notice.
      const none = await c.sms(endpoint, { mobileNum: '812345678', countryDialingCode: '66', sliderToken: undefined });
      expect(none.statusCode).toBe(400);
      expect(body(none).message).toBe('slider_required');
      const forged = await c.sms(endpoint, { mobileNum: '812345678', countryDialingCode: '66', sliderToken: 'f'.repeat(43) });
      expect(body(forged).message).toBe('slider_invalid');
      expect(await t.lastSms('+66812345678')).toBeNull();
    }
    // A solved slider is spent by one send: replaying it sends nothing more.
    const c = t.client();
    const token = await c.sliderToken();
    const mobile = uniqueMobile();
    expect((await c.sms('register', { mobileNum: mobile, countryDialingCode: '66', sliderToken: token })).statusCode).toBe(200);
    t.clock.advance(61_000);
    const replay = await c.sms('register', { mobileNum: mobile, countryDialingCode: '66', sliderToken: token });
    expect(body(replay).message).toBe('slider_invalid');
    const budget = body<{ daily: { sent: number } }>(await t.ops('GET', '/ops/sms/budget')).value;
    expect(budget.daily.sent).toBe(1);
  });

  it('security #5 a country calling code over its hourly limit is refused while other countries still get codes', async () => {
    const send = (dial: string) => t.client().sms('register', { mobileNum: uniqueMobile(), countryDialingCode: dial });
    expect((await send('855')).statusCode).toBe(200);
    expect((await send('855')).statusCode).toBe(200);
    const mobile = uniqueMobile();
    const third = await t.client().sms('register', { mobileNum: mobile, countryDialingCode: '855' });
    expect(third.statusCode).toBe(429);
    expect(body(third).message).toBe('sms_unavailable');
    expect(await t.lastSms(`+855${mobile}`)).toBeNull();
    expect((await send('66')).statusCode).toBe(200);
    const view = body<{ dials: { dial: string; sentLastHour: number; limit: number }[]; alarms: { scope: string }[] }>(
      await t.ops('GET', '/ops/sms/budget'),
    ).value;
    expect(view.dials).toContainEqual({ dial: '855', sentLastHour: 2, limit: 2 });
    expect(view.alarms.map((a) => a.scope)).toEqual(['dial:855']);
    t.clock.advance(60 * 60_000 + 1000);
    expect((await send('855')).statusCode).toBe(200);
  });

  it('security #5 the daily SMS budget stops sends and raises the operator alarm', async () => {
    // 1 + 4 sent by the tests above (1 refused send is not counted); the budget is 6.
    expect((await t.client().sms('noLogin', { mobileNum: uniqueMobile(), countryDialingCode: '66' })).statusCode).toBe(200);
    const refused: number[] = [];
    for (let i = 0; i < 3; i++) {
      const mobile = uniqueMobile();
      const res = await t.client().sms('register', { mobileNum: mobile, countryDialingCode: '66' });
      refused.push(res.statusCode);
      expect(body(res).message).toBe('sms_unavailable');
      expect(body(res).details?.retryAfterSeconds).toBeGreaterThan(0);
      expect(await t.lastSms(`+66${mobile}`)).toBeNull();
    }
    expect(refused).toEqual([429, 429, 429]);
    // The operator sees it: usage and one alarm row (raised once, whatever the number of refusals).
    const res = await t.ops('GET', '/ops/sms/budget');
    expect(res.statusCode).toBe(200);
    const view = body<{ daily: { sent: number; limit: number }; alarms: { scope: string; sent: number; limit: number }[] }>(res).value;
    expect(view.daily).toEqual({ sent: 6, limit: 6 });
    expect(view.alarms.filter((a) => a.scope === 'daily')).toEqual([expect.objectContaining({ sent: 6, limit: 6 })]);
    expect((await t.client().get('/ops/sms/budget')).statusCode).toBe(401);
    // A day later the budget is free again.
    t.clock.advance(24 * 60 * 60_000 + 1000);
    expect((await t.client().sms('register', { mobileNum: uniqueMobile(), countryDialingCode: '66' })).statusCode).toBe(200);
  });
});

describe('security #22 registration does not tell whether an email or mobile is taken', () => {
  const t = useTestApp();

  it('security #22 registering a taken mobile answers like a new one and messages the owner', async () => {
    const attempt = async (mobileNum: string) => {
      const c = t.client();
      const sent = await c.sms('register', { mobileNum, countryDialingCode: '66' }, { language: 'en' });
      // A guessed code (never the real one, when there is one).
      const real = /\b(\d{6})\b/.exec((await t.lastSms(`+66${mobileNum}`)) ?? '')?.[1];
      const verificationCode = real === '123456' ? '654321' : '123456';
      const res = await c.register(
        { password: 'a fine long password', confirmPassword: 'a fine long password', mobileNum, countryDialingCode: '66', verificationCode },
        'mobile',
      );
      return { sent, res };
    };
    // The demo member's number, and a free one, both with a guessed code.
    const taken = await attempt('812345678');
    const free = await attempt(uniqueMobile());
    expect(taken.sent.statusCode).toBe(free.sent.statusCode);
    expect(strip(body(taken.sent))).toEqual(strip(body(free.sent)));
    expect(taken.res.res.statusCode).toBe(400);
    expect(taken.res.res.statusCode).toBe(free.res.res.statusCode);
    expect(strip(taken.res.body)).toEqual(strip(free.res.body));
    expect(taken.res.body.message).toBe('invalid_verification_code');
    // The owner got the notice, not a code.
    const notice = await t.lastSms('+66812345678');
    expect(notice).toMatch(/already registered/);
    expect(notice).not.toMatch(/\d{6}/);
  });

  it('security #22 registering a taken email answers like a new one and mails the owner', async () => {
    const register = (email: string) => {
      const password = 'another fine password';
      return t.client().register({ username: uniqueName('e'), password, confirmPassword: password, email });
    };
    const fresh = `${uniqueName('n')}@example.com`;
    const free = await register(fresh);
    const taken = await register('Demo@Lotus.example');
    expect(taken.res.statusCode).toBe(200);
    expect(taken.res.statusCode).toBe(free.res.statusCode);
    expect(Object.keys(taken.body.value)).toEqual(Object.keys(free.body.value));
    expect(taken.body.value.userInfo?.email).toBe('demo@lotus.example');
    const mails = await mailsTo(t, 'demo@lotus.example');
    // In the owner's language (the demo member's is Thai): "...with this address, which already has an account".
    expect(mails[0]?.text).toMatch(/already has an account|มีบัญชีอยู่แล้ว/);
    expect(await mailsTo(t, fresh)).toEqual([]);
  });
});
