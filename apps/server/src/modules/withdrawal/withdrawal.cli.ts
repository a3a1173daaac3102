import {
  WITHDRAWAL_STATUSES,
  ZWithdrawalStatus,
  listWithdrawalCases,
  listWithdrawals,
  payWithdrawal,
  rejectWithdrawal,
  resolveWithdrawal,
} from '@lotus/contracts/withdrawal';
import { defineCommand, formatTable, intArg, refuseWords, UsageError, type CliArgs } from '../../platform/cli/kit';
import { logPendingRequest } from '../ops/ops-site.cli';

/** The withdrawals operators decide (docs/cashier.md "Withdrawals"); `withdrawals ...` works too. */
const COLUMNS = ['id', 'memberId', 'amount', 'status', 'bankCode', 'accountNumber', 'accountName', 'createdAt', 'paidAt', 'decidedBy', 'rejectReason', 'remark'];

const limitOf = (options: CliArgs['options']) =>
  intArg(options.limit || undefined, { min: 1, max: 500, fallback: 50, message: '--limit is a number from 1 to 500' });

/** A positive whole number, else `message` (the server bounds it). */
const positive = (text: string | undefined, message: string) => intArg(text, { min: 1, max: Infinity, message });

export const withdrawalCommands = [
  defineCommand({
    name: 'withdrawal list',
    aliases: ['withdrawals list'],
    usage: '[--status S] [--member <id>] [--limit N]',
    help: `withdrawals, newest first; S: ${WITHDRAWAL_STATUSES.join(', ')}`,
    options: ['status', 'member', 'limit'],
    async run(ctx, { positional, options }) {
      refuseWords(positional);
      const limit = limitOf(options);
      const status = options.status ? ZWithdrawalStatus.safeParse(options.status) : undefined;
      if (status && !status.success) throw new UsageError(`--status is one of ${WITHDRAWAL_STATUSES.join(', ')}`);
      const memberId = options.member ? positive(options.member, '--member is a member id') : undefined;
      const rows = await ctx.call(listWithdrawals, { query: { limit, status: status?.data, memberId } });
      ctx.log(formatTable(rows, COLUMNS));
    },
  }),
  defineCommand({
    name: 'withdrawal cases',
    aliases: ['withdrawals cases'],
    usage: '[--limit N]',
    help: "not-received cases (the member's proofs are listed)",
    options: ['limit'],
    async run(ctx, { positional, options }) {
      refuseWords(positional);
      const rows = await ctx.call(listWithdrawalCases, { query: { limit: limitOf(options) } });
      ctx.log(formatTable(rows, COLUMNS));
      for (const row of rows) {
        ctx.log(`withdrawal ${row.id}: ${row.proofs.map((p) => `proof ${p.index} ${p.contentType} ${p.bytes} bytes`).join(', ') || 'no proof'}`);
      }
    },
  }),
  defineCommand({
    name: 'withdrawal pay',
    aliases: ['withdrawals pay'],
    usage: '<id> [--reason <text>]',
    help: 'mark a pending withdrawal paid out (the member confirms receipt);\na large one is four-eyes, with a reason',
    options: ['reason'],
    async run(ctx, { positional, options }) {
      const id = positive(positional[0], 'Use: withdrawal pay <id> [--reason <text>]');
      const row = await ctx.call(payWithdrawal, { params: { id }, body: options.reason ? { reason: options.reason } : {} });
      if ('approvalId' in row) return logPendingRequest(ctx, row);
      ctx.log(`Withdrawal ${row.id} (${row.amount}) is paid out; the member is asked to confirm receipt.`);
    },
  }),
  defineCommand({
    name: 'withdrawal reject',
    aliases: ['withdrawals reject'],
    usage: '<id> --reason <text>',
    help: 'reject a pending withdrawal; the amount returns to the member',
    options: ['reason'],
    async run(ctx, { positional, options }) {
      const usage = 'Use: withdrawal reject <id> --reason <text>';
      const id = positive(positional[0], usage);
      refuseWords(positional.slice(1));
      if (!options.reason) throw new UsageError(usage);
      const row = await ctx.call(rejectWithdrawal, { params: { id }, body: { reason: options.reason } });
      ctx.log(`Withdrawal ${row.id} is rejected; ${row.amount} returned to member ${row.memberId}.`);
    },
  }),
  defineCommand({
    name: 'withdrawal resolve',
    aliases: ['withdrawals resolve'],
    usage: '<id> --refund|--paid --reason <text>',
    help: "close a not-received case: refund it to the member's main wallet\n(four-eyes), or confirm it was paid; the member is told the reason",
    options: ['reason'],
    flags: ['refund', 'paid'],
    async run(ctx, { positional, options, flags }) {
      const usage = 'Use: withdrawal resolve <id> --refund|--paid --reason <text>';
      const id = positive(positional[0], usage);
      refuseWords(positional.slice(1));
      const refund = flags.has('refund');
      if (refund === flags.has('paid') || !options.reason) throw new UsageError(usage);
      const row = await ctx.call(resolveWithdrawal, { params: { id }, body: { outcome: refund ? 'refund' : 'paid', reason: options.reason } });
      if ('approvalId' in row) return logPendingRequest(ctx, row);
      ctx.log(
        refund
          ? `Withdrawal ${row.id} is refunded; ${row.amount} returned to member ${row.memberId}.`
          : `Withdrawal ${row.id} is confirmed paid; the case is closed.`,
      );
    },
  }),
];
