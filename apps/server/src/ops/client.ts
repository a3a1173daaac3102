import path from 'node:path';
import { isAppError } from '@lotus/contracts/app-error';
import { ERROR_CATALOGUE, isErrorCode } from '@lotus/contracts/errors';
import type { TOpsCollection, TOpsStatus, TSiteConfigAll } from '@lotus/contracts/ops';
import { ZOpsMemberCreate, type TOpsMemberRow, type TOpsSmsBudget } from '@lotus/contracts/ops-accounts';
import type {
  TOpsAuditRow,
  TOpsAuditVerify,
  TOpsOperatorRow,
  TOpsRole,
  TOpsTokenCreated,
  ZOpsTokenRow,
} from '@lotus/contracts/ops-operators';
import os from 'node:os';
import type { TOpsFailedJob } from '@lotus/contracts/ops-jobs';
import type { TOpsRewrapResult, TOpsServerKey } from '@lotus/contracts/ops-keys';
import type { TSiteConfigKey } from '@lotus/contracts/site-config';
import type { z } from 'zod';
import { openDatabase, type Database } from '../db/client';
import { acquireDataLock } from '../db/data-lock';
import { migrateAndSeed } from '../db/migrate';
import { seedsDemoData, type Env } from '../env';
import { createRedisConfigBus, type ConfigBus } from '../lib/config-bus';
import { logSerializers } from '../lib/log-serializers';
import { identityOptionsFromEnv } from '../modules/identity/identity.options';
import { resolveMasterKeys } from '../platform/keys/master-key';
import { readOpsFile } from '../modules/ops/ops.credentials';
import type { OpsActor, OpsAuditNote } from '../platform/audit/ops.audit';
import { ZOpsOperatorCreate } from '@lotus/contracts/ops-operators';
import { createServices } from '../services';

/** What the command line needs from the platform, whether through the API or the database. */
export interface OpsClient {
  mode: 'api' | 'direct';
  /** Where the commands go: the server URL, or the database. */
  target: string;
  status(): Promise<TOpsStatus>;
  getConfig(): Promise<TSiteConfigAll>;
  getConfigDocument(key: TSiteConfigKey): Promise<unknown>;
  setConfigDocument(key: TSiteConfigKey, value: unknown): Promise<unknown>;
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
  listTokens(): Promise<z.infer<typeof ZOpsTokenRow>[]>;
  createToken(username: string, days: number): Promise<TOpsTokenCreated>;
  revokeToken(id: number): Promise<{ id: number; revoked: boolean }>;
  /** Replaces the token this client uses (API mode only). */
  rotateToken(days?: number): Promise<TOpsTokenCreated>;
  listAudit(limit: number): Promise<TOpsAuditRow[]>;
  verifyAudit(): Promise<TOpsAuditVerify>;
  // job engine
  listFailedJobs(limit: number): Promise<TOpsFailedJob[]>;
  // server keys (security #20)
  listKeys(): Promise<TOpsServerKey[]>;
  rotateKey(): Promise<TOpsServerKey>;
  retireKey(kid: string): Promise<TOpsServerKey>;
  rewrapKeys(): Promise<TOpsRewrapResult>;
  close(): Promise<void>;
}

/** A log object as JSON, its `err` through the app's serializer (no SQL parameters, security #6). */
const safeJson = (obj: unknown) =>
  JSON.stringify(
    obj && typeof obj === 'object' && 'err' in obj ? { ...obj, err: logSerializers.err((obj as { err: unknown }).err) } : obj,
  );

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

