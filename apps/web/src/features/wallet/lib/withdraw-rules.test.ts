import { describe, expect, it } from 'vitest';
import { checkAmount } from './amount-input';
import { base64OfDataUrl, checkBind, checkNotReceived, checkPaymentPassword, checkWithdraw, paymentPasswordLength } from './withdraw-rules';

const png = (size = 1000) => ({ type: 'image/png', size });
const rules = { minAmount: '100.00', maxAmount: '50000.00', secondFactorRequired: false };
const ok = { amount: '500', bankAccountId: '3', paymentPassword: 'pay-1234', totpCode: '' };

describe('cashier form rules (2.MC.04/05, 4.WD.02/05)', () => {
  it('2.MC.04 9.C.04 amounts are checked in minor units against the limits, never as floats', () => {
    const limits = { min: '100.00', max: '50000.00', remaining: '1000.00' };
    expect(checkAmount('', limits)).toBe('amount_required');
    expect(checkAmount('12.345', limits)).toBe('amount_invalid');
    expect(checkAmount('abc', limits)).toBe('amount_invalid');
    expect(checkAmount('99.99', limits)).toBe('amount_below_min');
    expect(checkAmount('100', limits)).toBeNull();
    expect(checkAmount('1,000.00', limits)).toBeNull();
    expect(checkAmount('1000.01', limits)).toBe('amount_over_today');
    expect(checkAmount('50000.01', { ...limits, remaining: undefined })).toBe('amount_above_max');
    // 0.1 + 0.2 style rounding cannot creep in: 100.10 is exactly 10010 minor units.
    expect(checkAmount('100.1', { min: '100.10', max: '100.10' })).toBeNull();
  });

  it('2.MC.05 the withdrawal step-up: amount, account and payment password are required', () => {
    expect(checkWithdraw(ok, rules)).toEqual({});
    expect(checkWithdraw({ amount: '50', bankAccountId: '', paymentPassword: '', totpCode: '' }, rules)).toEqual({
      amount: 'amount_below_min',
      bankAccountId: 'bank_required',
      paymentPassword: 'payment_password_required',
    });
  });

  it('2.MC.05 with two-factor login on, the authenticator code (6 digits or a recovery code) is required too', () => {
    const totp = { ...rules, secondFactorRequired: true };
    expect(checkWithdraw(ok, totp)).toEqual({ totpCode: 'totp_required' });
    expect(checkWithdraw({ ...ok, totpCode: '12345' }, totp)).toEqual({ totpCode: 'totp_format' });
    expect(checkWithdraw({ ...ok, totpCode: '123456' }, totp)).toEqual({});
    expect(checkWithdraw({ ...ok, totpCode: 'ABCD-EFGH-12' }, totp)).toEqual({});
  });

  it('2.MC.05 the payment password follows the registration rule (never under 4): length, no spaces, confirmed', () => {
    const sixDigits = paymentPasswordLength({ minLength: 6, maxLength: 6 });
    expect(sixDigits).toEqual({ min: 6, max: 6 });
    expect(paymentPasswordLength({ minLength: 1, maxLength: 200 })).toEqual({ min: 4, max: 64 });
    expect(checkPaymentPassword({ password: 'x', newPaymentPassword: '2468', confirmPaymentPassword: '2468' }, sixDigits)).toEqual({ newPaymentPassword: 'payment_password_rule' });
    expect(checkPaymentPassword({ password: 'x', newPaymentPassword: '246810', confirmPaymentPassword: '246810' }, sixDigits)).toEqual({});
    expect(checkPaymentPassword({ password: '', newPaymentPassword: '123', confirmPaymentPassword: '123' })).toEqual({
      password: 'login_password_required',
      newPaymentPassword: 'payment_password_rule',
    });
    expect(checkPaymentPassword({ password: 'x', newPaymentPassword: 'a b c d', confirmPaymentPassword: 'a b c d' })).toEqual({ newPaymentPassword: 'payment_password_rule' });
    expect(checkPaymentPassword({ password: 'x', newPaymentPassword: '123456', confirmPaymentPassword: '123457' })).toEqual({ confirmPaymentPassword: 'payment_password_confirm' });
    expect(checkPaymentPassword({ password: 'x', newPaymentPassword: '123456', confirmPaymentPassword: '123456' })).toEqual({});
  });

  it('2.MC.05 binding a bank account: a bank, 10-15 digits, a name, the payment password', () => {
    expect(checkBind({ bankCode: '', accountNumber: '12345', accountName: ' ', paymentPassword: '' })).toEqual({
      bankCode: 'bank_code_required',
      accountNumber: 'account_number_format',
      accountName: 'account_name_required',
      paymentPassword: 'payment_password_required',
    });
    expect(checkBind({ bankCode: 'KBANK', accountNumber: '123-4-56789-0', accountName: 'SOMCHAI JAIDEE', paymentPassword: 'p' })).toEqual({});
  });

  it('4.WD.02 4.WD.05 not received needs 1-3 png/jpg images of at most 5 MB and a remark of at most 140 characters', () => {
    expect(checkNotReceived([], '')).toEqual({ proofs: 'proof_required' });
    expect(checkNotReceived([png(), png(), png(), png()], '')).toEqual({ proofs: 'proof_too_many' });
    expect(checkNotReceived([{ type: 'image/gif', size: 10 }], '')).toEqual({ proofs: 'upload_type_invalid' });
    expect(checkNotReceived([png(5 * 1024 * 1024 + 1)], '')).toEqual({ proofs: 'upload_too_large' });
    expect(checkNotReceived([png()], 'x'.repeat(141))).toEqual({ remark: 'remark_too_long' });
    expect(checkNotReceived([png(), { type: 'image/jpeg', size: 10 }], 'ก'.repeat(140))).toEqual({});
    expect(base64OfDataUrl('data:image/png;base64,iVBORw0K')).toBe('iVBORw0K');
  });
});
