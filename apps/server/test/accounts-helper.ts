import { generateKeyPairSync } from 'node:crypto';
import type { TEncryptionKey, TLoginResult } from '@lotus/contracts/auth';
import { encryptPayload, importEncryptionKey, type TCryptoKey } from '@lotus/contracts/enc';
import { SITE_CONFIG_KEYS, type TSiteConfig } from '@lotus/contracts/site-config';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, vi } from 'vitest';
import { buildApp } from '../src/app';
import { DEFAULT_SITE_CONFIG } from '../src/db/seed-data/site-config';
import { humanTrace } from '../src/modules/verification/slider.rules';
import type { TOpsRole } from '@lotus/contracts/ops-operators';
import { createTestDatabase, createTestOperator, testEnv, type TestDatabase } from './helper';

/**
 * Accounts tests: the app on a fresh database with a movable clock (services take `now()`), and
 * clients that behave like browsers: their own address and user agent, a session token once logged
 * in, enc bodies encrypted with the server's public key, slider and captcha solved through the API
 * (the answers read through the operator view, as support staff would).
 */
export type Envelope<T = unknown> = {
  success: boolean;
  message: string;
  value: T;
  requestId?: string;
  fields?: Record<string, string>;
  details?: { captchaRequired?: boolean; retryAfterSeconds?: number };
};

export type Clock = { now: () => number; advance(ms: number): void };

export type AccountsApp = {
  app: FastifyInstance;
  db: TestDatabase;
  clock: Clock;
  opsToken: string;
  /** A new operator of a role with an API token and a caller of the operator API (role tests). */
  operator(role: TOpsRole, username?: string): ReturnType<typeof createTestOperator>;
  /** A new client with its own address. */
  client(options?: { ip?: string; userAgent?: string }): TestClient;
  ops(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  setConfig<K extends keyof TSiteConfig>(
    key: K,
    change: (doc: TSiteConfig[K]) => TSiteConfig[K],
  ): Promise<void>;
  resetConfig(): Promise<void>;
  /** The newest SMS text sent to a number (+E.164), after pending deliveries finished. */
  lastSms(to: string): Promise<string | null>;
  /** The 6-digit code of the newest SMS to a number. */
  smsCode(to: string): Promise<string>;
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
    readonly t: AccountsApp,
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
  async enc(method: 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string> = {}) {
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

export function useAccountsApp(
  envOverrides: Record<string, string> | (() => Record<string, string>) = {},
): AccountsApp {
  const holder = {} as AccountsApp;
  let offset = 0;
  const clock: Clock = { now: () => Date.now() + offset, advance: (ms) => void (offset += ms) };
  beforeAll(async () => {
    const db = await createTestDatabase();
    const env = typeof envOverrides === 'function' ? envOverrides() : envOverrides;
    const app = await buildApp({ db: db.database, env: testEnv(env), now: clock.now });
    await app.ready();
    const admin = await createTestOperator(app, 'admin', 'test_operator');
    const ops: AccountsApp['ops'] = admin.ops;
    /** Read through the operator API (outboxes are sealed; each read is an audited operator read). */
    const lastSms = async (to: string) => {
      await app.services.identity.drain();
      const res = await ops('GET', `/ops/sms?${new URLSearchParams({ to, limit: '1' })}`);
      const rows = (res.json() as Envelope<{ text: string }[]>).value;
      if (!Array.isArray(rows)) throw new Error(`ops sms list failed: ${res.body}`);
      return rows[0]?.text ?? null;
    };
    Object.assign(holder, {
      app,
      db,
      clock,
      opsToken: admin.token,
      operator: (role: TOpsRole, username?: string) => createTestOperator(app, role, username),
      client: (options: { ip?: string; userAgent?: string } = {}) =>
        new TestClient(holder, options.ip ?? nextIp(), options.userAgent ?? 'Mozilla/5.0 (vitest)'),
      ops,
      async setConfig(key, change) {
        const current = await app.services.config.get(key);
        await app.services.config.set(key, change(structuredClone(current)));
      },
      resetConfig: async () => {
        for (const key of SITE_CONFIG_KEYS) await app.services.config.set(key, DEFAULT_SITE_CONFIG[key]);
      },
      lastSms,
      async smsCode(to: string) {
        const text = await vi.waitFor(async () => {
          const t = await lastSms(to);
          if (!t) throw new Error(`no SMS to ${to}`);
          return t;
        });
        const code = /\b(\d{6})\b/.exec(text)?.[1];
        if (!code) throw new Error(`no code in SMS: ${text}`);
        return code;
      },
    } satisfies AccountsApp);
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.db?.drop();
  });
  return holder;
}

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
