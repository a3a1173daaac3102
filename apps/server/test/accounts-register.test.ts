import type { TMemberInfo } from '@lotus/contracts/auth';
import { FIELD_PATTERNS } from '@lotus/contracts/register-patterns';
import { PATTERN_SAMPLES } from '@lotus/contracts/register-patterns.samples';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_REGISTER } from '../src/db/seed-data/site-config';
import { body, localPhoneAuth, uniqueMobile, uniqueName, useTestApp } from './helper';
import { repositories } from './repositories';

const phone = localPhoneAuth();
const t = useTestApp({ env: phone.env });

afterEach(async () => {
  await t.resetConfig();
});

const pw = { password: 'abc12345xyz', confirmPassword: 'abc12345xyz' };
const info = async (c: ReturnType<typeof t.client>) =>
  body<TMemberInfo>(await c.get('/wps/member/info')).value;

// 5.PAT.01-06 through the real call: a value refused by its pattern answers validation_failed
// with fields.<field> = 'pattern'; an accepted one gets past validation (to the slider step).
const samples = PATTERN_SAMPLES;

describe('registration, username tab (7.AUTH.07, 4.REG)', () => {
  it('7.AUTH.07 4.REG.07 4.REG.08 7.PAR.21 a new member is created and logged in: the answer is a login result', async () => {
    const c = t.client();
    const username = uniqueName('reg');
    const { res, body: b } = await c.register({
      username,
      ...pw,
      payeeName: 'SOMCHAI JAIDEE',
      email: `${username}@example.com`,
      line: 'line.id_1',
    });
    expect(res.statusCode).toBe(200);
    expect(b.success).toBe(true);
    expect(b.message).toBe('ok');
    expect(b.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.value).toMatchObject({
      firstTimeLogin: false,
      forceChangePassword: false,
      twoFactorRequired: false,
    });
    expect(b.value.userInfo).toMatchObject({
      account: username,
      // Issue 25: the real name (payeeName) is never the name shown: the nickname is the username.
      nickname: username,
      type: 1,
      isAgent: 0,
      balance: '0.00',
    });
    expect(await info(c)).toMatchObject({ account: username, email: `${username}@example.com` });
    // and the password works for a later login
    const again = t.client();
    expect((await again.loginOk(username, 'abc12345xyz')).token).toBeTruthy();
  });

  it('7.CALL.03 7.AUTH.07 a plain (unencrypted) registration body is refused', async () => {
    const res = await t
      .client()
      .inject({
        method: 'POST',
        url: '/wps/member/register',
        payload: { username: uniqueName(), ...pw, acceptTerms: true },
      });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('enc_required');
  });

  it('4.REG.02 5.REQ.08 terms must be accepted', async () => {
    const c = t.client();
    for (const acceptTerms of [false, undefined]) {
      const res = await c.enc('POST', '/wps/member/register', {
        username: uniqueName(),
        ...pw,
        acceptTerms,
        sliderToken: await c.sliderToken(),
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe('terms_required');
    }
  });

  it('4.REG.11 registration is refused when the method module is off', async () => {
    await t.setConfig('whitelabel', (w) => ({ ...w, USERNAMEREG3: false }));
    const res = await t.client().register({ username: uniqueName(), ...pw });
    expect(res.res.statusCode).toBe(403);
    expect(res.body.message).toBe('registration_closed');
    await t.setConfig('whitelabel', (w) => ({ ...w, USERNAMEREG3: true, MOBILENUMREG3: false }));
    const mobile = await t
      .client()
      .register({ mobileNum: uniqueMobile(), countryDialingCode: '66', ...pw }, 'mobile');
    expect(mobile.body.message).toBe('registration_closed');
  });

  it('5.REQ.01 5.REQ.02 username, password and a matching confirmation are required', async () => {
    const c = t.client();
    const missing = await c.register({});
    expect(missing.res.statusCode).toBe(400);
    expect(missing.body.message).toBe('validation_failed');
    expect(missing.body.fields).toMatchObject({ username: 'required', password: 'required' });
    const mismatch = await c.register({
      username: uniqueName(),
      password: 'abc12345xyz',
      confirmPassword: 'abc124',
    });
    expect(mismatch.body.fields).toEqual({ confirmPassword: 'incorrect_confirmation' });
  });

  it('5.HINT.01 5.VAL.03 5.VAL.04 the username rule: 2-15 characters starting with a letter', async () => {
    const c = t.client();
    expect((await c.register({ username: 'a', ...pw })).body.fields).toEqual({ username: 'minLength' });
    expect((await c.register({ username: 'a'.repeat(16), ...pw })).body.fields).toEqual({
      username: 'maxLength',
    });
    expect((await c.register({ username: '1abc', ...pw })).body.fields).toEqual({ username: 'pattern' });
    expect((await c.register({ username: 'ab cd', ...pw })).body.fields).toEqual({ username: 'pattern' });
  });

  it('5.HINT.03 the password rule is the platform floor (docs/adr/0021 supersedes "minimum 6"): 8 characters, any characters', async () => {
    const c = t.client();
    expect(
      (await c.register({ username: uniqueName(), password: 'abcdefg', confirmPassword: 'abcdefg' })).body.fields,
    ).toEqual({ password: 'password_too_short' });
    expect(
      (await c.register({ username: uniqueName(), password: 'only letters here', confirmPassword: 'only letters here' }))
        .body.success,
    ).toBe(true);
  });

  describe('5.PAT.01-06 5.VAL.04 each of the 24 patterns, through the registration call', () => {
    for (const pattern of FIELD_PATTERNS) {
      it(`5.PAT.0${pattern.id <= 5 ? 2 : pattern.id <= 7 ? 3 : pattern.id <= 10 ? 4 : pattern.id === 11 ? 5 : 6} pattern ${pattern.id} (${pattern.name})`, async () => {
        await t.setConfig('register', (r) => ({
          ...r,
          line: {
            enabled: true,
            required: true,
            acceptedPattern: '',
            patternId: pattern.id,
            minLength: 1,
            maxLength: 60,
          },
        }));
        const c = t.client();
        const s = samples[pattern.id]!;
        for (const value of s.fail) {
          const res = await c.enc('POST', '/wps/member/register', {
            acceptTerms: true,
            username: uniqueName(),
            ...pw,
            line: value,
          });
          expect(body(res).fields, value).toEqual({ line: 'pattern' });
        }
        for (const value of s.pass) {
          const res = await c.enc('POST', '/wps/member/register', {
            acceptTerms: true,
            username: uniqueName(),
            ...pw,
            line: value,
          });
          expect(body(res).message, value).toBe('slider_required');
        }
      });
    }
  });

  it('3.REG.12 5.VAL.02 5.REQ.07 a field configured required fails when empty; optional fields pass empty', async () => {
    await t.setConfig('register', (r) => ({ ...r, payeeName: { ...r.payeeName, required: true } }));
    const res = await t.client().register({ username: uniqueName(), ...pw });
    expect(res.body.fields).toEqual({ payeeName: 'required' });
  });

  it('3.REG.13 5.VAL.07 acceptedPattern * accepts any value over the pattern id', async () => {
    await t.setConfig('register', (r) => ({ ...r, payeeName: { ...r.payeeName, acceptedPattern: '*' } }));
    const res = await t.client().register({ username: uniqueName(), ...pw, payeeName: 'any 123 name!' });
    expect(res.body.success).toBe(true);
  });

  it('5.VAL.01 a disabled field is neither validated nor stored', async () => {
    const c = t.client();
    const username = uniqueName();
    const res = await c.register({ username, ...pw, qqNum: 'not digits', wechat: 'x' });
    expect(res.body.success).toBe(true);
    const row = await repositories(t).members.findByUsername(username);
    expect(row?.qqNum).toBeNull();
    expect(row?.wechat).toBeNull();
  });

  it('5.REQ.09 8.ERR.03 an email must be valid; every failing field is reported at once', async () => {
    await t.setConfig('register', (r) => ({ ...r, email: { ...r.email, acceptedPattern: '*' } }));
    const res = await t
      .client()
      .register({ username: '1bad', ...pw, email: 'not-an-email', payeeName: 'lower case' });
    expect(res.body.fields).toEqual({ username: 'pattern', email: 'pattern', payeeName: 'pattern' });
  });

  it('5.REQ.06 3.REG.07 the payment password is required when enabled, and stored hashed', async () => {
    await t.setConfig('register', (r) => ({
      ...r,
      paymentPassword: { ...DEFAULT_REGISTER.paymentPassword, enabled: true },
    }));
    const c = t.client();
    expect((await c.register({ username: uniqueName(), ...pw })).body.fields).toEqual({
      paymentPassword: 'required',
    });
    expect(
      (await c.register({ username: uniqueName(), ...pw, paymentPassword: '12ab56' })).body.fields,
    ).toEqual({ paymentPassword: 'pattern' });
    const username = uniqueName();
    expect((await c.register({ username, ...pw, paymentPassword: '123456' })).body.success).toBe(true);
    const row = await repositories(t).members.findByUsername(username);
    expect(row?.paymentPasswordHash).toMatch(/^\$argon2id\$/);
  });

  it('5.HINT.04 with the birthday field on, members must be 18 or older', async () => {
    await t.setConfig('register', (r) => ({
      ...r,
      birthday: { ...r.birthday, enabled: true, required: true },
    }));
    const now = new Date(t.clock.now());
    const iso = (years: number, days = 0) => {
      const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days));
      return d.toISOString().slice(0, 10);
    };
    const c = t.client();
    const young = await c.register({ username: uniqueName(), ...pw, birthday: iso(18, 1) });
    expect(young.res.statusCode).toBe(400);
    expect(young.body.message).toBe('age_restricted');
    expect((await c.register({ username: uniqueName(), ...pw, birthday: '2001-02-29' })).body.fields).toEqual(
      { birthday: 'pattern' },
    );
    expect((await c.register({ username: uniqueName(), ...pw })).body.fields).toEqual({
      birthday: 'required',
    });
    expect((await c.register({ username: uniqueName(), ...pw, birthday: iso(18) })).body.success).toBe(true);
  });

  it('4.REG.05 the slider token is required, must be valid and is single use', async () => {
    const c = t.client();
    const payload = { acceptTerms: true, ...pw };
    const none = await c.enc('POST', '/wps/member/register', { ...payload, username: uniqueName() });
    expect(body(none).message).toBe('slider_required');
    const bogus = await c.enc('POST', '/wps/member/register', {
      ...payload,
      username: uniqueName(),
      sliderToken: 'x'.repeat(43),
    });
    expect(body(bogus).message).toBe('slider_invalid');
    const token = await c.sliderToken();
    expect(
      body(
        await c.enc('POST', '/wps/member/register', {
          ...payload,
          username: uniqueName(),
          sliderToken: token,
        }),
      ).success,
    ).toBe(true);
    const replay = await c.enc('POST', '/wps/member/register', {
      ...payload,
      username: uniqueName(),
      sliderToken: token,
    });
    expect(body(replay).message).toBe('slider_invalid');
  });

  it('409 a taken username (any case); a number without any proof (REGMOBVERF3 off) cannot be given twice', async () => {
    const c = t.client();
    const taken = await c.register({ username: 'DEMO', ...pw });
    expect(taken.res.statusCode).toBe(409);
    expect(taken.body.message).toBe('username_taken');
    // A taken email is not told (security #22, tested in security-passwords-sms.test.ts).
    await t.setConfig('whitelabel', (w) => ({ ...w, REGMOBVERF3: false }));
    const mobile = await c.register({
      username: uniqueName(),
      ...pw,
      mobileNum: '812345678',
      countryDialingCode: '66',
    });
    expect(mobile.body.message).toBe('mobile_taken');
  });
});

