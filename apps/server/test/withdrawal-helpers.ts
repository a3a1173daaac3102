import { randomUUID } from 'node:crypto';
import type { TBankAccount, TWithdrawal } from '@lotus/contracts/withdrawal';
import { Secret, TOTP } from 'otpauth';
import { createMember, type Member, type MemberOverrides } from './factories';
import { body, type TestApp, type TestClient } from './helper';
import type { createLedgerDouble } from './ledger-double';

export type LedgerDouble = ReturnType<typeof createLedgerDouble>;

/** The payment password the cashier members set (the demo rule: 6 characters). */
export const PAYMENT_PASSWORD = '246810';

/** A real name as registered (payeeName: capitals, pattern 13), the name the bank account must carry. */
export const REAL_NAME = 'SOMCHAI JAIDEE';

/** A 1x1 PNG and a tiny JPEG (real files: valid signatures and structure). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG_TINY = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

export type CashierMember = Member & { account: TBankAccount };

/**
 * A member ready to withdraw: registered with a real name, a payment password set, one bank
 * account bound in its name, and `deposit` on the main wallet (turnover met unless set otherwise).
 */
export async function cashierMember(
  t: TestApp,
  ledger: LedgerDouble,
  options: { deposit?: bigint; member?: MemberOverrides } = {},
): Promise<CashierMember> {
  const m = await createMember(t, { ...options.member, form: { payeeName: REAL_NAME, ...options.member?.form } });
  await setPaymentPassword(m);
  const bound = await bind(m.c, { bankCode: 'KBANK', accountNumber: uniqueAccountNumber(), accountName: REAL_NAME });
  if (!bound.success) throw new Error(`bind failed: ${bound.message}`);
  const deposit = options.deposit ?? 1_000_00n;
  if (deposit > 0n) await ledger.deposit(m.id, deposit, `test-${m.id}-${randomUUID()}`);
  ledger.setTurnover(m.id, { lastDepositAmount: deposit, betsSince: deposit });
  return { ...m, account: bound.value };
}

export async function setPaymentPassword(m: Member, paymentPassword = PAYMENT_PASSWORD) {
  const res = await m.c.enc('PUT', '/wps/member/password/payment', {
    password: m.password,
    newPaymentPassword: paymentPassword,
    confirmPaymentPassword: paymentPassword,
  });
  if (!body(res).success) throw new Error(`payment password failed: ${body(res).message}`);
}

let accountCounter = 0;
export const uniqueAccountNumber = () => `10${Date.now() % 1e8}`.padEnd(10, '0') + String(++accountCounter).padStart(3, '0');

export async function bind(
  c: TestClient,
  input: { bankCode: string; accountNumber: string; accountName: string; paymentPassword?: string },
) {
  return body<TBankAccount>(
    await c.enc('POST', '/wps/cashier/bank-accounts', { paymentPassword: PAYMENT_PASSWORD, ...input }),
  );
}

/** POST /wps/cashier/withdrawals (enc) with a fresh request key unless one is given. */
export async function requestWithdrawal(
  m: CashierMember,
  input: { amount: string; requestKey?: string; paymentPassword?: string; totpCode?: string; bankAccountId?: number },
) {
  const res = await m.c.enc('POST', '/wps/cashier/withdrawals', {
    bankAccountId: m.account.id,
    paymentPassword: PAYMENT_PASSWORD,
    requestKey: randomUUID(),
    ...input,
  });
  return { status: res.statusCode, ...body<TWithdrawal>(res) };
}

export async function receipt(m: Member, id: number, payload: unknown) {
  const res = await m.c.inject({ method: 'POST', url: `/wps/cashier/withdrawals/${id}/receipt`, payload: payload as object });
  return { status: res.statusCode, ...body<TWithdrawal>(res) };
}

export const totpAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

/** Turns two-factor login on for the member (setup + enable); returns the secret. */
export async function enrolTotp(t: TestApp, m: Member): Promise<string> {
  const setup = body<{ secret: string }>(await m.c.inject({ method: 'POST', url: '/wps/member/2fa/setup' })).value;
  const res = await m.c.inject({
    method: 'POST',
    url: '/wps/member/2fa/enable',
    payload: { code: totpAt(setup.secret, t.clock.now()), password: m.password },
  });
  if (!body(res).success) throw new Error(`2fa enable failed: ${body(res).message}`);
  t.clock.advance(30_000); // the enrolment code's time step is spent
  return setup.secret;
}

export type MemberMessage = { memberId: number; template: string; params: Record<string, unknown> };

/**
 * The outbox kind `member-message` is delivered by the inbox module (another branch): until it is
 * merged, the test registers a handler that records what would reach the member's inbox.
 */
export function recordMemberMessages(t: TestApp): MemberMessage[] {
  const delivered: MemberMessage[] = [];
  t.app.services.platform.outbox.handle('member-message', async (payload) => {
    delivered.push(payload as MemberMessage);
  });
  return delivered;
}
