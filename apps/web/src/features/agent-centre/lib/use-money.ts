import { formatBalance } from '@/lib/money';
import { useMemberInfo } from '@/lib/session/get-member-info';

/** Amounts in the one money format with the member's currency symbol (9.C.04-06). */
export function useMoney(): (value: string | null | undefined) => string {
  const { data: member } = useMemberInfo();
  const symbol = member?.currencySymbol;
  return (value) => formatBalance(value, symbol);
}

/** A count with thousands separators, the same in every language (like the amounts): 12345 -> "12,345". */
export function formatCount(value: number): string {
  const text = String(Math.trunc(value));
  return text.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
