import { describe, expect, it } from 'vitest';
import { bangkokDay } from '@lotus/contracts/calendar';
import { channelOpenAt, limitError, remainingToday } from './deposit.rules';
import { decodeSlip, sniffImage } from './slip-image';

const limits = { minMinor: 10_000n, maxMinor: 5_000_000n, dailyLimitMinor: 20_000_000n };

/** An instant at a Bangkok wall-clock time (UTC+7). */
const bangkok = (hhmm: string) => Date.parse(`2026-03-10T${hhmm}:00+07:00`);

describe('deposit rules', () => {
  it('a channel is open inside [opens, closes) of the Bangkok day; no hours is always open', () => {
    const day = { opensAt: '06:00', closesAt: '23:30' };
    expect(channelOpenAt(day, bangkok('05:59'))).toBe(false);
    expect(channelOpenAt(day, bangkok('06:00'))).toBe(true);
    expect(channelOpenAt(day, bangkok('23:29'))).toBe(true);
    expect(channelOpenAt(day, bangkok('23:30'))).toBe(false);
    expect(channelOpenAt({ opensAt: null, closesAt: null }, bangkok('03:00'))).toBe(true);
  });

  it('a window across midnight is open on both sides of it', () => {
    const night = { opensAt: '22:00', closesAt: '02:00' };
    for (const open of ['22:00', '23:59', '00:00', '01:59']) expect(channelOpenAt(night, bangkok(open))).toBe(true);
    for (const closed of ['21:59', '02:00', '12:00']) expect(channelOpenAt(night, bangkok(closed))).toBe(false);
  });

  it('counts the day in Asia/Bangkok (UTC+7)', () => {
    expect(bangkokDay(Date.parse('2026-01-01T16:59:59Z'))).toBe('2026-01-01');
    expect(bangkokDay(Date.parse('2026-01-01T17:00:00Z'))).toBe('2026-01-02');
  });

  it('per-deposit minimum and maximum, then the daily limit', () => {
    expect(limitError(limits, 9_999n, 0n)).toBe('deposit_amount_below_min');
    expect(limitError(limits, 10_000n, 0n)).toBeNull();
    expect(limitError(limits, 5_000_000n, 0n)).toBeNull();
    expect(limitError(limits, 5_000_001n, 0n)).toBe('deposit_amount_above_max');
    expect(limitError(limits, 5_000_000n, 15_000_000n)).toBeNull();
    expect(limitError(limits, 5_000_000n, 15_000_001n)).toBe('deposit_daily_limit');
    expect(remainingToday(limits, 19_000_000n)).toBe(1_000_000n);
    expect(remainingToday(limits, 21_000_000n)).toBe(0n);
  });
});

describe('slip images by content', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);

  it('knows png and jpeg by their bytes, not their names', () => {
    expect(sniffImage(png)).toBe('image/png');
    expect(sniffImage(jpeg)).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a......'))).toBeNull();
    expect(sniffImage(Buffer.from('%PDF-1.7 not an image'))).toBeNull();
  });

  it('a data: URL declaring image/png with other content is refused', () => {
    const fake = `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    expect(decodeSlip(fake)).toEqual({ ok: false, error: 'upload_type_invalid' });
    expect(decodeSlip('not base64 at all!')).toEqual({ ok: false, error: 'upload_type_invalid' });
    const ok = decodeSlip(`data:image/jpeg;base64,${png.toString('base64')}`);
    expect(ok.ok && ok.mime).toBe('image/png');
  });

  it('5.UPL.03 more than 5 MB is refused before decoding', () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    png.copy(big);
    expect(decodeSlip(big.toString('base64'))).toEqual({ ok: false, error: 'upload_too_large' });
  });
});
