import { describe, expect, it } from 'vitest';
import { checkTeamRange, defaultTeamRange } from './team-range';
import { signedMoney, signOf } from './signed-money';

describe('the range of Team betting and User profit and loss', () => {
  it('opens on the last 7 Bangkok days, today included (Bangkok is already a day ahead of UTC after 17:00 UTC)', () => {
    expect(defaultTeamRange(Date.parse('2026-11-23T16:59:59Z'))).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(defaultTeamRange(Date.parse('2026-11-23T17:00:00Z'))).toEqual({ from: '2026-11-18', to: '2026-11-24' });
  });

  it('takes from <= to and at most 62 days, both ends included', () => {
    expect(checkTeamRange({ from: '2026-11-24', to: '2026-11-24' })).toBeNull();
    expect(checkTeamRange({ from: '2026-09-24', to: '2026-11-24' })).toBeNull();
    expect(checkTeamRange({ from: '2026-09-23', to: '2026-11-24' })).toBe('too_long');
    expect(checkTeamRange({ from: '2026-11-25', to: '2026-11-24' })).toBe('order');
    expect(checkTeamRange({ from: '', to: '2026-11-24' })).toBe('invalid');
    expect(checkTeamRange({ from: '2026-02-30', to: '2026-03-02' })).toBe('invalid');
  });
});

describe('signed amounts', () => {
  const money = (v: string) => `฿${v}`;
  it('write a plus before a gain; a loss keeps the minus of the money format; zero has no sign', () => {
    expect(signedMoney(money, '12.50')).toBe('+฿12.50');
    expect(signOf('12.50')).toBe('up');
    expect(signOf('-0.01')).toBe('down');
    expect(signOf('0.00')).toBe('zero');
    expect(signedMoney(money, '0.00')).toBe('฿0.00');
  });
});
