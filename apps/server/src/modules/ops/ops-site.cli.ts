import { CONFIG_DOCUMENT_SCHEMAS, getConfig, getConfigDocument, getOpsStatus, listFeedback, setConfigDocument } from '@lotus/contracts/ops';
import {
  approveApproval,
  listApprovals,
  rejectApproval,
  type TOpsApprovalRequested,
  type TOpsApprovalRow,
} from '@lotus/contracts/ops-console';
import { SITE_CONFIG_KEYS, type TSiteConfig, type TSiteConfigKey } from '@lotus/contracts/site-config';
import { WHITELABEL_FLAGS } from '@lotus/contracts/system';
import { parseCidr } from '../../lib/ip';
import { CliError, defineCommand, formatTable, intArg, parseJson, UsageError, type CliContext } from '../../platform/cli/kit';

/**
 * The site's configuration from the command line (docs/adr/0055): status, configuration documents, flags,
 * maintenance, region rules, languages, and the four-eyes requests that maintenance starts and region changes
 * become with an API token.
 */

/** Words the command does not take (the command line has always called any of them an unknown option). */
function noMoreWords(words: readonly string[], from: number) {
  const extra = words[from];
  if (extra !== undefined) throw new UsageError(`Unknown option ${extra}`);
}

function asKey(key: string | undefined): TSiteConfigKey {
  const found = SITE_CONFIG_KEYS.find((k) => k === key);
  if (!found) throw new UsageError(`Unknown configuration key ${key ?? '(none)'}; keys: ${SITE_CONFIG_KEYS.join(', ')}`);
  return found;
}

/** One document as its key's schema reads it (the endpoint answers any document). */
async function readDocument<K extends TSiteConfigKey>(ctx: CliContext, key: K): Promise<TSiteConfig[K]> {
  return CONFIG_DOCUMENT_SCHEMAS[key].parse(await ctx.call(getConfigDocument, { params: { key } }));
}

/** Reads a document, changes it and stores it (no four-eyes request: stopping maintenance, flags, languages). */
async function update<K extends TSiteConfigKey>(ctx: CliContext, key: K, change: (doc: TSiteConfig[K]) => TSiteConfig[K]) {
  await ctx.call(setConfigDocument, { params: { key }, body: change(structuredClone(await readDocument(ctx, key))) });
}

/**
 * A change that may need a second operator (docs/adr/0055): applied at once in direct mode, a
 * pending request with an API token. Returns the stored document, or null after printing the
 * request's id and how to approve it.
 */
async function updateFourEyes<K extends TSiteConfigKey>(
  ctx: CliContext,
  key: K,
  reason: string | undefined,
  change: (doc: TSiteConfig[K]) => TSiteConfig[K],
): Promise<TSiteConfig[K] | null> {
  if (ctx.mode === 'api' && !reason) throw new UsageError('--reason <text> is required: a second operator reads it before approving');
  const current = await readDocument(ctx, key);
  const answer = await ctx.call(setConfigDocument, { params: { key }, query: { reason: reason || undefined }, body: change(structuredClone(current)) });
  if (!('approvalId' in answer)) return CONFIG_DOCUMENT_SCHEMAS[key].parse(answer);
  logPendingRequest(ctx, answer);
  return null;
}

/** What a four-eyes request's answer tells the operator at the command line (docs/adr/0044, 0055). */
export function logPendingRequest(ctx: Pick<CliContext, 'log'>, answer: TOpsApprovalRequested) {
  ctx.log(
    [
      `Request ${answer.approvalId} is pending: a second operator must approve it (until ${answer.expiresAt}).`,
      `  npm run ops -- approval approve ${answer.approvalId}    (or the console's Approvals page)`,
    ].join('\n'),
  );
}

const APPROVAL_COLUMNS = ['id', 'status', 'action', 'target', 'requestedBy', 'createdAt', 'expiresAt', 'decidedBy', 'reason'];

const decided = (row: TOpsApprovalRow) =>
  `Request ${row.id} (${row.action}, ${row.target}) is ${row.status} by ${row.decidedBy ?? '?'}; requested by ${row.requestedBy}: ${row.reason}`;

/** `region block|unblock <cidr|CC> --reason <text>`. */
async function changeRegion(ctx: CliContext, action: 'block' | 'unblock', words: readonly string[], reason: string | undefined) {
  const target = words[0];
  if (!target) throw new UsageError(`Use: region ${action} <cidr|CC> --reason <text>`);
  noMoreWords(words, 1);
  const isCountry = /^[A-Za-z]{2}$/.test(target);
  if (!isCountry && !parseCidr(target)) {
    throw new UsageError(`${target} is neither a country code (e.g. SG) nor an address range (e.g. 203.0.113.0/24)`);
  }
  const value = isCountry ? target.toUpperCase() : target;
  const field = isCountry ? 'blockedCountries' : 'blockedCidrs';
  const changed = await updateFourEyes(ctx, 'region', reason, (r) => {
    const list = r[field].filter((v) => v !== value);
    return { ...r, [field]: action === 'block' ? [...list, value] : list };
  });
  if (changed) ctx.log(`${isCountry ? 'Country' : 'Range'} ${value} ${action === 'block' ? 'is blocked' : 'is no longer blocked'}.`);
}

