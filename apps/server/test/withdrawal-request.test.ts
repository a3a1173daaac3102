import type { TBankAccount, TWithdrawal } from '@lotus/contracts/withdrawal';
import type { TLoginResult } from '@lotus/contracts/auth';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMember } from './factories';
import { body, createClock, useTestApp } from './helper';
import {
  bind,
  cashierMember,
  depositTo,
  enrolTotp,
  balanceOf,
  movements,
  PAYMENT_PASSWORD,
  play,
  REAL_NAME,
  recordMemberMessages,
  requestWithdrawal,
  setPaymentPassword,
  totpAt,
  uniqueAccountNumber,
} from './withdrawal-helpers';

// 10:00 in Bangkok (03:00 UTC) on a Monday.
const clock = createClock({ frozen: Date.UTC(2026, 0, 12, 3, 0) });
const t = useTestApp({ clock });
beforeAll(() => {
  recordMemberMessages(t);
});
beforeEach(() => t.resetConfig());

describe('bank accounts (2.MC.05)', () => {
  it('2.MC.05 the account name must be the registered real name in capitals; at most 3 accounts', async () => {
    const m = await createMember(t, { form: { payeeName: REAL_NAME } });
    await setPaymentPassword(m);
    const wrongName = await bind(m.c, { bankCode: 'SCB', accountNumber: uniqueAccountNumber(), accountName: 'SOMEONE ELSE' });
    expect(wrongName.message).toBe('bank_account_name_mismatch');
    const shortNumber = await bind(m.c, { bankCode: 'SCB', accountNumber: '123456789', accountName: 'SOMCHAI JAIDEE' });
    expect(shortNumber.message).toBe('validation_failed');

    const first = await bind(m.c, { bankCode: 'SCB', accountNumber: '1234567890', accountName: 'SOMCHAI JAIDEE' });
    expect(first.success).toBe(true);
    expect(first.value).toMatchObject({ bankCode: 'SCB', accountNumberMasked: '******7890', accountName: 'SOMCHAI JAIDEE' });
    const again = await bind(m.c, { bankCode: 'SCB', accountNumber: '1234567890', accountName: 'SOMCHAI JAIDEE' });
    expect(again.message).toBe('bank_account_exists');
    expect((await bind(m.c, { bankCode: 'KTB', accountNumber: uniqueAccountNumber(), accountName: 'SOMCHAI JAIDEE' })).success).toBe(true);
    expect((await bind(m.c, { bankCode: 'BBL', accountNumber: uniqueAccountNumber(), accountName: 'SOMCHAI JAIDEE' })).success).toBe(true);
    const fourth = await bind(m.c, { bankCode: 'GSB', accountNumber: uniqueAccountNumber(), accountName: 'SOMCHAI JAIDEE' });
    expect(fourth.message).toBe('bank_account_limit');

    const list = body<{ items: TBankAccount[]; max: number }>(await m.c.get('/wps/cashier/bank-accounts')).value;
    expect(list.items).toHaveLength(3);
    expect(list.max).toBe(3);

    // Removing needs the payment password too; then a slot is free again.
    const noPassword = await m.c.enc('DELETE', `/wps/cashier/bank-accounts/${first.value.id}`, { paymentPassword: '000000' });
    expect(body(noPassword).message).toBe('payment_password_incorrect');
    const removed = await m.c.enc('DELETE', `/wps/cashier/bank-accounts/${first.value.id}`, { paymentPassword: PAYMENT_PASSWORD });
    expect(body(removed).success).toBe(true);
    expect((await bind(m.c, { bankCode: 'GSB', accountNumber: uniqueAccountNumber(), accountName: 'SOMCHAI JAIDEE' })).success).toBe(true);
  });

  it('2.MC.05 without a real name on the account, binding asks for it first', async () => {
    const m = await createMember(t);
    await setPaymentPassword(m);
    const res = await bind(m.c, { bankCode: 'SCB', accountNumber: uniqueAccountNumber(), accountName: 'ANYONE' });
    expect(res.message).toBe('real_name_required');
  });

  it('binding needs a payment password set', async () => {
    const m = await createMember(t, { form: { payeeName: REAL_NAME } });
    const res = await bind(m.c, { bankCode: 'SCB', accountNumber: uniqueAccountNumber(), accountName: 'SOMCHAI JAIDEE' });
    expect(res.message).toBe('payment_password_not_set');
  });
});

