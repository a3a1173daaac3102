import type { TOpsCollection } from '@lotus/contracts/ops';
import { SITE_CONFIG_KEYS, type TSiteConfig, type TSiteConfigKey } from '@lotus/contracts/site-config';
import { WHITELABEL_FLAGS, type TWhitelabelFlag } from '@lotus/contracts/system';
import { VENDOR_STATUSES, type TVendorStatus } from '@lotus/contracts/vendor';
import { parseCidr } from '../lib/ip';
import { OPS_ROLES, type TOpsRole } from '@lotus/contracts/ops-operators';
import type { TOpsPaymentChannelInput } from '@lotus/contracts/cashier';
import { WITHDRAWAL_STATUSES, type TWithdrawalStatus } from '@lotus/contracts/withdrawal';
import { CliError, type OpsClient } from './client';

/** A usage mistake: printed with the usage text, exit code 2. */
export class UsageError extends Error {}

export const USAGE = `Lotus operator command line

Usage: npm run ops -- <command>

  status                                   platform status (maintenance, region, languages, counts)
  config get [key]                         print all configuration, or one document
  config set <key> <json> [--reason <text>] replace a document (validated)   keys: ${SITE_CONFIG_KEYS.join(', ')}
  flag <NAME> on|off                       switch a whitelabel flag          e.g. flag FREEPLAY3 off
  maintenance start [--until <ISO>] [--info-th <text>] [--info-en <text>] --reason <text>
  maintenance stop
  region block <cidr|CC> --reason <text>   block an address range or a country (ISO code)
  region unblock <cidr|CC> --reason <text>
  region clear --reason <text>             remove every blocked range and country
                                           (with an API token, maintenance start and region changes are
                                           four-eyes requests: a second operator approves them)
  approval list [--status S] [--limit N]   four-eyes requests, newest first (S: pending, approved, ...)
  approval approve|reject <id> [--note <text>]
                                           decide another operator's request (LOTUS_OPS_TOKEN: your own
                                           token when ops.json holds somebody else's)
  language enable|disable <code>
  language default <code>
  banner|notice|cs|vendors|help list       content collections (vendors: the home page's display list)
  banner|notice|cs|vendors|help add <json>
  banner|notice|cs|vendors|help remove <id>
  vendor list                              game vendor registry (wallet protocol; never secrets)
  vendor add <CODE> --name <name> --launch-url <url> [--game-types SLOT,LIVE] [--mode seamless|transfer]
             [--api-base-url <url>] [--currency THB] [--status active|maintenance|disabled]
                                           a vendor and its signing secret (printed ONCE)
  vendor set-status <CODE> active|maintenance|disabled
  vendor rotate-secret <CODE>              a new signing secret (printed ONCE; the old one stops working)
  catalogue list [--vendor <CODE>] [--status ACTIVE|MAINTENANCE|RETIRED] [--limit N]
                                           games the vendors published (their values and the overrides)
  catalogue set-status <nodeId> maintenance|hidden|vendor
                                           override a game's status (vendor: the vendor's own again)
  catalogue set-hot <nodeId> on|off|vendor override a game's hot flag
  feedback list [limit]
  member list [limit]                      latest members (agent level, status, lockout)
  member create <username> <password> [--agent 1|2|41|42] [--mobile <number>] [--dial <code>]
                                           an account for somebody (first login forces a new password)
  member unlock <username>                 clear login throttles and a 2FA lock
  member disable|enable <username>         disabled = non-member (cannot log in); enable again
  sms list [--to <number>] [--limit <n>]   SMS outbox (the default provider; no SMS_GATEWAY_URL)
  sms budget                               SMS sent against the daily and per-country budgets; alarms
  mail list [--to <address>] [--limit <n>] mail outbox (the sandbox transport; no SMTP_URL)
                                           (outbox reads are written to the audit log)
  operator list                            operators (role, status, live tokens)
  operator create <username> --role R      R: ${OPS_ROLES.join(', ')}
  operator disable|enable <username>
  operator console-password <username>     console sign-in: a one-time password (printed once);
                                           TOTP is set up at the next sign-in at /backoffice/
  operator token list
  operator token create <username> [--days N] [--save]
                                           a new API token (printed once; --save writes it to ops.json)
  operator token revoke <id>
  operator rotate [--days N]               replace your own token (ops.json is updated)
  audit list [--limit N]                   the operator audit log, newest first
  audit verify                             recompute the audit hash chain
  withdrawal list [--status S] [--member <id>] [--limit N]
                                           withdrawals, newest first; S: ${WITHDRAWAL_STATUSES.join(', ')}
  withdrawal cases [--limit N]             not-received cases (the member's proofs are listed)
  withdrawal pay <id>                      mark a pending withdrawal paid out (the member confirms receipt)
  withdrawal reject <id> --reason <text>   reject a pending withdrawal; the amount returns to the member
  withdrawal resolve <id> --refund|--paid --reason <text>
                                           close a not-received case: refund it to the member's main wallet,
                                           or confirm it was paid; the member is told the reason
  jobs failed [limit]                      dead letters: jobs that failed after their last attempt
  ledger:verify                            check the ledger: balances equal entries, sums zero, each key once
  ledger:reverse <transaction id> --reason <text>
                                           a new transaction negating that one (once; audited)
  channel list                             payment channels (kind, limits, status)
  channel add <json>                       a bank_transfer or psp channel (fields: /ops/payment-channels)
  channel set <code> <json>                change a channel (names, account, limits, status, sort)
  channel disable|enable <code>
  deposit list [--status S] [--member <id>] [--channel <code>] [--limit N]
                                           deposits, newest first (S: pending, awaiting_approval, credited, ...)
  deposit approve <id> [--note <text>]     credit the member (exactly once) and send the deposit-arrival message
  deposit reject <id> --reason <text>      refuse it; the member gets the deposit-failed message
  keys list                                server keys: kid, purpose, state, master key they are wrapped under
  keys rotate                              a new enc key pair becomes current (previous kids still decrypt)
  keys retire <kid>                        delete a previous enc key (bodies under it stop opening)
  keys rewrap                              wrap every key under LOTUS_MASTER_KEY (old key in LOTUS_MASTER_KEY_PREVIOUS)
  help                                     this text

It uses the running server (DATA_DIR/ops.json) when it answers, otherwise it opens the database
itself (PGlite in DATA_DIR/pglite, or DATABASE_URL). --direct (first) forces the database: full
access, audited as the system user.`;

