import { parseMinor } from '@lotus/contracts/money';

export type TSign = 'up' | 'down' | 'zero';

/** The sign of an amount ("-12.50" down, "0.00" zero): for the +/- written before it and its colour. */
export function signOf(amount: string | null | undefined): TSign {
  const minor = parseMinor(amount) ?? 0n;
  return minor > 0n ? 'up' : minor < 0n ? 'down' : 'zero';
}

/**
 * An amount with its sign written out, never told by colour alone: "+฿120.00", "-฿80.50" (the one money format puts
 * the minus before the symbol), "฿0.00". `money` is the page's formatter (useMoney).
 */
export function signedMoney(money: (value: string) => string, amount: string): string {
  const text = money(amount);
  return signOf(amount) === 'up' ? `+${text}` : text;
}
