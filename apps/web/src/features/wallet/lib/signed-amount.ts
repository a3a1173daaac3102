import { formatMoney, parseMinor } from '@lotus/contracts/money';

/**
 * A movement's amount with its sign (2.MC.09): "+฿1,000.00" money in, "-฿250.50" money out, through
 * the one money format (9.C.04-06). The direction is for styling; zero is neither.
 */
export function formatSignedAmount(amount: string, currencySymbol?: string | null): { text: string; direction: 'in' | 'out' | 'none' } {
  const minor = parseMinor(amount) ?? 0n;
  if (minor > 0n) return { text: `+${formatMoney(minor, currencySymbol)}`, direction: 'in' };
  if (minor < 0n) return { text: formatMoney(minor, currencySymbol), direction: 'out' };
  return { text: formatMoney(0n, currencySymbol), direction: 'none' };
}
