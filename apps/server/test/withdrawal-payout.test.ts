import type { TOpsWithdrawalRow, TWithdrawal } from '@lotus/contracts/withdrawal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectApi } from '../src/ops/connect';
import { runCommand } from './ops-run';
import { body, createClock, useTestApp } from './helper';
import {
  balanceOf,
  cashierMember,
  movements,
  JPEG_TINY,
  PNG_1X1,
  receipt,
  recordMemberMessages,
  requestWithdrawal,
  type CashierMember,
  type MemberMessage,
} from './withdrawal-helpers';

const clock = createClock({ frozen: Date.UTC(2026, 0, 12, 3, 0) });
const t = useTestApp({ clock });
let messages: MemberMessage[] = [];
beforeAll(() => {
  messages = recordMemberMessages(t);
});

const b64 = (data: Buffer) => data.toString('base64');
const MB = 1024 * 1024;

async function pending(amount = '200.00', deposit = 1_000_00n): Promise<{ m: CashierMember; w: TWithdrawal }> {
  const m = await cashierMember(t, { deposit });
  const res = await requestWithdrawal(m, { amount });
  if (!res.success) throw new Error(`request failed: ${res.message}`);
  return { m, w: res.value };
}

async function paid(amount = '200.00') {
  const { m, w } = await pending(amount);
  const res = await t.ops('POST', `/ops/withdrawals/${w.id}/pay`);
  if (res.statusCode !== 200) throw new Error(`pay failed: ${res.body}`);
  return { m, w };
}

const opsRows = async (query: string) => body<TOpsWithdrawalRow[]>(await t.ops('GET', `/ops/withdrawals${query}`)).value;

