import { DEFAULT_CURRENCY_SYMBOL, formatAmountMinor, formatMoney, parseMinor } from '@lotus/contracts/money';

/**
 * Balance display (4.BAL, 9.C.04-06) through the one money format of `@lotus/contracts/money`: the
 * API sends amounts as decimal strings ("1234.5"), shown with two decimals, thousands separators and
 * the member info's currency symbol (decision 9.C.06: the baht sign when the server sends none).
 */
export { DEFAULT_CURRENCY_SYMBOL };
export const HIDDEN_BALANCE = '******';

/** "1234.5" -> "1,234.50"; anything that is not an amount shows as 0.00. */
export function formatAmount(value: string | null | undefined): string {
  return formatAmountMinor(parseMinor(value) ?? 0n);
}

/** "1234.5", "P" -> "P1,234.50"; a negative amount puts the minus before the symbol. */
export function formatBalance(balance: string | null | undefined, currencySymbol?: string | null): string {
  return formatMoney(parseMinor(balance) ?? 0n, currencySymbol);
}