export type Output = {
  log: (text: string) => void;
  /** Writes a token to DATA_DIR/ops.json (rotate; token create --save). */
  saveToken?: (token: string) => void;
};

const COLLECTION_OF: Record<string, TOpsCollection> = {
  banner: 'banners',
  banners: 'banners',
  notice: 'notices',
  notices: 'notices',
  cs: 'cs',
  vendors: 'vendors',
  help: 'help',
};

const COLUMNS: Record<TOpsCollection | 'approvals' | 'games' | 'feedback' | 'members' | 'sms' | 'mail' | 'operators' | 'tokens' | 'audit' | 'jobs' | 'keys' | 'channels' | 'deposits' | 'withdrawals' | 'registry', string[]> = {
  registry: ['code', 'name', 'walletMode', 'status', 'currency', 'gameTypes', 'launchUrl', 'updatedAt'],
  games: ['nodeId', 'vendor', 'gameCode', 'gameType', 'nameEn', 'minBet', 'lines', 'status', 'isHot', 'freePlay', 'opsStatus', 'opsHot'],
  channels: ['code', 'kind', 'nameEn', 'adapter', 'accountNumber', 'min', 'max', 'dailyLimit', 'status', 'sort'],
  deposits: ['id', 'createdAt', 'username', 'channel', 'amount', 'status', 'reference', 'decidedBy', 'reason'],
  withdrawals: ['id', 'memberId', 'amount', 'status', 'bankCode', 'accountNumber', 'accountName', 'createdAt', 'paidAt', 'decidedBy', 'rejectReason', 'remark'],
  operators: ['id', 'username', 'displayName', 'role', 'status', 'activeTokens', 'hasPassword', 'hasTotp', 'createdAt'],
  tokens: ['id', 'username', 'name', 'createdAt', 'expiresAt', 'lastUsedAt', 'revokedAt'],
  audit: ['seq', 'at', 'username', 'action', 'target', 'ip'],
  keys: ['kid', 'purpose', 'state', 'algorithm', 'createdAt', 'wrappedUnder'],
  members: ['id', 'username', 'mobile', 'isAgent', 'type', 'status', 'locked', 'twoFactor', 'referralCode', 'lastLoginAt'],
  sms: ['id', 'createdAt', 'to', 'text'],
  mail: ['id', 'createdAt', 'to', 'subject'],
  jobs: ['failedAt', 'queue', 'attempts', 'id', 'error'],
  banners: ['id', 'groupName', 'language', 'sort', 'title', 'imageUrl'],
  notices: ['id', 'type', 'language', 'sort', 'title'],
  cs: ['id', 'csType', 'csPosition', 'sort', 'title', 'url'],
  vendors: ['id', 'gameType', 'vassalage', 'displayName', 'isHot', 'enabled'],
  help: ['id', 'language', 'categoryKey', 'slug', 'title'],
  feedback: ['id', 'createdAt', 'type', 'ip', 'content'],
  approvals: ['id', 'status', 'action', 'target', 'requestedBy', 'createdAt', 'expiresAt', 'decidedBy', 'reason'],
};

export function formatTable(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? '-' : String(v);
    return s.length > 60 ? `${s.slice(0, 57)}...` : s;
  };
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    line(columns),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(columns.map((c) => cell(r[c])))),
  ].join('\n');
}

/** Like formatTable, but the last column is printed in full (SMS texts end with the code). */
function formatTableWide(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const head = columns.slice(0, -1);
  const last = columns[columns.length - 1]!;
  const cell = (v: unknown) => (v === null || v === undefined ? '-' : String(v));
  const widths = head.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (values: string[], tail: string) => [...values.map((v, i) => v.padEnd(widths[i]!)), tail].join('  ');
  return [
    line(head, last),
    line(widths.map((w) => '-'.repeat(w)), '-'.repeat(last.length)),
    ...rows.map((r) => line(head.map((c) => cell(r[c])), cell(r[last]))),
  ].join('\n');
}

