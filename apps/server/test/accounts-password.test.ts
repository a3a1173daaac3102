import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { body, uniqueMobile, uniqueName, useTestApp, type Envelope } from './helper';
import { createMember } from './factories';

/** A real SMTP server: every mail the platform sends lands in `inbox`. */
type Received = { to: string[]; raw: string };
const inbox: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
let smtpPort = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const t = useTestApp({
  env: () => ({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMTP_FROM: 'Lotus <no-reply@lotus.test>',
  }),
});

const pw = { password: 'abc12345xyz', confirmPassword: 'abc12345xyz' };
const memberWithEmail = async () => {
  const m = await createMember(t, { prefix: 'pw', password: pw.password, email: true });
  return { username: m.username, email: m.email! };
};
const forgot = (username: string, email: string, c = t.client()) =>
  c.inject({
    method: 'POST',
    url: '/wps/member/password/email',
    payload: new URLSearchParams({ username, email }).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      host: 'www.lotus.example',
      language: 'en',
    },
  });
/** The mail body decoded from quoted-printable, enough to find the link. */
const decodeQp = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
async function mailTo(email: string, count = 1): Promise<string> {
  return vi.waitFor(() => {
    const mails = inbox.filter((m) => m.to.includes(email));
    if (mails.length < count) throw new Error(`no mail to ${email} yet`);
    return decodeQp(mails[count - 1]!.raw);
  });
}
const tokenIn = (mail: string) => {
  // The link comes from the canonical origin (the embedded demo's own here), the token in the fragment.
  const m = /http:\/\/localhost:\d+\/forget#token=([A-Za-z0-9_-]+)/.exec(mail);
  if (!m?.[1]) throw new Error(`no reset link in:\n${mail}`);
  return m[1];
};

describe('change password (7.AUTH.12, 5.CPW)', () => {
  it('3.LOG.06 5.CPW.01-03 old password, confirmation, rule, and different from the old one', async () => {
    const username = uniqueName('cp');
    const c = t.client();
    await c.register({ username, ...pw });
    const change = (oldPassword: string, newPassword: string, confirmNewPassword = newPassword) =>
      c
        .enc('PUT', '/wps/member/password', { oldPassword, newPassword, confirmNewPassword })
        .then((r) => body(r));
    expect((await change('wrong1', 'xyz78901')).message).toBe('old_password_incorrect');
    expect((await change('abc12345xyz', 'xyz78901', 'xyz780')).message).toBe('incorrect_confirmation');
    expect((await change('abc12345xyz', 'abcdefg')).fields).toEqual({ newPassword: 'password_too_short' });
    expect((await change('abc12345xyz', 'abc12345xyz')).message).toBe('password_same_as_old');
    expect((await change('abc12345xyz', 'xyz78901')).success).toBe(true);
    expect((await t.client().loginOk(username, 'xyz78901')).token).toBeTruthy();
    const plain = await c.inject({
      method: 'PUT',
      url: '/wps/member/password',
      payload: { oldPassword: 'xyz78901', newPassword: 'qqq111', confirmNewPassword: 'qqq111' },
    });
    expect(body(plain).message).toBe('enc_required');
  });

  it('7.AUTH.12 change password needs a session', async () => {
    const res = await t
      .client()
      .enc('PUT', '/wps/member/password', {
        oldPassword: 'abc12345xyz',
        newPassword: 'xyz78901',
        confirmNewPassword: 'xyz78901',
      });
    expect(res.statusCode).toBe(401);
  });
});