describe('the payment password step-up', () => {
  it('wrong payment passwords are counted: growing waits, then a lock with payment_password_locked', async () => {
    const m = await cashierMember(t);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await requestWithdrawal(m, { amount: '100.00', paymentPassword: '999999' });
      messages.push(res.message);
      if (res.message === 'login_throttled' || res.message === 'payment_password_incorrect') {
        clock.advance(((res.details?.retryAfterSeconds ?? 0) + 1) * 1000);
      }
    }
    // Three free failures, then each further one makes the member wait; the fifth locks.
    expect(messages.slice(0, 4)).toEqual(Array(4).fill('payment_password_incorrect'));
    expect(messages[4]).toBe('payment_password_locked');
    // Locked: even the right password is refused for the lock's duration (an hour).
    const locked = await requestWithdrawal(m, { amount: '100.00' });
    expect(locked.status).toBe(423);
    expect(locked.message).toBe('payment_password_locked');
    expect(locked.details?.retryAfterSeconds).toBeGreaterThan(50 * 60);
    clock.advance(61 * 60_000);
    expect((await requestWithdrawal(m, { amount: '100.00' })).success).toBe(true);
  });

  it('a wait after repeated failures answers login_throttled with the seconds left', async () => {
    const m = await cashierMember(t);
    for (let i = 0; i < 4; i++) await requestWithdrawal(m, { amount: '100.00', paymentPassword: '999999' });
    const waiting = await requestWithdrawal(m, { amount: '100.00' });
    expect(waiting.status).toBe(429);
    expect(waiting.message).toBe('login_throttled');
    expect(waiting.details?.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('with two-factor login on, a withdrawal needs the authenticator code too', async () => {
    const m = await cashierMember(t);
    const secret = await enrolTotp(t, m);
    const settings = body<{ secondFactorRequired: boolean }>(await m.c.get('/wps/cashier/withdrawal-settings')).value;
    expect(settings.secondFactorRequired).toBe(true);
    const none = await requestWithdrawal(m, { amount: '100.00' });
    expect(none.message).toBe('totp_required');
    const wrong = await requestWithdrawal(m, { amount: '100.00', totpCode: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.message).toBe('totp_invalid');
    const right = await requestWithdrawal(m, { amount: '100.00', totpCode: totpAt(secret, clock.now()) });
    expect(right.success).toBe(true);
    expect(right.value.status).toBe('pending');
  });
});

describe('limits and turnover (the withdrawal settings)', () => {
  it('the settings answer the demo limits and what the member still needs', async () => {
    const m = await cashierMember(t);
    const v = body<Record<string, unknown>>(await m.c.get('/wps/cashier/withdrawal-settings')).value;
    expect(v).toMatchObject({
      minAmount: '100.00',
      maxAmount: '50000.00',
      dailyCount: 5,
      usedToday: 0,
      remainingToday: 5,
      hours: { from: '00:00', to: '24:00' },
      timeZone: 'Asia/Bangkok',
      openNow: true,
      turnover: { outstanding: '0.00', multiple: 1, met: true },
      autoReceiptMinutes: 30,
      paymentPasswordSet: true,
      secondFactorRequired: false,
      realNameSet: true,
      bankAccounts: 1,
      maxBankAccounts: 3,
    });
  });

  it('minimum and maximum per withdrawal', async () => {
    const m = await cashierMember(t, { deposit: 60_000_00n });
    expect((await requestWithdrawal(m, { amount: '99.99' })).message).toBe('withdrawal_amount_below_min');
    expect((await requestWithdrawal(m, { amount: '50000.01' })).message).toBe('withdrawal_amount_above_max');
    expect((await requestWithdrawal(m, { amount: '50000.00' })).success).toBe(true);
    expect((await requestWithdrawal(m, { amount: '100.00' })).success).toBe(true);
  });

  it('at most the daily count per Bangkok day (rejected ones do not count)', async () => {
    const m = await cashierMember(t, { deposit: 10_000_00n });
    for (let i = 0; i < 5; i++) expect((await requestWithdrawal(m, { amount: '100.00' })).success).toBe(true);
    const sixth = await requestWithdrawal(m, { amount: '100.00' });
    expect(sixth.status).toBe(429);
    expect(sixth.message).toBe('withdrawal_daily_limit');
    // A rejected one gives its place back.
    const [latest] = body<{ items: TWithdrawal[] }>(await m.c.get('/wps/cashier/withdrawals')).value.items;
    expect((await t.ops('POST', `/ops/withdrawals/${latest!.id}/reject`, { reason: 'test' })).statusCode).toBe(200);
    expect((await requestWithdrawal(m, { amount: '100.00' })).message).toBe('ok');
    expect((await requestWithdrawal(m, { amount: '100.00' })).message).toBe('withdrawal_daily_limit');
  });

  it('only within the allowed hours (Asia/Bangkok local time)', async () => {
    const m = await cashierMember(t);
    // Bangkok is UTC+7: a window of an hour around the clock's local time, and one that excludes it.
    const local = new Date(clock.now() + 7 * 3_600_000);
    const hh = (h: number) => String((local.getUTCHours() + h + 24) % 24).padStart(2, '0');
    await t.setConfig('withdrawal', (w) => ({ ...w, hours: { from: `${hh(2)}:00`, to: `${hh(-2)}:00` } }));
    const closed = await requestWithdrawal(m, { amount: '100.00' });
    expect(closed.status).toBe(403);
    expect(closed.message).toBe('withdrawal_outside_hours');
    expect(body<{ openNow: boolean }>(await m.c.get('/wps/cashier/withdrawal-settings')).value.openNow).toBe(false);
    await t.setConfig('withdrawal', (w) => ({ ...w, hours: { from: `${hh(0)}:00`, to: `${hh(1)}:00` } }));
    expect((await requestWithdrawal(m, { amount: '100.00' })).message).toBe('ok');
  });

  it('turnover: the wagering outstanding (multiple x each deposit, less the stakes) must be zero (issue 23 #2)', async () => {
    const m = await cashierMember(t, { deposit: 1_000_00n, bets: 999_99n });
    const short = await requestWithdrawal(m, { amount: '100.00' });
    expect(short.status).toBe(403);
    expect(short.message).toBe('withdrawal_turnover_not_met');
    const view = body<{ turnover: unknown }>(await m.c.get('/wps/cashier/withdrawal-settings')).value;
    expect(view.turnover).toEqual({ outstanding: '0.01', multiple: 1, met: false });
    await play(t, m.id, 1n);
    expect((await requestWithdrawal(m, { amount: '100.00' })).success).toBe(true);
    // A new deposit asks for its own turnover.
    await depositTo(t, m.id, 500_00n);
    expect((await requestWithdrawal(m, { amount: '100.00' })).message).toBe('withdrawal_turnover_not_met');
    await play(t, m.id, 500_00n);
    expect((await requestWithdrawal(m, { amount: '100.00' })).message).toBe('ok');
  });

  it('insufficient funds: refused and nothing is stored or moved', async () => {
    const m = await cashierMember(t, { deposit: 150_00n });
    const res = await requestWithdrawal(m, { amount: '150.01' });
    expect(res.message).toBe('insufficient_funds');
    const page = body<{ total: number }>(await m.c.get('/wps/cashier/withdrawals')).value;
    expect(page.total).toBe(0);
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(150_00n);
  });
});

describe('the request', () => {
  it('funds move to withdrawal clearing at request; the same request key answers the same withdrawal once', async () => {
    const m = await cashierMember(t, { deposit: 1_000_00n });
    const clearingBefore = await balanceOf(t, 's:withdrawal');
    const first = await requestWithdrawal(m, { amount: '300.00', requestKey: `key-${m.id}-1` });
    expect(first.value).toMatchObject({ amount: '300.00', status: 'pending', bankCode: 'KBANK', paidAt: null });
    const again = await requestWithdrawal(m, { amount: '300.00', requestKey: `key-${m.id}-1` });
    expect(again.value.id).toBe(first.value.id);
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(700_00n);
    expect((await balanceOf(t, 's:withdrawal')) - clearingBefore).toBe(300_00n);
    expect(await movements(t, 'withdrawal_hold', String(first.value.id))).toBe(1);
    const conflict = await requestWithdrawal(m, { amount: '200.00', requestKey: `key-${m.id}-1` });
    expect(conflict.message).toBe('idempotency_conflict');

    const page = body<{ items: TWithdrawal[]; total: number }>(await m.c.get('/wps/cashier/withdrawals?page=1&pageSize=10')).value;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: first.value.id, status: 'pending' });
  });

  it('5.GATE.04 5.GATE.05 a trial account is refused every withdrawal call with in_need_true_account', async () => {
    const c = t.client();
    c.token = body<TLoginResult>(
      await c.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: { platform: 'W' } }),
    ).value.token;
    const calls = [
      await c.get('/wps/cashier/bank-accounts'),
      await c.get('/wps/cashier/withdrawal-settings'),
      await c.get('/wps/cashier/withdrawals'),
      await c.enc('POST', '/wps/cashier/bank-accounts', { bankCode: 'SCB', accountNumber: '1234567890', accountName: 'X Y', paymentPassword: '1' }),
      await c.enc('POST', '/wps/cashier/withdrawals', { amount: '100.00', bankAccountId: 1, paymentPassword: '1', requestKey: 'trial-key-1' }),
      await c.inject({ method: 'POST', url: '/wps/cashier/withdrawals/1/receipt', payload: { received: true } }),
    ];
    for (const res of calls) {
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toBe('in_need_true_account');
    }
  });
});