/** API mode: the running server's /ops API with the credential from ops.json. */
export function createApiClient(url: string, token: string): OpsClient {
  const base = url.replace(/\/+$/, '');
  async function call<T>(method: string, pathname: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}${pathname}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    let envelope: Envelope;
    try {
      envelope = (await res.json()) as Envelope;
    } catch {
      throw new CliError(`The server answered ${res.status} without a JSON envelope.`);
    }
    if (res.status === 401) {
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
    mode: 'api',
    target: base,
    status: () => call('GET', '/ops/status'),
    getConfig: () => call('GET', '/ops/config'),
    getConfigDocument: (key) => call('GET', `/ops/config/${key}`),
    setConfigDocument: (key, value) => call('PUT', `/ops/config/${key}`, value),
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
    listTokens: () => call('GET', '/ops/tokens'),
    createToken: (username, days) => call('POST', `/ops/operators/${encodeURIComponent(username)}/tokens`, { days }),
    revokeToken: (id) => call('DELETE', `/ops/tokens/${id}`),
    rotateToken: (days) => call('POST', '/ops/tokens/rotate', days === undefined ? {} : { days }),
    listAudit: (limit) => call('GET', `/ops/audit?limit=${limit}`),
    verifyAudit: () => call('GET', '/ops/audit/verify'),
    listFailedJobs: (limit) => call('GET', `/ops/jobs/failed?limit=${limit}`),
    listKeys: () => call('GET', '/ops/keys'),
    rotateKey: () => call('POST', '/ops/keys/rotate'),
    retireKey: (kid) => call('POST', `/ops/keys/${encodeURIComponent(kid)}/retire`),
    rewrapKeys: () => call('POST', '/ops/keys/rewrap'),
    close: async () => {},
  };
}