describe('forgot password by email (7.AUTH.13, 3.LOG.07)', () => {
  it('3.LOG.07 4.PWR.03 a form-encoded request mails a link through SMTP; the link resets the password once', async () => {
    const { username, email } = await memberWithEmail();
    const other = t.client();
    await other.loginOk(username, 'abc12345xyz');
    const res = await forgot(username, email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ success: true, value: { done: true } });
    const mail = await mailTo(email);
    expect(mail).toMatch(/Subject: Reset your Lotus password/);
    const token = tokenIn(mail);

    const reset = (newPassword: string, confirm = newPassword) =>
      t
        .client()
        .inject({
          method: 'POST',
          url: '/wps/member/password/reset',
          payload: { token, newPassword, confirmNewPassword: confirm },
        });
    expect(body(await reset('xyz78901', 'xyz780')).message).toBe('incorrect_confirmation');
    expect(body(await reset('abcdefg')).fields).toEqual({ newPassword: 'password_too_short' });
    expect(body(await reset('xyz78901')).success).toBe(true);
    expect(body(await reset('qwe456-later-7')).message).toBe('reset_link_invalid');
    expect((await t.client().loginOk(username, 'xyz78901')).token).toBeTruthy();
    // every session ended with the reset
    expect(body(await other.get('/wps/member/info')).message).toBe('session_expired');
  });

  it('8.ERR.07 no enumeration: unknown usernames and wrong emails answer exactly the same, and nothing is sent', async () => {
    const { username, email } = await memberWithEmail();
    const answers: Envelope[] = [];
    for (const [u, e] of [
      [uniqueName('ghost'), 'ghost@example.com'],
      [username, 'wrong@example.com'],
      [username, email],
    ] as const) {
      const res = await forgot(u, e);
      expect(res.statusCode).toBe(200);
      answers.push({ ...body(res), requestId: undefined });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[1]).toEqual(answers[2]);
    await mailTo(email);
    await t.app.services.platform.outbox.drain();
    // Counted by address: mails of earlier tests may still be arriving while this one runs.
    const to = (address: string) => inbox.filter((m) => m.to.includes(address)).length;
    expect([to('ghost@example.com'), to('wrong@example.com'), to(email)]).toEqual([0, 0, 1]);
  });

  it('5.FGP.04 a reset link expires after 30 minutes; a newer link replaces an older one', async () => {
    const { email, username } = await memberWithEmail();
    await forgot(username, email);
    const first = tokenIn(await mailTo(email, 1));
    await forgot(username, email);
    const second = tokenIn(await mailTo(email, 2));
    const use = (token: string) =>
      t
        .client()
        .inject({
          method: 'POST',
          url: '/wps/member/password/reset',
          payload: { token, newPassword: 'xyz78901', confirmNewPassword: 'xyz78901' },
        });
    expect(body(await use(first)).message).toBe('reset_link_invalid');
    t.clock.advance(30 * 60_000 + 1000);
    expect(body(await use(second)).message).toBe('reset_link_invalid');
  });

  it('5.FGP.04 the email form needs a username and an email', async () => {
    const res = await t.client().inject({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: 'username=',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('validation_failed');
  });
});

describe('forgot password by phone (7.AUTH.14, 3.LOG.08, 5.FGP)', () => {
  it('3.LOG.08 3.LOG.09 4.PWR.01 the noLogin code and a new password reset it; the client then logs in', async () => {
    const mobile = uniqueMobile();
    const username = uniqueName('ph');
    await t.app.services.config.set('whitelabel', {
      ...(await t.app.services.config.get('whitelabel')),
      REGMOBVERF3: false,
    });
    const c = t.client();
    await c.register({ username, ...pw, mobileNum: mobile, countryDialingCode: '66' });
    await t.client().sms('noLogin', { mobileNum: mobile, countryDialingCode: '66' });
    const code = await t.smsCode(`+66${mobile}`);
    const d = t.client();
    const bad = await d.enc('POST', '/wps/member/password/verification', {
      mobileNum: mobile,
      countryDialingCode: '66',
      verificationCode: code === '000000' ? '111111' : '000000',
      newPassword: 'xyz78901',
    });
    expect(body(bad).message).toBe('invalid_verification_code');
    const rule = await d.enc('POST', '/wps/member/password/verification', {
      mobileNum: mobile,
      countryDialingCode: '66',
      verificationCode: code,
      newPassword: 'abcdefg',
    });
    expect(body(rule).fields).toEqual({ newPassword: 'password_too_short' });
    const ok = await d.enc('POST', '/wps/member/password/verification', {
      mobileNum: mobile,
      countryDialingCode: '66',
      verificationCode: code,
      newPassword: 'xyz78901',
    });
    expect(body(ok)).toMatchObject({ success: true, value: { username } });
    expect((await d.loginOk(username, 'xyz78901')).token).toBeTruthy();
    expect(body(await c.get('/wps/member/info')).message).toBe('session_expired');
    const replay = await t
      .client()
      .enc('POST', '/wps/member/password/verification', {
        mobileNum: mobile,
        countryDialingCode: '66',
        verificationCode: code,
        newPassword: 'qwe456-later-7',
      });
    expect(body(replay).message).toBe('invalid_verification_code');
    await t.resetConfig();
  });

  it('5.FGP.01 5.FGP.02 2.FGT.02 number and code are required; the call needs CHNGPASSVERIF3 and an encrypted body', async () => {
    const c = t.client();
    const missing = await c.enc('POST', '/wps/member/password/verification', {
      mobileNum: '',
      countryDialingCode: '66',
      newPassword: 'xyz78901',
    });
    expect(Object.keys(body(missing).fields ?? {})).toEqual(
      expect.arrayContaining(['mobileNum', 'verificationCode']),
    );
    const plain = await c.inject({
      method: 'POST',
      url: '/wps/member/password/verification',
      payload: {
        mobileNum: '812345678',
        countryDialingCode: '66',
        verificationCode: '123456',
        newPassword: 'xyz78901',
      },
    });
    expect(body(plain).message).toBe('enc_required');
    await t.app.services.config.set('whitelabel', {
      ...(await t.app.services.config.get('whitelabel')),
      CHNGPASSVERIF3: false,
    });
    const off = await c.enc('POST', '/wps/member/password/verification', {
      mobileNum: '812345678',
      countryDialingCode: '66',
      verificationCode: '123456',
      newPassword: 'xyz78901',
    });
    expect(off.statusCode).toBe(403);
    await t.resetConfig();
  });
});
