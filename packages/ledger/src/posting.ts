import { parseAccount } from './accounts';

/** The largest amount of one entry: 2^53 - 1 minor units (exact in every JSON client). */
export const MAX_ENTRY_AMOUNT = 9_007_199_254_740_991n;

export type Entry = { account: string; amount: bigint };

export type PostingError =
  | 'no_entries'
  | 'bad_account'
  | 'zero_amount'
  | 'amount_too_large'
  | 'duplicate_account'
  | 'unbalanced'
  | 'mixed_classes';

/**
 * Checks that entries form one valid double-entry posting: at least two entries, known account codes,
 * each account once, non-zero amounts within MAX_ENTRY_AMOUNT, summing to zero, all of one class (real
 * or trial). One currency per transaction is checked where the accounts' currencies are known (the
 * database function). Returns the first problem, or null.
 */
export function validateEntries(entries: readonly Entry[]): PostingError | null {
  if (entries.length < 2) return 'no_entries';
  const seen = new Set<string>();
  let sum = 0n;
  let cls: string | null = null;
  for (const { account, amount } of entries) {
    const info = parseAccount(account);
    if (!info) return 'bad_account';
    if (seen.has(account)) return 'duplicate_account';
    seen.add(account);
    if (typeof amount !== 'bigint' || amount === 0n) return 'zero_amount';
    if (amount > MAX_ENTRY_AMOUNT || amount < -MAX_ENTRY_AMOUNT) return 'amount_too_large';
    if (cls !== null && cls !== info.class) return 'mixed_classes';
    cls = info.class;
    sum += amount;
  }
  return sum === 0n ? null : 'unbalanced';
}

/**
 * The wagering requirement a credit adds (docs/adr/0070-wagering-outstanding.md): amount x multiple, a
 * multiple with at most two decimals, rounded up to the minor unit; nothing for a zero or negative product.
 */
export function wageringFor(amount: bigint, multiple: number): bigint {
  const hundredths = BigInt(Math.round(multiple * 100));
  const product = amount * hundredths;
  return product <= 0n ? 0n : (product + 99n) / 100n;
}

/** The entries of a reversal: the original's, negated (a correction is a new transaction). */
export function reversalOf<E extends Entry>(entries: readonly E[]): E[] {
  return entries.map((e) => ({ ...e, amount: -e.amount }));
}
