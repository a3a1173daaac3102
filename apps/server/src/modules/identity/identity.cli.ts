import { createMember, getSmsBudget, listMailOutbox, listMembers, listSmsOutbox } from '@lotus/contracts/ops-accounts';
import { setMemberStatus, unlockMember } from '@lotus/contracts/ops-console';
import { defineCommand, formatTable, formatTableWide, intArg, UsageError } from '../../platform/cli/kit';

/** Accounts on the command line: members (list, create, unlock, disable, enable), the SMS and mail outboxes. */

const MEMBER_COLUMNS = ['id', 'username', 'mobile', 'isAgent', 'type', 'status', 'locked', 'twoFactor', 'referralCode', 'lastLoginAt'];
const AGENT_OPTIONS = [0, 1, 2, 41, 42] as const;
const CREATE_USAGE = '<username> <password> [--agent 1|2|41|42] [--mobile <number>] [--dial <code>]';
const MEMBER_USAGE = 'Use: member list [limit] | member create <username> <password> | member unlock|disable|enable <username>';

/** A word where only options may follow: refused as the option it is not (the command line always said so). */
function refuseWord(word: string | undefined): void {
  if (word !== undefined) throw new UsageError(`Unknown option ${word}`);
}

/** `--limit` of the outbox lists: 20 unless given. */
const outboxLimit = (text: string | undefined) =>
  intArg(text || undefined, { min: 1, max: 1000, fallback: 20, message: '--limit is a number from 1 to 1000' });

export const identityCommands = [
  defineCommand({
    name: 'member list',
    aliases: ['members list'],
    usage: '[limit]',
    help: 'latest members (agent level, status, lockout)',
    async run(ctx, { positional }) {
      const limit = intArg(positional[0] || undefined, { min: 1, max: 1000, fallback: 50, message: 'limit is a number from 1 to 1000' });
      ctx.log(formatTable(await ctx.call(listMembers, { query: { limit } }), MEMBER_COLUMNS));
    },
  }),
  defineCommand({
    name: 'member create',
    aliases: ['members create'],
    usage: CREATE_USAGE,
    help: 'an account for somebody (first login forces a new password)',
    options: ['agent', 'mobile', 'dial'],
    async run(ctx, { positional: [username, password, extra], options }) {
      if (!username || !password) throw new UsageError(`Use: member create ${CREATE_USAGE}`);
      refuseWord(extra);
      const isAgent = AGENT_OPTIONS.find((level) => level === (options.agent ? Number(options.agent) : 0));
      if (isAgent === undefined) throw new UsageError('--agent is one of 1, 2, 41, 42');
      const row = await ctx.call(createMember, {
        body: {
          username,
          password,
          isAgent,
          ...(options.mobile ? { mobileNum: options.mobile, countryDialingCode: options.dial ?? '66' } : {}),
        },
      });
      ctx.log(formatTable([row], MEMBER_COLUMNS));
      ctx.log(`Created ${row.username}; the first login asks for a new password.`);
    },
  }),
  defineCommand({
    name: 'member unlock',
    aliases: ['members unlock'],
    usage: '<username>',
    help: 'clear login throttles and a 2FA lock',
    async run(ctx, { positional: [username] }) {
      if (!username) throw new UsageError('Use: member unlock <username>');
      const result = await ctx.call(unlockMember, { params: { username } });
      ctx.log(result.unlocked ? `${username} is unlocked.` : `${username} was not locked.`);
    },
  }),
  // `member disable|enable` is one command, as the help has always listed it; any other word after `member`
  // lands here too and is answered with the group's usage.
  defineCommand({
    name: 'member',
    aliases: ['members'],
    usage: 'disable|enable <username>',
    help: 'disabled = non-member (cannot log in); enable again',
    async run(ctx, { positional: [action, username] }) {
      if (action !== 'disable' && action !== 'enable') throw new UsageError(MEMBER_USAGE);
      if (!username) throw new UsageError(`Use: member ${action} <username>`);
      const result = await ctx.call(setMemberStatus, { params: { username }, body: { status: action === 'disable' ? 'disabled' : 'active' } });
      ctx.log(`${result.username} is now ${result.status}.`);
    },
  }),
  defineCommand({
    name: 'sms list',
    usage: '[--to <number>] [--limit <n>]',
    help: 'SMS outbox (the default provider; no SMS_GATEWAY_URL)',
    options: ['to', 'limit'],
    async run(ctx, { positional, options }) {
      refuseWord(positional[0]);
      const rows = await ctx.call(listSmsOutbox, { query: { limit: outboxLimit(options.limit), to: options.to || undefined } });
      ctx.log(formatTableWide(rows, ['id', 'createdAt', 'to', 'text']));
    },
  }),
  defineCommand({
    name: 'sms budget',
    help: 'SMS sent against the daily and per-country budgets; alarms',
    async run(ctx) {
      const b = await ctx.call(getSmsBudget);
      ctx.log(`Last 24 hours: ${b.daily.sent} of ${b.daily.limit} SMS (daily budget).`);
      ctx.log(`Per calling code, last hour (default limit ${b.perDialHourlyLimit}):`);
      ctx.log(formatTable(b.dials.map((d) => ({ dial: `+${d.dial}`, sent: d.sentLastHour, limit: d.limit })), ['dial', 'sent', 'limit']));
      ctx.log(b.alarms.length === 0 ? 'No alarm in the last 7 days.' : 'ALARMS (sends were refused):');
      if (b.alarms.length > 0) ctx.log(formatTable(b.alarms, ['raisedAt', 'scope', 'windowStart', 'sent', 'limit']));
    },
  }),
  defineCommand({
    name: 'mail list',
    usage: '[--to <address>] [--limit <n>]',
    help: 'mail outbox (the sandbox transport; no SMTP_URL)\n(outbox reads are written to the audit log)',
    options: ['to', 'limit'],
    async run(ctx, { positional, options }) {
      refuseWord(positional[0]);
      const rows = await ctx.call(listMailOutbox, { query: { limit: outboxLimit(options.limit), to: options.to || undefined } });
      ctx.log(formatTable(rows, ['id', 'createdAt', 'to', 'subject']));
      const [newest] = rows;
      // One address asked for: the newest mail in full (the reset link is in it).
      if (newest && options.to) ctx.log(`\nNewest mail to ${newest.to}:\n${newest.text}`);
    },
  }),
];
