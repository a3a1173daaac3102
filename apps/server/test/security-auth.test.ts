import type { TLoginResult } from '@lotus/contracts/auth';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { humanTrace } from '../src/modules/verification/slider.rules';
import {
  body,
  createClock,
  uniqueName,
  useTestApp,
  type Envelope,
  type TestClient,
} from './helper';
import { createMember } from './factories';
import { repositories } from './repositories';

/**
 * Security hardening of accounts (issue 6, findings 3, 10-15 and 24; docs/adr/0020): each test
 * performs the attack through the real app and shows it now fails. Windows and delays run on the
 * app's movable clock. Mail lands in the sandbox outbox (no SMTP_URL), SMS in the SMS outbox.
 */
// Time stands still unless a test moves it: the waits the server announces (retryAfterSeconds) are
// then exactly what the rules say, however long the machine takes between two requests.
const t = useTestApp({ clock: createClock({ frozen: Date.now() }) });

const PASSWORD = 'Sturdy7Mango42';
const NEW_PASSWORD = 'Fresh8Papaya31';

/** A self-registered member; with `email` the address is on the account (mail notices). */
const newMember = (options: { email?: boolean; mobile?: boolean; language?: string | null } = {}) =>
  createMember(t, {
    prefix: 'sec',
    password: PASSWORD,
    ...(options.email ? { accountEmail: true as const } : {}),
    ...(options.mobile ? { mobile: true as const } : {}),
    language: options.language === undefined ? 'en' : options.language,
  });

/** Mail sent to an address so far (after pending deliveries), through the audited operator view. */
const mailsTo = (email: string) => t.mails(email);
const smsTo = (to: string) => t.sms(to);

const totpAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });

/** Enrols TOTP for a logged-in client; returns the secret. */
async function enrol(c: TestClient) {
  const setup = body<{ secret: string }>(
    await c.inject({ method: 'POST', url: '/wps/member/2fa/setup' }),
  ).value;
  const res = await c.inject({
    method: 'POST',
    url: '/wps/member/2fa/enable',
    payload: { code: totpAt(setup.secret, t.clock.now()), password: PASSWORD },
  });
  if (!body(res).success) throw new Error(`enable failed: ${body(res).message}`);
  t.clock.advance(30_000); // the enrolment code's time step is spent
  return setup.secret;
}

/**
 * First login step from a client: the two-factor ticket (solving a captcha when asked, and waiting
 * out the per-username allowance, which wrong second-factor codes spend too).
 */
async function ticketFor(c: TestClient, username: string): Promise<string> {
  let extra: Record<string, unknown> = {};
  for (let i = 0; i < 5; i++) {
    const res = await c.login(username, PASSWORD, extra);
    if (res.body.value?.twoFactorTicket) return res.body.value.twoFactorTicket;
    if (res.body.message === 'rate_limited') t.clock.advance(res.body.details!.retryAfterSeconds! * 1000);
    else if (res.body.details?.captchaRequired) extra = await c.captcha();
    else throw new Error(`login failed: ${res.body.message}`);
  }
  throw new Error('no two-factor ticket');
}
const secondStep = (c: TestClient, ticket: string, code: string) =>
  c.inject({ method: 'POST', url: '/wps/session/login/2fa', payload: { ticket, code } });

const wrongCode = (secret: string) => {
  const right = totpAt(secret, t.clock.now());
  return right === '000000' ? '111111' : '000000';
};

