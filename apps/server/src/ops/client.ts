import type { TLedgerReversal, TLedgerVerification } from '@lotus/contracts/wallet';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { ERROR_CATALOGUE, isErrorCode } from '@lotus/contracts/errors';
import type { TOpsCollection, TOpsStatus, TSiteConfigAll } from '@lotus/contracts/ops';
import type { ZOpsMemberCreate, TOpsMemberRow, TOpsSmsBudget } from '@lotus/contracts/ops-accounts';
import type {
  TOpsAuditRow,
  TOpsAuditVerify,
  TOpsOperatorRow,
  TOpsRole,
  TOpsTokenCreated,
  ZOpsTokenRow,
} from '@lotus/contracts/ops-operators';
import type { TOpsFailedJob } from '@lotus/contracts/ops-jobs';
import type { TOpsDepositRow, TOpsPaymentChannel, TOpsPaymentChannelInput } from '@lotus/contracts/cashier';
import type { TOpsRewrapResult, TOpsServerKey } from '@lotus/contracts/ops-keys';
import type { TSiteConfigKey } from '@lotus/contracts/site-config';
import type { TOpsApprovalRow } from '@lotus/contracts/ops-console';
import type { TOpsWithdrawalResolve, TOpsWithdrawalRow, TWithdrawalStatus } from '@lotus/contracts/withdrawal';
import type { TOpsVendorInput, TOpsVendorRow, TOpsVendorWithSecret, TVendorStatus } from '@lotus/contracts/vendor';
import type { TOpsGameOverride, TOpsGameRow } from '@lotus/contracts/catalogue';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { acquireDataLock } from '../db/data-lock';
import { seedsDemoData, type Env } from '../env';
import { readOpsFile } from '../modules/ops/ops.credentials';

/**
 * How long the command line waits for the running server, for the probe as for a call: a server
 * that is up but busy (a deploy, a load peak) is still the one to talk to (a 3 s probe refused a
 * busy server once, and direct mode cannot open a PGlite folder the server holds).
 */
const SERVER_ANSWER_MS = 10_000;

