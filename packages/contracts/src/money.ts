/**
 * Money on the wire and on screen, shared by the server and the web app (zod-free, so the web's
 * first load can use it). Amounts travel as decimal strings of the currency's major unit
 * ("1234.50"); the server keeps minor units (bigint) and never goes through floating point.
 */

/** Minor units (bigint) to the two-decimal string of member info, e.g. 123450n -> "1234.50". */
export function formatMinor(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const s = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${s}` : s;
}

/** Decision 9.C.06: the prefix when member info carries no currency symbol (the site is Thai first). */
export const DEFAULT_CURRENCY_SYMBOL = '฿';
export const HIDDEN_BALANCE = '******';

/**
 * Balance display (4.BAL, 9.C.04-06): two decimals and thousands separators, from the decimal
 * string of member info ("1234.5" -> "1,234.50") without floating point, so large amounts never
 * round; a third decimal rounds half-up; anything else shows 0.00.
 */
export function formatAmount(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  const match = /^(-)?(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return '0.00';
  const [, minus, whole = '0', fraction = ''] = match;
  let cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const units = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (cents % 100n).toString().padStart(2, '0');
  const negative = minus === '-' && cents !== 0n;
  return `${negative ? '-' : ''}${units}.${rest}`;
}

/** The amount with the member's currency symbol as prefix (the baht sign when none): "฿2,000.00". */
export function formatBalance(balance: string | null | undefined, currencySymbol?: string | null): string {
  const symbol = currencySymbol && currencySymbol.trim() !== '' ? currencySymbol : DEFAULT_CURRENCY_SYMBOL;
  const amount = formatAmount(balance);
  return amount.startsWith('-') ? `-${symbol}${amount.slice(1)}` : `${symbol}${amount}`;
}
