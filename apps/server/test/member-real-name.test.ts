import { describe, expect, it } from 'vitest';
import { createMember } from './factories';
import { body, useTestApp } from './helper';
import { bind, REAL_NAME, setPaymentPassword, uniqueAccountNumber } from './withdrawal-helpers';

// Withdrawals are paid to bank accounts in the member's real name, in capitals (docs/adr/0028, register
// pattern 13). A member who registered without it sets it once, confirmed by the login password.
const t = useTestApp();

describe('the real name for withdrawals', () => {
  it('is set once in capitals with the login password; then a bank account in that name can be bound; it is locked after', async () => {
    const m = await createMember(t);
    await setPaymentPassword(m);
    const account = { bankCode: 'KBANK', accountNumber: uniqueAccountNumber(), accountName: REAL_NAME };
    expect((await bind(m.c, account)).message).toBe('real_name_required');

    const lower = await m.c.enc('PUT', '/wps/member/realName', { realName: 'somchai jaidee', password: m.password });
    expect(lower.statusCode).toBe(400);
    const wrong = await m.c.enc('PUT', '/wps/member/realName', { realName: REAL_NAME, password: 'not-my-password' });
    expect(body(wrong)).toMatchObject({ success: false, message: 'old_password_incorrect' });

    const set = await m.c.enc('PUT', '/wps/member/realName', { realName: REAL_NAME, password: m.password });
    expect(body(set)).toMatchObject({ success: true, value: { realName: REAL_NAME } });
    expect((await bind(m.c, account)).success).toBe(true);

    const again = await m.c.enc('PUT', '/wps/member/realName', { realName: 'ANOTHER NAME', password: m.password });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('real_name_locked');
  });
});