describe('operator pays out, the member confirms (4.WD.01, 3.STAT.06)', () => {
  it('4.WD.01 3.STAT.06 pay -> clearing to payout, "withdrawal approved", then the member confirms received', async () => {
    const { m, w } = await pending('250.00');
    const payoutBefore = await balanceOf(t, 's:payout');
    const res = await t.ops('POST', `/ops/withdrawals/${w.id}/pay`);
    expect(res.statusCode).toBe(200);
    expect(body<TOpsWithdrawalRow>(res).value).toMatchObject({ id: w.id, status: 'awaiting_confirmation', decidedBy: 'test_operator' });
    expect((await balanceOf(t, 's:payout')) - payoutBefore).toBe(250_00n);
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(750_00n);

    await t.app.services.platform.outbox.drain();
    expect(messages).toContainEqual({
      memberId: m.id,
      template: 'withdrawal_approved',
      params: { withdrawalId: w.id, amount: '250.00' },
    });

    const [mine] = body<{ items: TWithdrawal[] }>(await m.c.get('/wps/cashier/withdrawals')).value.items;
    expect(mine).toMatchObject({ status: 'awaiting_confirmation' });
    // 9.C.16: the deadline is paidAt + N (30 minutes by default).
    expect(Date.parse(mine!.confirmBy!) - Date.parse(mine!.paidAt!)).toBe(30 * 60_000);

    const confirmed = await receipt(m, w.id, { received: true });
    expect(confirmed.value).toMatchObject({ status: 'received', confirmBy: null });
    expect((await receipt(m, w.id, { received: true })).message).toBe('withdrawal_not_awaiting_receipt');
    // Paid once: a second pay is refused and nothing moves again.
    expect(body(await t.ops('POST', `/ops/withdrawals/${w.id}/pay`)).message).toBe('withdrawal_not_pending');
    expect(await movements(t, 'withdrawal_payout', String(w.id))).toBe(1);
  });

  it('3.STAT.06 reject with a reason -> the amount returns to the main wallet, "withdrawal rejected"', async () => {
    const { m, w } = await pending('300.00');
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(700_00n);
    const res = await t.ops('POST', `/ops/withdrawals/${w.id}/reject`, { reason: 'Account name differs' });
    expect(body<TOpsWithdrawalRow>(res).value).toMatchObject({ status: 'rejected', rejectReason: 'Account name differs' });
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(1_000_00n);
    await t.app.services.platform.outbox.drain();
    expect(messages).toContainEqual({
      memberId: m.id,
      template: 'withdrawal_rejected',
      params: { withdrawalId: w.id, amount: '300.00', reason: 'Account name differs' },
    });
    const [mine] = body<{ items: TWithdrawal[] }>(await m.c.get('/wps/cashier/withdrawals')).value.items;
    expect(mine).toMatchObject({ status: 'rejected', rejectReason: 'Account name differs' });
    expect((await receipt(m, w.id, { received: true })).message).toBe('withdrawal_not_awaiting_receipt');
  });

  it('racing pay and reject on one withdrawal: exactly one wins, money moves once', async () => {
    const { m, w } = await pending('400.00');
    const [a, b] = await Promise.all([
      t.ops('POST', `/ops/withdrawals/${w.id}/pay`),
      t.ops('POST', `/ops/withdrawals/${w.id}/reject`, { reason: 'race' }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(body(loser).message).toBe('withdrawal_not_pending');
    const payouts = await movements(t, 'withdrawal_payout', String(w.id));
    const returns = await movements(t, 'withdrawal_return', String(w.id));
    expect(payouts + returns).toBe(1);
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(returns === 1 ? 1_000_00n : 600_00n);
  });

  it('operator actions need money.write and are written to the operator audit log', async () => {
    const { w } = await pending();
    const support = await t.operator('support');
    expect(body((await support.ops('POST', `/ops/withdrawals/${w.id}/pay`))).message).toBe('ops_permission_denied');
    const finance = await t.operator('finance');
    expect((await finance.ops('POST', `/ops/withdrawals/${w.id}/pay`)).statusCode).toBe(200);
    const audit = body<{ action: string; target: string; username: string }[]>(await t.ops('GET', '/ops/audit?limit=20')).value;
    expect(audit).toContainEqual(expect.objectContaining({ action: 'withdrawal.pay', target: `withdrawal:${w.id}`, username: finance.username }));
  });
});

describe('closing a not-received case (ADR 0047)', () => {
  async function notReceived(amount = '250.00') {
    const { m, w } = await paid(amount);
    const res = await receipt(m, w.id, { received: false, remark: 'Nothing arrived', proofs: [{ data: b64(PNG_1X1) }] });
    if (!res.success) throw new Error(`receipt failed: ${res.message}`);
    return { m, w };
  }

  it('refund: the payout returns to the main wallet once, the member is told why and sees it in the history', async () => {
    const { m, w } = await notReceived('250.00');
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(750_00n);
    // A refund is a four-eyes request (docs/adr/0081): nothing moves until a second operator approves it.
    const res = await t.ops('POST', `/ops/withdrawals/${w.id}/resolve`, { outcome: 'refund', reason: 'The bank returned the transfer' });
    const request = body<{ approvalId: number; status: string }>(res).value;
    expect(request.status).toBe('pending');
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(750_00n);
    const checker = await t.operator('finance');
    const approved = await checker.ops('POST', `/ops/approvals/${request.approvalId}/approve`, {});
    expect(body(approved).value).toMatchObject({ status: 'approved', decidedBy: checker.username });
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(1_000_00n);
    expect(await movements(t, 'withdrawal_refund', String(w.id))).toBe(1);
    // Closed: a second refund (or any other closing) is refused and moves nothing.
    const again = await t.ops('POST', `/ops/withdrawals/${w.id}/resolve`, { outcome: 'refund', reason: 'twice' });
    expect([again.statusCode, body(again).message]).toEqual([409, 'withdrawal_not_a_case']);
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(1_000_00n);
    await t.app.services.platform.outbox.drain();
    expect(messages).toContainEqual({
      memberId: m.id,
      template: 'withdrawal_refunded',
      params: { withdrawalId: w.id, amount: '250.00', reason: 'The bank returned the transfer' },
    });
    const [mine] = body<{ items: TWithdrawal[] }>(await m.c.get('/wps/cashier/withdrawals')).value.items;
    expect(mine).toMatchObject({ status: 'refunded', resolution: 'The bank returned the transfer' });
    const verify = body<{ violations: unknown[] }>(await t.ops('GET', '/ops/ledger/verify')).value;
    expect(verify.violations).toEqual([]);
  });

  it('paid: the case closes with the reason, no money moves', async () => {
    const { m, w } = await notReceived('120.00');
    const res = await t.ops('POST', `/ops/withdrawals/${w.id}/resolve`, { outcome: 'paid', reason: 'Bank statement shows it credited' });
    expect(body<TOpsWithdrawalRow>(res).value).toMatchObject({ status: 'confirmed_paid' });
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(880_00n);
    expect(await movements(t, 'withdrawal_refund', String(w.id))).toBe(0);
    await t.app.services.platform.outbox.drain();
    expect(messages).toContainEqual(expect.objectContaining({ memberId: m.id, template: 'withdrawal_case_closed' }));
  });

  it('only a not-received case can be closed; bad input, roles and the audit log', async () => {
    const { w: awaiting } = await paid('100.00');
    const res = await t.ops('POST', `/ops/withdrawals/${awaiting.id}/resolve`, { outcome: 'refund', reason: 'too early' });
    expect([res.statusCode, body(res).message]).toEqual([409, 'withdrawal_not_a_case']);
    expect((await t.ops('POST', '/ops/withdrawals/999999/resolve', { outcome: 'paid', reason: 'x' })).statusCode).toBe(404);
    const { w } = await notReceived('100.00');
    for (const bad of [{ outcome: 'refund' }, { outcome: 'maybe', reason: 'x' }, { outcome: 'paid', reason: '   ' }, { outcome: 'paid', reason: 'x'.repeat(201) }]) {
      expect((await t.ops('POST', `/ops/withdrawals/${w.id}/resolve`, bad)).statusCode).toBe(400);
    }
    const support = await t.operator('support');
    expect(body(await support.ops('POST', `/ops/withdrawals/${w.id}/resolve`, { outcome: 'refund', reason: 'x' })).message).toBe('ops_permission_denied');
    const finance = await t.operator('finance');
    const requested = await finance.ops('POST', `/ops/withdrawals/${w.id}/resolve`, { outcome: 'refund', reason: 'Returned' });
    const approvalId = body<{ approvalId: number }>(requested).value.approvalId;
    // One pending refund per case: a second request is refused while the first waits.
    const twice = await t.ops('POST', `/ops/withdrawals/${w.id}/resolve`, { outcome: 'refund', reason: 'Returned' });
    expect([twice.statusCode, body(twice).message]).toEqual([409, 'approval_already_pending']);
    const audit = body<{ action: string; target: string; username: string }[]>(await t.ops('GET', '/ops/audit?limit=20')).value;
    expect(audit).toContainEqual(expect.objectContaining({ action: 'withdrawal.resolve', target: `approval:${approvalId}`, username: finance.username }));
  });
});

describe('not received with a proof (4.WD.02, 4.WD.05, 5.UPL.01-04)', () => {
  it('4.WD.02 not received needs a proof; with one it opens a case for the operator', async () => {
    const { m, w } = await paid();
    expect((await receipt(m, w.id, { received: false, proofs: [] })).message).toBe('proof_required');
    const res = await receipt(m, w.id, { received: false, remark: 'Nothing arrived in my KBANK account', proofs: [{ data: b64(PNG_1X1) }, { data: b64(JPEG_TINY) }] });
    expect(res.value).toMatchObject({ status: 'not_received', remark: 'Nothing arrived in my KBANK account', proofCount: 2 });
    const cases = body<TOpsWithdrawalRow[]>(await t.ops('GET', '/ops/withdrawals/cases')).value;
    const mine = cases.find((c) => c.id === w.id);
    expect(mine?.proofs.map((p) => [p.index, p.contentType, p.bytes])).toEqual([
      [1, 'image/png', PNG_1X1.length],
      [2, 'image/jpeg', JPEG_TINY.length],
    ]);
    const proof = body<{ contentType: string; data: string }>(await t.ops('GET', `/ops/withdrawals/${w.id}/proofs/1`)).value;
    expect(Buffer.from(proof.data, 'base64').equals(PNG_1X1)).toBe(true);
    // Answered: a later "received" is refused.
    expect((await receipt(m, w.id, { received: true })).message).toBe('withdrawal_not_awaiting_receipt');
  });

  it('5.UPL.02 5.UPL.03 5.UPL.04 5.UPL.01 uploads of a wrong type (by content), too large, too many, a long remark -> refused, nothing stored', async () => {
    const { m, w } = await paid();
    // A GIF named and declared as png is refused by its content.
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const wrongType = await receipt(m, w.id, { received: false, proofs: [{ data: b64(PNG_1X1) }, { data: b64(gif) }] });
    expect(wrongType).toMatchObject({ status: 415, message: 'proof_type_invalid', fields: { 'proofs.1': 'proof_type_invalid' } });
    // A text file renamed .jpg, too.
    expect((await receipt(m, w.id, { received: false, proofs: [{ data: b64(Buffer.from('hello, not an image')) }] })).message).toBe(
      'proof_type_invalid',
    );
    // 5 MB + 1 byte of a real PNG signature.
    const big = Buffer.alloc(5 * MB + 1);
    PNG_1X1.copy(big);
    const tooLarge = await receipt(m, w.id, { received: false, proofs: [{ data: b64(big) }] });
    expect(tooLarge).toMatchObject({ message: 'proof_too_large', fields: { 'proofs.0': 'proof_too_large' } });
    const four = Array.from({ length: 4 }, () => ({ data: b64(PNG_1X1) }));
    expect((await receipt(m, w.id, { received: false, proofs: four })).message).toBe('proof_too_many');
    const longRemark = await receipt(m, w.id, { received: false, remark: 'ก'.repeat(141), proofs: [{ data: b64(PNG_1X1) }] });
    expect(longRemark).toMatchObject({ message: 'content_too_long', fields: { remark: 'content_too_long' } });

    // Nothing was stored: still awaiting confirmation, no proof, no case.
    const [row] = await opsRows(`?memberId=${m.id}`);
    expect(row).toMatchObject({ status: 'awaiting_confirmation', remark: null, proofs: [] });

    // At the limits it is accepted: 3 images, one of exactly 5 MB, a remark of 140 characters.
    const fiveMb = Buffer.alloc(5 * MB);
    JPEG_TINY.copy(fiveMb);
    const ok = await receipt(m, w.id, {
      received: false,
      remark: 'ข'.repeat(140),
      proofs: [{ data: b64(fiveMb) }, { data: b64(PNG_1X1) }, { data: b64(JPEG_TINY) }],
    });
    expect(ok.value).toMatchObject({ status: 'not_received', proofCount: 3 });
  });
});

describe('auto-receipt after N minutes (4.WD.03, 4.WD.04, 9.C.16)', () => {
  it('4.WD.03 9.C.16 unanswered for N minutes (configurable) the job marks it auto_received, once', async () => {
    await t.setConfig('withdrawal', (w) => ({ ...w, autoReceiptMinutes: 45 }));
    const { m } = await paid();
    const jobs = t.app.services.platform.jobs;
    clock.advance(44 * 60_000);
    await t.app.services.withdrawal!.autoReceipt();
    expect((await opsRows(`?memberId=${m.id}`))[0]!.status).toBe('awaiting_confirmation');
    clock.advance(61_000);
    // The scheduled job (once per period across instances) does it; a second run changes nothing.
    await jobs.tick();
    await jobs.runDue(['withdrawal-auto-receipt']);
    expect((await opsRows(`?memberId=${m.id}`))[0]).toMatchObject({ status: 'auto_received' });
    expect(await t.app.services.withdrawal!.autoReceipt()).toEqual({ count: 0 });
    await t.resetConfig();
  });

  it('4.WD.04 a forced receipt means no refund: a later "not received" is refused', async () => {
    const { m, w } = await paid();
    clock.advance(31 * 60_000);
    await t.app.services.withdrawal!.autoReceipt();
    const late = await receipt(m, w.id, { received: false, remark: 'late', proofs: [{ data: b64(PNG_1X1) }] });
    expect(late).toMatchObject({ status: 409, message: 'withdrawal_receipt_forced' });
    const [row] = await opsRows(`?memberId=${m.id}`);
    expect(row).toMatchObject({ status: 'auto_received', remark: null, proofs: [] });
  });

  it('4.WD.03 past N minutes before the job ran, a "not received" is refused as a forced receipt too', async () => {
    const { m, w } = await paid();
    clock.advance(30 * 60_000);
    const late = await receipt(m, w.id, { received: false, proofs: [{ data: b64(PNG_1X1) }] });
    expect(late.message).toBe('withdrawal_receipt_forced');
    expect((await opsRows(`?memberId=${m.id}`))[0]!.status).toBe('auto_received');
  });
});

describe('the operator command line (npm run ops -- withdrawal ...)', () => {
  let url = '';
  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.app.server.close();
  });

  async function cli(...argv: string[]) {
    const lines: string[] = [];
    const client = connectApi(url, t.opsToken);
    const code = await runCommand(client, argv, { log: (text) => lines.push(text) });
    return { code, text: lines.join('\n') };
  }

  it('withdrawal list | pay <id> | reject <id> --reason ... | cases', async () => {
    const first = await pending('120.00');
    const second = await pending('130.00');
    const listed = await cli('withdrawal', 'list', '--status', 'pending', '--member', String(first.m.id));
    expect(listed.code).toBe(0);
    expect(listed.text).toContain(String(first.w.id));
    expect(listed.text).toContain('120.00');

    expect((await cli('withdrawal', 'pay', String(first.w.id))).text).toContain(`Withdrawal ${first.w.id} (120.00) is paid out`);
    const rejected = await cli('withdrawal', 'reject', String(second.w.id), '--reason', 'Bank account closed');
    expect(rejected.text).toContain(`Withdrawal ${second.w.id} is rejected; 130.00 returned`);
    expect(await balanceOf(t, `m:${second.m.id}:main`)).toBe(1_000_00n);
    await expect(cli('withdrawal', 'pay', String(second.w.id))).rejects.toThrow(/already been processed/);
    await expect(cli('withdrawal', 'reject', String(first.w.id))).rejects.toThrow(/--reason/);

    await receipt(first.m, first.w.id, { received: false, proofs: [{ data: b64(PNG_1X1) }] });
    const cases = await cli('withdrawal', 'cases');
    expect(cases.text).toContain(`withdrawal ${first.w.id}: proof 1 image/png`);
    await expect(cli('withdrawal', 'resolve', String(first.w.id), '--reason', 'x')).rejects.toThrow(/--refund\|--paid/);
    const requested = await cli('withdrawal', 'resolve', String(first.w.id), '--refund', '--reason', 'Returned by the bank');
    const requestId = /Request (\d+) is pending/.exec(requested.text)?.[1];
    expect(requestId, requested.text).toBeDefined();
    expect(await balanceOf(t, `m:${first.m.id}:main`)).toBe(880_00n);
    const checker = await t.operator('admin');
    expect((await checker.ops('POST', `/ops/approvals/${requestId}/approve`, {})).statusCode).toBe(200);
    expect(await balanceOf(t, `m:${first.m.id}:main`)).toBe(1_000_00n);
  });
});