/** What the command line needs from the platform, whether through the API or the database. */
export interface OpsClient {
  mode: 'api' | 'direct';
  /** Where the commands go: the server URL, or the database. */
  target: string;
  status(): Promise<TOpsStatus>;
  getConfig(): Promise<TSiteConfigAll>;
  getConfigDocument(key: TSiteConfigKey): Promise<unknown>;
  /**
   * Replaces a document. Maintenance starts and region rules from a named operator (API token)
   * answer a pending four-eyes request instead (`{ approvalId, status: 'pending' }`, docs/adr/0055);
   * `reason` is required for those.
   */
  setConfigDocument(key: TSiteConfigKey, value: unknown, reason?: string): Promise<unknown>;
  listApprovals(options: { status?: string | undefined; limit: number }): Promise<{ rows: TOpsApprovalRow[]; total: number }>;
  decideApproval(id: number, decision: 'approve' | 'reject', note?: string): Promise<TOpsApprovalRow>;
  list(collection: TOpsCollection): Promise<Record<string, unknown>[]>;
  add(collection: TOpsCollection, input: unknown): Promise<Record<string, unknown>>;
  remove(collection: TOpsCollection, id: number): Promise<void>;
  listFeedback(limit: number): Promise<Record<string, unknown>[]>;
  // accounts and access
  listMembers(limit: number): Promise<TOpsMemberRow[]>;
  createMember(input: z.input<typeof ZOpsMemberCreate>): Promise<TOpsMemberRow>;
  unlockMember(username: string): Promise<{ username: string; unlocked: boolean }>;
  setMemberStatus(username: string, status: 'active' | 'disabled'): Promise<{ id: number; username: string; status: string }>;
  listSms(options: { to?: string | undefined; limit: number }): Promise<Record<string, unknown>[]>;
  listMail(options: { to?: string | undefined; limit: number }): Promise<Record<string, unknown>[]>;
  smsBudget(): Promise<TOpsSmsBudget>;
  // operators and the audit log (docs/adr/0019)
  listOperators(): Promise<TOpsOperatorRow[]>;
  createOperator(input: { username: string; role: TOpsRole; displayName?: string | undefined }): Promise<TOpsOperatorRow>;
  setOperatorStatus(username: string, status: 'active' | 'disabled'): Promise<TOpsOperatorRow>;
  /** Console credentials reset: a one-time password (printed once); TOTP is enrolled at the next sign-in. */
  resetConsoleCredentials(username: string): Promise<{ username: string; temporaryPassword: string }>;
  listTokens(): Promise<z.infer<typeof ZOpsTokenRow>[]>;
  createToken(username: string, days: number): Promise<TOpsTokenCreated>;
  revokeToken(id: number): Promise<{ id: number; revoked: boolean }>;
  /** Replaces the token this client uses (API mode only). */
  rotateToken(days?: number): Promise<TOpsTokenCreated>;
  listAudit(limit: number): Promise<TOpsAuditRow[]>;
  verifyAudit(): Promise<TOpsAuditVerify>;
  // withdrawals (docs/cashier.md)
  listWithdrawals(filter: { status?: TWithdrawalStatus | undefined; memberId?: number | undefined; limit: number }): Promise<TOpsWithdrawalRow[]>;
  withdrawalCases(limit: number): Promise<TOpsWithdrawalRow[]>;
  payWithdrawal(id: number): Promise<TOpsWithdrawalRow>;
  rejectWithdrawal(id: number, reason: string): Promise<TOpsWithdrawalRow>;
  resolveWithdrawal(id: number, input: TOpsWithdrawalResolve): Promise<TOpsWithdrawalRow>;
  // job engine
  listFailedJobs(limit: number): Promise<TOpsFailedJob[]>;
  // the ledger (issue 8)
  verifyLedger(): Promise<TLedgerVerification>;
  reverseLedgerTransaction(id: number, reason: string): Promise<TLedgerReversal>;
  // cashier (docs/adr/0027)
  listPaymentChannels(): Promise<TOpsPaymentChannel[]>;
  createPaymentChannel(input: TOpsPaymentChannelInput): Promise<TOpsPaymentChannel>;
  updatePaymentChannel(code: string, change: Partial<TOpsPaymentChannelInput>): Promise<TOpsPaymentChannel>;
  listDeposits(filter: { status?: string | undefined; memberId?: number | undefined; channel?: string | undefined; limit: number }): Promise<TOpsDepositRow[]>;
  approveDeposit(id: string, note?: string): Promise<TOpsDepositRow>;
  rejectDeposit(id: string, reason: string): Promise<TOpsDepositRow>;
  // server keys (security #20)
  listKeys(): Promise<TOpsServerKey[]>;
  rotateKey(): Promise<TOpsServerKey>;
  retireKey(kid: string): Promise<TOpsServerKey>;
  rewrapKeys(): Promise<TOpsRewrapResult>;
  // game vendor registry (docs/vendor-protocol.md)
  listVendors(): Promise<TOpsVendorRow[]>;
  addVendor(input: TOpsVendorInput): Promise<TOpsVendorWithSecret>;
  setVendorStatus(code: string, status: TVendorStatus): Promise<TOpsVendorRow>;
  rotateVendorSecret(code: string): Promise<TOpsVendorWithSecret>;
  // game catalogue (docs/adr/0037-game-catalogue.md)
  listGames(q: { vendor?: string | undefined; status?: string | undefined; limit: number }): Promise<TOpsGameRow[]>;
  setGame(nodeId: number, change: TOpsGameOverride): Promise<TOpsGameRow>;
  close(): Promise<void>;
}

/** An error meant for the operator: printed as is, exit code 1. */
export class CliError extends Error {}

function describeError(code: string, fields?: Record<string, string>): string {
  const text = isErrorCode(code) ? `${ERROR_CATALOGUE[code]} (${code})` : code;
  const details = fields
    ? Object.entries(fields)
        .map(([f, k]) => `\n  - ${f}: ${k}`)
        .join('')
    : '';
  return `${text}${details}`;
}

