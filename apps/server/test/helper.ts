import crypto, { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TEncryptionKey, TLoginResult } from '@lotus/contracts/auth';
import { encryptPayload, importEncryptionKey, type TCryptoKey } from '@lotus/contracts/enc';
import type { TOpsRole } from '@lotus/contracts/ops-operators';
import { SITE_CONFIG_KEYS, type TSiteConfig } from '@lotus/contracts/site-config';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, vi } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { migrateAndSeed, type BootstrapOptions } from '../src/db/migrate';
import { DEFAULT_SITE_CONFIG } from '../src/db/seed-data/site-config';
import { readEnv, type Env } from '../src/env';
import { humanTrace } from '../src/modules/verification/slider.rules';

let operatorCounter = 0;
/** An operator with an API token on `app`, and a caller of its operator API (opsApp) with that token. */
export async function createTestOperator(app: FastifyInstance, role: TOpsRole = 'admin', username?: string) {
  operatorCounter += 1;
  const name = username ?? `${role.replace('_', '')}${operatorCounter}`;
  // Ten years: accounts tests move their clock by months (password expiry), past a 90-day token.
  const { id, token } = await app.services.ops.createOperator(name, { role, days: 3650 });
  const ops = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.opsApp.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return { id, username: name, token, ops };
}

export const usePostgres = process.env.TEST_DB === 'postgres';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type TestDatabase = { database: Database; url: string | null; drop(): Promise<void> };

/**
 * A fresh, migrated and seeded database: PGlite in memory, or with TEST_DB=postgres a new
 * PostgreSQL database `lotus_t_<random>` created from TEST_DATABASE_URL and dropped at the end.
 * The demo accounts are seeded unless `seedDemo: false`: many tests log in as `demo` (on
 * PostgreSQL too, where the server itself seeds them only with SEED_DEMO=1).
 */
