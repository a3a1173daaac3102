import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SITE_CONFIG_KEYS } from '@lotus/contracts/site-config';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { migrateAndSeed } from '../src/db/migrate';
import { DEFAULT_SITE_CONFIG } from '../src/db/seed-data/site-config';
import { readEnv, type Env } from '../src/env';
import type { TOpsRole } from '@lotus/contracts/ops-operators';

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
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrateAndSeed(database, bootstrap);
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
  /** A valid API token of an admin operator. */
  opsToken: string;
  /**
   * A new operator of `role` (admin, finance, support, read_only) with an API token, and a caller
   * of the operator API with it (role tests).
   */
  operator(role: TOpsRole, username?: string): Promise<{ id: number; username: string; token: string; ops: TestApp['ops'] }>;
  inject(options: InjectOptions | string): Promise<LightMyRequestResponse>;
  /** Calls the operator API with the credential. */
  ops(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** Puts every configuration document back to the seeded defaults. */
  resetConfig(): Promise<void>;
};

/**
 * Builds the app against a fresh database for one test file (beforeAll/afterAll). Returns a
 * holder filled in before the first test runs.
 */
export function useTestApp(envOverrides: Record<string, string> = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    const db = await createTestDatabase();
    const app = await buildApp({ db: db.database, env: testEnv(envOverrides) });
    await app.ready();
    const admin = await createTestOperator(app, 'admin', 'test_operator');
    Object.assign(holder, {
      app,
      db,
      opsToken: admin.token,
      operator: (role: TOpsRole, username?: string) => createTestOperator(app, role, username),
      inject: (options: InjectOptions | string) => app.inject(options),
      ops: admin.ops,
      resetConfig: async () => {
        for (const key of SITE_CONFIG_KEYS) await app.services.config.set(key, DEFAULT_SITE_CONFIG[key]);
      },
    } satisfies TestApp);
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.db?.drop();
  });
  return holder;
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
