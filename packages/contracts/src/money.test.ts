import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY_SYMBOL, formatAmount, formatBalance, formatMinor } from './money';

describe('money on the wire and on screen (server and web share it)', () => {
  it('3.MEM member info balance: minor units as a two-decimal string', () => {
    expect(formatMinor(0n)).toBe('0.00');
    expect(formatMinor(200000n)).toBe('2000.00');
    expect(formatMinor(123405n)).toBe('1234.05');
    expect(formatMinor(-150n)).toBe('-1.50');
  });

  it.each([
    ['0', '0.00'],
    ['1234.5', '1,234.50'],
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
    expect(formatBalance('2000', '')).toBe(`${DEFAULT_CURRENCY_SYMBOL}2,000.00`);
    expect(formatBalance('-3.5', '$')).toBe('-$3.50');
    expect(formatBalance(formatMinor(200000n), 'P')).toBe('P2,000.00');
  });
});
