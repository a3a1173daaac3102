import { getMemberMoney, postMemberAdjustment } from '@lotus/contracts/ops-member-money';
import { defineCommand, intArg, UsageError } from '../../platform/cli/kit';
import { logPendingRequest } from '../ops/ops-site.cli';

const memberIdOf = (word: string | undefined, use: string) =>
  intArg(word, { min: 1, max: 2_147_483_647, message: `Use: ${use}` });

/** The cashier desk's member money commands (docs/adr/0085, docs/cashier.md). */
export const memberMoneyCommands = [
  defineCommand({
    name: 'member:money',
    usage: '<member id>',
    help: "a member's wallets, wagering outstanding and risk flags",
    async run(ctx, { positional }) {
      const r = await ctx.call(getMemberMoney, { params: { id: memberIdOf(positional[0], 'member:money <member id>') } });
      ctx.log(`${r.username} (${r.memberId})${r.realName ? `, ${r.realName}` : ''}: total ${r.total} ${r.currency}`);
      for (const w of r.wallets) ctx.log(`  ${w.wallet.padEnd(12)} ${w.balance}`);
      ctx.log(`  wagering outstanding ${r.wageringOutstanding}`);
      for (const f of r.flags) ctx.log(`  FLAG ${f.code}: ${Object.entries(f.params).map(([k, v]) => `${k}=${v}`).join(' ')}`);
    },
  }),
  defineCommand({
    name: 'member:adjust',
    usage: '<member id> --credit <amount> | --debit <amount> --reason <text>',
    help: "credit or debit a member's main wallet (four-eyes; the member gets a message)",
    options: ['credit', 'debit', 'reason'],
    async run(ctx, { positional, options }) {
      const use = 'member:adjust <member id> --credit <amount> | --debit <amount> --reason <text>';
      const id = memberIdOf(positional[0], use);
      if ((options.credit === undefined) === (options.debit === undefined)) throw new UsageError(`Give one of --credit or --debit. Use: ${use}`);
      if (!options.reason) throw new UsageError('--reason is required');
      const direction = options.credit !== undefined ? 'credit' : 'debit';
      const r = await ctx.call(postMemberAdjustment, {
        params: { id },
        body: { direction, amount: (options.credit ?? options.debit)!, reason: options.reason },
      });
      if ('approvalId' in r) return logPendingRequest(ctx, r);
      ctx.log(`Member ${r.memberId}: ${r.direction} ${r.amount} (transaction ${r.transactionId}); main wallet now ${r.balance}.`);
    },
  }),
];
