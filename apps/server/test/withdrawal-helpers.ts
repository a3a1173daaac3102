import { accounts } from '@lotus/ledger/accounts';
import { randomUUID } from 'node:crypto';
import type { TBankAccount, TWithdrawal } from '@lotus/contracts/withdrawal';
import { createCanvas } from '@napi-rs/canvas';
import { Secret, TOTP } from 'otpauth';
import { createMember, type Member, type MemberOverrides } from './factories';
import { body, type TestApp, type TestClient } from './helper';
import { sql } from 'drizzle-orm';

/** The payment password the cashier members set (the demo rule: 6 characters). */
export const PAYMENT_PASSWORD = '246810';

/** A real name as registered (payeeName: capitals, pattern 13), the name the bank account must carry. */
export const REAL_NAME = 'SOMCHAI JAIDEE';

/** A 1x1 PNG and a tiny JPEG (real files that decode: uploads are decoded before they are stored, issue 23 #4). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG_TINY = createCanvas(2, 2).encodeSync('jpeg', 70);

export type CashierMember = Member & { account: TBankAccount };

/**
 * A member ready to withdraw: registered with a real name, a payment password set, one bank
 * account bound in its name, and `deposit` on the main wallet through the ledger, then played
 * through once (`bets`, default the deposit: a bet and a win of the same amount) so the 1x turnover
 * is met unless the test says otherwise.
 */
export async function cashierMember(
  t: TestApp,
  options: { deposit?: bigint; bets?: bigint; member?: MemberOverrides } = {},
): Promise<CashierMember> {
  const m = await createMember(t, { ...options.member, form: { payeeName: REAL_NAME, ...options.member?.form } });
  await setPaymentPassword(m);
  const bound = await bind(m.c, { bankCode: 'KBANK', accountNumber: uniqueAccountNumber(), accountName: REAL_NAME });
  if (!bound.success) throw new Error(`bind failed: ${bound.message}`);
  const deposit = options.deposit ?? 1_000_00n;
  if (deposit > 0n) await depositTo(t, m.id, deposit);
  await play(t, m.id, options.bets ?? deposit);
  return { ...m, account: bound.value };
}

/** A deposit through the ledger's write path (deposit clearing -> main), as the deposit module posts it. */
export async function depositTo(t: TestApp, memberId: number, amount: bigint) {
  await t.app.services.wallet.post({
    op: 'deposit',
    key: `test-${memberId}-${randomUUID()}`,
    input: { memberId, amount },
    actor: { kind: 'operator', id: 'tester', reason: 'test deposit' },
    entries: [
      { account: accounts.depositClearing('bank'), amount: -amount },
      { account: accounts.main(memberId), amount },
    ],
    // As the deposit module credits it: the demo's 1x turnover (docs/adr/0070).
    wagering: { creditMultiple: 1 },
  });
}

/** Bets `amount` in one round and wins it back (the balance is unchanged, the turnover grows). */
export async function play(t: TestApp, memberId: number, amount: bigint) {
  if (amount <= 0n) return;
  const round = randomUUID();
  const base = { vendor: 'PGS', memberId, trial: false, roundId: round, gameCode: 'g1' };
  const bet = await t.app.services.wallet.gameOperation({ ...base, kind: 'bet', transactionId: `b-${round}`, amount, requestHash: `hb-${round}` });
  const win = await t.app.services.wallet.gameOperation({ ...base, kind: 'win', transactionId: `w-${round}`, amount, requestHash: `hw-${round}` });
  if (bet.status !== 'OK' || win.status !== 'OK') throw new Error(`play failed: ${JSON.stringify([bet, win])}`);
}

/** The balance of a ledger account (member or system) from its entries. */
export async function balanceOf(t: TestApp, code: string): Promise<bigint> {
  const result = await t.db.database.db.execute(
    sql`select coalesce(sum(e.amount), 0)::text as s from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.code = ${code}`,
  );
  return BigInt(String((result as unknown as { rows: { s: string }[] }).rows[0]!.s));
}

/** How many ledger transactions (op, key) exist: each withdrawal movement must be there once. */
export async function movements(t: TestApp, op: string, key: string): Promise<number> {
  const result = await t.db.database.db.execute(sql`select id from ledger_transactions where op = ${op} and key = ${key}`);
  return (result as unknown as { rows: unknown[] }).rows.length;
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
