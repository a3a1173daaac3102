import { describe, expect, it } from 'vitest';
import { addDays, bangkokDay, bangkokDayRange, bangkokDayStart, bangkokMinuteOfDay, daysInRange, fromBangkokLocal, isDay, toBangkokLocal } from './calendar';

const utc = (iso: string) => Date.parse(iso);

describe('the Bangkok calendar (UTC+7, no daylight saving)', () => {
  it('a Bangkok day starts at 17:00 UTC the day before', () => {
    expect(bangkokDay(utc('2026-11-23T16:59:59Z'))).toBe('2026-11-23');
    expect(bangkokDay(utc('2026-11-23T17:00:00Z'))).toBe('2026-11-24');
    expect(bangkokDayStart(utc('2026-11-24T03:00:00Z'))).toBe(utc('2026-11-23T17:00:00Z'));
    expect(bangkokMinuteOfDay(utc('2026-11-23T17:00:00Z'))).toBe(0);
    expect(bangkokMinuteOfDay(utc('2026-11-24T02:30:00Z'))).toBe(9 * 60 + 30);
  });

  it('a range of days covers both ends, from the first midnight to the midnight after the last', () => {
    expect(bangkokDayRange('2026-11-01', '2026-11-02')).toEqual({ from: utc('2026-10-31T17:00:00Z'), to: utc('2026-11-02T17:00:00Z') });
    expect(daysInRange('2026-11-01', '2026-11-30')).toBe(30);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isDay('2026-02-30')).toBe(false);
  });

  it('a datetime-local value is Bangkok time both ways', () => {
    expect(toBangkokLocal(utc('2026-11-23T17:30:00Z'))).toBe('2026-11-24T00:30');
    expect(fromBangkokLocal('2026-11-24T00:30')).toBe('2026-11-24T00:30:00+07:00');
    expect(fromBangkokLocal('24/11/2026')).toBeNull();
  });
});
