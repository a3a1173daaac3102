import { resetOperatorCredentials } from '@lotus/contracts/ops-console';
import {
  createOperator,
  createToken,
  listAudit,
  listOperators,
  listTokens,
  OPS_ROLES,
  OPS_TOKEN_DEFAULT_DAYS,
  revokeToken,
  rotateToken,
  setOperatorStatus,
  verifyAudit,
  type TOpsAuditVerify,
  type TOpsRole,
} from '@lotus/contracts/ops-operators';
import { CliError, defineCommand, formatTable, intArg, UsageError } from '../../platform/cli/kit';
import { logPendingRequest } from './ops-site.cli';

/** Operators, their API tokens and the operator audit log from the command line (docs/adr/0019). */

const OPERATOR_COLUMNS = ['id', 'username', 'displayName', 'role', 'status', 'activeTokens', 'hasPassword', 'hasTotp', 'createdAt'];
const TOKEN_COLUMNS = ['id', 'username', 'name', 'createdAt', 'expiresAt', 'lastUsedAt', 'revokedAt'];
const AUDIT_COLUMNS = ['seq', 'at', 'username', 'action', 'target', 'ip'];

const days = (text: string | undefined) => intArg(text, { min: 1, max: 365, message: '--days is a number from 1 to 365' });
const isRole = (text: string | undefined): text is TOpsRole => OPS_ROLES.some((role) => role === text);

/** Which exported head `audit verify` compared the chain with (docs/adr/0068). */
function anchorLine(anchor: TOpsAuditVerify['anchor']): string {
  if (anchor.store === 'none') return 'Anchor: none (the chain head is not exported).';
  const where = anchor.store === 'table' ? `table ${anchor.location}` : `file ${anchor.location}`;
  return anchor.seq === null
    ? `Anchor: ${where}; no head exported there yet.`
    : `Anchor: ${where}; compared with the head exported at ${anchor.at} (seq ${anchor.seq}).`;
}

/** The same command under `operator` and `operators`. */
const both = (name: string) => ({ name: `operator ${name}`, aliases: [`operators ${name}`] });

/** The reason a four-eyes request carries (docs/adr/0080), when given. */
const reasonOf = (options: Record<string, string | undefined>) => (options.reason ? { reason: options.reason } : {});

