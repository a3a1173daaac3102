import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { readEnv, sandboxPspAllowed } from '../src/env';
import { transferWalletOptionsFromEnv } from '../src/modules/wallet/transfers/transfer.options';
import { body, createTestDatabase, createTestOperator, testEnv, type TestDatabase } from './helper';

/**
 * The sandbox PSP is a demo transport (docs/adr/0027, docs/adr/0024, docs/adr/0068): registered in the
 * embedded demo or with ALLOW_SANDBOX_PSP=1, never by default on a production server, and never because
 * ALLOW_SANDBOX_TRANSPORTS=1 allows the mail and SMS outboxes (issue 23 #6).
 */
describe('sandbox PSP registration', () => {
  it('embedded demo: on; production server: off unless ALLOW_SANDBOX_PSP=1', () => {
    expect(sandboxPspAllowed(readEnv({}))).toBe(true);
    expect(sandboxPspAllowed(readEnv({ DATABASE_URL: 'postgres://db/lotus' }))).toBe(false);
    expect(sandboxPspAllowed(readEnv({ DATABASE_URL: 'postgres://db/lotus', ALLOW_SANDBOX_TRANSPORTS: '1' }))).toBe(false);
    expect(sandboxPspAllowed(readEnv({ DATABASE_URL: 'postgres://db/lotus', ALLOW_SANDBOX_PSP: '1' }))).toBe(true);
  });

  it('issue 23 #6 the sandbox transfer vendor SBX follows the PSP flag, not ALLOW_SANDBOX_TRANSPORTS', () => {
    const server = { DATABASE_URL: 'postgres://db/lotus', NODE_ENV: 'production' };
    expect(transferWalletOptionsFromEnv(readEnv({ ...server, ALLOW_SANDBOX_TRANSPORTS: '1' })).sandbox).toBe(false);
    expect(transferWalletOptionsFromEnv(readEnv({ ...server, ALLOW_SANDBOX_PSP: '1' })).sandbox).toBe(true);
  });

  describe('issue 23 #6 a production server with ALLOW_SANDBOX_TRANSPORTS=1 but no ALLOW_SANDBOX_PSP', () => {
    let db: TestDatabase;
    let app: FastifyInstance;
    beforeAll(async () => {
      db = await createTestDatabase();
      const env = testEnv({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://unused.invalid/lotus',
        LOTUS_MASTER_KEY: crypto.randomBytes(32).toString('base64'),
        PUBLIC_URL: 'https://www.lotus.example',
        ALLOW_SANDBOX_TRANSPORTS: '1',
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
      expect(app.services.transfers.sandbox).toBeNull();
    });
  });
});
