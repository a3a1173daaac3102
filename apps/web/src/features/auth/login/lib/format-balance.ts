/**
 * Balance display (4.BAL, 9.C.04-06): two decimals and thousands separators, from the decimal
 * string of member info ("1234.5" -> "1,234.50") without going through floating point, so large
 * amounts never round. Decision 9.C.06: the member info's currencySymbol is the prefix; when the
 * server sends none the default is the baht sign (the site is Thai first).
 */
export const DEFAULT_CURRENCY_SYMBOL = '฿';
export const HIDDEN_BALANCE = '******';

export function formatAmount(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  const match = /^(-)?(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return '0.00';
  const [, minus, whole = '0', fraction = ''] = match;
  // Two decimals, rounded half-up on the third digit when the server sent more.
  let cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const units = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (cents % 100n).toString().padStart(2, '0');
  const negative = minus === '-' && cents !== 0n;
  return `${negative ? '-' : ''}${units}.${rest}`;
}

export function formatBalance(balance: string | null | undefined, currencySymbol?: string | null): string {
  const symbol = currencySymbol && currencySymbol.trim() !== '' ? currencySymbol : DEFAULT_CURRENCY_SYMBOL;
  const amount = formatAmount(balance);
  return amount.startsWith('-') ? `-${symbol}${amount.slice(1)}` : `${symbol}${amount}`;
}