describe('security: second factor, login throttling and restricted sessions (issue 6)', () => {
  it('security #3 TOTP brute force across login tickets locks the second factor after 10 failures and notifies the owner', async () => {
    const owner = await newMember({ email: true });
    await owner.c.loginOk(owner.username, PASSWORD);
    const secret = await enrol(owner.c);

    // A wrong code spends the login allowance: the same address now needs a captcha to log in.
    const first = t.client();
    const ticket0 = (await first.login(owner.username, PASSWORD)).body.value.twoFactorTicket!;
    const first2fa = body(await secondStep(first, ticket0, wrongCode(secret)));
    expect(first2fa.message).toBe('totp_invalid');
    expect((await first.login(owner.username, PASSWORD)).body.message).toBe('captcha_required');

    // The attacker knows the password and takes a new ticket (from a new address) for every guess.
    const answers: Envelope[] = [first2fa, body(await secondStep(first, ticket0, wrongCode(secret)))];
    const throttled: number[] = [];
    while (answers.length < 10) {
      const c = t.client();
      const ticket = await ticketFor(c, owner.username);
      const res = body(await secondStep(c, ticket, wrongCode(secret)));
      if (res.message === 'login_throttled') {
        // growing delays: wait as told, then guess again
        throttled.push(res.details!.retryAfterSeconds!);
        t.clock.advance(res.details!.retryAfterSeconds! * 1000);
        continue;
      }
      answers.push(res);
    }
    // The first guesses answer at once; from the 3rd failure on, each guess waits longer than the last.
    expect(answers.slice(0, 9).every((a) => a.message === 'totp_invalid')).toBe(true);
    expect(throttled.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < throttled.length; i++)
      expect(throttled[i]!).toBeGreaterThanOrEqual(throttled[i - 1]!);
    expect(throttled.at(-1)!).toBeGreaterThan(throttled[0]!);
    // The 10th failure locks the second factor for the account (about an hour), whatever the ticket.
    expect(answers[9]!.message).toBe('totp_locked');
    expect(answers[9]!.details?.retryAfterSeconds).toBeGreaterThan(50 * 60);

    // Even the right code from a new ticket is refused while locked.
    t.clock.advance(60_000);
    const c = t.client();
    const locked = await secondStep(c, await ticketFor(c, owner.username), totpAt(secret, t.clock.now()));
    expect(locked.statusCode).toBe(423);
    expect(body(locked).message).toBe('totp_locked');

    // The owner is told once.
    const notices = (await mailsTo(owner.email!)).filter((m) =>
      /two-factor login is temporarily locked/i.test(m.subject),
    );
    expect(notices).toHaveLength(1);

    // After the lock the owner gets in with the right code.
    t.clock.advance(60 * 60_000);
    const later = t.client();
    const ok = body<TLoginResult>(
      await secondStep(later, await ticketFor(later, owner.username), totpAt(secret, t.clock.now())),
    );
    expect(ok.value.token).toBeTruthy();
  });

  it('security #10 an attacker failing from one address neither locks the account nor keeps the owner out; the address waits longer each time and the owner is told once', async () => {
    const owner = await newMember({ email: true });
    const attacker = t.client();
    const answers: Envelope[] = [];
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await attacker.login(owner.username, 'Wrong-guess-1', { ...(await attacker.captcha()) });
      answers.push(res.body);
      const wait = res.body.details?.retryAfterSeconds;
      if (wait === undefined) continue;
      waits.push(wait);
      if (i === 4) {
        // trying again before the wait is over is refused without checking anything
        const early = await attacker.login(owner.username, PASSWORD);
        expect(early.res.statusCode).toBe(429);
        expect(early.body).toMatchObject({ message: 'login_throttled', details: { captchaRequired: true } });
      }
      if (i < 9) t.clock.advance(wait * 1000);
    }
    // Never a lock: every attempt is a plain wrong password; from the 3rd on, the address waits
    // longer each time, up to a cap.
    expect(answers.every((a) => a.message === 'incorrect_username_password')).toBe(true);
    expect(answers.every((a) => a.details?.captchaRequired === true)).toBe(true);
    expect(waits).toHaveLength(8);
    for (let i = 1; i < waits.length; i++) expect(waits[i]!).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(waits.at(-1)!).toBeGreaterThan(waits[0]!);
    expect(waits.at(-1)!).toBeLessThanOrEqual(15 * 60);

    // The attacker's address is still held back ...
    const again = await attacker.login(owner.username, PASSWORD, { ...(await attacker.captcha()) });
    expect(again.body.message).toBe('login_throttled');
    // ... while the owner, from another address, logs in with the right password (after a captcha).
    const fromHome = t.client();
    const first = await fromHome.login(owner.username, PASSWORD);
    expect(first.body.message).toBe('captcha_required');
    const ok = await fromHome.login(owner.username, PASSWORD, { ...(await fromHome.captcha()) });
    expect(ok.res.statusCode).toBe(200);
    expect(ok.body.value.token).toBeTruthy();

    // One notice for the whole run of failures, not one per failure.
    const notices = (await mailsTo(owner.email!)).filter((m) => /failed logins/i.test(m.subject));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toMatch(/not locked/);
  });

  it('security #11 a session issued with forceChangePassword only changes the password or logs out', async () => {
    const username = uniqueName('frc');
    await t.ops('POST', '/ops/members', { username, password: PASSWORD });
    const c = t.client();
    const first = await c.loginOk(username, PASSWORD);
    expect(first.forceChangePassword).toBe(true);

    // The browser would show the forced modal; a script just uses the token elsewhere: refused.
    for (const [method, url] of [
      ['GET', '/wps/member/info'],
      ['GET', '/wps/member/info/icon'],
      ['GET', '/wps/member/sessions'],
      ['POST', '/wps/member/2fa/setup'],
    ] as const) {
      const res = await c.inject({ method, url });
      expect(res.statusCode, url).toBe(403);
      expect(body(res).message, url).toBe('password_change_required');
    }
    const payment = await c.enc('PUT', '/wps/member/password/payment', {
      password: PASSWORD,
      newPaymentPassword: '246813',
      confirmPaymentPassword: '246813',
    });
    expect(body(payment).message).toBe('password_change_required');

    // A second restricted session may log out.
    const other = t.client();
    await other.loginOk(username, PASSWORD);
    expect(body(await other.inject({ method: 'DELETE', url: '/wps/session/logout' })).success).toBe(true);

    // Changing the password is allowed, and turns the session into a full one.
    const changed = await c.enc('PUT', '/wps/member/password', {
      oldPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(body(changed).success).toBe(true);
    expect((await c.get('/wps/member/info')).statusCode).toBe(200);
    // The next login is an ordinary one.
    expect((await t.client().loginOk(username, NEW_PASSWORD)).forceChangePassword).toBe(false);
  });

  it('security #12 guessing the current password on a stolen session ends that session after 5 wrong answers', async () => {
    const victim = await newMember();
    const stolen = t.client();
    await stolen.loginOk(victim.username, PASSWORD);
    const guesses: { status: number; message: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await stolen.enc('PUT', '/wps/member/password', {
        oldPassword: `Guess${i}Wrong99`,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      });
      guesses.push({ status: res.statusCode, message: body(res).message });
    }
    expect(guesses.slice(0, 4).every((g) => g.message === 'old_password_incorrect')).toBe(true);
    expect(guesses[4]).toEqual({ status: 401, message: 'password_attempts_exceeded' });
    // The session is over: no sixth guess, and the member must log in again.
    expect(body(await stolen.get('/wps/member/info')).message).toBe('session_expired');
    const sixth = await stolen.enc('PUT', '/wps/member/password', {
      oldPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(body(sixth).message).toBe('session_expired');

    // The payment-password call counts the same way.
    const other = await newMember();
    const s = t.client();
    await s.loginOk(other.username, PASSWORD);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await s.enc('PUT', '/wps/member/password/payment', {
        password: `Guess${i}Wrong99`,
        newPaymentPassword: '246813',
        confirmPaymentPassword: '246813',
      });
      messages.push(body(res).message);
    }
    expect(messages).toEqual([...Array(4).fill('old_password_incorrect'), 'password_attempts_exceeded']);
    expect(body(await s.get('/wps/member/info')).message).toBe('session_expired');
  });

  it('security #13 turning two-factor on or off needs the current password and ends the other sessions', async () => {
    const m = await newMember();
    const c = m.c;
    await c.loginOk(m.username, PASSWORD);
    const elsewhere = t.client();
    await elsewhere.loginOk(m.username, PASSWORD);
    const setup = body<{ secret: string }>(
      await c.inject({ method: 'POST', url: '/wps/member/2fa/setup' }),
    ).value;

    // A session alone (a stolen token) cannot enrol the attacker's authenticator.
    const noPassword = await c.inject({
      method: 'POST',
      url: '/wps/member/2fa/enable',
      payload: { code: totpAt(setup.secret, t.clock.now()) },
    });
    expect(noPassword.statusCode).toBe(400);
    expect(body(noPassword).message).toBe('validation_failed');
    const wrongPassword = await c.inject({
      method: 'POST',
      url: '/wps/member/2fa/enable',
      payload: { code: totpAt(setup.secret, t.clock.now()), password: 'Not-the-password1' },
    });
    expect(body(wrongPassword).message).toBe('current_password_incorrect');
    expect((await elsewhere.get('/wps/member/info')).statusCode).toBe(200);

    const enabled = await c.inject({
      method: 'POST',
      url: '/wps/member/2fa/enable',
      payload: { code: totpAt(setup.secret, t.clock.now()), password: PASSWORD },
    });
    expect(body<{ recoveryCodes: string[] }>(enabled).value.recoveryCodes).toHaveLength(10);
    // The other session ends; this one stays.
    expect(body(await elsewhere.get('/wps/member/info')).message).toBe('session_expired');
    expect((await c.get('/wps/member/info')).statusCode).toBe(200);

    // Turning it off: the code alone is not enough either.
    t.clock.advance(30_000);
    const third = t.client();
    const ticket = await ticketFor(third, m.username);
    third.token = body<TLoginResult>(
      await secondStep(third, ticket, totpAt(setup.secret, t.clock.now())),
    ).value.token;
    expect((await third.get('/wps/member/info')).statusCode).toBe(200);
    t.clock.advance(30_000);
    const codeOnly = await c.inject({
      method: 'DELETE',
      url: '/wps/member/2fa',
      payload: { code: totpAt(setup.secret, t.clock.now()), password: 'Not-the-password1' },
    });
    expect(body(codeOnly).message).toBe('current_password_incorrect');
    const off = await c.inject({
      method: 'DELETE',
      url: '/wps/member/2fa',
      payload: { code: totpAt(setup.secret, t.clock.now()), password: PASSWORD },
    });
    expect(body(off).success).toBe(true);
    expect(body(await third.get('/wps/member/info')).message).toBe('session_expired');
    expect((await c.get('/wps/member/info')).statusCode).toBe(200);
  });

  it('security #14 disabling an account revokes its sessions and enabling it again does not bring them back', async () => {
    const m = await newMember();
    const c = t.client();
    await c.loginOk(m.username, PASSWORD);
    expect((await c.get('/wps/member/info')).statusCode).toBe(200);
    await t.ops('PUT', `/ops/members/${m.username}/status`, { status: 'disabled' });
    expect(body(await c.get('/wps/member/info')).message).toBe('session_expired');
    await t.ops('PUT', `/ops/members/${m.username}/status`, { status: 'active' });
    const back = await c.get('/wps/member/info');
    expect(back.statusCode).toBe(401);
    expect(body(back).message).toBe('session_expired');
    const sessions = await repositories(t).sessions.listLiveSessions(
      m.id,
      new Date(t.clock.now()),
    );
    expect(sessions).toHaveLength(0);
    // The member logs in again.
    expect((await t.client().loginOk(m.username, PASSWORD)).token).toBeTruthy();
  });

  it('security #15 blind slider guessing from one address backs off and then needs a captcha', async () => {
    const c = t.client();
    const newPuzzle = async () =>
      body<{ challengeId: string }>(await c.inject({ method: 'GET', url: '/wps/verification/slider' })).value
        .challengeId;
    const answer = (challengeId: string, x: number, extra: Record<string, unknown> = {}) =>
      c.inject({
        method: 'POST',
        url: '/wps/verification/slider',
        payload: { challengeId, x, trace: humanTrace(x), ...extra },
      });
    /** A blind guess: far from the gap. */
    const blind = async () => {
      const id = await newPuzzle();
      const gap = await c.peekGap(id);
      return answer(id, gap > 150 ? gap - 100 : gap + 100);
    };

    const results: Envelope[] = [];
    const waits: number[] = [];
    while (results.length < 5) {
      const res = body(await blind());
      if (res.message === 'login_throttled') {
        waits.push(res.details!.retryAfterSeconds!);
        t.clock.advance(res.details!.retryAfterSeconds! * 1000);
        continue;
      }
      results.push(res);
    }
    expect(results.every((r) => r.message === 'slider_invalid')).toBe(true);
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
    expect(results[4]!.details?.captchaRequired).toBe(true);

    // Even a lucky (right) answer right now is refused until the delay is over ...
    const lucky = await newPuzzle();
    const luckyGap = await c.peekGap(lucky);
    const early = body(await answer(lucky, luckyGap));
    expect(early.message).toBe('login_throttled');
    t.clock.advance(early.details!.retryAfterSeconds! * 1000);
    // ... and then it needs a solved captcha as well.
    const id = await newPuzzle();
    const gap = await c.peekGap(id);
    const noCaptcha = body(await answer(id, gap));
    expect(noCaptcha).toMatchObject({ message: 'captcha_required', details: { captchaRequired: true } });
    const id2 = await newPuzzle();
    const gap2 = await c.peekGap(id2);
    const solved = body<{ sliderToken: string }>(await answer(id2, gap2, { ...(await c.captcha()) }));
    expect(solved.value.sliderToken).toBeTruthy();
    // Another address is not affected.
    expect(await t.client().sliderToken()).toBeTruthy();
  });

  it('security #24 the member is told by mail about a password change, a reset and two-factor on and off (SMS without an email; Thai then English when the language is unknown)', async () => {
    const m = await newMember({ email: true, language: null });
    await m.c.loginOk(m.username, PASSWORD);
    const changed = await m.c.enc('PUT', '/wps/member/password', {
      oldPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(body(changed).success).toBe(true);
    const afterChange = await mailsTo(m.email!);
    expect(afterChange).toHaveLength(1);
    // Unknown language: Thai first, then English.
    expect(afterChange[0]!.subject).toBe('รหัสผ่าน Lotus ของคุณถูกเปลี่ยนแล้ว / Your Lotus password was changed');
    expect(afterChange[0]!.text.indexOf('รหัสผ่าน')).toBeLessThan(
      afterChange[0]!.text.indexOf('The password of your account'),
    );

    // Reset through the mailed link.
    await t.db.database.tx((tx) => repositories(t).members.update(m.id, { language: 'en' }, tx));
    await t.client().inject({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: { username: m.username, email: m.email },
    });
    const resetMail = (await mailsTo(m.email!)).find((x) => /#token=/.test(x.text))!;
    const token = /#token=([A-Za-z0-9_-]+)/.exec(resetMail.text)![1]!;
    const reset = await t.client().inject({
      method: 'POST',
      url: '/wps/member/password/reset',
      payload: { token, newPassword: PASSWORD, confirmNewPassword: PASSWORD },
    });
    expect(body(reset).success).toBe(true);
    expect((await mailsTo(m.email!)).map((x) => x.subject)).toContain('Your Lotus password was reset');

    // Two-factor on and off.
    const c = t.client();
    await c.loginOk(m.username, PASSWORD);
    const secret = await enrol(c);
    const off = await c.inject({
      method: 'DELETE',
      url: '/wps/member/2fa',
      payload: { code: totpAt(secret, t.clock.now()), password: PASSWORD },
    });
    expect(body(off).success).toBe(true);
    const subjects = (await mailsTo(m.email!)).map((x) => x.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(['Two-factor login was turned on', 'Two-factor login was turned off']),
    );

    // A member without an email is told by SMS.
    const p = await newMember({ mobile: true, language: 'th' });
    await p.c.loginOk(p.username, PASSWORD);
    await p.c.enc('PUT', '/wps/member/password', {
      oldPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    const sms = await smsTo(p.mobile!);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('รหัสผ่าน Lotus ของคุณถูกเปลี่ยนแล้ว');
  });
});
