import { describe, expect, it } from 'vitest';
import { humanTrace } from '../src/modules/verification/slider.rules';
import { body, uniqueMobile, useTestApp } from './helper';

const t = useTestApp();
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('captcha (7.AUTH.15, 4.CAP)', () => {
  it('3.LOG.05 7.AUTH.15 answers a base64 PNG with its id in the captcha-id header', async () => {
    const c = t.client();
    const res = await c.get('/wps/captcha');
    expect(res.statusCode).toBe(200);
    const b = body<string>(res);
    expect(b.success).toBe(true);
    const png = Buffer.from(b.value, 'base64');
    expect(png.subarray(0, 8)).toEqual(PNG);
    expect(png.readUInt32BE(16)).toBe(140); // width
    expect(String(res.headers['captcha-id'])).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('4.CAP.01 every captcha is new: ids and answers differ', async () => {
    const c = t.client();
    const a = await c.captcha();
    const b = await c.captcha();
    expect(a.captchaId).not.toBe(b.captchaId);
    expect(a.captcha).toMatch(/^[A-Z2-9]{4,5}$/);
  });

  it('4.CAP.02 a captcha is single use, bound to its client and expires after 2 minutes', async () => {
    const checkCaptcha = t.app.services.verification.challenges.checkCaptcha;
    const c = t.client();
    const client = { ip: c.ip, userAgent: c.userAgent };
    // right answer: accepted once, then refused (replay)
    const one = await c.captcha();
    expect(await checkCaptcha(one.captchaId, one.captcha.toLowerCase(), client)).toBe(true);
    expect(await checkCaptcha(one.captchaId, one.captcha, client)).toBe(false);
    // a wrong answer burns it
    const two = await c.captcha();
    expect(await checkCaptcha(two.captchaId, 'XXXXX', client)).toBe(false);
    expect(await checkCaptcha(two.captchaId, two.captcha, client)).toBe(false);
    // another client (address or user agent) cannot use it
    const three = await c.captcha();
    expect(await checkCaptcha(three.captchaId, three.captcha, { ...client, ip: '10.250.0.1' })).toBe(false);
    const four = await c.captcha();
    expect(await checkCaptcha(four.captchaId, four.captcha, { ...client, userAgent: 'curl/8' })).toBe(false);
    // expired
    const five = await c.captcha();
    t.clock.advance(2 * 60_000 + 1000);
    expect(await checkCaptcha(five.captchaId, five.captcha, client)).toBe(false);
  });

  it('4.CAP.01 captcha images are rate limited per address (20 per minute), with retryAfterSeconds', async () => {
    const c = t.client();
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await c.get('/wps/captcha')).statusCode);
    expect(codes.slice(0, 20).every((s) => s === 200)).toBe(true);
    const limited = await c.get('/wps/captcha');
    expect(limited.statusCode).toBe(429);
    expect(body(limited).message).toBe('rate_limited');
    expect(body(limited).details?.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe('slider (decision 4.REG.09)', () => {
  it('4.REG.05 a puzzle has a background with a gap and a piece, as PNG images', async () => {
    const c = t.client();
    const res = await c.get('/wps/verification/slider');
    const v = body<{
      challengeId: string;
      background: string;
      piece: string;
      width: number;
      height: number;
      pieceSize: number;
      pieceY: number;
    }>(res).value;
    expect(Buffer.from(v.background, 'base64').subarray(0, 8)).toEqual(PNG);
    expect(Buffer.from(v.piece, 'base64').subarray(0, 8)).toEqual(PNG);
    expect(v).toMatchObject({ width: 300, height: 160, pieceSize: 50 });
    expect(v.pieceY).toBeGreaterThanOrEqual(0);
  });

  it('4.REG.05 a good drag earns a token; a wrong drop burns the challenge', async () => {
    const c = t.client();
    const ch = body<{ challengeId: string }>(await c.get('/wps/verification/slider')).value;
    const gapX = await c.peekGap(ch.challengeId);
    const wrong = await c.inject({
      method: 'POST',
      url: '/wps/verification/slider',
      payload: { challengeId: ch.challengeId, x: gapX + 20, trace: humanTrace(gapX + 20) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe('slider_invalid');
    const retry = await c.inject({
      method: 'POST',
      url: '/wps/verification/slider',
      payload: { challengeId: ch.challengeId, x: gapX, trace: humanTrace(gapX) },
    });
    expect(body(retry).message).toBe('slider_invalid');
  });

  it('4.REG.05 a robotic straight constant-speed drag is refused', async () => {
    const c = t.client();
    const ch = body<{ challengeId: string }>(await c.get('/wps/verification/slider')).value;
    const gapX = await c.peekGap(ch.challengeId);
    const robot = Array.from({ length: 11 }, (_, i) => [(gapX * i) / 10, 3, i * 40]);
    const res = await c.inject({
      method: 'POST',
      url: '/wps/verification/slider',
      payload: { challengeId: ch.challengeId, x: gapX, trace: robot },
    });
    expect(body(res).message).toBe('slider_invalid');
  });

  it('4.REG.05 a slider token is single use, bound to its client and expires after 2 minutes', async () => {
    const consume = t.app.services.verification.challenges.consumeSliderToken;
    const c = t.client();
    const client = { ip: c.ip, userAgent: c.userAgent };
    const token = await c.sliderToken();
    expect(await consume(token, client)).toBe(true);
    expect(await consume(token, client)).toBe(false);
    const other = await c.sliderToken();
    expect(await consume(other, { ...client, ip: '10.250.0.2' })).toBe(false);
    const late = await c.sliderToken();
    t.clock.advance(2 * 60_000 + 1000);
    expect(await consume(late, client)).toBe(false);
  });

  it('4.REG.05 a challenge answered after 2 minutes is refused', async () => {
    const c = t.client();
    const ch = body<{ challengeId: string }>(await c.get('/wps/verification/slider')).value;
    const gapX = await c.peekGap(ch.challengeId);
    t.clock.advance(2 * 60_000 + 1000);
    const res = await c.inject({
      method: 'POST',
      url: '/wps/verification/slider',
      payload: { challengeId: ch.challengeId, x: gapX, trace: humanTrace(gapX) },
    });
    expect(body(res).message).toBe('slider_invalid');
  });

  it('4.REG.05 a malformed answer is a validation error', async () => {
    const c = t.client();
    const res = await c.inject({
      method: 'POST',
      url: '/wps/verification/slider',
      payload: { challengeId: 'x', x: 10, trace: [[1, 2, 3]] },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('validation_failed');
  });
});

describe('SMS codes (7.AUTH.04/05, decision 4.SMS.07)', () => {
  it('3.LOG.04 7.AUTH.05 a registration code: success, message and value.expiredMinutes; the code lands in the outbox', async () => {
    const c = t.client();
    const mobile = uniqueMobile();
    const res = await c.sms('register', { mobileNum: mobile, countryDialingCode: '+66' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ success: true, message: 'ok', value: { expiredMinutes: 5 } });
    expect(await t.smsCode(`+66${mobile}`)).toMatch(/^\d{6}$/);
  });

  it('7.AUTH.04 noLogin answers the same for a member number and an unknown one, and sends only to the member', async () => {
    const known = await t.client().sms('noLogin', { mobileNum: '0812345678', countryDialingCode: '66' });
    const unknownNumber = uniqueMobile();
    const unknown = await t.client().sms('noLogin', { mobileNum: unknownNumber, countryDialingCode: '66' });
    expect(known.statusCode).toBe(unknown.statusCode);
    const strip = (b: ReturnType<typeof body>) => ({ ...b, requestId: undefined });
    expect(strip(body(known))).toEqual(strip(body(unknown)));
    expect(await t.smsCode('+66812345678')).toMatch(/^\d{6}$/);
    expect(await t.lastSms(`+66${unknownNumber}`)).toBeNull();
  });

  it('7.AUTH.05 a registration code to a registered number is a notice without a code, with the same answer', async () => {
    t.clock.advance(61_000); // the demo number got a code in the test before
    const res = await t.client().sms('register', { mobileNum: '812345678', countryDialingCode: '66' }, { language: 'en' });
    expect(body(res)).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
    const text = await t.lastSms('+66812345678');
    expect(text).toMatch(/already registered/);
    expect(text).not.toMatch(/\d{6}/);
  });

  it('4.SMS.07 limits: 1 per minute per number, with retryAfterSeconds', async () => {
    const mobile = uniqueMobile();
    const c = t.client();
    const send = () =>
      c.sms('register', { mobileNum: mobile, countryDialingCode: '66' });
    expect((await send()).statusCode).toBe(200);
    const second = await send();
    expect(second.statusCode).toBe(429);
    expect(body(second).message).toBe('sms_limit');
    expect(body(second).details?.retryAfterSeconds).toBeGreaterThan(0);
    expect(body(second).details?.retryAfterSeconds).toBeLessThanOrEqual(60);
    t.clock.advance(61_000);
    expect((await send()).statusCode).toBe(200);
  });

  it('4.SMS.07 limits: 5 per hour per number, 10 per hour per address', async () => {
    const mobile = uniqueMobile();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.client().sms('register', { mobileNum: mobile, countryDialingCode: '66' });
      statuses.push(res.statusCode);
      t.clock.advance(61_000);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const c = t.client();
    const perIp: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await c.sms('noLogin', { mobileNum: uniqueMobile(), countryDialingCode: '66' });
      perIp.push(res.statusCode);
      if (i === 9) t.clock.advance(61_000); // the per-minute route limit is not what this checks
    }
    expect(perIp.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(perIp[10]).toBe(429);
  });

  it('4.SMS.02 5.LOGIN.05 a malformed number is refused before anything is sent', async () => {
    const res = await t.client().sms('register', { mobileNum: '12', countryDialingCode: '66' });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('validation_failed');
    const res2 = await t.client().sms('register', { mobileNum: '000000', countryDialingCode: '66' });
    expect(body(res2).message).toBe('invalid_mobile_number');
  });

  it('4.SMS.07 codes are single use, expire after 5 minutes and die after 5 wrong attempts', async () => {
    const verify = t.app.services.verification.sms.verify;
    const send = async (mobile: string) => {
      await t.client().sms('register', { mobileNum: mobile, countryDialingCode: '66' });
      return t.smsCode(`+66${mobile}`);
    };
    const a = uniqueMobile();
    const codeA = await send(a);
    expect(await verify('login_or_reset', `66${a}`, codeA)).toBe(false); // another purpose
    expect(await verify('register', `66${a}`, codeA)).toBe(true);
    expect(await verify('register', `66${a}`, codeA)).toBe(false); // replay

    const b = uniqueMobile();
    const codeB = await send(b);
    t.clock.advance(5 * 60_000 + 1000);
    expect(await verify('register', `66${b}`, codeB)).toBe(false); // expired

    const c = uniqueMobile();
    const codeC = await send(c);
    const wrong = codeC === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect(await verify('register', `66${c}`, wrong)).toBe(false);
    expect(await verify('register', `66${c}`, codeC)).toBe(false); // too many attempts
  });

  it('7.AUTH.06 a slider token sent with an SMS request must be valid', async () => {
    const c = t.client();
    const res = await c.sms('register', {
        mobileNum: uniqueMobile(),
        countryDialingCode: '66',
        sliderToken: 'not-a-real-token-0000000',
      });
    expect(body(res).message).toBe('slider_invalid');
    const ok = await c.sms('register', { mobileNum: uniqueMobile(), countryDialingCode: '66', sliderToken: await c.sliderToken() });
    expect(ok.statusCode).toBe(200);
  });

  it('4.SMS.07 registration codes need REGMOBVERF3; noLogin needs SMS login or phone reset', async () => {
    await t.setConfig('whitelabel', (w) => ({
      ...w,
      REGMOBVERF3: false,
      MOBILEVERCODELOGIN3: false,
      CHNGPASSVERIF3: false,
    }));
    try {
      const reg = await t.client().sms('register', { mobileNum: uniqueMobile(), countryDialingCode: '66' });
      expect(reg.statusCode).toBe(403);
      expect(body(reg).message).toBe('registration_closed');
      const no = await t.client().sms('noLogin', { mobileNum: uniqueMobile(), countryDialingCode: '66' });
      expect(body(no).message).toBe('sms_login_disabled');
    } finally {
      await t.resetConfig();
    }
  });
});

describe('operator views of verification', () => {
  it('/ops/challenges, /ops/sms and /ops/mail need the operator credential; unknown challenges are 404', async () => {
    for (const url of ['/ops/challenges/abcdefgh', '/ops/sms', '/ops/mail', '/ops/members']) {
      const res = await t.client().get(url);
      expect(res.statusCode, url).toBe(401);
    }
    expect((await t.ops('GET', '/ops/challenges/abcdefghijkl')).statusCode).toBe(404);
    const c = t.client();
    const res = await c.get('/wps/captcha');
    const id = String(res.headers['captcha-id']);
    const peek = body<{ kind: string; answer: string; gapX: null }>(
      await t.ops('GET', `/ops/challenges/${id}`),
    ).value;
    expect(peek).toMatchObject({ kind: 'captcha', gapX: null });
    // peeking uses nothing up
    expect(
      await t.app.services.verification.challenges.checkCaptcha(id, peek.answer, {
        ip: c.ip,
        userAgent: c.userAgent,
      }),
    ).toBe(true);
  });
});