function parseJson(text: string | undefined, what: string): unknown {
  if (text === undefined) throw new UsageError(`Missing ${what} (a JSON value).`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} is not valid JSON: ${(error as Error).message}`);
  }
}

function asKey(key: string | undefined): TSiteConfigKey {
  if (!key || !(SITE_CONFIG_KEYS as string[]).includes(key)) {
    throw new UsageError(
      `Unknown configuration key ${key ?? '(none)'}; keys: ${SITE_CONFIG_KEYS.join(', ')}`,
    );
  }
  return key as TSiteConfigKey;
}

function takeOptions(args: string[], names: string[]): Record<string, string> {
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!;
    if (!name.startsWith('--') || !names.includes(name.slice(2)))
      throw new UsageError(`Unknown option ${name}`);
    const value = args[i + 1];
    if (value === undefined) throw new UsageError(`Option ${name} needs a value`);
    options[name.slice(2)] = value;
    i += 1;
  }
  return options;
}

async function update<K extends TSiteConfigKey>(
  client: OpsClient,
  key: K,
  change: (doc: TSiteConfig[K]) => TSiteConfig[K],
): Promise<TSiteConfig[K]> {
  const current = (await client.getConfigDocument(key)) as TSiteConfig[K];
  return (await client.setConfigDocument(key, change(structuredClone(current)))) as TSiteConfig[K];
}

type Pending = { approvalId: number; status: 'pending'; expiresAt: string };
const isPending = (answer: unknown): answer is Pending =>
  !!answer && typeof answer === 'object' && 'approvalId' in answer && (answer as Pending).status === 'pending';

/**
 * A change that may need a second operator (docs/adr/0055): applied at once in direct mode, a
 * pending request with an API token. Returns the stored document, or null after printing the
 * request's id and how to approve it.
 */
async function updateFourEyes<K extends TSiteConfigKey>(
  client: OpsClient,
  key: K,
  reason: string | undefined,
  change: (doc: TSiteConfig[K]) => TSiteConfig[K],
  out: Output,
): Promise<TSiteConfig[K] | null> {
  if (client.mode === 'api' && !reason) throw new UsageError('--reason <text> is required: a second operator reads it before approving');
  const current = (await client.getConfigDocument(key)) as TSiteConfig[K];
  const answer = await client.setConfigDocument(key, change(structuredClone(current)), reason);
  if (!isPending(answer)) return answer as TSiteConfig[K];
  out.log(
    [
      `Request ${answer.approvalId} is pending: a second operator must approve it (until ${answer.expiresAt}).`,
      `  npm run ops -- approval approve ${answer.approvalId}    (or the console's Approvals page)`,
    ].join('\n'),
  );
  return null;
}

