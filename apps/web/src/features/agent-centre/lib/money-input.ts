import { parseMinor } from '@lotus/contracts/money';

/** An amount in baht as typed: digits with at most two decimals (contracts' money). Thousands commas are dropped. */
const MONEY_INPUT = /^\d{1,13}(\.\d{1,2})?$/;

/** The typed amount as sent ("1,000.5" -> "1000.5"). */
export const moneyForWire = (text: string) => text.trim().replace(/,/g, '');

/** The amount in satang, or null when the text is not an amount. */
export function moneyMinor(text: string): bigint | null {
  const value = moneyForWire(text);
  return MONEY_INPUT.test(value) ? parseMinor(value) : null;
}
