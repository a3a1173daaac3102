import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { sandboxPspAllowed } from '../src/env';
import { body, createTestDatabase, createTestOperator, testEnv, type TestDatabase } from './helper';

/**
 * The sandbox PSP is a demo transport (docs/adr/0027, docs/adr/0024): registered in the embedded
 * demo or with ALLOW_SANDBOX_TRANSPORTS=1, never by default on a production server.
 */
describe('sandbox PSP registration', () => {
  it('embedded demo: on; production server: off unless ALLOW_SANDBOX_TRANSPORTS=1', () => {
    expect(sandboxPspAllowed({ DATABASE_URL: undefined, ALLOW_SANDBOX_TRANSPORTS: false })).toBe(true);
    expect(sandboxPspAllowed({ DATABASE_URL: 'postgres://db/lotus', ALLOW_SANDBOX_TRANSPORTS: false })).toBe(false);
    expect(sandboxPspAllowed({ DATABASE_URL: 'postgres://db/lotus', ALLOW_SANDBOX_TRANSPORTS: true })).toBe(true);
  });

  describe('a production server without ALLOW_SANDBOX_TRANSPORTS', () => {
    let db: TestDatabase;
    let app: FastifyInstance;
    beforeAll(async () => {
      db = await createTestDatabase();
      const env = testEnv({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://unused.invalid/lotus',
        LOTUS_MASTER_KEY: crypto.randomBytes(32).toString('base64'),
        PUBLIC_URL: 'https://www.lotus.example',
      });
      app = await buildApp({ db: db.database, env });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await db?.drop();
    });

    it('has no sandbox page, no sandbox callback, and refuses a channel on the sandbox adapter', async () => {
      expect((await app.inject({ method: 'GET', url: '/sandbox/psp/pay/SBX-abcdefghijklmnop' })).statusCode).not.toBe(200);
      const callback = await app.inject({
        method: 'POST',
        url: '/wps/cashier/psp/sandbox/callback',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(callback.statusCode).toBe(404);
      const admin = await createTestOperator(app, 'admin', 'gate_admin');
      const res = await admin.ops('POST', '/ops/payment-channels', {
        code: 'pp-sandbox',
        kind: 'psp',
        nameTh: 'พร้อมเพย์',
        nameEn: 'PromptPay',
        adapter: 'sandbox',
        min: '100.00',
        max: '50000.00',
        dailyLimit: '200000.00',
      });
      expect(body(res).message).toBe('psp_adapter_unknown');
      expect(app.services.deposit.sandbox).toBeNull();
    });
  });
});
