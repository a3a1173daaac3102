/**
 * The ledger's invariants (docs/adr/0026-ledger-and-wallet.md "Verification"), checked over figures the
 * database (or the in-memory model) computes from the entries:
 * - every member account's stored balance equals the sum of its entries;
 * - every account's stored wagering outstanding equals the sum of its entries' wagering changes
 *   (docs/adr/0070-wagering-outstanding.md);
 * - no member balance is below zero;
 * - all entries sum to zero per (class, currency), and each transaction's entries sum to zero;
 * - each (operation, idempotency key) is applied at most once;
 * - every entry names an existing account.
 */
export type LedgerFigures = {
  accounts: number;
  transactions: number;
  entries: number;
  balanceMismatches: number;
  /** Accounts whose stored wagering outstanding differs from their entries' (absent: a model that keeps none). */
  wageringMismatches?: number;
  negativeMemberBalances: number;
  sumsByClassAndCurrency: { classAndCurrency: string; sum: bigint }[];
  unbalancedTransactions: number;
  duplicateKeys: number;
  orphanEntries: number;
};

export type Violation = { rule: string; count: number; detail?: string };

export function verifyLedger(f: LedgerFigures): Violation[] {
  const out: Violation[] = [];
  if (f.balanceMismatches > 0) out.push({ rule: 'member balance equals the sum of its entries', count: f.balanceMismatches });
  if ((f.wageringMismatches ?? 0) > 0)
    out.push({ rule: 'wagering outstanding equals the sum of its entries', count: f.wageringMismatches ?? 0 });
  if (f.negativeMemberBalances > 0) out.push({ rule: 'no member balance below zero', count: f.negativeMemberBalances });
  for (const s of f.sumsByClassAndCurrency) {
    if (s.sum !== 0n) out.push({ rule: 'entries sum to zero per class and currency', count: 1, detail: `${s.classAndCurrency}: ${s.sum}` });
  }
  if (f.unbalancedTransactions > 0) out.push({ rule: 'each transaction sums to zero', count: f.unbalancedTransactions });
  if (f.duplicateKeys > 0) out.push({ rule: 'each idempotency key applied once', count: f.duplicateKeys });
  if (f.orphanEntries > 0) out.push({ rule: 'every entry names an account', count: f.orphanEntries });
  return out;
}
