import {
  approveDeposit,
  createPaymentChannel,
  listDeposits,
  listPaymentChannels,
  rejectDeposit,
  updatePaymentChannel,
  type TDepositStatus,
  type TOpsPaymentChannel,
  type TOpsPaymentChannelInput,
  type TPaymentChannelKind,
} from '@lotus/contracts/cashier';
import { defineCommand, formatTable, intArg, parseJson, refuseWords, UsageError } from '../../platform/cli/kit';
import { logPendingRequest } from '../ops/ops-site.cli';

/** The JSON words of a command and its `--reason <text>` (a four-eyes request's reason, docs/adr/0081). */
function jsonAndReason(raw: string[]): { json: string[]; reason: string | undefined } {
  const at = raw.indexOf('--reason');
  if (at < 0) return { json: raw, reason: undefined };
  return { json: [...raw.slice(0, at), ...raw.slice(at + 2)], reason: raw[at + 1] };
}

/** Payment channels and deposits (docs/cashier.md); `channels ...` and `deposits ...` work too. */
const CHANNEL_COLUMNS = ['code', 'kind', 'nameEn', 'adapter', 'accountNumber', 'min', 'max', 'dailyLimit', 'hours', 'status', 'sort'];
/** Channels as a table, the opening hours as `06:00-23:30` (none: always open). */
const channelTable = (rows: TOpsPaymentChannel[]) =>
  formatTable(
    rows.map((r) => ({ ...r, hours: r.hours ? `${r.hours.opens}-${r.hours.closes}` : 'always' })),
    CHANNEL_COLUMNS,
  );
const DEPOSIT_COLUMNS = ['id', 'createdAt', 'username', 'channel', 'amount', 'status', 'reference', 'decidedBy', 'reason'];

export const depositCommands = [
  defineCommand({
    name: 'channel list',
    aliases: ['channels list'],
    help: 'payment channels (kind, limits, status)',
    async run(ctx) {
      ctx.log(channelTable(await ctx.call(listPaymentChannels)));
    },
  }),
  defineCommand({
    name: 'channel add',
    aliases: ['channels add'],
    usage: '<json> --reason <text>',
    help: 'a bank_transfer or psp channel (fields: /ops/payment-channels); four-eyes',
    options: ['reason'],
    async run(ctx, { raw }) {
      const { json, reason } = jsonAndReason(raw);
      // Sent as typed: the server validates it, and its refusal names the fields.
      const channel = parseJson(json.join(' ') || undefined, 'the channel') as TOpsPaymentChannelInput;
      const row = await ctx.call(createPaymentChannel, { query: { reason }, body: channel });
      if ('approvalId' in row) return logPendingRequest(ctx, row);
      ctx.log(channelTable([row]));
      ctx.log(`Added channel ${row.code}.`);
    },
  }),
  defineCommand({
    name: 'channel set',
    aliases: ['channels set'],
    usage: '<code> <json> [--reason <text>]',
    help: 'change a channel (names, account, limits, status, sort);\na new account or adapter is four-eyes',
    options: ['reason'],
    async run(ctx, { raw }) {
      const { json: words, reason } = jsonAndReason(raw);
      const [code, ...json] = words;
      if (!code) throw new UsageError('Use: channel set <code> <json> [--reason <text>]');
      // Sent as typed: the server validates it, and its refusal names the fields.
      const change = parseJson(json.join(' ') || undefined, 'the change') as Partial<TOpsPaymentChannelInput>;
      const row = await ctx.call(updatePaymentChannel, { params: { code }, query: { reason }, body: change });
      if ('approvalId' in row) return logPendingRequest(ctx, row);
      ctx.log(channelTable([row]));
    },
  }),
  // One command for both, as the help lists them: the word after `channel` says which. It is also what
  // `channel` with a word it does not know answers.
  defineCommand({
    name: 'channel',
    aliases: ['channels'],
    usage: 'disable|enable <code>',
    help: '',
    async run(ctx, { positional: [action, code] }) {
      if (action !== 'disable' && action !== 'enable') {
        throw new UsageError('Use: channel list | channel add <json> | channel set <code> <json> | channel disable|enable <code>');
      }
      if (!code) throw new UsageError(`Use: channel ${action} <code>`);
      const row = await ctx.call(updatePaymentChannel, { params: { code }, query: {}, body: { status: action === 'disable' ? 'disabled' : 'active' } });
      if ('approvalId' in row) return logPendingRequest(ctx, row);
      ctx.log(channelTable([row]));
    },
  }),
  defineCommand({
    name: 'deposit list',
    aliases: ['deposits list'],
    usage: '[--status S] [--kind K] [--member <id>] [--username U] [--reference R] [--amount A] [--channel <code>] [--limit N]',
    help: [
      'deposits, newest first (S: pending, awaiting_approval, credited, ...; K: bank_transfer, psp);',
      'searches are exact: username, reference (the member\'s or the PSP\'s), amount',
    ].join('\n'),
    options: ['status', 'kind', 'member', 'username', 'reference', 'amount', 'channel', 'limit'],
    async run(ctx, { positional, options }) {
      refuseWords(positional);
      const limit = intArg(options.limit || undefined, { min: 1, max: 500, fallback: 50, message: '--limit is a number from 1 to 500' });
      const memberId = options.member ? intArg(options.member, { min: 1, max: Infinity, message: '--member is a member id' }) : undefined;
      // The status is sent as typed: the server checks it against the statuses.
      const status = (options.status || undefined) as TDepositStatus | undefined;
      // The searches are sent as typed too: the server refuses a bad kind or an amount with 3 decimals.
      const kind = (options.kind || undefined) as TPaymentChannelKind | undefined;
      const rows = await ctx.call(listDeposits, {
        query: {
          limit,
          status,
          kind,
          memberId,
          username: options.username || undefined,
          reference: options.reference || undefined,
          amount: options.amount || undefined,
          channel: options.channel || undefined,
        },
      });
      ctx.log(formatTable(rows, DEPOSIT_COLUMNS));
    },
  }),
  defineCommand({
    name: 'deposit approve',
    aliases: ['deposits approve'],
    usage: '<id> [--note <text>]',
    help: [
      'credit the member (exactly once) and send the deposit-arrival message;',
      'no slip or a large amount: four-eyes, the note is its reason',
    ].join('\n'),
    options: ['note'],
    async run(ctx, { positional: [id, ...more], options }) {
      if (!id) throw new UsageError('Use: deposit approve <id> [--note <text>]');
      refuseWords(more);
      const row = await ctx.call(approveDeposit, { params: { id }, body: options.note ? { note: options.note } : {} });
      if ('approvalId' in row) return logPendingRequest(ctx, row);
      ctx.log(formatTable([row], DEPOSIT_COLUMNS));
      ctx.log(`Deposit ${row.id} is credited: ${row.amount} to ${row.username ?? `member ${row.memberId}`}.`);
    },
  }),
  defineCommand({
    name: 'deposit reject',
    aliases: ['deposits reject'],
    usage: '<id> --reason <text>',
    help: 'refuse it; the member gets the deposit-failed message',
    options: ['reason'],
    async run(ctx, { positional: [id, ...more], options }) {
      refuseWords(more);
      if (!id || !options.reason?.trim()) throw new UsageError('Use: deposit reject <id> --reason <text> (the reason is required)');
      const row = await ctx.call(rejectDeposit, { params: { id }, body: { reason: options.reason } });
      ctx.log(formatTable([row], DEPOSIT_COLUMNS));
      ctx.log(`Deposit ${row.id} is rejected; the member was told why.`);
    },
  }),
];
