// Zod-free on purpose: the web app's first load (the header balance) imports this without pulling zod in.

/**
 * Money as integer minor units (cents; two decimals, decision 9.C.04) and its one display format,
 * shared by the server and the web app: two decimals, thousands separators, the currency symbol as a
 * prefix (spec 9: "Balance has two decimals and thousands separators"; decision 9.C.06: the member
 * info's `currencySymbol`, the baht sign when it is empty). No floating point anywhere, so large
 * amounts never round.
 */
export const DEFAULT_CURRENCY_SYMBOL = '฿';

/** Minor units per major unit (two decimals). */
export const MINOR_PER_UNIT = 100n;

const DECIMAL = /^(-)?(\d+)(?:\.(\d*))?$/;

/**
 * The minor units of a decimal string as the API sends amounts ("1234.5" -> 123450n), rounded
 * half-up (away from zero) on the third decimal; null when the text is not a decimal number.
 */
export function parseMinor(value: string | null | undefined): bigint | null {
  const match = DECIMAL.exec((value ?? '').trim());
  if (!match) return null;
  const [, minus, whole = '0', fraction = ''] = match;
  let minor = BigInt(whole) * MINOR_PER_UNIT + BigInt((fraction + '00').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') minor += 1n;
  return minus === '-' ? -minor : minor;
}

/** The wire form of an amount: plain decimal with two places, no grouping ("-1234.05"). */
export function formatMinor(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const text = `${abs / MINOR_PER_UNIT}.${String(abs % MINOR_PER_UNIT).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** The display form without a symbol: two decimals and thousands separators ("1,234.05"). */
export function formatAmountMinor(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const units = (abs / MINOR_PER_UNIT).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (abs % MINOR_PER_UNIT).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${units}.${rest}`;
}

/** The symbol to show: the given one (member info / brand), or the default when it is empty. */
export function currencySymbolOrDefault(symbol: string | null | undefined): string {
  return symbol && symbol.trim() !== '' ? symbol : DEFAULT_CURRENCY_SYMBOL;
}

/** The display form with the currency symbol as prefix, the minus before it ("-฿1,500.00"). */
export function formatMoney(minor: bigint, currencySymbol?: string | null): string {
  const symbol = currencySymbolOrDefault(currencySymbol);
  const amount = formatAmountMinor(minor < 0n ? -minor : minor);
  return minor < 0n ? `-${symbol}${amount}` : `${symbol}${amount}`;
}
