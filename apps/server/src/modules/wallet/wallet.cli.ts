import { reverseLedgerTransaction, verifyLedger } from '@lotus/contracts/wallet';
import { defineCommand, intArg, UsageError } from '../../platform/cli/kit';
import { logPendingRequest } from '../ops/ops-site.cli';

/** The ledger's operator commands (docs/ledger.md). */
export const walletCommands = [
  defineCommand({
    name: 'ledger:verify',
    help: 'check the ledger: balances equal entries, sums zero, each key once',
    async run(ctx) {
      const r = await ctx.call(verifyLedger);
      ctx.log(`Ledger: ${r.accounts} accounts, ${r.transactions} transactions, ${r.entries} entries checked in ${r.ms} ms.`);
      if (r.ok) {
        ctx.log('0 violations.');
        return 0;
      }
      for (const v of r.violations) ctx.log(`VIOLATION ${v.rule}: ${v.count}${v.detail ? ` (${v.detail})` : ''}`);
      return 1;
    },
  }),
  defineCommand({
    name: 'ledger:reverse',
    usage: '<transaction id> --reason <text>',
    help: 'a new transaction negating that one (once; audited; four-eyes)',
    options: ['reason'],
    async run(ctx, { positional, options }) {
      const id = intArg(positional[0], { min: 1, max: Number.MAX_SAFE_INTEGER, message: 'Use: ledger:reverse <transaction id> --reason <text>' });
      if (!options.reason) throw new UsageError('--reason is required');
      const r = await ctx.call(reverseLedgerTransaction, { params: { id }, body: { reason: options.reason } });
      if ('approvalId' in r) return logPendingRequest(ctx, r);
      ctx.log(r.outcome === 'created' ? `Transaction ${r.reverses} reversed by ${r.transactionId}.` : `Transaction ${r.reverses} was already reversed by ${r.transactionId}.`);
    },
  }),
];