export async function createTestDatabase(
  options: { seed?: boolean; seedDemo?: boolean } = {},
): Promise<TestDatabase> {
  const bootstrap = { seed: options.seed, seedDemo: options.seedDemo ?? true };
  if (!usePostgres) {
    const database = await openMigratedPglite(bootstrap);
    return { database, url: null, drop: () => database.close() };
  }
  const name = `lotus_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  await migrateAndSeed(database, bootstrap);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close().catch(() => undefined); // may already be closed by the test
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * An in-memory PGlite database, migrated and seeded. A new PGlite cluster costs about 2 s of initdb
 * and the migrations 0.5 s, for each of some fifty test databases; so the first test file to need a
 * kind of database (seeded or not, with or without the demo accounts) migrates one and leaves its
 * data folder as a tarball in this run's snapshot folder (test/global-setup.ts), and the others load
 * that tarball (about 0.7 s). Outside a vitest run with that setup, every database is migrated.
 */
async function openMigratedPglite(bootstrap: BootstrapOptions): Promise<Database> {
  const dir = process.env.LOTUS_PGLITE_SNAPSHOTS;
  const file = dir ? path.join(dir, `seed-${bootstrap.seed ?? true}-demo-${bootstrap.seedDemo}.tar`) : null;
  if (file && fs.existsSync(file)) {
    return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([fs.readFileSync(file)]) });
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateAndSeed(database, bootstrap);
  if (file && database.raw.kind === 'pglite') {
    const tarball = Buffer.from(await (await database.raw.client.dumpDataDir('none')).arrayBuffer());
    // Written aside then renamed: a file that loads a snapshot never reads half of one.
    const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, tarball);
    fs.renameSync(partial, file);
  }
  return database;
}

export function tempDir(prefix = 'lotus-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A test environment: silent logs, a temporary data folder, no web build unless given. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  const dir = tempDir();
  return readEnv({
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(dir, 'data'),
    WEB_DIST: path.join(dir, 'no-web-build'),
    ...overrides,
  });
}

export type TestApp = {
  app: FastifyInstance;
  db: TestDatabase;
  /** The app's clock (services take `now()`): move it instead of waiting. */
  clock: Clock;
  /** A valid API token of an admin operator. */
  opsToken: string;
  /**
   * A new operator of `role` (admin, finance, support, read_only) with an API token, and a caller
   * of the operator API with it (role tests).
   */
  operator(role: TOpsRole, username?: string): ReturnType<typeof createTestOperator>;
  /** A new client that behaves like a browser, with its own address. */
  client(options?: { ip?: string; userAgent?: string }): TestClient;
  inject(options: InjectOptions | string): Promise<LightMyRequestResponse>;
  /** Calls the operator API with the admin credential. */
  ops(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /**
   * Calls the operator API with the admin credential; when the answer is a four-eyes request
   * (docs/adr/0044, 0080), a second admin (made by the system, so independent of the first)
   * approves it. Answers the call's value, or the approval row (with `revealed`) of a request.
   */
  opsApproved(method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown): Promise<Record<string, unknown>>;
  setConfig<K extends keyof TSiteConfig>(key: K, change: (doc: TSiteConfig[K]) => TSiteConfig[K]): Promise<void>;
  /** Puts every configuration document back to the seeded defaults. */
  resetConfig(): Promise<void>;
  /** The newest SMS text sent to a number (+E.164), after pending deliveries finished. */
  lastSms(to: string): Promise<string | null>;
  /** The 6-digit code of the newest SMS to a number. */
  smsCode(to: string): Promise<string>;
  /** SMS sent to a number, newest first (after pending deliveries), read through the audited operator view. */
  sms(to: string, options?: { limit?: number }): Promise<{ to: string; text: string }[]>;
  /**
   * Mail sent to an address, newest first, read through the audited operator view (the sandbox
   * outbox is sealed at rest). Waits for pending deliveries first unless `drain: false`.
   */
  mails(to: string, options?: { limit?: number; drain?: boolean }): Promise<{ to: string; subject: string; text: string }[]>;
};

export type TestAppOptions = {
  /** Environment overrides (or a function called when the app is built, e.g. for a port known late). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** The clock the app's services read; default a movable clock starting at the real time. */
  clock?: Clock;
  /** Runs on the built app before it is ready (what server.ts adds, e.g. the house app at /house). */
  beforeReady?: (app: FastifyInstance, clock: Clock, db: TestDatabase) => Promise<void>;
  /** The app's database (default createTestDatabase(): PGlite in memory, or a new PostgreSQL database). */
  database?: () => Promise<TestDatabase>;
};

/**
 * The one server test app builder: the app against a fresh database for one test file
 * (beforeAll/afterAll), with a controllable clock, an admin operator, browser-like clients and the
 * operator views (SMS, mail) tests read. Returns a holder filled in before the first test runs.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const holder = {} as TestApp;
  const clock = options.clock ?? createClock();
  beforeAll(async () => {
    const db = await (options.database ?? createTestDatabase)();
    const env = typeof options.env === 'function' ? options.env() : (options.env ?? {});
    const app = await buildApp({ db: db.database, env: testEnv(env), now: clock.now });
    if (options.beforeReady) await options.beforeReady(app, clock, db);
    await app.ready();
    const admin = await createTestOperator(app, 'admin', 'test_operator');
    const ops: TestApp['ops'] = admin.ops;
    const sms: TestApp['sms'] = async (to, { limit = 100 } = {}) => {
      await app.services.platform.outbox.drain();
      const res = await ops('GET', `/ops/sms?${new URLSearchParams({ to, limit: String(limit) })}`);
      const rows = (res.json() as Envelope<{ to: string; text: string }[]>).value;
      if (!Array.isArray(rows)) throw new Error(`ops sms list failed: ${res.body}`);
      return rows;
    };
    const lastSms = async (to: string) => (await sms(to, { limit: 1 }))[0]?.text ?? null;
    let approver: Awaited<ReturnType<typeof createTestOperator>> | null = null;
    const opsApproved: TestApp['opsApproved'] = async (method, url, payload) => {
      const res = await ops(method, url, payload);
      const answer = (res.json() as Envelope<Record<string, unknown>>).value;
      if (res.statusCode !== 200 || !answer) throw new Error(`${method} ${url} failed: ${res.body}`);
      if (typeof answer.approvalId !== 'number' || answer.status !== 'pending') return answer;
      approver ??= await createTestOperator(app, 'admin', 'test_approver');
      const approved = await approver.ops('POST', `/ops/approvals/${answer.approvalId}/approve`, {});
      if (approved.statusCode !== 200) throw new Error(`approval ${answer.approvalId} failed: ${approved.body}`);
      return (approved.json() as Envelope<Record<string, unknown>>).value;
    };
    Object.assign(holder, {
      app,
      db,
      clock,
      opsToken: admin.token,
      operator: (role: TOpsRole, username?: string) => createTestOperator(app, role, username),
      client: (o: { ip?: string; userAgent?: string } = {}) =>
        new TestClient(holder, o.ip ?? nextIp(), o.userAgent ?? 'Mozilla/5.0 (vitest)'),
      inject: (o: InjectOptions | string) => app.inject(o),
      ops,
      opsApproved,
      async setConfig(key, change) {
        const current = await app.services.config.get(key);
        await app.services.config.set(key, change(structuredClone(current)));
      },
      resetConfig: async () => {
        for (const key of SITE_CONFIG_KEYS) await app.services.config.set(key, DEFAULT_SITE_CONFIG[key]);
      },
      lastSms,
      sms,
      async smsCode(to: string) {
        const text = await vi.waitFor(async () => {
          const last = await lastSms(to);
          if (!last) throw new Error(`no SMS to ${to}`);
          return last;
        });
        const code = /\b(\d{6})\b/.exec(text)?.[1];
        if (!code) throw new Error(`no code in SMS: ${text}`);
        return code;
      },
      async mails(to, { limit = 100, drain = true } = {}) {
        if (drain) await app.services.platform.outbox.drain();
        const res = await ops('GET', `/ops/mail?${new URLSearchParams({ to, limit: String(limit) })}`);
        const rows = (res.json() as Envelope<{ to: string; subject: string; text: string }[]>).value;
        if (!Array.isArray(rows)) throw new Error(`ops mail list failed: ${res.body}`);
        return rows;
      },
    } satisfies TestApp);
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.db?.drop();
  });
  return holder;
}

/**
 * A movable clock the app reads for every time-dependent rule (expiries, windows, lockouts, cache
 * lifetimes, job schedules): real time plus an offset the test moves (`advance`), or, given a
 * `frozen` start, a time that stands still until the test moves it (nothing expires on its own,
 * however slow the machine).
 */
export type Clock = { now: () => number; advance(ms: number): void };
export function createClock(options: { frozen?: number } = {}): Clock {
  let offset = 0;
  const frozen = options.frozen;
  return {
    now: frozen === undefined ? () => Date.now() + offset : () => frozen + offset,
    advance: (ms) => void (offset += ms),
  };
}

export type Envelope<T = unknown> = {
  success: boolean;
  message: string;
  value: T;
  requestId?: string;
  fields?: Record<string, string>;
  details?: { captchaRequired?: boolean; retryAfterSeconds?: number };
};


let ipCounter = 0;
/** A fresh address for each client, so per-address limits of one test do not touch another. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export const body = <T = unknown>(res: LightMyRequestResponse) => res.json() as Envelope<T>;

export class TestClient {
  token: string | null = null;
  #key: { kid: string; key: TCryptoKey } | null = null;

  constructor(
    readonly t: TestApp,
    readonly ip: string,
    readonly userAgent: string,
  ) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { 'user-agent': this.userAgent, ...(this.token ? { authorization: this.token } : {}), ...extra };
  }

  inject(options: InjectOptions & { headers?: Record<string, string> }) {
    return this.t.app.inject({
      ...options,
      remoteAddress: this.ip,
      headers: this.headers(options.headers ?? {}),
    });
  }

  async serverKey() {
    if (!this.#key) {
      const res = await this.inject({ method: 'GET', url: '/wps/system/encryptionKey' });
      this.#key = await importEncryptionKey(body<TEncryptionKey>(res).value);
    }
    return this.#key;
  }

  /** An enc call: the payload encrypted exactly as the web app does (contracts/enc). */
  async enc(method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, headers: Record<string, string> = {}) {
    const encrypted = await encryptPayload(await this.serverKey(), payload);
    return this.inject({ method, url, payload: encrypted, headers });
  }

  /** Solves a slider puzzle through the API: the gap from the operator view, a human drag. */
  async sliderToken(): Promise<string> {
    const challenge = body<{ challengeId: string }>(
      await this.inject({ method: 'GET', url: '/wps/verification/slider' }),
    ).value;
    const gapX = await this.peekGap(challenge.challengeId);
    const res = await this.inject({
      method: 'POST',
      url: '/wps/verification/slider',
      payload: { challengeId: challenge.challengeId, x: gapX + 2, trace: humanTrace(gapX + 2) },
    });
    const answer = body<{ sliderToken: string }>(res);
    if (!answer.success) throw new Error(`slider failed: ${answer.message}`);
    return answer.value.sliderToken;
  }

  async peekGap(challengeId: string): Promise<number> {
    const peek = await this.t.ops('GET', `/ops/challenges/${challengeId}`);
    return body<{ gapX: number }>(peek).value.gapX;
  }

  /** A captcha and its answer (read through the operator view). */
  async captcha(): Promise<{ captchaId: string; captcha: string }> {
    const res = await this.inject({ method: 'GET', url: '/wps/captcha' });
    const captchaId = String(res.headers['captcha-id']);
    const peek = body<{ answer: string }>(await this.t.ops('GET', `/ops/challenges/${captchaId}`));
    return { captchaId, captcha: peek.value.answer };
  }

  /** Password login with a fresh slider token; adds a captcha when asked to. */
  async login(username: string, password: string, extra: Record<string, unknown> = {}) {
    const res = await this.enc('POST', '/wps/session/login', {
      username,
      password,
      sliderToken: await this.sliderToken(),
      ...extra,
    });
    const b = body<TLoginResult>(res);
    if (b.success && b.value.token) this.token = b.value.token;
    return { res, body: b };
  }

  /** Login that must succeed (solving a captcha first when the site asks for one). */
  async loginOk(
    username: string,
    password: string,
    extra: Record<string, unknown> = {},
  ): Promise<TLoginResult> {
    let result = await this.login(username, password, extra);
    if (!result.body.success && result.body.details?.captchaRequired) {
      result = await this.login(username, password, { ...extra, ...(await this.captcha()) });
    }
    if (!result.body.success)
      throw new Error(`login failed: ${result.body.message} ${JSON.stringify(result.body.fields ?? {})}`);
    return result.body.value;
  }

  async register(payload: Record<string, unknown>, tab: 'username' | 'mobile' = 'username') {
    const url = tab === 'username' ? '/wps/member/register' : '/wps/member/register/mobile';
    const res = await this.enc('POST', url, {
      acceptTerms: true,
      sliderToken: await this.sliderToken(),
      ...payload,
    });
    const b = body<TLoginResult>(res);
    if (b.success && b.value.token) this.token = b.value.token;
    return { res, body: b };
  }

  /**
   * POST /wps/verification/sms/<endpoint> as the web app sends it: a slider solved first (issue 6
   * finding 5), unless the payload brings its own `sliderToken` (or explicitly none: `sliderToken: undefined`).
   */
  async sms(endpoint: 'register' | 'noLogin', payload: Record<string, unknown>, headers: Record<string, string> = {}) {
    const withToken = 'sliderToken' in payload ? payload : { ...payload, sliderToken: await this.sliderToken() };
    return this.inject({ method: 'POST', url: `/wps/verification/sms/${endpoint}`, payload: withToken, headers });
  }

  get(url: string) {
    return this.inject({ method: 'GET', url });
  }
}

let memberCounter = 0;
/** A username no other test uses. */
export const uniqueName = (prefix = 'u') => {
  memberCounter += 1;
  return `${prefix}${Date.now().toString(36).slice(-4)}${memberCounter}`.slice(0, 15);
};

/** A unique Thai-style mobile number (national part, without the leading zero). */
let mobileCounter = 0;
const mobileBase = 10_000 + Math.floor(Math.random() * 90_000);
export const uniqueMobile = () => {
  mobileCounter += 1;
  return `8${mobileBase}${String(mobileCounter).padStart(3, '0')}`;
};

/**
 * A local phone-auth provider: an RSA key pair whose public half is configured as the server's
 * PHONE_AUTH_JWKS, and a signer for ID tokens shaped like Firebase's.
 */
export function localPhoneAuth() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'test-key-1';
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const issuer = 'https://securetoken.google.com/lotus-test';
  const audience = 'lotus-test';
  return {
    env: {
      PHONE_AUTH_JWKS: JSON.stringify({ keys: [jwk] }),
      PHONE_AUTH_ISSUER: issuer,
      PHONE_AUTH_AUDIENCE: audience,
    },
    async sign(
      claims: Record<string, unknown>,
      options: {
        lifetimeSeconds?: number;
        issuer?: string;
        audience?: string;
        key?: typeof privateKey;
        now?: number;
      } = {},
    ) {
      const iat = Math.floor((options.now ?? Date.now()) / 1000);
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? audience)
        .setSubject('firebase-uid-1');
      jwt.setIssuedAt(iat).setExpirationTime(iat + (options.lifetimeSeconds ?? 3600));
      return jwt.sign(options.key ?? privateKey);
    },
    otherKey: () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
  };
}

/** Parses a JSON response body. */
export const json = <
  T = {
    success: boolean;
    message: string;
    value: unknown;
    requestId?: string;
    fields?: Record<string, string>;
  },
>(
  res: LightMyRequestResponse,
): T => res.json() as T;