type Envelope = { success: boolean; message: string; value: unknown; fields?: Record<string, string> };

/** One HTTP call to the operator API: over the network (API mode) or in process (direct mode). */
type Transport = (request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}) => Promise<{ status: number; text: string }>;

/**
 * The operator API client: every command is one `call(method, url, body)` to the /ops routes, the
 * same in both modes, so an operator action is written once (in its route and service).
 */
function createClient(
  mode: OpsClient['mode'],
  target: string,
  token: string,
  transport: Transport,
  close: () => Promise<void>,
): OpsClient {
  async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await transport({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(mode === 'direct' ? { 'user-agent': 'npm run ops (direct mode)' } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let envelope: Envelope;
    try {
      envelope = JSON.parse(res.text) as Envelope;
    } catch {
      throw new CliError(`The server answered ${res.status} without a JSON envelope.`);
    }
    if (res.status === 401 && mode === 'api') {
      throw new CliError(
        'The operator API token in ops.json was not accepted (unknown, expired or revoked, or the operator is disabled). ' +
          'The embedded demo renews it at the next start; otherwise create one in direct mode: ' +
          'npm run ops -- --direct operator token create <username> --save',
      );
    }
    if (!envelope.success) throw new CliError(describeError(envelope.message, envelope.fields));
    return envelope.value as T;
  }
  return {
    mode,
    target,
    status: () => call('GET', '/ops/status'),
    getConfig: () => call('GET', '/ops/config'),
    getConfigDocument: (key) => call('GET', `/ops/config/${key}`),
    setConfigDocument: (key, value, reason) =>
      call('PUT', `/ops/config/${key}${reason ? `?${new URLSearchParams({ reason })}` : ''}`, value),
    listApprovals: ({ status, limit }) =>
      call('GET', `/ops/approvals?${new URLSearchParams({ pageSize: String(limit), ...(status ? { status } : {}) })}`),
    decideApproval: (id, decision, note) => call('POST', `/ops/approvals/${id}/${decision}`, note ? { note } : {}),
    list: (collection) => call('GET', `/ops/${collection}`),
    add: (collection, input) => call('POST', `/ops/${collection}`, input),
    remove: async (collection, id) => void (await call('DELETE', `/ops/${collection}/${id}`)),
    listFeedback: (limit) => call('GET', `/ops/feedback?limit=${limit}`),
    listMembers: (limit) => call('GET', `/ops/members?limit=${limit}`),
    createMember: (input) => call('POST', '/ops/members', input),
    unlockMember: (username) => call('POST', `/ops/members/${encodeURIComponent(username)}/unlock`),
    setMemberStatus: (username, status) => call('PUT', `/ops/members/${encodeURIComponent(username)}/status`, { status }),
    listSms: ({ to, limit }) => call('GET', `/ops/sms?${new URLSearchParams({ limit: String(limit), ...(to ? { to } : {}) })}`),
    smsBudget: () => call('GET', '/ops/sms/budget'),
    listMail: ({ to, limit }) => call('GET', `/ops/mail?${new URLSearchParams({ limit: String(limit), ...(to ? { to } : {}) })}`),
    listOperators: () => call('GET', '/ops/operators'),
    createOperator: (input) => call('POST', '/ops/operators', input),
    setOperatorStatus: (username, status) => call('PUT', `/ops/operators/${encodeURIComponent(username)}/status`, { status }),
    resetConsoleCredentials: (username) => call('POST', `/ops/operators/${encodeURIComponent(username)}/credentials`),
    listTokens: () => call('GET', '/ops/tokens'),
    createToken: (username, days) => call('POST', `/ops/operators/${encodeURIComponent(username)}/tokens`, { days }),
    revokeToken: (id) => call('DELETE', `/ops/tokens/${id}`),
    rotateToken: async (days) => {
      if (mode === 'direct') {
        throw new CliError('operator rotate replaces the token of the API caller: run it against the running server (not in direct mode).');
      }
      return call('POST', '/ops/tokens/rotate', days === undefined ? {} : { days });
    },
    listAudit: (limit) => call('GET', `/ops/audit?limit=${limit}`),
    verifyAudit: () => call('GET', '/ops/audit/verify'),
    listWithdrawals: ({ status, memberId, limit }) =>
      call(
        'GET',
        `/ops/withdrawals?${new URLSearchParams({ limit: String(limit), ...(status ? { status } : {}), ...(memberId ? { memberId: String(memberId) } : {}) })}`,
      ),
    withdrawalCases: (limit) => call('GET', `/ops/withdrawals/cases?limit=${limit}`),
    payWithdrawal: (id) => call('POST', `/ops/withdrawals/${id}/pay`),
    rejectWithdrawal: (id, reason) => call('POST', `/ops/withdrawals/${id}/reject`, { reason }),
    resolveWithdrawal: (id, input) => call('POST', `/ops/withdrawals/${id}/resolve`, input),
    listFailedJobs: (limit) => call('GET', `/ops/jobs/failed?limit=${limit}`),
    verifyLedger: () => call('GET', '/ops/ledger/verify'),
    reverseLedgerTransaction: (id, reason) => call('POST', `/ops/ledger/transactions/${id}/reverse`, { reason }),
    listPaymentChannels: () => call('GET', '/ops/payment-channels'),
    createPaymentChannel: (input) => call('POST', '/ops/payment-channels', input),
    updatePaymentChannel: (code, change) => call('PUT', `/ops/payment-channels/${encodeURIComponent(code)}`, change),
    listDeposits: ({ status, memberId, channel, limit }) =>
      call(
        'GET',
        `/ops/deposits?${new URLSearchParams({
          limit: String(limit),
          ...(status ? { status } : {}),
          ...(memberId ? { memberId: String(memberId) } : {}),
          ...(channel ? { channel } : {}),
        })}`,
      ),
    approveDeposit: (id, note) => call('POST', `/ops/deposits/${encodeURIComponent(id)}/approve`, note ? { note } : {}),
    rejectDeposit: (id, reason) => call('POST', `/ops/deposits/${encodeURIComponent(id)}/reject`, { reason }),
    listKeys: () => call('GET', '/ops/keys'),
    rotateKey: () => call('POST', '/ops/keys/rotate'),
    retireKey: (kid) => call('POST', `/ops/keys/${encodeURIComponent(kid)}/retire`),
    rewrapKeys: () => call('POST', '/ops/keys/rewrap'),
    listVendors: () => call('GET', '/ops/vendors/registry'),
    addVendor: (input) => call('POST', '/ops/vendors/registry', input),
    setVendorStatus: (code, status) => call('PUT', `/ops/vendors/registry/${encodeURIComponent(code)}/status`, { status }),
    rotateVendorSecret: (code) => call('POST', `/ops/vendors/registry/${encodeURIComponent(code)}/rotate-secret`),
    listGames: ({ vendor, status, limit }) =>
      call('GET', `/ops/catalogue/games?${new URLSearchParams({ limit: String(limit), ...(vendor ? { vendor } : {}), ...(status ? { status } : {}) })}`),
    setGame: (nodeId, change) => call('PUT', `/ops/catalogue/games/${encodeURIComponent(String(nodeId))}`, change),
    close,
  };
}

/** API mode: the running server's /ops API with the credential from ops.json. */
export function createApiClient(url: string, token: string): OpsClient {
  const base = url.replace(/\/+$/, '');
  return createClient(
    'api',
    base,
    token,
    async ({ method, url: pathname, headers, body }) => {
      const res = await fetch(`${base}${pathname}`, { method, headers, body, signal: AbortSignal.timeout(SERVER_ANSWER_MS) });
      return { status: res.status, text: await res.text() };
    },
    async () => {},
  );
}

/** The direct-mode caller's name in the audit log: `direct:<system user>`. */
function directUsername(): string {
  let systemUser = 'unknown';
  try {
    systemUser = os.userInfo().username;
  } catch {
    // no user name (containers): keep "unknown"
  }
  return `direct:${systemUser}`.slice(0, 80);
}

/**
 * Direct mode (no server running): opens the database itself, builds the same app without
 * listening, and sends the same /ops calls to it in process (`app.inject`). The calls are
 * authenticated as the in-process operator (plugins/auth-ops): a random token that exists only in
 * this process, with full access (it holds the database anyway) and audit rows that name the
 * system user, as before.
 */
export async function createDirectClient(env: Env): Promise<OpsClient> {
  // Loaded only here: the app and the database driver are most of the command line's start-up
  // (about 1.5 s of CPU), which a command sent to a running server does not need.
  const [{ buildApp }, { openDatabase }, { migrateAndSeed }] = await Promise.all([
    import('../app'),
    import('../db/client'),
    import('../db/migrate'),
  ]);
  let release = () => {};
  if (!env.DATABASE_URL) release = acquireDataLock(env.DATA_DIR, 'npm run ops (direct mode)');
  let database: Database;
  let app: FastifyInstance;
  try {
    database = env.DATABASE_URL
      ? await openDatabase({ url: env.DATABASE_URL, poolSize: 2 })
      : await openDatabase({ dataDir: path.join(env.DATA_DIR, 'pglite') });
  } catch (error) {
    release();
    throw error;
  }
  const token = randomBytes(32).toString('base64url');
  try {
    await migrateAndSeed(database, { seedDemo: seedsDemoData(env) });
    app = await buildApp({
      db: database,
      // Warnings and errors go to stderr; stdout is the command's output.
      env: { ...env, LOG_LEVEL: env.LOG_LEVEL === 'silent' ? 'silent' : 'warn' },
      logStream: process.stderr,
      // The job engine without workers: its tables (dead letters) and sends; the server runs the jobs.
      jobs: { workers: false },
      opsInProcess: {
        token,
        operator: {
          id: null,
          tokenId: null,
          username: directUsername(),
          role: 'admin',
          inProcess: true,
          ip: 'local',
          userAgent: 'npm run ops (direct mode)',
        },
      },
    });
  } catch (error) {
    await database.close();
    release();
    throw error;
  }
  const opsApp = app.opsApp;
  return createClient(
    'direct',
    database.label,
    token,
    async ({ method, url, headers, body }) => {
      const res = await opsApp.inject({
        method: method as InjectOptions['method'],
        url,
        headers,
        ...(body === undefined ? {} : { payload: body }),
      });
      return { status: res.statusCode, text: res.body };
    },
    async () => {
      await app.close();
      await database.close();
      release();
    },
  );
}

const isConnectionRefused = (error: unknown): boolean => {
  let current: unknown = error;
  for (let i = 0; i < 4 && current && typeof current === 'object'; i++) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ECONNREFUSED') return true;
    const nested = (current as { errors?: unknown[] }).errors;
    if (Array.isArray(nested) && nested.some(isConnectionRefused)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * API mode when DATA_DIR/ops.json names a server that answers; direct mode when there is no
 * ops.json or its server refuses the connection (not running), or when asked (`--direct`: with
 * PostgreSQL the server may run meanwhile; it is how a new token is made when ops.json's expired).
 */
export async function connect(env: Env, options: { direct?: boolean } = {}): Promise<OpsClient> {
  if (options.direct) return createDirectClient(env);
  const saved = readOpsFile(env.DATA_DIR);
  if (!saved) return createDirectClient(env);
  // LOTUS_OPS_TOKEN: another operator's token for the same server (a second operator approving a
  // four-eyes request from the same machine, docs/adr/0055); ops.json's token otherwise.
  const other = process.env.LOTUS_OPS_TOKEN?.trim();
  const file = other ? { ...saved, token: other } : saved;
  const api = createApiClient(file.url, file.token);
  try {
    await fetch(`${file.url.replace(/\/+$/, '')}/ops/status`, {
      headers: { authorization: `Bearer ${file.token}` },
      signal: AbortSignal.timeout(SERVER_ANSWER_MS),
    });
    return api;
  } catch (error) {
    if (isConnectionRefused(error)) return createDirectClient(env);
    throw new CliError(
      `The server at ${file.url} (from ${path.join(env.DATA_DIR, 'ops.json')}) does not answer: ${(error as Error).message}`,
    );
  }
}