export const opsSiteCommands = [
  defineCommand({
    name: 'status',
    help: 'platform status (maintenance, region, languages, counts)',
    async run(ctx) {
      const s = await ctx.call(getOpsStatus);
      const { maintenance: m } = s;
      ctx.log(
        [
          `Mode         ${s.mode === 'api' ? `API (${ctx.target})` : `direct (${s.database})`}`,
          `Database     ${s.database}`,
          `Maintenance  ${m.active ? `ON since ${m.startTime}${m.endTime ? ` until ${m.endTime}` : ''}` : m.startTime ? `scheduled ${m.startTime}` : 'off'}`,
          `Region       blocked countries: ${s.region.blockedCountries.join(', ') || 'none'}; blocked ranges: ${s.region.blockedCidrs}; allowed ranges: ${s.region.allowedCidrs}`,
          `Languages    default ${s.languages.default}; enabled ${s.languages.enabled.join(', ')}`,
          `Content      ${Object.entries(s.counts)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}`,
          `Server time  ${s.serverTime}${s.mode === 'api' ? `, up ${s.uptimeSeconds}s` : ''}`,
        ].join('\n'),
      );
    },
  }),
  defineCommand({
    name: 'config get',
    usage: '[key]',
    help: 'print all configuration, or one document',
    async run(ctx, { positional }) {
      const key = positional[0];
      const value = key ? await ctx.call(getConfigDocument, { params: { key: asKey(key) } }) : await ctx.call(getConfig);
      ctx.log(JSON.stringify(value, null, 2));
    },
  }),
  defineCommand({
    name: 'config set',
    usage: '<key> <json> [--reason <text>]',
    help: `replace a document (validated)   keys: ${SITE_CONFIG_KEYS.join(', ')}`,
    options: ['reason'],
    async run(ctx, { positional, options }) {
      const key = asKey(positional[0]);
      const value = parseJson(positional.slice(1).join(' ') || undefined, `the ${key} document`);
      const answer = await ctx.call(setConfigDocument, { params: { key }, query: { reason: options.reason || undefined }, body: value });
      ctx.log(JSON.stringify(answer, null, 2));
      ctx.log('approvalId' in answer ? `Request ${answer.approvalId} is pending: npm run ops -- approval approve ${answer.approvalId}` : `Saved ${key}.`);
    },
  }),
  defineCommand({
    name: 'flag',
    usage: '<NAME> on|off',
    help: 'switch a whitelabel flag          e.g. flag FREEPLAY3 off',
    async run(ctx, { positional }) {
      const [name, stateWord] = positional;
      const flag = WHITELABEL_FLAGS.find((f) => f.toLowerCase() === (name ?? '').toLowerCase());
      const state = stateWord?.toLowerCase();
      if (!flag) throw new UsageError(`Unknown flag ${name ?? '(none)'}; flags: ${WHITELABEL_FLAGS.join(', ')}`);
      if (state !== 'on' && state !== 'off') throw new UsageError('Use: flag <NAME> on|off');
      await update(ctx, 'whitelabel', (doc) => ({ ...doc, [flag]: state === 'on' }));
      ctx.log(`${flag} is now ${state}.`);
    },
  }),
  defineCommand({
    name: 'maintenance start',
    usage: '[--until <ISO>] [--info-th <text>] [--info-en <text>] --reason <text>',
    help: '',
    options: ['until', 'info-th', 'info-en', 'reason'],
    async run(ctx, { positional, options }) {
      noMoreWords(positional, 0);
      const now = new Date();
      let endTime: string | null = null;
      if (options.until) {
        const until = new Date(options.until);
        if (Number.isNaN(until.getTime())) throw new UsageError(`--until is not a date: ${options.until}`);
        if (until <= now) throw new UsageError('--until must be in the future');
        endTime = until.toISOString();
      }
      const doc = await updateFourEyes(ctx, 'maintenance', options.reason, (m) => ({
        startTime: now.toISOString(),
        endTime,
        info: {
          ...m.info,
          ...(options['info-th'] ? { th: options['info-th'] } : {}),
          ...(options['info-en'] ? { en: options['info-en'] } : {}),
        },
      }));
      if (doc) ctx.log(`Maintenance is ON from ${doc.startTime}${doc.endTime ? ` until ${doc.endTime}` : ' until you stop it'}.`);
    },
  }),
  defineCommand({
    name: 'maintenance stop',
    help: '',
    async run(ctx) {
      await update(ctx, 'maintenance', (m) => ({ ...m, startTime: null, endTime: null }));
      ctx.log('Maintenance is off.');
    },
  }),
  defineCommand({
    name: 'region block',
    usage: '<cidr|CC> --reason <text>',
    help: 'block an address range or a country (ISO code)',
    options: ['reason'],
    run: (ctx, { positional, options }) => changeRegion(ctx, 'block', positional, options.reason),
  }),
  defineCommand({
    name: 'region unblock',
    usage: '<cidr|CC> --reason <text>',
    help: '',
    options: ['reason'],
    run: (ctx, { positional, options }) => changeRegion(ctx, 'unblock', positional, options.reason),
  }),
  defineCommand({
    name: 'region clear',
    usage: '--reason <text>',
    help: [
      'remove every blocked range and country',
      '(with an API token, maintenance start and region changes are',
      'four-eyes requests: a second operator approves them)',
    ].join('\n'),
    options: ['reason'],
    async run(ctx, { positional, options }) {
      noMoreWords(positional, 0);
      const done = await updateFourEyes(ctx, 'region', options.reason, (r) => ({ ...r, blockedCountries: [], blockedCidrs: [] }));
      if (done) ctx.log('No range or country is blocked now.');
    },
  }),
  defineCommand({
    name: 'approval list',
    aliases: ['approvals list'],
    usage: '[--status S] [--limit N]',
    help: 'four-eyes requests, newest first (S: pending, approved, ...)',
    options: ['status', 'limit'],
    async run(ctx, { positional, options }) {
      noMoreWords(positional, 0);
      const limit = intArg(options.limit, { min: 1, max: 100, fallback: 20, message: '--limit must be 1-100' });
      // An unknown status goes to the server, which refuses it (validation_failed names the field).
      const status = options.status as TOpsApprovalRow['status'] | undefined;
      const page = await ctx.call(listApprovals, { query: { pageSize: limit, status } });
      ctx.log(formatTable(page.rows.map((r) => ({ ...r, payload: undefined })), APPROVAL_COLUMNS));
      ctx.log(`${page.rows.length} of ${page.total}`);
    },
  }),
  defineCommand({
    // The base word answers the group's usage for any other word after it.
    name: 'approval',
    aliases: ['approvals'],
    usage: 'approve|reject <id> [--note <text>]',
    help: [
      "decide another operator's request (LOTUS_OPS_TOKEN: your own",
      "token when ops.json holds somebody else's)",
    ].join('\n'),
    options: ['note'],
    async run(ctx, { positional, options }) {
      const [decision, idWord] = positional;
      if (decision !== 'approve' && decision !== 'reject') {
        throw new UsageError('Use: approval list [--status S] [--limit N] | approval approve|reject <id> [--note <text>]');
      }
      const id = intArg(idWord, { min: 1, max: Number.MAX_SAFE_INTEGER, message: `Use: approval ${decision} <id> [--note <text>] (a positive number)` });
      noMoreWords(positional, 2);
      const input = { params: { id }, body: options.note ? { note: options.note } : {} };
      const row = await ctx.call(decision === 'approve' ? approveApproval : rejectApproval, input);
      ctx.log(decided(row));
      // Another operator's token or one-time password (docs/adr/0080): to the approver, once.
      for (const [name, secret] of Object.entries(row.revealed ?? {})) ctx.log(`${name} (shown once, hand it to the operator):\n${secret}`);
    },
  }),
  defineCommand({
    // The base word answers the group's usage for any other word after it.
    name: 'language',
    usage: 'enable|disable <code>',
    help: '',
    run: (ctx, { positional }) => setLanguage(ctx, positional[0], positional[1]),
  }),
  defineCommand({
    name: 'language default',
    usage: '<code>',
    help: '',
    run: (ctx, { positional }) => setLanguage(ctx, 'default', positional[0]),
  }),
];