/** Direct mode: opens the database itself and runs the same service functions as the server. */
export async function createDirectClient(env: Env): Promise<OpsClient> {
  let release = () => {};
  if (!env.DATABASE_URL) release = acquireDataLock(env.DATA_DIR, 'npm run ops (direct mode)');
  let database: Database;
  try {
    database = env.DATABASE_URL
      ? await openDatabase({ url: env.DATABASE_URL, poolSize: 2 })
      : await openDatabase({ dataDir: path.join(env.DATA_DIR, 'pglite') });
    await migrateAndSeed(database, { seedDemo: seedsDemoData(env) });
  } catch (error) {
    release();
    throw error;
  }
  const log = {
    warn: (obj: unknown, msg?: string) => process.stderr.write(`warning: ${msg ?? ''} ${safeJson(obj)}\n`),
    error: (obj: unknown, msg?: string) => process.stderr.write(`error: ${msg ?? ''} ${safeJson(obj)}\n`),
  };
  // With Redis, running instances (PostgreSQL mode) drop their cached configuration at once.
  const bus: ConfigBus | undefined = env.REDIS_URL
    ? createRedisConfigBus(env.REDIS_URL, log as never)
    : undefined;
  const services = createServices(database, {
    log: log as never,
    bus,
    identity: identityOptionsFromEnv(env),
    masterKeys: resolveMasterKeys(env),
  });
  // The job engine without workers: its tables (dead letters) and sends; the server runs the jobs.
  await services.platform.jobs.start({ workers: false });

  // Direct mode has full access (it holds the database); its audit rows name the system user.
  let systemUser = 'unknown';
  try {
    systemUser = os.userInfo().username;
  } catch {
    // no user name (containers): keep "unknown"
  }
  const actor: OpsActor = {
    operatorId: null,
    username: `direct:${systemUser}`.slice(0, 80),
    ip: 'local',
    userAgent: 'npm run ops (direct mode)',
    requestId: `direct-${process.pid}-${Date.now()}`,
  };
  const audited = <T>(action: string, fn: (note: OpsAuditNote) => Promise<T>) =>
    wrap(() => services.ops.audit.audited(actor, action, fn));

  const wrap = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (isAppError(error)) throw new CliError(describeError(error.code, error.fields));
      throw error;
    }
  };
  return {
    mode: 'direct',
    target: database.label,
    status: () => wrap(() => services.ops.getStatus('direct')),
    getConfig: () => wrap(() => services.ops.getConfig()),
    getConfigDocument: (key) => wrap(() => services.ops.getConfigDocument(key)),
    setConfigDocument: (key, value) => audited('config.set', (note) => services.ops.setConfigDocument(key, value, note)),
    list: (collection) =>
      wrap(() => services.content.listCollection(collection)) as Promise<Record<string, unknown>[]>,
    add: (collection, input) =>
      audited(`${collection}.add`, (note) => services.ops.addToCollection(collection, input, note)) as Promise<Record<string, unknown>>,
    remove: (collection, id) => audited(`${collection}.remove`, (note) => services.ops.removeFromCollection(collection, id, note)),
    listFeedback: (limit) => wrap(() => services.ops.listFeedback(limit)),
    listMembers: (limit) => wrap(() => services.identity.ops.listMembers(limit)),
    createMember: (input) => audited('member.create', (note) => services.identity.ops.createMember(ZOpsMemberCreate.parse(input), note)),
    unlockMember: (username) => audited('member.unlock', (note) => services.identity.ops.unlock(username, note)),
    setMemberStatus: (username, status) => audited('member.status', (note) => services.identity.ops.setStatus(username, status, note)),
    listSms: (options) => audited('secret.sms_outbox.read', (note) => services.identity.ops.listSms(options, note)),
    smsBudget: () => wrap(() => services.identity.ops.smsBudget()),
    listMail: (options) => audited('secret.mail_outbox.read', (note) => services.identity.ops.listMail(options, note)),
    listOperators: () => wrap(() => services.ops.operators.listOperators()),
    createOperator: (input) =>
      audited('operator.create', (note) => services.ops.operators.addOperator(ZOpsOperatorCreate.parse(input), note)),
    setOperatorStatus: (username, status) =>
      audited('operator.status', (note) => services.ops.operators.setStatus(username, status, note)),
    listTokens: () => wrap(() => services.ops.operators.listTokens()),
    createToken: (username, days) =>
      audited('operator.token.create', (note) => services.ops.operators.issueToken(username, { days, name: 'cli' }, note)),
    revokeToken: (id) => audited('operator.token.revoke', (note) => services.ops.operators.revokeToken(id, note)),
    rotateToken: () => {
      throw new CliError('operator rotate replaces the token of the API caller: run it against the running server (not in direct mode).');
    },
    listAudit: (limit) => wrap(() => services.ops.audit.list(limit)),
    verifyAudit: () => wrap(() => services.ops.audit.verify()),
    listFailedJobs: (limit) => wrap(() => services.platform.jobs.failed(limit)),
    listKeys: () => wrap(() => services.identity.keys.list()),
    rotateKey: () =>
      audited('keys.rotate', async (note) => {
        const key = await services.identity.keys.rotate();
        await note({ target: `server_key:${key.kid}`, after: key });
        return key;
      }),
    retireKey: (kid) =>
      audited('keys.retire', async (note) => {
        const key = await services.identity.keys.retire(kid);
        await note({ target: `server_key:${key.kid}`, before: key });
        return key;
      }),
    rewrapKeys: () =>
      audited('keys.rewrap', async (note) => {
        const result = await services.identity.keys.rewrapAll();
        await note({ target: 'server_keys', after: result });
        return result;
      }),
    close: async () => {
      await services.platform.jobs.stop();
      services.identity.close();
      await bus?.close();
      await database.close();
      release();
    },
  };
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
  const file = readOpsFile(env.DATA_DIR);
  if (!file) return createDirectClient(env);
  const api = createApiClient(file.url, file.token);
  try {
    await fetch(`${file.url.replace(/\/+$/, '')}/ops/status`, {
      headers: { authorization: `Bearer ${file.token}` },
      signal: AbortSignal.timeout(3000),
    });
    return api;
  } catch (error) {
    if (isConnectionRefused(error)) return createDirectClient(env);
    throw new CliError(
      `The server at ${file.url} (from ${path.join(env.DATA_DIR, 'ops.json')}) does not answer: ${(error as Error).message}`,
    );
  }
}
