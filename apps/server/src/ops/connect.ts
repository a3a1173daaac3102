import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { ApiError, bindTransport, endpointUrl, type Transport } from '@lotus/contracts/call';
import { ERROR_CATALOGUE, isErrorCode } from '@lotus/contracts/errors';
import { getOpsStatus } from '@lotus/contracts/ops';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Database } from '../db/client';
import { acquireDataLock } from '../db/data-lock';
import { seedsDemoData, type Env } from '../env';
import { readOpsFile } from '../modules/ops/ops.credentials';
import { CliError, type CliContext } from '../platform/cli/kit';

/**
 * How the command line reaches the platform: the running server's /ops API over HTTP with the credential in
 * ops.json (API mode), or the same routes in process through `app.inject` on the database it opens itself
 * (direct mode). Either way a command is calls of the operator endpoints (contracts/call.ts), written once.
 */

/**
 * How long the command line waits for the running server, for the probe as for a call: a server
 * that is up but busy (a deploy, a load peak) is still the one to talk to (a 3 s probe refused a
 * busy server once, and direct mode cannot open a PGlite folder the server holds).
 */
const SERVER_ANSWER_MS = 10_000;

/** An answer's body as JSON, or null when it is not JSON (the caller says what that means). */
function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export type Connection = Pick<CliContext, 'call' | 'mode' | 'target'> & { close(): Promise<void> };

function describeError(error: ApiError): string {
  const text = isErrorCode(error.code) ? `${ERROR_CATALOGUE[error.code]} (${error.code})` : error.code;
  const fields = error.details.fields;
  const details = fields
    ? Object.entries(fields)
        .map(([f, k]) => `\n  - ${f}: ${k}`)
        .join('')
    : '';
  return `${text}${details}`;
}

/** The call of a connection: an error answer becomes a CliError the operator reads. */
function callOf(mode: Connection['mode'], transport: Transport): Connection['call'] {
  const call = bindTransport(async (request) => {
    const answer = await transport(request);
    if (answer.json === null) throw new CliError(`The server answered ${answer.status} without a JSON envelope.`);
    if (answer.status === 401 && mode === 'api') {
      throw new CliError(
        'The operator API token in ops.json was not accepted (unknown, expired or revoked, or the operator is disabled). ' +
          'The embedded demo renews it at the next start; otherwise create one in direct mode: ' +
          'npm run ops -- --direct operator token create <username> --save',
      );
    }
    return answer;
  });
  return (async (...args: Parameters<typeof call>) => {
    try {
      return await call(...args);
    } catch (error) {
      if (error instanceof ApiError) throw new CliError(describeError(error));
      throw error;
    }
  }) as Connection['call'];
}

const headersOf = (token: string, mode: Connection['mode'], contentType: string | undefined): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  ...(mode === 'direct' ? { 'user-agent': 'npm run ops (direct mode)' } : {}),
  ...(contentType ? { 'content-type': contentType } : {}),
});

/** API mode: the running server's /ops API with an operator token. */
export function connectApi(url: string, token: string): Connection {
  const base = url.replace(/\/+$/, '');
  const transport: Transport = async (request) => {
    const res = await fetch(`${base}${request.url}`, {
      method: request.method,
      headers: headersOf(token, 'api', request.contentType),
      body: request.body,
      signal: AbortSignal.timeout(SERVER_ANSWER_MS),
    });
    return { status: res.status, json: jsonOrNull(await res.text()) };
  };
  return { mode: 'api', target: base, call: callOf('api', transport), close: async () => {} };
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
 * system user.
 */
export async function connectDirect(env: Env): Promise<Connection> {
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
  return inProcessConnection(app.opsApp, {
    token: () => token,
    target: database.label,
    async close() {
      await app.close();
      await database.close();
      release();
    },
  });
}

/**
 * The operator calls sent to an app in process (`app.inject`) with a token it accepts: direct mode's connection
 * (the in-process operator's token), and the tests' (an operator's API token, read at each call: a test that
 * rotates it goes on with the new one, as ops.json does; `mode: 'api'` stands for a running server).
 */
export function inProcessConnection(
  opsApp: FastifyInstance,
  { token, target, close, mode = 'direct' }: { token: () => string; target: string; close: () => Promise<void>; mode?: Connection['mode'] },
): Connection {
  const transport: Transport = async (request) => {
    const res = await opsApp.inject({
      method: request.method as InjectOptions['method'],
      url: request.url,
      headers: headersOf(token(), mode, request.contentType),
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
    return { status: res.statusCode, json: jsonOrNull(res.body) };
  };
  return { mode, target, call: callOf(mode, transport), close };
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
export async function connect(env: Env, options: { direct?: boolean } = {}): Promise<Connection> {
  if (options.direct) return connectDirect(env);
  const saved = readOpsFile(env.DATA_DIR);
  if (!saved) return connectDirect(env);
  // LOTUS_OPS_TOKEN: another operator's token for the same server (a second operator approving a
  // four-eyes request from the same machine, docs/adr/0055); ops.json's token otherwise.
  const other = process.env.LOTUS_OPS_TOKEN?.trim();
  const file = other ? { ...saved, token: other } : saved;
  try {
    // Any answer will do: it says a server is there (a refused connection says there is none).
    await fetch(`${file.url.replace(/\/+$/, '')}${endpointUrl(getOpsStatus)}`, {
      headers: { authorization: `Bearer ${file.token}` },
      signal: AbortSignal.timeout(SERVER_ANSWER_MS),
    });
    return connectApi(file.url, file.token);
  } catch (error) {
    if (isConnectionRefused(error)) return connectDirect(env);
    throw new CliError(
      `The server at ${file.url} (from ${path.join(env.DATA_DIR, 'ops.json')}) does not answer: ${(error as Error).message}`,
    );
  }
}
