import { describe, expect, it } from 'vitest';
import { addDays, bangkokToday, checkRange, daysInRange, formatDay, formatRecordTime, presetRange } from './bangkok-days';
import { formatSignedAmount } from './signed-amount';

describe('account record days and amounts (2.MC.09, 9.C.04/05)', () => {
  it('2.MC.09 today is the Bangkok day (UTC+7), whatever the browser zone', () => {
    expect(bangkokToday(Date.parse('2026-11-23T16:59:59Z'))).toBe('2026-11-23');
    expect(bangkokToday(Date.parse('2026-11-23T17:00:00Z'))).toBe('2026-11-24');
  });

  it('2.MC.09 presets end today: today, 7, 30 and 90 days inclusive', () => {
    expect(presetRange('today', '2026-11-23')).toEqual({ startDate: '2026-11-23', endDate: '2026-11-23' });
    expect(presetRange('d7', '2026-11-23')).toEqual({ startDate: '2026-11-17', endDate: '2026-11-23' });
    expect(daysInRange(presetRange('d30', '2026-03-01').startDate, '2026-03-01')).toBe(30);
    expect(daysInRange(presetRange('d90', '2026-11-23').startDate, '2026-11-23')).toBe(90);
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('2.MC.09 a range is at most 90 days, ends after it starts and is not in the future', () => {
    const today = '2026-11-23';
    expect(checkRange('2026-08-26', today, today)).toBeNull(); // 90 days
    expect(checkRange('2026-08-25', today, today)).toBe('too_long'); // 91 days
    expect(checkRange('2026-11-20', '2026-11-19', today)).toBe('end_before_start');
    expect(checkRange('2026-11-20', '2026-11-24', today)).toBe('future');
    expect(checkRange('', today, today)).toBe('invalid');
  });

  it('2.MC.09 dates show as the app shows dates: Buddhist era in Thai, Bangkok time', () => {
    expect(formatDay('2026-11-23', 'th')).toBe('23 พ.ย. 2569');
    expect(formatDay('2026-11-23', 'en')).toBe('Nov 23, 2026');
    // 17:30 UTC is 00:30 the next day in Bangkok.
    expect(formatRecordTime('2026-11-23T17:30:05Z', 'th')).toBe('24 พ.ย. 2569 00:30:05');
  });

  it('9.C.04 9.C.05 signed amounts: two decimals, thousands separators, the sign before the symbol', () => {
    expect(formatSignedAmount('1234567.50', '฿')).toEqual({ text: '+฿1,234,567.50', direction: 'in' });
    expect(formatSignedAmount('-250.00', '฿')).toEqual({ text: '-฿250.00', direction: 'out' });
    expect(formatSignedAmount('0.00', '฿')).toEqual({ text: '฿0.00', direction: 'none' });
  });
});