describe('affiliate and referral codes (4.AFF, 7.AUTH.16, decision 3.REG.11)', () => {
  it('7.AUTH.16 4.AFF.01 an agent code is valid; anything else is invitation_code_error', async () => {
    const c = t.client();
    const ok = await c.get('/wps/agent/affiliate?code=lotus01&domain=www.lotus.example');
    expect(body(ok)).toMatchObject({ success: true, value: { valid: true, code: 'LOTUS01' } });
    for (const code of ['NOPE123', 'DEMO0001']) {
      const bad = await c.get(`/wps/agent/affiliate?code=${code}`);
      expect(bad.statusCode).toBe(400);
      expect(body(bad).message).toBe('invitation_code_error');
    }
  });

  it('4.REG.04 8.ERR.01 an invalid affiliate code stops registration; a valid one makes the agent the upline', async () => {
    const c = t.client();
    const bad = await c.register({ username: uniqueName(), ...pw, affiliateCode: 'NOPE123' });
    expect(bad.body.message).toBe('invitation_code_error');
    expect(bad.body.fields).toEqual({ affiliateCode: 'invitation_code_error' });
    const username = uniqueName();
    const good = await c.register({ username, ...pw, affiliateCode: 'LOTUS01' });
    expect(good.body.value.userInfo?.toUpline).toBe(true);
    const row = await repositories(t).members.findByUsername(username);
    const agent = await repositories(t).members.findByUsername('agent01');
    expect(row?.uplineId).toBe(agent?.id);
  });

  it('3.REG.05 3.REG.11 2.RGP.02 a member referral code sets the recommender (and inherits its agent)', async () => {
    const c = t.client();
    const friend = uniqueName();
    await c.register({ username: friend, ...pw, affiliateCode: 'LOTUS01' });
    const friendRow = await repositories(t).members.findByUsername(friend);
    const username = uniqueName();
    const res = await t
      .client()
      .register({ username, ...pw, referralCode: friendRow!.referralCode.toLowerCase() });
    expect(res.body.success).toBe(true);
    const row = await repositories(t).members.findByUsername(username);
    expect(row?.recommenderId).toBe(friendRow!.id);
    expect(row?.uplineId).toBe(friendRow!.uplineId);
    const bad = await t.client().register({ username: uniqueName(), ...pw, referralCode: 'ZZZZ9999' });
    expect(bad.body.fields).toEqual({ referralCode: 'invitation_code_error' });
  });
});

