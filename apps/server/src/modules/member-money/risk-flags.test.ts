import { describe, expect, it } from 'vitest';
import { payerDiffers, riskFlags, type WithdrawalAfterDeposit } from './risk-flags';

/**
 * The quick-withdrawal rule of docs/adr/0085, by its numbers: a withdrawal within 24 hours of the deposit
 * before it, with less than twice that deposit staked in between.
 */
const HOUR = 3_600_000;
const deposited = new Date('2026-12-06T03:00:00Z');
const withdrawal = (over: Partial<WithdrawalAfterDeposit>): WithdrawalAfterDeposit => ({
  memberId: 7,
  transactionId: 10,
  at: new Date(deposited.getTime() + 2 * HOUR),
  amount: 900_00n,
  deposit: 1_000_00n,
  depositAt: deposited,
  staked: 1_000_00n,
  ...over,
});
const quickOf = (withdrawals: WithdrawalAfterDeposit[]) =>
  riskFlags({ memberIds: [7], withdrawals, sharedBank: [], sharedDevice: [], usernames: new Map() }).get(7)!.filter((f) => f.code === 'quick_withdrawal');

describe('24 risk flags: quick withdrawal with little play', () => {
  it('two hours after a 1,000.00 deposit with 1,000.00 staked: flagged, with the facts', () => {
    expect(quickOf([withdrawal({})])).toEqual([
      { code: 'quick_withdrawal', params: { withdrawal: '900.00', deposit: '1000.00', staked: '1000.00', minutes: '120', at: '2026-12-06T05:00:00.000Z' } },
    ]);
  });

  it('exactly 24 hours after is still quick; a minute later is not', () => {
    expect(quickOf([withdrawal({ at: new Date(deposited.getTime() + 24 * HOUR) })])).toHaveLength(1);
    expect(quickOf([withdrawal({ at: new Date(deposited.getTime() + 24 * HOUR + 60_000) })])).toEqual([]);
  });

  it('1,999.99 staked on a 1,000.00 deposit is little play; 2,000.00 is enough', () => {
    expect(quickOf([withdrawal({ staked: 1_999_99n })])).toHaveLength(1);
    expect(quickOf([withdrawal({ staked: 2_000_00n })])).toEqual([]);
  });

  it('several quick withdrawals: one flag, the latest', () => {
    const flags = quickOf([withdrawal({ transactionId: 10, amount: 100_00n }), withdrawal({ transactionId: 12, amount: 300_00n })]);
    expect(flags.map((f) => f.params.withdrawal)).toEqual(['300.00']);
  });

  it('names at most ten other accounts but counts them all', () => {
    const sharedDevice = Array.from({ length: 12 }, (_, i) => ({ memberId: 7, otherId: 100 + i, ip: '203.0.113.9' }));
    const usernames = new Map(sharedDevice.map((r) => [r.otherId, `user${r.otherId}`]));
    const [flag] = riskFlags({ memberIds: [7], withdrawals: [], sharedBank: [], sharedDevice, usernames }).get(7)!;
    expect(flag?.params.count).toBe('12');
    expect(flag?.params.members?.split(', ')).toHaveLength(10);
  });
});

describe('24 risk flags: payer name', () => {
  it('the same person as banks write names: case, spaces, punctuation, titles, a shortened form', () => {
    for (const payer of ['somchai jaidee', 'MR. SOMCHAI  JAIDEE', 'Mr Somchai Jaidee', 'SOMCHAI JAI', 'SOMCHAI'])
      expect(payerDiffers(payer, 'SOMCHAI JAIDEE'), payer).toBe(false);
    expect(payerDiffers('นาย สมชาย ใจดี', 'สมชาย ใจดี')).toBe(false);
  });

  it('another person: another name in the same script; a name in another script cannot be compared', () => {
    expect(payerDiffers('SOMSAK DEEJAI', 'SOMCHAI JAIDEE')).toBe(true);
    expect(payerDiffers('SOM', 'SOMCHAI JAIDEE')).toBe(true);
    expect(payerDiffers('สมศักดิ์ ดีใจ', 'สมชาย ใจดี')).toBe(true);
    expect(payerDiffers('สมศักดิ์ ดีใจ', 'SOMCHAI JAIDEE')).toBe(false);
  });

  it('flags the member with the other names, not members without a real name', () => {
    const flags = riskFlags({
      memberIds: [7, 8],
      withdrawals: [],
      sharedBank: [],
      sharedDevice: [],
      usernames: new Map(),
      payerNames: [
        { memberId: 7, payerName: 'SOMSAK DEEJAI' },
        { memberId: 7, payerName: 'SOMCHAI JAIDEE' },
        { memberId: 8, payerName: 'ANYONE ELSE' },
      ],
      realNames: new Map([[7, 'SOMCHAI JAIDEE']]),
    });
    expect(flags.get(7)).toEqual([{ code: 'payer_name_differs', params: { count: '1', names: 'SOMSAK DEEJAI', realName: 'SOMCHAI JAIDEE' } }]);
    expect(flags.get(8)).toEqual([]);
  });
});