/** `language enable|disable|default <code>`. */
async function setLanguage(ctx: CliContext, action: string | undefined, code: string | undefined) {
  if (!code || (action !== 'enable' && action !== 'disable' && action !== 'default')) {
    throw new UsageError('Use: language enable|disable|default <code>');
  }
  await update(ctx, 'languages', (doc) => {
    const entry = doc.languages.find((l) => l.code.toLowerCase() === code.toLowerCase());
    if (!entry) throw new CliError(`Unknown language ${code}; known: ${doc.languages.map((l) => l.code).join(', ')}`);
    if (action === 'enable') entry.enabled = true;
    if (action === 'disable') {
      if (doc.default === entry.code) throw new CliError(`${entry.code} is the default language; choose another default first.`);
      entry.enabled = false;
    }
    if (action === 'default') {
      if (!entry.enabled) throw new CliError(`${entry.code} is disabled; enable it first.`);
      doc.default = entry.code;
    }
    return doc;
  });
  ctx.log(action === 'default' ? `Default language is now ${code}.` : `Language ${code} is ${action === 'enable' ? 'enabled' : 'disabled'}.`);
}

export const opsFeedbackCommands = [
  defineCommand({
    name: 'feedback list',
    usage: '[limit]',
    help: '',
    async run(ctx, { positional }) {
      const limit = intArg(positional[0], { min: 1, max: 500, fallback: 50, message: 'limit is a number from 1 to 500' });
      ctx.log(formatTable(await ctx.call(listFeedback, { query: { limit } }), ['id', 'createdAt', 'type', 'ip', 'content']));
    },
  }),
];
