import { describe, expect, it } from 'vitest';
import { formatAmountMinor, formatMinor, formatMoney, parseMinor } from './money';

describe('money format (spec 9, 9.C.04-06)', () => {
  it.each([
    ['0', 0n],
    ['5', 500n],
    ['1234.5', 123450n],
    ['12.345', 1235n],
    ['12.344', 1234n],
    ['-12.345', -1235n],
    ['-1500', -150000n],
    ['999999999999999999.99', 99999999999999999999n],
  ])('9.C.04 the decimal %s is %s minor units (half-up on the third decimal, no floating point)', (input, minor) => {
    expect(parseMinor(input)).toBe(minor);
  });

  it.each(['', 'abc', '1,000', '1e3', '.5', null, undefined])('9.C.04 %s is not an amount', (input) => {
    expect(parseMinor(input)).toBeNull();
  });

  it('9.C.04 the wire form has two decimals and no grouping', () => {
    expect(formatMinor(0n)).toBe('0.00');
    expect(formatMinor(200000n)).toBe('2000.00');
    expect(formatMinor(123405n)).toBe('1234.05');
    expect(formatMinor(-5n)).toBe('-0.05');
  });

  it('9.C.05 the display form has two decimals and thousands separators', () => {
    expect(formatAmountMinor(123456789n)).toBe('1,234,567.89');
    expect(formatAmountMinor(-150000n)).toBe('-1,500.00');
    expect(formatAmountMinor(99999999999999999999n)).toBe('999,999,999,999,999,999.99');
  });

  it('9.C.06 decision: the currency symbol is the prefix, the baht sign when none, the minus before it', () => {
    expect(formatMoney(200000n, 'P')).toBe('P2,000.00');
    expect(formatMoney(200000n, '')).toBe('฿2,000.00');
    expect(formatMoney(200000n, null)).toBe('฿2,000.00');
    expect(formatMoney(-350n, '$')).toBe('-$3.50');
  });
});