export const opsOperatorCommands = [
  defineCommand({
    ...both('list'),
    help: 'operators (role, status, live tokens)',
    async run(ctx) {
      ctx.log(formatTable(await ctx.call(listOperators), OPERATOR_COLUMNS));
    },
  }),
  defineCommand({
    ...both('create'),
    usage: '<username> --role R',
    help: `R: ${OPS_ROLES.join(', ')}`,
    options: ['role', 'name', 'reason'],
    async run(ctx, { positional, options }) {
      const [username, extra] = positional;
      if (!username) throw new UsageError(`Use: operator create <username> --role ${OPS_ROLES.join('|')} [--reason <text>]`);
      if (extra !== undefined) throw new UsageError(`Unknown option ${extra}`);
      if (!isRole(options.role)) throw new UsageError(`--role is one of ${OPS_ROLES.join(', ')}`);
      const row = await ctx.call(createOperator, {
        body: { username, role: options.role, ...(options.name ? { displayName: options.name } : {}), ...reasonOf(options) },
      });
      if ('approvalId' in row) return logPendingRequest(ctx, row);
      ctx.log(formatTable([row], OPERATOR_COLUMNS));
      ctx.log(`Created operator ${row.username} (${row.role}). Give them a token: npm run ops -- operator token create ${row.username}`);
    },
  }),
  defineCommand({
    // The base word answers the group's usage for any other word after it.
    name: 'operator',
    aliases: ['operators'],
    usage: 'disable|enable <username>',
    help: '',
    async run(ctx, { positional }) {
      const [action, username] = positional;
      if (action === 'token') throw new UsageError('Use: operator token list | create <username> [--days N] [--save] | revoke <id>');
      if (action !== 'disable' && action !== 'enable') {
        throw new UsageError('Use: operator list | create <username> --role R | disable|enable <username> | token ... | rotate');
      }
      if (!username) throw new UsageError(`Use: operator ${action} <username>`);
      const row = await ctx.call(setOperatorStatus, { params: { username }, body: { status: action === 'disable' ? 'disabled' : 'active' } });
      ctx.log(`Operator ${row.username} is now ${row.status}.`);
    },
  }),
  defineCommand({
    ...both('console-password'),
    usage: '<username> [--reason <text>]',
    help: [
      'console sign-in: a one-time password (printed once);',
      'TOTP is set up at the next sign-in at /backoffice/;',
      "another operator's waits for a second admin",
    ].join('\n'),
    options: ['reason'],
    async run(ctx, { positional, options }) {
      const username = positional[0];
      if (!username) throw new UsageError('Use: operator console-password <username> [--reason <text>]');
      const r = await ctx.call(resetOperatorCredentials, { params: { username }, body: reasonOf(options) });
      if ('approvalId' in r) return logPendingRequest(ctx, r);
      ctx.log(`One-time console password of ${r.username} (shown once): ${r.temporaryPassword}`);
      ctx.log('Sign in at /backoffice/ with it: a new password and the authenticator app are set up there.');
    },
  }),
  defineCommand({
    ...both('token list'),
    help: '',
    async run(ctx) {
      ctx.log(formatTable(await ctx.call(listTokens), TOKEN_COLUMNS));
    },
  }),
  defineCommand({
    ...both('token create'),
    usage: '<username> [--days N] [--save] [--reason <text>]',
    help: "a new API token (printed once; --save writes it to ops.json); another operator's waits for a second admin",
    options: ['days', 'reason'],
    flags: ['save'],
    async run(ctx, { positional, options, flags }) {
      const [username, extra] = positional;
      if (!username) throw new UsageError('Use: operator token create <username> [--days N] [--save] [--reason <text>]');
      if (extra !== undefined) throw new UsageError(`Unknown option ${extra}`);
      const created = await ctx.call(createToken, {
        params: { username },
        body: { days: options.days ? days(options.days) : OPS_TOKEN_DEFAULT_DAYS, ...reasonOf(options) },
      });
      if ('approvalId' in created) return logPendingRequest(ctx, created);
      ctx.log(`Token ${created.id} for ${created.username}, valid until ${created.expiresAt}. It is shown once:`);
      ctx.log(created.token);
      if (flags.has('save')) {
        if (!ctx.saveToken) throw new CliError('--save cannot write ops.json here.');
        ctx.saveToken(created.token);
        ctx.log('Saved to ops.json: npm run ops now uses it.');
      }
    },
  }),
  defineCommand({
    ...both('token revoke'),
    usage: '<id>',
    help: '',
    async run(ctx, { positional }) {
      const id = Number(positional[0]);
      if (!Number.isInteger(id) || id < 1) throw new UsageError('Use: operator token revoke <id> (a positive number)');
      const result = await ctx.call(revokeToken, { params: { id } });
      ctx.log(result.revoked ? `Token ${id} is revoked.` : `Token ${id} was already revoked.`);
    },
  }),
  defineCommand({
    ...both('rotate'),
    usage: '[--days N]',
    help: 'replace your own token (ops.json is updated)',
    options: ['days'],
    async run(ctx, { positional, options }) {
      if (positional[0] !== undefined) throw new UsageError(`Unknown option ${positional[0]}`);
      const validDays = options.days ? days(options.days) : undefined;
      if (ctx.mode === 'direct') {
        throw new CliError('operator rotate replaces the token of the API caller: run it against the running server (not in direct mode).');
      }
      const created = await ctx.call(rotateToken, { body: validDays === undefined ? {} : { days: validDays } });
      ctx.saveToken?.(created.token);
      ctx.log(`Your token was replaced (new token ${created.id}, valid until ${created.expiresAt}); the old one is revoked.`);
      ctx.log(ctx.saveToken ? 'ops.json now holds the new token.' : `New token (shown once): ${created.token}`);
    },
  }),
  defineCommand({
    name: 'audit list',
    usage: '[--limit N]',
    help: 'the operator audit log, newest first',
    options: ['limit'],
    async run(ctx, { positional, options }) {
      if (positional[0] !== undefined) throw new UsageError(`Unknown option ${positional[0]}`);
      const limit = intArg(options.limit, { min: 1, max: 1000, fallback: 50, message: '--limit is a number from 1 to 1000' });
      ctx.log(formatTable(await ctx.call(listAudit, { query: { limit } }), AUDIT_COLUMNS));
    },
  }),
  defineCommand({
    name: 'audit verify',
    help: 'recompute the audit hash chain and compare it with the last exported head',
    async run(ctx) {
      const result = await ctx.call(verifyAudit);
      ctx.log(anchorLine(result.anchor));
      if (result.ok) {
        ctx.log(`Audit chain intact: ${result.rows} rows verified.`);
        return 0;
      }
      ctx.log(`Audit chain BROKEN at seq ${result.firstBrokenSeq}: ${result.reason} (${result.rows} rows verified before it).`);
      return 1;
    },
  }),
];