/** Runs one command; returns the exit code. Throws UsageError / CliError for the caller to print. */
export async function runCommand(client: OpsClient, argv: string[], out: Output): Promise<number> {
  const [command, sub, ...rest] = argv;
  switch (command) {
    case 'status': {
      const s = await client.status();
      out.log(
        [
          `Mode         ${s.mode === 'api' ? `API (${client.target})` : `direct (${s.database})`}`,
          `Database     ${s.database}`,
          `Maintenance  ${s.maintenance.active ? `ON since ${s.maintenance.startTime}${s.maintenance.endTime ? ` until ${s.maintenance.endTime}` : ''}` : s.maintenance.startTime ? `scheduled ${s.maintenance.startTime}` : 'off'}`,
          `Region       blocked countries: ${s.region.blockedCountries.join(', ') || 'none'}; blocked ranges: ${s.region.blockedCidrs}; allowed ranges: ${s.region.allowedCidrs}`,
          `Languages    default ${s.languages.default}; enabled ${s.languages.enabled.join(', ')}`,
          `Content      ${Object.entries(s.counts)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}`,
          `Server time  ${s.serverTime}${s.mode === 'api' ? `, up ${s.uptimeSeconds}s` : ''}`,
        ].join('\n'),
      );
      return 0;
    }
    case 'config': {
      if (sub === 'get') {
        const value = rest[0] ? await client.getConfigDocument(asKey(rest[0])) : await client.getConfig();
        out.log(JSON.stringify(value, null, 2));
        return 0;
      }
      if (sub === 'set') {
        const key = asKey(rest[0]);
        const reasonAt = rest.indexOf('--reason');
        const reason = reasonAt > 0 ? rest[reasonAt + 1] : undefined;
        const json = reasonAt > 0 ? [...rest.slice(1, reasonAt), ...rest.slice(reasonAt + 2)] : rest.slice(1);
        const value = parseJson(json.join(' ') || undefined, `the ${key} document`);
        const answer = await client.setConfigDocument(key, value, reason);
        out.log(JSON.stringify(answer, null, 2));
        out.log(isPending(answer) ? `Request ${answer.approvalId} is pending: npm run ops -- approval approve ${answer.approvalId}` : `Saved ${key}.`);
        return 0;
      }
      throw new UsageError('Use: config get [key] | config set <key> <json>');
    }
    case 'flag': {
      const flag = WHITELABEL_FLAGS.find((f) => f.toLowerCase() === (sub ?? '').toLowerCase()) as
        TWhitelabelFlag | undefined;
      const state = rest[0]?.toLowerCase();
      if (!flag)
        throw new UsageError(`Unknown flag ${sub ?? '(none)'}; flags: ${WHITELABEL_FLAGS.join(', ')}`);
      if (state !== 'on' && state !== 'off') throw new UsageError('Use: flag <NAME> on|off');
      await update(client, 'whitelabel', (doc) => ({ ...doc, [flag]: state === 'on' }));
      out.log(`${flag} is now ${state}.`);
      return 0;
    }
    case 'maintenance': {
      if (sub === 'start') {
        const options = takeOptions(rest, ['until', 'info-th', 'info-en', 'reason']);
        const now = new Date();
        let endTime: string | null = null;
        if (options.until) {
          const until = new Date(options.until);
          if (Number.isNaN(until.getTime())) throw new UsageError(`--until is not a date: ${options.until}`);
          if (until <= now) throw new UsageError('--until must be in the future');
          endTime = until.toISOString();
        }
        const doc = await updateFourEyes(client, 'maintenance', options.reason, (m) => ({
          startTime: now.toISOString(),
          endTime,
          info: {
            ...m.info,
            ...(options['info-th'] ? { th: options['info-th'] } : {}),
            ...(options['info-en'] ? { en: options['info-en'] } : {}),
          },
        }), out);
        if (!doc) return 0;
        out.log(
          `Maintenance is ON from ${doc.startTime}${doc.endTime ? ` until ${doc.endTime}` : ' until you stop it'}.`,
        );
        return 0;
      }
      if (sub === 'stop') {
        await update(client, 'maintenance', (m) => ({ ...m, startTime: null, endTime: null }));
        out.log('Maintenance is off.');
        return 0;
      }
      throw new UsageError(
        'Use: maintenance start [--until <ISO>] [--info-th <text>] [--info-en <text>] | maintenance stop',
      );
    }
    case 'region': {
      if (sub === 'clear') {
        const options = takeOptions(rest, ['reason']);
        const done = await updateFourEyes(client, 'region', options.reason, (r) => ({ ...r, blockedCountries: [], blockedCidrs: [] }), out);
        if (done) out.log('No range or country is blocked now.');
        return 0;
      }
      if (sub !== 'block' && sub !== 'unblock')
        throw new UsageError('Use: region block|unblock <cidr|CC> --reason <text> | region clear --reason <text>');
      const target = rest[0];
      if (!target || target.startsWith('--')) throw new UsageError(`Use: region ${sub} <cidr|CC> --reason <text>`);
      const regionOptions = takeOptions(rest.slice(1), ['reason']);
      const isCountry = /^[A-Za-z]{2}$/.test(target);
      if (!isCountry && !parseCidr(target))
        throw new UsageError(
          `${target} is neither a country code (e.g. SG) nor an address range (e.g. 203.0.113.0/24)`,
        );
      const value = isCountry ? target.toUpperCase() : target;
      const field = isCountry ? 'blockedCountries' : 'blockedCidrs';
      const changed = await updateFourEyes(client, 'region', regionOptions.reason, (r) => {
        const list = r[field].filter((v) => v !== value);
        return { ...r, [field]: sub === 'block' ? [...list, value] : list };
      }, out);
      if (!changed) return 0;
      out.log(
        `${isCountry ? 'Country' : 'Range'} ${value} ${sub === 'block' ? 'is blocked' : 'is no longer blocked'}.`,
      );
      return 0;
    }
    case 'approval':
    case 'approvals': {
      if (sub === 'list') {
        const options = takeOptions(rest, ['status', 'limit']);
        const limit = options.limit ? Number(options.limit) : 20;
        if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new UsageError('--limit must be 1-100');
        const page = await client.listApprovals({ status: options.status, limit });
        out.log(formatTable(page.rows.map((r) => ({ ...r, payload: undefined })), COLUMNS.approvals));
        out.log(`${page.rows.length} of ${page.total}`);
        return 0;
      }
      if (sub === 'approve' || sub === 'reject') {
        const id = Number(rest[0]);
        if (!Number.isInteger(id) || id < 1) throw new UsageError(`Use: approval ${sub} <id> [--note <text>] (a positive number)`);
        const options = takeOptions(rest.slice(1), ['note']);
        const row = await client.decideApproval(id, sub, options.note);
        out.log(`Request ${row.id} (${row.action}, ${row.target}) is ${row.status} by ${row.decidedBy ?? '?'}; requested by ${row.requestedBy}: ${row.reason}`);
        return 0;
      }
      throw new UsageError('Use: approval list [--status S] [--limit N] | approval approve|reject <id> [--note <text>]');
    }
    case 'language': {
      const code = rest[0];
      if (!code || !['enable', 'disable', 'default'].includes(sub ?? '')) {
        throw new UsageError('Use: language enable|disable|default <code>');
      }
      await update(client, 'languages', (doc) => {
        const entry = doc.languages.find((l) => l.code.toLowerCase() === code.toLowerCase());
        if (!entry)
          throw new CliError(
            `Unknown language ${code}; known: ${doc.languages.map((l) => l.code).join(', ')}`,
          );
        if (sub === 'enable') entry.enabled = true;
        if (sub === 'disable') {
          if (doc.default === entry.code)
            throw new CliError(`${entry.code} is the default language; choose another default first.`);
          entry.enabled = false;
        }
        if (sub === 'default') {
          if (!entry.enabled) throw new CliError(`${entry.code} is disabled; enable it first.`);
          doc.default = entry.code;
        }
        return doc;
      });
      out.log(
        sub === 'default'
          ? `Default language is now ${code}.`
          : `Language ${code} is ${sub === 'enable' ? 'enabled' : 'disabled'}.`,
      );
      return 0;
    }
    case 'feedback': {
      if (sub !== 'list') throw new UsageError('Use: feedback list [limit]');
      const limit = rest[0] ? Number(rest[0]) : 50;
      if (!Number.isInteger(limit) || limit < 1 || limit > 500)
        throw new UsageError('limit is a number from 1 to 500');
      out.log(formatTable(await client.listFeedback(limit), COLUMNS.feedback));
      return 0;
    }
    case 'member':
    case 'members': {
      if (sub === 'list') {
        const limit = rest[0] ? Number(rest[0]) : 50;
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('limit is a number from 1 to 1000');
        out.log(formatTable(await client.listMembers(limit), COLUMNS.members));
        return 0;
      }
      if (sub === 'create') {
        const [username, password, ...more] = rest;
        if (!username || !password) throw new UsageError('Use: member create <username> <password> [--agent 1|2|41|42] [--mobile <number>] [--dial <code>]');
        const options = takeOptions(more, ['agent', 'mobile', 'dial']);
        const isAgent = options.agent ? Number(options.agent) : 0;
        if (![0, 1, 2, 41, 42].includes(isAgent)) throw new UsageError('--agent is one of 1, 2, 41, 42');
        const row = await client.createMember({
          username,
          password,
          isAgent: isAgent as 0 | 1 | 2 | 41 | 42,
          ...(options.mobile ? { mobileNum: options.mobile, countryDialingCode: options.dial ?? '66' } : {}),
        });
        out.log(formatTable([row], COLUMNS.members));
        out.log(`Created ${row.username}; the first login asks for a new password.`);
        return 0;
      }
      if (sub === 'unlock' || sub === 'disable' || sub === 'enable') {
        const username = rest[0];
        if (!username) throw new UsageError(`Use: member ${sub} <username>`);
        if (sub === 'unlock') {
          const result = await client.unlockMember(username);
          out.log(result.unlocked ? `${username} is unlocked.` : `${username} was not locked.`);
          return 0;
        }
        const result = await client.setMemberStatus(username, sub === 'disable' ? 'disabled' : 'active');
        out.log(`${result.username} is now ${result.status}.`);
        return 0;
      }
      throw new UsageError('Use: member list [limit] | member create <username> <password> | member unlock|disable|enable <username>');
    }
    case 'sms':
    case 'mail': {
      if (command === 'sms' && sub === 'budget') {
        const b = await client.smsBudget();
        out.log(`Last 24 hours: ${b.daily.sent} of ${b.daily.limit} SMS (daily budget).`);
        out.log(`Per calling code, last hour (default limit ${b.perDialHourlyLimit}):`);
        out.log(formatTable(b.dials.map((d) => ({ dial: `+${d.dial}`, sent: d.sentLastHour, limit: d.limit })), ['dial', 'sent', 'limit']));
        out.log(b.alarms.length === 0 ? 'No alarm in the last 7 days.' : 'ALARMS (sends were refused):');
        if (b.alarms.length > 0) out.log(formatTable(b.alarms, ['raisedAt', 'scope', 'windowStart', 'sent', 'limit']));
        return 0;
      }
      if (sub !== 'list')
        throw new UsageError(`Use: ${command} list [--to <${command === 'sms' ? 'number' : 'address'}>] [--limit <n>]${command === 'sms' ? ' | sms budget' : ''}`);
      const options = takeOptions(rest, ['to', 'limit']);
      const limit = options.limit ? Number(options.limit) : 20;
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit is a number from 1 to 1000');
      const rows = command === 'sms' ? await client.listSms({ to: options.to, limit }) : await client.listMail({ to: options.to, limit });
      if (command === 'mail' && rows.length > 0 && options.to) {
        // One address asked for: show the newest mail in full (the reset link is in it).
        const [newest] = rows;
        out.log(formatTable(rows, COLUMNS.mail));
        out.log(`\nNewest mail to ${String(newest!.to)}:\n${String(newest!.text)}`);
        return 0;
      }
      out.log(command === 'sms' ? formatTableWide(rows, COLUMNS.sms) : formatTable(rows, COLUMNS.mail));
      return 0;
    }
    case 'operator':
    case 'operators': {
      if (sub === 'list') {
        out.log(formatTable(await client.listOperators(), COLUMNS.operators));
        return 0;
      }
      if (sub === 'create') {
        const [username, ...more] = rest;
        if (!username) throw new UsageError(`Use: operator create <username> --role ${OPS_ROLES.join('|')}`);
        const options = takeOptions(more, ['role', 'name']);
        const role = options.role as TOpsRole | undefined;
        if (!role || !OPS_ROLES.includes(role)) throw new UsageError(`--role is one of ${OPS_ROLES.join(', ')}`);
        const row = await client.createOperator({ username, role, ...(options.name ? { displayName: options.name } : {}) });
        out.log(formatTable([row], COLUMNS.operators));
        out.log(`Created operator ${row.username} (${row.role}). Give them a token: npm run ops -- operator token create ${row.username}`);
        return 0;
      }
      if (sub === 'disable' || sub === 'enable') {
        const username = rest[0];
        if (!username) throw new UsageError(`Use: operator ${sub} <username>`);
        const row = await client.setOperatorStatus(username, sub === 'disable' ? 'disabled' : 'active');
        out.log(`Operator ${row.username} is now ${row.status}.`);
        return 0;
      }
      if (sub === 'console-password') {
        const username = rest[0];
        if (!username) throw new UsageError('Use: operator console-password <username>');
        const r = await client.resetConsoleCredentials(username);
        out.log(`One-time console password of ${r.username} (shown once): ${r.temporaryPassword}`);
        out.log('Sign in at /backoffice/ with it: a new password and the authenticator app are set up there.');
        return 0;
      }
      if (sub === 'rotate') {
        const options = takeOptions(rest, ['days']);
        const created = await client.rotateToken(options.days ? parseDays(options.days) : undefined);
        out.saveToken?.(created.token);
        out.log(`Your token was replaced (new token ${created.id}, valid until ${created.expiresAt}); the old one is revoked.`);
        out.log(out.saveToken ? 'ops.json now holds the new token.' : `New token (shown once): ${created.token}`);
        return 0;
      }
      if (sub === 'token') {
        const [action, ...args] = rest;
        if (action === 'list') {
          out.log(formatTable(await client.listTokens(), COLUMNS.tokens));
          return 0;
        }
        if (action === 'create') {
          const [username, ...more] = args;
          if (!username) throw new UsageError('Use: operator token create <username> [--days N] [--save]');
          const save = more.includes('--save');
          const options = takeOptions(
            more.filter((a) => a !== '--save'),
            ['days'],
          );
          const created = await client.createToken(username, options.days ? parseDays(options.days) : 90);
          out.log(`Token ${created.id} for ${created.username}, valid until ${created.expiresAt}. It is shown once:`);
          out.log(created.token);
          if (save) {
            if (!out.saveToken) throw new CliError('--save cannot write ops.json here.');
            out.saveToken(created.token);
            out.log('Saved to ops.json: npm run ops now uses it.');
          }
          return 0;
        }
        if (action === 'revoke') {
          const id = Number(args[0]);
          if (!Number.isInteger(id) || id < 1) throw new UsageError('Use: operator token revoke <id> (a positive number)');
          const result = await client.revokeToken(id);
          out.log(result.revoked ? `Token ${id} is revoked.` : `Token ${id} was already revoked.`);
          return 0;
        }
        throw new UsageError('Use: operator token list | create <username> [--days N] [--save] | revoke <id>');
      }
      throw new UsageError('Use: operator list | create <username> --role R | disable|enable <username> | token ... | rotate');
    }
    case 'audit': {
      if (sub === 'list') {
        const options = takeOptions(rest, ['limit']);
        const limit = options.limit ? Number(options.limit) : 50;
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit is a number from 1 to 1000');
        out.log(formatTable(await client.listAudit(limit), COLUMNS.audit));
        return 0;
      }
      if (sub === 'verify') {
        const result = await client.verifyAudit();
        if (result.ok) {
          out.log(`Audit chain intact: ${result.rows} rows verified.`);
          return 0;
        }
        out.log(`Audit chain BROKEN at seq ${result.firstBrokenSeq}: ${result.reason} (${result.rows} rows verified before it).`);
        return 1;
      }
      throw new UsageError('Use: audit list [--limit N] | audit verify');
    }
    case 'ledger:verify': {
      const r = await client.verifyLedger();
      out.log(`Ledger: ${r.accounts} accounts, ${r.transactions} transactions, ${r.entries} entries checked in ${r.ms} ms.`);
      if (r.ok) {
        out.log('0 violations.');
        return 0;
      }
      for (const v of r.violations) out.log(`VIOLATION ${v.rule}: ${v.count}${v.detail ? ` (${v.detail})` : ''}`);
      return 1;
    }
    case 'withdrawal':
    case 'withdrawals': {
      if (sub === 'list' || sub === 'cases') {
        const options = takeOptions(rest, sub === 'list' ? ['status', 'member', 'limit'] : ['limit']);
        const limit = options.limit ? Number(options.limit) : 50;
        if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new UsageError('--limit is a number from 1 to 500');
        if (options.status && !(WITHDRAWAL_STATUSES as readonly string[]).includes(options.status)) {
          throw new UsageError(`--status is one of ${WITHDRAWAL_STATUSES.join(', ')}`);
        }
        const memberId = options.member ? Number(options.member) : undefined;
        if (memberId !== undefined && (!Number.isInteger(memberId) || memberId < 1)) throw new UsageError('--member is a member id');
        const rows =
          sub === 'cases'
            ? await client.withdrawalCases(limit)
            : await client.listWithdrawals({ status: options.status as TWithdrawalStatus | undefined, memberId, limit });
        out.log(formatTable(rows, COLUMNS.withdrawals));
        if (sub === 'cases') {
          for (const row of rows) {
            out.log(`withdrawal ${row.id}: ${row.proofs.map((p) => `proof ${p.index} ${p.contentType} ${p.bytes} bytes`).join(', ') || 'no proof'}`);
          }
        }
        return 0;
      }
      if (sub === 'pay' || sub === 'reject') {
        const [idText, ...more] = rest;
        const id = Number(idText);
        if (!Number.isInteger(id) || id < 1) throw new UsageError(`Use: withdrawal ${sub} <id>${sub === 'reject' ? ' --reason <text>' : ''}`);
        if (sub === 'pay') {
          const row = await client.payWithdrawal(id);
          out.log(`Withdrawal ${row.id} (${row.amount}) is paid out; the member is asked to confirm receipt.`);
          return 0;
        }
        const options = takeOptions(more, ['reason']);
        if (!options.reason) throw new UsageError('Use: withdrawal reject <id> --reason <text>');
        const row = await client.rejectWithdrawal(id, options.reason);
        out.log(`Withdrawal ${row.id} is rejected; ${row.amount} returned to member ${row.memberId}.`);
        return 0;
      }
      if (sub === 'resolve') {
        const usage = 'Use: withdrawal resolve <id> --refund|--paid --reason <text>';
        const [idText, ...more] = rest;
        const id = Number(idText);
        if (!Number.isInteger(id) || id < 1) throw new UsageError(usage);
        const refund = more.includes('--refund');
        const paid = more.includes('--paid');
        const options = takeOptions(more.filter((a) => a !== '--refund' && a !== '--paid'), ['reason']);
        if (refund === paid || !options.reason) throw new UsageError(usage);
        const row = await client.resolveWithdrawal(id, { outcome: refund ? 'refund' : 'paid', reason: options.reason });
        out.log(
          refund
            ? `Withdrawal ${row.id} is refunded; ${row.amount} returned to member ${row.memberId}.`
            : `Withdrawal ${row.id} is confirmed paid; the case is closed.`,
        );
        return 0;
      }
      throw new UsageError('Use: withdrawal list [--status S] [--member <id>] [--limit N] | cases | pay <id> | reject <id> --reason <text> | resolve <id> --refund|--paid --reason <text>');
    }
    case 'ledger:reverse': {
      const options = takeOptions(rest, ['reason']);
      const id = Number(sub);
      if (!Number.isInteger(id) || id < 1) throw new UsageError('Use: ledger:reverse <transaction id> --reason <text>');
      if (!options.reason) throw new UsageError('--reason is required');
      const r = await client.reverseLedgerTransaction(id, options.reason);
      out.log(r.outcome === 'created' ? `Transaction ${r.reverses} reversed by ${r.transactionId}.` : `Transaction ${r.reverses} was already reversed by ${r.transactionId}.`);
      return 0;
    }
    case 'jobs': {
      if (sub !== 'failed') throw new UsageError('Use: jobs failed [limit]');
      const limit = rest[0] ? Number(rest[0]) : 20;
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('limit is a number from 1 to 1000');
      out.log(formatTableWide(await client.listFailedJobs(limit), COLUMNS.jobs));
      return 0;
    }
    case 'channel':
    case 'channels': {
      if (sub === 'list') {
        out.log(formatTable(await client.listPaymentChannels(), COLUMNS.channels));
        return 0;
      }
      if (sub === 'add') {
        const row = await client.createPaymentChannel(parseJson(rest.join(' ') || undefined, 'the channel') as TOpsPaymentChannelInput);
        out.log(formatTable([row], COLUMNS.channels));
        out.log(`Added channel ${row.code}.`);
        return 0;
      }
      if (sub === 'set' || sub === 'disable' || sub === 'enable') {
        const [code, ...json] = rest;
        if (!code) throw new UsageError(`Use: channel ${sub} <code>${sub === 'set' ? ' <json>' : ''}`);
        const change =
          sub === 'set'
            ? (parseJson(json.join(' ') || undefined, 'the change') as Partial<TOpsPaymentChannelInput>)
            : { status: sub === 'disable' ? ('disabled' as const) : ('active' as const) };
        const row = await client.updatePaymentChannel(code, change);
        out.log(formatTable([row], COLUMNS.channels));
        return 0;
      }
      throw new UsageError('Use: channel list | channel add <json> | channel set <code> <json> | channel disable|enable <code>');
    }
    case 'deposit':
    case 'deposits': {
      if (sub === 'list') {
        const options = takeOptions(rest, ['status', 'member', 'channel', 'limit']);
        const limit = options.limit ? Number(options.limit) : 50;
        if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new UsageError('--limit is a number from 1 to 500');
        const memberId = options.member ? Number(options.member) : undefined;
        if (memberId !== undefined && (!Number.isInteger(memberId) || memberId < 1)) throw new UsageError('--member is a member id');
        const rows = await client.listDeposits({ status: options.status, memberId, channel: options.channel, limit });
        out.log(formatTable(rows, COLUMNS.deposits));
        return 0;
      }
      if (sub === 'approve') {
        const [id, ...more] = rest;
        if (!id) throw new UsageError('Use: deposit approve <id> [--note <text>]');
        const options = takeOptions(more, ['note']);
        const row = await client.approveDeposit(id, options.note);
        out.log(formatTable([row], COLUMNS.deposits));
        out.log(`Deposit ${row.id} is credited: ${row.amount} to ${row.username ?? `member ${row.memberId}`}.`);
        return 0;
      }
      if (sub === 'reject') {
        const [id, ...more] = rest;
        const options = takeOptions(more, ['reason']);
        if (!id || !options.reason?.trim()) throw new UsageError('Use: deposit reject <id> --reason <text> (the reason is required)');
        const row = await client.rejectDeposit(id, options.reason);
        out.log(formatTable([row], COLUMNS.deposits));
        out.log(`Deposit ${row.id} is rejected; the member was told why.`);
        return 0;
      }
      throw new UsageError('Use: deposit list [--status S] [--member <id>] [--channel <code>] [--limit N] | deposit approve <id> [--note <text>] | deposit reject <id> --reason <text>');
    }
    case 'keys': {
      if (sub === 'list') {
        out.log(formatTable(await client.listKeys(), COLUMNS.keys));
        return 0;
      }
      if (sub === 'rotate') {
        const key = await client.rotateKey();
        out.log(formatTable([key], COLUMNS.keys));
        out.log(`${key.kid} is now the current enc key; previous kids still decrypt until you retire them (keys retire <kid>).`);
        return 0;
      }
      if (sub === 'retire') {
        const kid = rest[0];
        if (!kid) throw new UsageError('Use: keys retire <kid>');
        const key = await client.retireKey(kid);
        out.log(`${key.kid} is retired: bodies encrypted under it no longer open.`);
        return 0;
      }
      if (sub === 'rewrap') {
        const r = await client.rewrapKeys();
        out.log(`Wrapped ${r.wrapped} key(s) stored in clear, re-wrapped ${r.rewrapped} from the previous master key; ${r.unchanged} already under the current one.`);
        return 0;
      }
      throw new UsageError('Use: keys list | keys rotate | keys retire <kid> | keys rewrap');
    }
    case 'vendor': {
      if (sub === 'list') {
        const rows = await client.listVendors();
        out.log(formatTable(rows.map((r) => ({ ...r, gameTypes: r.gameTypes.join(',') })), COLUMNS.registry));
        return 0;
      }
      if (sub === 'add') {
        const [code, ...more] = rest;
        if (!code || code.startsWith('--'))
          throw new UsageError('Use: vendor add <CODE> --name <name> --launch-url <url> [--game-types A,B] [--mode seamless|transfer] [--api-base-url <url>] [--currency THB] [--status S]');
        const o = takeOptions(more, ['name', 'launch-url', 'game-types', 'mode', 'api-base-url', 'currency', 'status']);
        if (!o.name || !o['launch-url']) throw new UsageError('vendor add needs --name and --launch-url');
        const created = await client.addVendor({
          code,
          name: o.name,
          launchUrl: o['launch-url'],
          ...(o['game-types'] ? { gameTypes: o['game-types'].split(',').map((g) => g.trim()).filter(Boolean) } : {}),
          ...(o.mode ? { walletMode: o.mode as 'seamless' | 'transfer' } : {}),
          ...(o['api-base-url'] ? { apiBaseUrl: o['api-base-url'] } : {}),
          ...(o.currency ? { currency: o.currency } : {}),
          ...(o.status ? { status: o.status as TVendorStatus } : {}),
        });
        out.log(formatTable([{ ...created.vendor, gameTypes: created.vendor.gameTypes.join(',') }], COLUMNS.registry));
        out.log(`Added vendor ${created.vendor.code}. Its signing secret is shown this once; give it to the vendor over a safe channel:`);
        out.log(created.secret);
        return 0;
      }
      if (sub === 'set-status') {
        const [code, status] = rest;
        if (!code || !status || !(VENDOR_STATUSES as readonly string[]).includes(status))
          throw new UsageError(`Use: vendor set-status <CODE> ${VENDOR_STATUSES.join('|')}`);
        const row = await client.setVendorStatus(code, status as TVendorStatus);
        out.log(`Vendor ${row.code} is now ${row.status} (applies on every instance within 5 seconds).`);
        return 0;
      }
      if (sub === 'rotate-secret') {
        const code = rest[0];
        if (!code) throw new UsageError('Use: vendor rotate-secret <CODE>');
        const rotated = await client.rotateVendorSecret(code);
        out.log(`Vendor ${rotated.vendor.code} has a new signing secret (the old one stops working within 5 seconds). It is shown this once:`);
        out.log(rotated.secret);
        return 0;
      }
      throw new UsageError('Use: vendor list | vendor add <CODE> --name <name> --launch-url <url> ... | vendor set-status <CODE> <status> | vendor rotate-secret <CODE>');
    }
    case 'catalogue': {
      if (sub === 'list') {
        const o = takeOptions(rest, ['vendor', 'status', 'limit']);
        const limit = o.limit ? Number(o.limit) : 100;
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit takes 1-1000');
        out.log(formatTable(await client.listGames({ vendor: o.vendor, status: o.status, limit }), COLUMNS.games));
        return 0;
      }
      if (sub === 'set-status' || sub === 'set-hot') {
        const [id, value] = rest;
        const nodeId = Number(id);
        const values = sub === 'set-status' ? ['maintenance', 'hidden', 'vendor'] : ['on', 'off', 'vendor'];
        if (!Number.isInteger(nodeId) || nodeId < 1 || !value || !values.includes(value))
          throw new UsageError(`Use: catalogue ${sub} <nodeId> ${values.join('|')}`);
        const row = await client.setGame(
          nodeId,
          sub === 'set-status'
            ? { opsStatus: value === 'vendor' ? null : (value.toUpperCase() as 'MAINTENANCE' | 'HIDDEN') }
            : { opsHot: value === 'vendor' ? null : value === 'on' },
        );
        out.log(formatTable([row as unknown as Record<string, unknown>], COLUMNS.games));
        return 0;
      }
      throw new UsageError('Use: catalogue list [--vendor CODE] [--status S] [--limit N] | catalogue set-status <nodeId> maintenance|hidden|vendor | catalogue set-hot <nodeId> on|off|vendor');
    }
    case 'banner':
    case 'banners':
    case 'notice':
    case 'notices':
    case 'cs':
    case 'vendors':
    case 'help': {
      const collection = COLLECTION_OF[command]!;
      if (sub === 'list') {
        out.log(formatTable(await client.list(collection), COLUMNS[collection]));
        return 0;
      }
      if (sub === 'add') {
        const row = await client.add(collection, parseJson(rest.join(' ') || undefined, `the ${command}`));
        out.log(JSON.stringify(row, null, 2));
        out.log(`Added ${command} ${String(row.id)}.`);
        return 0;
      }
      if (sub === 'remove') {
        const id = Number(rest[0]);
        if (!Number.isInteger(id) || id < 1)
          throw new UsageError(`Use: ${command} remove <id> (a positive number)`);
        await client.remove(collection, id);
        out.log(`Removed ${command} ${id}.`);
        return 0;
      }
      throw new UsageError(`Use: ${command} list | ${command} add <json> | ${command} remove <id>`);
    }
    default:
      throw new UsageError(command ? `Unknown command ${command}` : 'No command given');
  }
}

function parseDays(text: string): number {
  const days = Number(text);
  if (!Number.isInteger(days) || days < 1 || days > 365) throw new UsageError('--days is a number from 1 to 365');
  return days;
}

/** `help` alone (or no command) prints the usage; `help list|add|remove` is the help-article collection. */
export function isHelpRequest(argv: string[]): boolean {
  const [command, sub] = argv;
  if (command === undefined || command === '--help' || command === '-h') return true;
  return command === 'help' && (sub === undefined || !['list', 'add', 'remove'].includes(sub));
}
