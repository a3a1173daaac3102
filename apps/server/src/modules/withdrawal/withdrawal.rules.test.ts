import { describe, expect, it } from 'vitest';
import {
  accountNameMatches,
  amountProblem,
  imageTypeOf,
  maskAccountNumber,
  proofProblem,
  withinHours,
} from './withdrawal.rules';
import { bangkokDayStart, bangkokMinuteOfDay } from '@lotus/contracts/calendar';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
const gif = new TextEncoder().encode('GIF89a....');

describe('withdrawal rules', () => {
  it('hours are Asia/Bangkok (UTC+7) local time; from > to wraps past midnight', () => {
    const utc = (h: number, m = 0) => Date.UTC(2026, 0, 10, h, m);
    expect(bangkokMinuteOfDay(utc(17))).toBe(0); // 17:00 UTC = 00:00 Bangkok
    expect(bangkokMinuteOfDay(utc(2, 30))).toBe(9 * 60 + 30);
    expect(withinHours({ from: '00:00', to: '24:00' }, utc(16, 59))).toBe(true);
    expect(withinHours({ from: '09:00', to: '18:00' }, utc(2))).toBe(true); // 09:00 local
    expect(withinHours({ from: '09:00', to: '18:00' }, utc(11))).toBe(false); // 18:00 local
    expect(withinHours({ from: '22:00', to: '02:00' }, utc(16))).toBe(true); // 23:00 local
    expect(withinHours({ from: '22:00', to: '02:00' }, utc(20))).toBe(false); // 03:00 local
    expect(bangkokDayStart(utc(16, 59))).toBe(utc(17) - 86_400_000);
    expect(bangkokDayStart(utc(17))).toBe(utc(17));
  });

  it('amount between the minimum and the maximum per withdrawal', () => {
    const s = { minAmount: '100.00', maxAmount: '50000.00' };
    expect(amountProblem(99_99n, s)).toBe('withdrawal_amount_below_min');
    expect(amountProblem(100_00n, s)).toBeNull();
    expect(amountProblem(50_000_00n, s)).toBeNull();
    expect(amountProblem(50_000_01n, s)).toBe('withdrawal_amount_above_max');
  });

  it('the account name is the real name in capitals (spaces collapsed)', () => {
    expect(accountNameMatches('Somchai  Jaidee', 'SOMCHAI JAIDEE')).toBe(true);
    expect(accountNameMatches('สมชาย ใจดี', ' สมชาย ใจดี ')).toBe(true);
    expect(accountNameMatches('Somchai Jaidee', 'SOMCHAI JAIDE')).toBe(false);
    expect(maskAccountNumber('1234567890')).toBe('******7890');
  });

  it('5.UPL.02 images are png or jpg by content (magic bytes)', () => {
    expect(imageTypeOf(png)).toBe('image/png');
    expect(imageTypeOf(jpg)).toBe('image/jpeg');
    expect(imageTypeOf(gif)).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });

  it('4.WD.02 / 5.UPL.01-04 proof: 1-3 images, 5 MB each, remark at most 140 characters', () => {
    expect(proofProblem([png], 'x'.repeat(140))).toBeNull();
    expect(proofProblem([png], 'ก'.repeat(141))?.code).toBe('content_too_long');
    expect(proofProblem([], undefined)?.code).toBe('proof_required');
    expect(proofProblem([png, jpg, png, jpg], undefined)?.code).toBe('proof_too_many');
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(png);
    expect(proofProblem([png, big], undefined)).toEqual({ code: 'proof_too_large', field: 'proofs.1' });
    const fiveMb = new Uint8Array(5 * 1024 * 1024);
    fiveMb.set(jpg);
    expect(proofProblem([fiveMb], undefined)).toBeNull();
    expect(proofProblem([png, gif], undefined)).toEqual({ code: 'proof_type_invalid', field: 'proofs.1' });
  });
});
