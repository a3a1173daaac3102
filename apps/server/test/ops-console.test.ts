import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createMember } from './factories';
import { body, useTestApp } from './helper';

/**
 * The operator console's server side (issue 12; docs/adr/0043-0046): sign-in with password and
 * TOTP (enrolment at first sign-in), console sessions (cookie, CSRF header, idle expiry), the role
 * checks of every operator call, four-eyes approvals (approve, reject, expire, not one's own).
 */
const t = useTestApp();

const COOKIE = 'lotus_ops_session';
const CSRF = { 'x-lotus-console': '1' };
const MINUTE = 60_000;

const cookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === COOKIE)?.value;
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

/** A one-time console password for another operator: a four-eyes request its approver sees once (docs/adr/0080). */
async function credentialsOf(username: string): Promise<string> {
  const approved = await t.opsApproved('POST', `/ops/operators/${username}/credentials`, { reason: 'console test operator' });
  // In the single-operator bootstrap (no second admin yet) it is the call's own answer.
  return ((approved.revealed ?? approved) as { temporaryPassword: string }).temporaryPassword;
}

let counter = 0;
/** An operator created by the admin, credentials reset, signed in through both steps. */
async function consoleOperator(role: 'admin' | 'finance' | 'support' | 'read_only') {
  counter += 1;
  const username = `con${role.replace('_', '')}${counter}`;
  await t.opsApproved('POST', '/ops/operators', { username, role, reason: 'console test operator' });
  const temporaryPassword = await credentialsOf(username);
  // Each operator signs in from its own address (the per-address sign-in limit is tested on its own).
  const remoteAddress = `10.77.${Math.floor(counter / 200)}.${counter % 200}`;
  const step1 = await t.app.opsApp.inject({
    method: 'POST',
    url: '/ops/console/sign-in',
    headers: CSRF,
    remoteAddress,
    payload: { username, password: temporaryPassword },
  });
  const s1 = body<{ next: string; enrolment: { secret: string }; mustChangePassword: boolean }>(step1).value;
  const password = `Console-pass-${counter}-long`;
  // A code from one step later than any earlier sign-in of this test (each code is accepted once).
  t.clock.advance(31_000);
  const step2 = await t.app.opsApp.inject({
    method: 'POST',
    url: '/ops/console/second-factor',
    headers: CSRF,
    remoteAddress,
    cookies: { [COOKIE]: cookieOf(step1)! },
    payload: { code: codeAt(s1.enrolment.secret, t.clock.now()), newPassword: password },
  });
  expect(step2.statusCode, step2.body).toBe(200);
  const cookie = cookieOf(step2)!;
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = CSRF) =>
    t.app.opsApp.inject({ method, url, headers, cookies: { [COOKIE]: cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { username, password, secret: s1.enrolment.secret, cookie, call };
}

describe('console sign-in (docs/adr/0043)', () => {
  it('enrols TOTP at the first sign-in, requires a new password after a reset, and opens a cookie session', async () => {
    await t.ops('POST', '/ops/operators', { username: 'alice', role: 'support' });
    const reset = { value: { temporaryPassword: await credentialsOf('alice') } };
    expect(reset.value.temporaryPassword.length).toBeGreaterThanOrEqual(12);

    const step1 = await t.app.opsApp.inject({
      method: 'POST',
      url: '/ops/console/sign-in',
      headers: CSRF,
      payload: { username: 'alice', password: reset.value.temporaryPassword },
    });
    expect(step1.statusCode).toBe(200);
    const s1 = body<{ next: string; enrolment: { secret: string; otpauthUri: string; qrDataUrl: string }; mustChangePassword: boolean }>(step1).value;
    expect(s1.next).toBe('enrol');
    expect(s1.mustChangePassword).toBe(true);
    expect(s1.enrolment.otpauthUri).toContain('otpauth://totp/');
    expect(s1.enrolment.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const setCookie = String(step1.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/ops/);
    const pending = cookieOf(step1)!;

    // The password step alone opens nothing.
    const early = await t.app.opsApp.inject({ method: 'GET', url: '/ops/console/me', cookies: { [COOKIE]: pending } });
    expect(early.statusCode).toBe(401);

    const code = codeAt(s1.enrolment.secret, t.clock.now());
    const noPassword = await t.app.opsApp.inject({
      method: 'POST', url: '/ops/console/second-factor', headers: CSRF, cookies: { [COOKIE]: pending }, payload: { code },
    });
    expect(body(noPassword).message).toBe('password_change_required');

    const wrong = await t.app.opsApp.inject({
      method: 'POST', url: '/ops/console/second-factor', headers: CSRF, cookies: { [COOKIE]: pending },
      payload: { code: code === '000000' ? '111111' : '000000', newPassword: 'a-new-console-password' },
    });
    expect(body(wrong).message).toBe('totp_invalid');

    const done = await t.app.opsApp.inject({
      method: 'POST', url: '/ops/console/second-factor', headers: CSRF, cookies: { [COOKIE]: pending },
      payload: { code, newPassword: 'a-new-console-password' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const session = cookieOf(done)!;
    expect(session).not.toBe(pending); // rotated

    const me = await t.app.opsApp.inject({ method: 'GET', url: '/ops/console/me', cookies: { [COOKIE]: session } });
    expect(body<{ username: string; role: string; permissions: string[] }>(me).value).toMatchObject({ username: 'alice', role: 'support' });
    // The same code is not accepted twice (replay), and the pending cookie is spent.
    const replay = await t.app.opsApp.inject({
      method: 'POST', url: '/ops/console/second-factor', headers: CSRF, cookies: { [COOKIE]: pending }, payload: { code },
    });
    expect(replay.statusCode).toBe(401);

    // The next sign-in asks for a code only (enrolled), with the new password.
    const again = await t.app.opsApp.inject({
      method: 'POST', url: '/ops/console/sign-in', headers: CSRF, payload: { username: 'alice', password: 'a-new-console-password' },
    });
    expect(body<{ next: string; enrolment: unknown }>(again).value).toMatchObject({ next: 'totp', enrolment: null, mustChangePassword: false });
  });

  it('refuses a cookie call without the console header (CSRF) and ends an idle session after 15 minutes', async () => {
    const op = await consoleOperator('support');
    const noHeader = await op.call('POST', '/ops/members/nobody-here/sessions/revoke', { reason: 'testing csrf' }, {});
    expect(noHeader.statusCode).toBe(403);
    expect(body(noHeader).message).toBe('ops_csrf_refused');
    const signInNoHeader = await t.app.opsApp.inject({ method: 'POST', url: '/ops/console/sign-in', payload: { username: op.username, password: op.password } });
    expect(body(signInNoHeader).message).toBe('ops_csrf_refused');

    expect((await op.call('GET', '/ops/console/me')).statusCode).toBe(200);
    t.clock.advance(14 * MINUTE);
    expect((await op.call('GET', '/ops/console/me')).statusCode).toBe(200);
    t.clock.advance(16 * MINUTE);
    expect((await op.call('GET', '/ops/console/me')).statusCode).toBe(401);
  });

  it('signs out: the cookie stops working', async () => {
    const op = await consoleOperator('read_only');
    expect((await op.call('POST', '/ops/console/sign-out')).statusCode).toBe(200);
    expect((await op.call('GET', '/ops/console/me')).statusCode).toBe(401);
  });

  it('answers the same refusal for an unknown username and a wrong password, then slows down after 3 failures', async () => {
    const op = await consoleOperator('finance');
    const attempt = (username: string, password: string) =>
      t.app.opsApp.inject({ method: 'POST', url: '/ops/console/sign-in', headers: CSRF, payload: { username, password } });
    const unknown = await attempt('nobody-at-all', 'whatever-password');
    expect(unknown.statusCode).toBe(401);
    expect(body(unknown).message).toBe('ops_sign_in_failed');
    for (let i = 0; i < 3; i += 1) expect(body(await attempt(op.username, 'wrong-password')).message).toBe('ops_sign_in_failed');
    const fourth = await attempt(op.username, op.password);
    expect(fourth.statusCode).toBe(429);
    expect(body(fourth).message).toBe('login_throttled');
  });

  it('limits sign-in attempts per address: the 31st within a minute answers 429 rate_limited', async () => {
    const from = { 'x-lotus-console': '1' };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await t.app.opsApp.inject({
        method: 'POST',
        url: '/ops/console/sign-in',
        headers: from,
        remoteAddress: '198.51.100.77',
        payload: { username: `spray${i}`, password: 'guess-guess' },
      });
      statuses.push(res.statusCode);
      if (i === 30) expect(body(res).message).toBe('rate_limited');
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('changes the own password: other sessions end, this one continues with a new cookie', async () => {
    const op = await consoleOperator('support');
    const res = await op.call('POST', '/ops/console/password', { currentPassword: op.password, newPassword: 'another-long-password' });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = cookieOf(res)!;
    expect((await op.call('GET', '/ops/console/me')).statusCode).toBe(401);
    const me = await t.app.opsApp.inject({ method: 'GET', url: '/ops/console/me', cookies: { [COOKIE]: fresh } });
    expect(me.statusCode).toBe(200);
  });
});

/**
 * Each role against each operator call (the permission table of docs/adr/0019, written out here
 * from the ADR). Targets do not exist, so an allowed call answers 404 or 400 and changes nothing;
 * a refused one answers 403 ops_permission_denied.
 */
type Role = 'admin' | 'finance' | 'support' | 'read_only';
const ALL: Role[] = ['admin', 'finance', 'support', 'read_only'];
const ADMIN: Role[] = ['admin'];
const MEMBERS_WRITE: Role[] = ['admin', 'support'];
const MONEY: Role[] = ['admin', 'finance'];
const CALLS: { method: 'GET' | 'PUT' | 'POST' | 'DELETE'; url: string; payload?: unknown; allowed: Role[] }[] = [
  { method: 'GET', url: '/ops/status', allowed: ALL },
  { method: 'GET', url: '/ops/config', allowed: ALL },
  { method: 'PUT', url: '/ops/config/maintenance', payload: { nonsense: true }, allowed: ADMIN },
  { method: 'GET', url: '/ops/notices', allowed: ALL },
  { method: 'DELETE', url: '/ops/notices/999999', allowed: ADMIN },
  { method: 'GET', url: '/ops/feedback', allowed: ALL },
  { method: 'GET', url: '/ops/members', allowed: ALL },
  { method: 'GET', url: '/ops/members/search?q=nobody', allowed: ALL },
  { method: 'GET', url: '/ops/members/999999/detail', allowed: ALL },
  { method: 'POST', url: '/ops/members/nobody-x/sessions/revoke', payload: { reason: 'role table' }, allowed: MEMBERS_WRITE },
  { method: 'POST', url: '/ops/members/nobody-x/password-change', payload: { reason: 'role table' }, allowed: MEMBERS_WRITE },
  { method: 'PUT', url: '/ops/members/nobody-x/status', payload: { status: 'disabled', reason: 'role table' }, allowed: MEMBERS_WRITE },
  { method: 'GET', url: '/ops/mail?to=nobody@example.com', allowed: MEMBERS_WRITE },
  { method: 'GET', url: '/ops/sms?to=%2B66800000000', allowed: MEMBERS_WRITE },
  { method: 'GET', url: '/ops/operators', allowed: ADMIN },
  { method: 'POST', url: '/ops/operators/nobody-x/credentials', allowed: ADMIN },
  { method: 'PUT', url: '/ops/operators/nobody-x/status', payload: { status: 'disabled' }, allowed: ADMIN },
  { method: 'PUT', url: '/ops/operators/nobody-x/role', payload: { role: 'bogus', reason: 'role table' }, allowed: ADMIN },
  { method: 'GET', url: '/ops/tokens', allowed: ADMIN },
  { method: 'DELETE', url: '/ops/tokens/999999', allowed: ADMIN },
  { method: 'GET', url: '/ops/audit', allowed: ADMIN },
  { method: 'GET', url: '/ops/audit/search', allowed: ADMIN },
  { method: 'GET', url: '/ops/audit/verify', allowed: ADMIN },
  { method: 'GET', url: '/ops/approvals', allowed: ALL },
  { method: 'POST', url: '/ops/approvals/999999/approve', allowed: ALL },
  { method: 'POST', url: '/ops/approvals/999999/reject', allowed: ALL },
  { method: 'GET', url: '/ops/console/me', allowed: ALL },
  { method: 'GET', url: '/ops/jobs/failed', allowed: ALL },
  { method: 'GET', url: '/ops/keys', allowed: ADMIN },
  { method: 'GET', url: '/ops/withdrawals', allowed: MONEY },
  // The cashier desk (issue 24): its queues, decisions, the daily report and its controls.
  { method: 'GET', url: '/ops/deposits?status=awaiting_approval', allowed: MONEY },
  { method: 'POST', url: '/ops/deposits/00000000-0000-4000-8000-000000000000/approve', payload: { note: 'role table' }, allowed: MONEY },
  { method: 'POST', url: '/ops/withdrawals/999999/pay', payload: { reason: 'role table' }, allowed: MONEY },
  { method: 'POST', url: '/ops/withdrawals/999999/resolve', payload: { outcome: 'refund', reason: 'role table' }, allowed: MONEY },
  { method: 'POST', url: '/ops/ledger/transactions/999999999/reverse', payload: { reason: 'role table' }, allowed: MONEY },
  { method: 'PUT', url: '/ops/payment-channels/nobody-x?reason=role%20table', payload: { accountNumber: '111-1-11111-1' }, allowed: MONEY },
  // Payment channels page and the deposit queue's searches (docs/adr/0084).
  { method: 'GET', url: '/ops/payment-channels', allowed: MONEY },
  { method: 'POST', url: '/ops/payment-channels?reason=role%20table', payload: { nonsense: true }, allowed: MONEY },
  { method: 'PUT', url: '/ops/payment-channels/nobody-x', payload: { hours: { opens: '06:00', closes: '23:30' } }, allowed: MONEY },
  { method: 'DELETE', url: '/ops/payment-channels/nobody-x', allowed: MONEY },
  { method: 'GET', url: '/ops/deposits?kind=psp&username=nobody-x&reference=none&amount=1.00', allowed: MONEY },
  { method: 'GET', url: '/ops/reports/daily?day=2026-12-06', allowed: MONEY },
  { method: 'PUT', url: '/ops/config/cashierControls?reason=role%20table', payload: { nonsense: true }, allowed: ADMIN },
  // Vendors and games (issue 24, docs/adr/0083): the transfer desk is money; games are the vendors' permissions.
  { method: 'GET', url: '/ops/vendors/transfers', allowed: MONEY },
  { method: 'POST', url: '/ops/vendors/transfers/00000000-0000-4000-8000-000000000000/resolve', allowed: MONEY },
  { method: 'GET', url: '/ops/vendors/registry', allowed: ALL },
  { method: 'POST', url: '/ops/vendors/registry', payload: { nonsense: true }, allowed: ADMIN },
  { method: 'PUT', url: '/ops/vendors/registry/NOBODYX/status', payload: { status: 'disabled' }, allowed: ADMIN },
  { method: 'POST', url: '/ops/vendors/registry/NOBODYX/rotate-secret', allowed: ADMIN },
  { method: 'GET', url: '/ops/catalogue/games?name=nobody', allowed: ALL },
  { method: 'PUT', url: '/ops/catalogue/games/2147483647', payload: { opsSort: 1 }, allowed: ADMIN },
  // The desk's other calls (issue 24): one deposit, its slip and rejection, the withdrawal cases, proofs and
  // rejection, the ledger check; and the operator calls the four-eyes rules of ADR 0080 hold.
  { method: 'GET', url: '/ops/deposits/00000000-0000-4000-8000-000000000000', allowed: MONEY },
  { method: 'GET', url: '/ops/deposits/00000000-0000-4000-8000-000000000000/slips/00000000-0000-4000-8000-000000000000', allowed: MONEY },
  { method: 'POST', url: '/ops/deposits/00000000-0000-4000-8000-000000000000/reject', payload: { reason: 'role table' }, allowed: MONEY },
  { method: 'GET', url: '/ops/withdrawals/cases', allowed: MONEY },
  { method: 'GET', url: '/ops/withdrawals/999999/proofs/1', allowed: MONEY },
  { method: 'POST', url: '/ops/withdrawals/999999/reject', payload: { reason: 'role table' }, allowed: MONEY },
  { method: 'GET', url: '/ops/ledger/verify', allowed: MONEY },
  { method: 'POST', url: '/ops/operators', payload: { nonsense: true }, allowed: ADMIN },
  { method: 'POST', url: '/ops/operators/nobody-x/tokens', payload: { reason: 'role table' }, allowed: ADMIN },
  { method: 'GET', url: '/ops/members/figures', allowed: ALL },
  { method: 'POST', url: '/ops/members/nobody-x/unlock', payload: { reason: 'role table' }, allowed: MEMBERS_WRITE },
  // Member money (docs/adr/0085): reads for money.read, adjustments for money.write.
  { method: 'GET', url: '/ops/members/999999/money', allowed: MONEY },
  { method: 'GET', url: '/ops/members/999999/ledger', allowed: MONEY },
  { method: 'GET', url: '/ops/risk?memberIds=999999', allowed: MONEY },
  { method: 'POST', url: '/ops/members/999999/adjustments', payload: { direction: 'credit', amount: '1.00', reason: 'role table' }, allowed: MONEY },
  // Console content pages (docs/adr/0054): changes need config.write (admin); reads are for every role.
  { method: 'GET', url: '/ops/banners', allowed: ALL },
  { method: 'GET', url: '/ops/help', allowed: ALL },
  { method: 'PUT', url: '/ops/content/banners/999999', payload: { groupName: 'w_home', imageUrl: '/x.png' }, allowed: ADMIN },
  { method: 'PUT', url: '/ops/content/notices/999999', payload: { type: 'B', title: 'role table' }, allowed: ADMIN },
  { method: 'PUT', url: '/ops/content/help/999999', payload: { nonsense: true }, allowed: ADMIN },
  { method: 'POST', url: '/ops/content/banners/order', payload: { ids: [999999] }, allowed: ADMIN },
  { method: 'POST', url: '/ops/content/notices/order', payload: { ids: [999999] }, allowed: ADMIN },
  { method: 'POST', url: '/ops/content/help/order', payload: { ids: [999999] }, allowed: ADMIN },
  { method: 'POST', url: '/ops/content/images', payload: { image: 'bm90IGFuIGltYWdl' }, allowed: ADMIN },
  { method: 'GET', url: `/ops/content/images/${'0'.repeat(40)}.png`, allowed: ALL },
  // Site configuration and support pages (docs/adr/0055, 0056)
  { method: 'GET', url: '/ops/config/register', allowed: ALL },
  { method: 'PUT', url: '/ops/config/whitelabel', payload: { nonsense: true }, allowed: ADMIN },
  { method: 'PUT', url: '/ops/config/register', payload: { nonsense: true }, allowed: ADMIN },
  { method: 'PUT', url: '/ops/config/languages', payload: { nonsense: true }, allowed: ADMIN },
  { method: 'PUT', url: '/ops/config/region?reason=role%20table', payload: { nonsense: true }, allowed: ADMIN },
  { method: 'PUT', url: '/ops/config/domains', payload: { nonsense: true }, allowed: ADMIN },
  { method: 'GET', url: '/ops/cs', allowed: ALL },
  { method: 'POST', url: '/ops/cs', payload: { nonsense: true }, allowed: ADMIN },
  { method: 'DELETE', url: '/ops/cs/999999', allowed: ADMIN },
  { method: 'GET', url: '/ops/feedback?type=BUG&beforeId=1', allowed: ALL },
  { method: 'GET', url: '/ops/mail?beforeId=1', allowed: MEMBERS_WRITE },
  { method: 'GET', url: '/ops/sms?beforeId=1', allowed: MEMBERS_WRITE },
];

describe('role checks of every operator call (table)', () => {
  it.each(ALL)('role %s gets exactly the calls its permissions allow, with a console session', async (role) => {
    const op = await consoleOperator(role);
    const outcomes: string[] = [];
    for (const call of CALLS) {
      const res = await op.call(call.method, call.url, call.payload);
      const refused = res.statusCode === 403 && body(res).message === 'ops_permission_denied';
      const expected = call.allowed.includes(role);
      outcomes.push(`${call.method} ${call.url}: ${refused ? 'refused' : 'allowed'}`);
      expect(refused, `${role} ${call.method} ${call.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`).toBe(!expected);
      expect(res.statusCode, `${call.method} ${call.url}`).toBeLessThan(500);
    }
    expect(outcomes).toHaveLength(CALLS.length);
  });
});

describe('four-eyes approvals (docs/adr/0044)', () => {
  const windowDoc = (start: string) => ({ startTime: start, endTime: null, info: { th: 'ปิดปรับปรุง', en: 'Upgrade' } });

  it('a maintenance start from the console waits for a second admin; the requester cannot approve it; support cannot either', async () => {
    const a = await consoleOperator('admin');
    const b = await consoleOperator('admin');
    const s = await consoleOperator('support');
    const start = new Date(t.clock.now() - MINUTE).toISOString();
    const requested = await a.call('PUT', `/ops/config/maintenance?reason=${encodeURIComponent('weekly upgrade')}`, windowDoc(start));
    expect(requested.statusCode, requested.body).toBe(200);
    const { approvalId } = body<{ approvalId: number; status: string }>(requested).value;
    expect(body<{ status: string }>(requested).value.status).toBe('pending');
    // Nothing applied yet: the site is not in maintenance.
    const before = await t.inject({ method: 'GET', url: '/wps/system/status' });
    expect(JSON.stringify(body(before).value)).not.toContain(start);
    expect((await t.app.services.config.get('maintenance')).startTime).toBeNull();

    const own = await a.call('POST', `/ops/approvals/${approvalId}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(body(own).message).toBe('approval_own_request');
    const support = await s.call('POST', `/ops/approvals/${approvalId}/approve`, {});
    expect(body(support).message).toBe('ops_permission_denied');

    const approved = await b.call('POST', `/ops/approvals/${approvalId}/approve`, { note: 'ok' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(body<{ status: string; decidedBy: string }>(approved).value).toMatchObject({ status: 'approved', decidedBy: b.username });
    expect(new Date((await t.app.services.config.get('maintenance')).startTime!).toISOString()).toBe(start);
    const twice = await b.call('POST', `/ops/approvals/${approvalId}/approve`, {});
    expect(body(twice).message).toBe('approval_not_pending');

    const audit = body<{ rows: { action: string; username: string; target: string }[] }>(await b.call('GET', '/ops/audit/search?target=maintenance'));
    expect(audit.value.rows.map((r) => `${r.action}:${r.username}:${r.target}`)).toEqual(
      expect.arrayContaining([`approval.approve:${b.username}:config:maintenance`]),
    );
    const requestRows = body<{ rows: { action: string; username: string }[] }>(await b.call('GET', `/ops/audit/search?target=approval:${approvalId}`));
    expect(requestRows.value.rows.map((r) => `${r.action}:${r.username}`)).toContain(`config.set:${a.username}`);
    // Stopping needs no second operator.
    const stop = await a.call('PUT', '/ops/config/maintenance', { startTime: null, endTime: null, info: { th: '', en: '' } });
    expect(stop.statusCode, stop.body).toBe(200);
    expect((await t.app.services.config.get('maintenance')).startTime).toBeNull();
    expect((await b.call('GET', '/ops/audit/verify')).json()).toMatchObject({ value: { ok: true } });
  });

  it('a rejected request is never applied', async () => {
    const a = await consoleOperator('admin');
    const b = await consoleOperator('admin');
    const before = await t.app.services.config.get('region');
    const doc = { ...before, blockedCountries: [...before.blockedCountries, 'KP'] };
    const requested = body<{ approvalId: number }>(await a.call('PUT', `/ops/config/region?reason=${encodeURIComponent('sanctions list')}`, doc));
    const rejected = await b.call('POST', `/ops/approvals/${requested.value.approvalId}/reject`, { note: 'not now' });
    expect(body<{ status: string }>(rejected).value.status).toBe('rejected');
    expect((await t.app.services.config.get('region')).blockedCountries).not.toContain('KP');
    const found = body<{ rows: { id: number }[] }>(await b.call('GET', '/ops/approvals?status=rejected&q=REGION')).value.rows;
    expect(found.map((r) => r.id)).toContain(requested.value.approvalId);
    const none = body<{ total: number }>(await b.call('GET', '/ops/approvals?status=rejected&q=no-such-thing')).value;
    expect(none.total).toBe(0);
    const late = await b.call('POST', `/ops/approvals/${requested.value.approvalId}/approve`, {});
    expect(body(late).message).toBe('approval_not_pending');
  });

  it('an undecided request expires after a day (scheduled job) and cannot be approved then; a role change applies on approval', async () => {
    const a = await consoleOperator('admin');
    const b = await consoleOperator('admin');
    const target = await consoleOperator('read_only');
    const first = body<{ approvalId: number }>(await a.call('PUT', `/ops/operators/${target.username}/role`, { role: 'support', reason: 'joins support' }));
    expect(first.value.approvalId).toBeGreaterThan(0);
    t.clock.advance(25 * 60 * MINUTE);
    await t.app.services.platform.jobs.tick();
    await t.app.services.platform.jobs.runDue(['ops-approvals-expire']);
    // The sessions of a and b idled out while the clock moved: two admins sign in again.
    const a2 = await consoleOperator('admin');
    const b2 = await consoleOperator('admin');
    const list = body<{ rows: { id: number; status: string }[] }>(await b2.call('GET', '/ops/approvals?status=expired'));
    expect(list.value.rows.map((r) => r.id)).toContain(first.value.approvalId);
    expect(body(await b2.call('POST', `/ops/approvals/${first.value.approvalId}/approve`, {})).message).toBe('approval_not_pending');
    expect(b.username).not.toBe(b2.username);

    const second = body<{ approvalId: number }>(await a2.call('PUT', `/ops/operators/${target.username}/role`, { role: 'support', reason: 'joins support' }));
    const ok = await b2.call('POST', `/ops/approvals/${second.value.approvalId}/approve`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    const operators = body<{ username: string; role: string }[]>(await t.ops('GET', '/ops/operators')).value;
    expect(operators.find((o) => o.username === target.username)?.role).toBe('support');
  });
});

describe('members from the console (docs/adr/0046)', () => {
  it('finds a member by username prefix, email, mobile digits and id, and shows sessions and login history', async () => {
    const m = await createMember(t, { prefix: 'find', accountEmail: true, mobile: true });
    const support = await consoleOperator('support');
    const search = async (q: string) =>
      body<{ rows: { id: number; username: string }[]; total: number }>(await support.call('GET', `/ops/members/search?q=${encodeURIComponent(q)}`)).value;
    for (const q of [m.username.slice(0, 6).toUpperCase(), m.email!, `0${m.mobile!.slice(3)}`, m.mobile!, String(m.id)]) {
      expect((await search(q)).rows.map((r) => r.username), q).toContain(m.username);
    }
    expect((await search('nobody-matches-this')).total).toBe(0);
    const sorted = body<{ rows: { username: string }[] }>(await support.call('GET', '/ops/members/search?sort=username&order=asc&pageSize=5')).value.rows;
    expect(sorted.map((r) => r.username)).toEqual([...sorted.map((r) => r.username)].sort((a, b) => a.localeCompare(b)));

    const detail = body<{ member: { username: string; isAgent: number; status: string }; sessions: unknown[]; authEvents: { event: string }[] }>(
      await support.call('GET', `/ops/members/${m.id}/detail`),
    ).value;
    expect(detail.member).toMatchObject({ username: m.username, isAgent: 0, status: 'active' });
    expect(detail.sessions).toHaveLength(1);
    expect(detail.authEvents.map((e) => e.event)).toContain('register');
  });

  it('revokes every session of a member with a reason: the member is logged out and the audit row keeps the reason', async () => {
    const m = await createMember(t, { prefix: 'rev' });
    const info = () => m.c.inject({ method: 'GET', url: '/wps/member/info' });
    expect((await info()).statusCode).toBe(200);
    const support = await consoleOperator('support');
    const noReason = await support.call('POST', `/ops/members/${m.username}/sessions/revoke`, {});
    expect(noReason.statusCode).toBe(400);
    expect((await info()).statusCode).toBe(200);
    const res = await support.call('POST', `/ops/members/${m.username}/sessions/revoke`, { reason: 'lost phone' });
    expect(body<{ revoked: number }>(res).value.revoked).toBe(1);
    expect((await info()).statusCode).toBe(401);
    const rows = body<{ rows: { action: string; after: { reason: string } }[] }>(
      await t.ops('GET', `/ops/audit/search?target=${encodeURIComponent(`member:${m.username}`)}`),
    ).value.rows;
    expect(rows[0]).toMatchObject({ action: 'member.sessions.revoke', after: { reason: 'lost phone' } });
  });

  it('forces a password change: sessions end and the next login is restricted until the member changes it', async () => {
    const m = await createMember(t, { prefix: 'pwd' });
    const support = await consoleOperator('support');
    expect((await support.call('POST', `/ops/members/${m.username}/password-change`, { reason: 'credential leak' })).statusCode).toBe(200);
    expect((await m.c.inject({ method: 'GET', url: '/wps/member/info' })).statusCode).toBe(401);
    const login = await t.client().loginOk(m.username, m.password);
    expect(login.forceChangePassword).toBe(true);
  });
});

describe('bad input to the console calls', () => {
  it('refuses unknown fields, values outside the contracts and wrong types with validation_failed, changing nothing', async () => {
    const admin = await consoleOperator('admin');
    const before = body<unknown[]>(await t.ops('GET', '/ops/operators')).value.length;
    for (const payload of [
      { username: 'Bad Name', role: 'support' },
      { username: 'okname', role: 'superuser' },
      { username: 'x'.repeat(41), role: 'support' },
      { username: 42, role: 'support' },
    ]) {
      const res = await admin.call('POST', '/ops/operators', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).message).toBe('validation_failed');
    }
    expect(body<unknown[]>(await t.ops('GET', '/ops/operators')).value).toHaveLength(before);
    const role = await admin.call('PUT', '/ops/operators/owner-none/role', { role: 'admin', reason: 'x' });
    expect(body(role).message).toBe('validation_failed');
    const search = await admin.call('GET', `/ops/members/search?pageSize=1000`);
    expect(body(search).message).toBe('validation_failed');
    const audit = await admin.call('GET', '/ops/audit/search?from=yesterday');
    expect(body(audit).message).toBe('validation_failed');
    const code = await t.app.opsApp.inject({ method: 'POST', url: '/ops/console/second-factor', headers: CSRF, payload: { code: '12ab56' } });
    expect(body(code).message).toBe('validation_failed');
    // A maintenance start from the console without a reason is refused and nothing is pending.
    const pending = body<{ total: number }>(await admin.call('GET', '/ops/approvals?status=pending')).value.total;
    const noReason = await admin.call('PUT', '/ops/config/maintenance', { startTime: new Date(t.clock.now()).toISOString(), endTime: null, info: {} });
    expect(body(noReason).message).toBe('validation_failed');
    expect(body<{ total: number }>(await admin.call('GET', '/ops/approvals?status=pending')).value.total).toBe(pending);
  });
});

describe('dashboard figures (from the database)', () => {
  type Figures = { registrations24h: number; logins24h: number; failedLogins24h: number; activeSessions: number; members: number; days: { registrations: number; logins: number }[] };
  it('counts a registration, a failed and a successful login, and the live sessions', async () => {
    const reader = await consoleOperator('read_only');
    const figures = async () => body<Figures>(await reader.call('GET', '/ops/members/figures')).value;
    const before = await figures();
    const m = await createMember(t, { prefix: 'fig' });
    const other = t.client();
    const wrong = await other.login(m.username, 'not-the-password-1');
    expect(wrong.body.success).toBe(false);
    await t.client().loginOk(m.username, m.password);
    const after = await figures();
    expect(after.members - before.members).toBe(1);
    expect(after.registrations24h - before.registrations24h).toBe(1);
    expect(after.failedLogins24h - before.failedLogins24h).toBe(1);
    expect(after.logins24h - before.logins24h).toBe(1);
    expect(after.activeSessions - before.activeSessions).toBe(2);
    expect(after.days).toHaveLength(7);
    expect(after.days.at(-1)!.registrations - before.days.at(-1)!.registrations).toBe(1);
    expect(after.days.at(-1)!.logins - before.days.at(-1)!.logins).toBe(1);
  });
});
