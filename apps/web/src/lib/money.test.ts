import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY_SYMBOL, formatAmount, formatBalance } from './money';

describe('balance format (9.C.04-06)', () => {
  it.each([
    ['0', '0.00'],
    ['5', '5.00'],
    ['1234.5', '1,234.50'],
    ['1234567.89', '1,234,567.89'],
    ['999999999999999999.99', '999,999,999,999,999,999.99'],
    ['12.345', '12.35'],
    ['12.344', '12.34'],
    ['-1500', '-1,500.00'],
    ['not a number', '0.00'],
  ])('9.C.04/05 %s -> %s (two decimals, thousands separators, no floating point)', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it('9.C.06 decision: the member currency symbol is the prefix, the baht sign when none', () => {
    expect(formatBalance('2000', '฿')).toBe('฿2,000.00');
    expect(formatBalance('2000', 'P')).toBe('P2,000.00');
    expect(formatBalance('2000', '')).toBe(`${DEFAULT_CURRENCY_SYMBOL}2,000.00`);
    expect(formatBalance('-3.5', '$')).toBe('-$3.50');
  });
});