describe('registration, mobile tab (7.AUTH.08, 5.REQ.03-05)', () => {
  async function smsCode(mobile: string) {
    await t.client().sms('register', { mobileNum: mobile, countryDialingCode: '66' });
    return t.smsCode(`+66${mobile}`);
  }

  it('7.AUTH.08 5.REQ.05 with REGMOBVERF3 the SMS code is required and must be right', async () => {
    const mobile = uniqueMobile();
    const c = t.client();
    const none = await c.register({ mobileNum: mobile, countryDialingCode: '66', ...pw }, 'mobile');
    expect(none.body.fields).toEqual({ verificationCode: 'required' });
    const code = await smsCode(mobile);
    const wrong = await c.register(
      {
        mobileNum: mobile,
        countryDialingCode: '66',
        ...pw,
        verificationCode: code === '000000' ? '111111' : '000000',
      },
      'mobile',
    );
    expect(wrong.body.message).toBe('invalid_verification_code');
    const ok = await c.register(
      { mobileNum: mobile, countryDialingCode: '66', ...pw, verificationCode: code },
      'mobile',
    );
    expect(ok.body.success).toBe(true);
    expect(ok.body.value.userInfo?.mobileNum).toBe(`+66 ${mobile}`);
    expect(ok.body.value.userInfo?.account).toMatch(/^m[a-z0-9]{9}$/);
  });

  it('issue 25 the SMS code is the challenge: no slider after it; a wrong code is refused and counts a try, a taken username keeps the code', async () => {
    const mobile = uniqueMobile();
    const code = await smsCode(mobile);
    const c = t.client();
    const wrong = await c.register(
      { mobileNum: mobile, countryDialingCode: '66', ...pw, verificationCode: code === '000000' ? '111111' : '000000', sliderToken: undefined },
      'mobile',
    );
    expect(wrong.body.message).toBe('invalid_verification_code');
    // A name that is taken answers 409 without spending the code: the player picks another.
    const taken = await c.register(
      { mobileNum: mobile, countryDialingCode: '66', ...pw, username: 'demo', verificationCode: code, sliderToken: undefined },
      'mobile',
    );
    expect(taken.body.message).toBe('username_taken');
    const username = uniqueName('mm');
    const ok = await c.register(
      { mobileNum: mobile, countryDialingCode: '66', ...pw, username, verificationCode: code, sliderToken: undefined },
      'mobile',
    );
    expect(ok.body.success).toBe(true);
    expect(ok.body.value.userInfo?.account).toBe(username);
    // Without an SMS code (REGMOBVERF3 off) the slider is still required.
    await t.setConfig('whitelabel', (w) => ({ ...w, REGMOBVERF3: false }));
    const bare = await t.client().register({ mobileNum: uniqueMobile(), countryDialingCode: '66', ...pw, sliderToken: undefined }, 'mobile');
    expect(bare.body.message).toBe('slider_required');
  });

  it('issue 25 a leading 0 is accepted and stripped: 0 + the number is stored as the number', async () => {
    const mobile = uniqueMobile();
    const code = await smsCode(mobile);
    const res = await t.client().register(
      { mobileNum: `0${mobile}`, countryDialingCode: '66', ...pw, verificationCode: code },
      'mobile',
    );
    expect(res.body.success).toBe(true);
    expect(res.body.value.userInfo?.mobileNum).toBe(`+66 ${mobile}`);
    const row = await repositories(t).members.findByE164(`66${mobile}`);
    expect(row?.mobileNum).toBe(mobile);
  });

  it('5.REQ.03 the number is required on the mobile tab', async () => {
    const res = await t.client().register({ ...pw }, 'mobile');
    expect(res.body.fields).toMatchObject({ mobileNum: 'required' });
  });

  it('5.REQ.04 without MOBILENUMPASSREG3 the password is not needed; the member sets one later without an old one', async () => {
    await t.setConfig('whitelabel', (w) => ({ ...w, MOBILENUMPASSREG3: false }));
    const mobile = uniqueMobile();
    const code = await smsCode(mobile);
    const c = t.client();
    const res = await c.register(
      { mobileNum: mobile, countryDialingCode: '+66', verificationCode: code },
      'mobile',
    );
    expect(res.body.success).toBe(true);
    const set = await c.enc('PUT', '/wps/member/password', {
      oldPassword: '',
      newPassword: 'newpw123',
      confirmNewPassword: 'newpw123',
    });
    expect(body(set).success).toBe(true);
    expect((await t.client().loginOk(res.body.value.userInfo!.account, 'newpw123')).token).toBeTruthy();
  });

  it('5.REQ.04 with MOBILENUMPASSREG3 the password is required on the mobile tab', async () => {
    const res = await t
      .client()
      .register(
        { mobileNum: uniqueMobile(), countryDialingCode: '66', verificationCode: '123456' },
        'mobile',
      );
    expect(res.body.fields).toMatchObject({ password: 'required' });
  });

  it('3.REG.08 4.REG.06 the phone-auth path: a provider token for the number replaces the slider and the SMS code', async () => {
    const mobile = uniqueMobile();
    const token = await phone.sign({ phone_number: `+66${mobile}` }, { now: t.clock.now() });
    const c = t.client();
    const res = await c.enc('POST', '/wps/member/register/mobile', {
      acceptTerms: true,
      mobileNum: mobile,
      countryDialingCode: '66',
      ...pw,
      firebaseChannel: 'firebase',
      firebaseIdToken: token,
    });
    expect(body(res).success).toBe(true);
    const other = await phone.sign({ phone_number: '+66811111111' }, { now: t.clock.now() });
    const mismatch = await c.enc('POST', '/wps/member/register/mobile', {
      acceptTerms: true,
      mobileNum: uniqueMobile(),
      countryDialingCode: '66',
      ...pw,
      firebaseIdToken: other,
    });
    expect(body(mismatch).message).toBe('auth/invalid-phone-number');
  });
});
