import { envelope, ZErrorEnvelope } from '@lotus/contracts/envelope';
import { OPS_COLLECTION_ROW, OPS_COLLECTIONS, ZOpsStatus, ZSiteConfigAll } from '@lotus/contracts/ops';
import { SITE_CONFIG_KEYS } from '@lotus/contracts/site-config';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONFIG } from '../src/db/seed-data/site-config';
import { hashToken } from '../src/modules/ops/operators.service';
import { opsApiTokens } from '../src/db/schema';
import { eq } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import { readEnv } from '../src/env';
import { getOpsStatus } from '@lotus/contracts/ops';
import { createOperator, listAudit, verifyAudit } from '@lotus/contracts/ops-operators';
import { connectDirect } from '../src/ops/connect';
import { runCommand } from './ops-run';
import { tempDir, useTestApp } from './helper';

const t = useTestApp();
afterEach(() => t.resetConfig());

describe('operator authentication', () => {
  it('6.ROLE.13 /ops without a credential, with a wrong one or a malformed header answers 401 unauthorized', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-wrong-token',
      'Basic abc',
      `Bearer ${'x'.repeat(300)}`,
      t.opsToken,
    ]) {
      const res = await t.inject({
        method: 'GET',
        url: '/ops/config',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization).slice(0, 20)).toBe(401);
      expect(ZErrorEnvelope.parse(res.json()).message).toBe('unauthorized');
    }
    const put = await t.inject({
      method: 'PUT',
      url: '/ops/config/whitelabel',
      payload: DEFAULT_SITE_CONFIG.whitelabel,
    });
    expect(put.statusCode).toBe(401);
  });

  it('6.ROLE.13 a revoked credential is refused; only the SHA-256 of a credential is stored', async () => {
    const { token } = await t.app.services.ops.createOperator('temporary');
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.inject({ url: '/ops/status', headers })).statusCode).toBe(200);
    const db = t.db.database.db;
    const [row] = await db
      .select()
      .from(opsApiTokens)
      .where(eq(opsApiTokens.tokenHash, hashToken(token)));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    await db.update(opsApiTokens).set({ revokedAt: new Date() }).where(eq(opsApiTokens.id, row!.id));
    expect((await t.inject({ url: '/ops/status', headers })).statusCode).toBe(401);
  });
});

describe('configuration documents', () => {
  it('3.FLAG.01 GET /ops/config returns every document; GET /ops/config/:key one', async () => {
    const all = envelope(ZSiteConfigAll).parse((await t.ops('GET', '/ops/config')).json()).value;
    expect(Object.keys(all).sort()).toEqual([...SITE_CONFIG_KEYS].sort());
    expect(all.brand).toEqual(DEFAULT_SITE_CONFIG.brand);
    const one = await t.ops('GET', '/ops/config/brand');
    expect(one.json().value).toMatchObject({ siteName: 'Lotus', currencySymbol: '฿' });
    expect((await t.ops('GET', '/ops/config/nope')).statusCode).toBe(400);
  });

  it('8.LOAD.05 an invalid document answers 400 validation_failed with fields and changes nothing', async () => {
    const bad = { ...DEFAULT_SITE_CONFIG.whitelabel, FREEPLAY3: 'yes' };
    const res = await t.ops('PUT', '/ops/config/whitelabel', bad);
    expect(res.statusCode).toBe(400);
    const body = ZErrorEnvelope.parse(res.json());
    expect(body).toMatchObject({ message: 'validation_failed', fields: { FREEPLAY3: 'validation_failed' } });
    expect((await t.ops('GET', '/ops/config/whitelabel')).json().value.FREEPLAY3).toBe(true);

    const missing = await t.ops('PUT', '/ops/config/brand', { siteName: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ merchantCode: 'content_required' });

    const languages = structuredClone(DEFAULT_SITE_CONFIG.languages);
    languages.default = 'ja'; // listed but disabled
    expect((await t.ops('PUT', '/ops/config/languages', languages)).json().fields).toEqual({
      default: 'validation_failed',
    });

    const notJson = await t.inject({
      method: 'PUT',
      url: '/ops/config/brand',
      headers: { authorization: `Bearer ${t.opsToken}`, 'content-type': 'application/json' },
      payload: '{"siteName": ',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('validation_failed');
    expect((await t.ops('GET', '/ops/config/brand')).json().value.siteName).toBe('Lotus');
  });

  it('3.ENT.05 a valid document is stored and returned', async () => {
    const brand = { ...DEFAULT_SITE_CONFIG.brand, siteName: 'Lotus Demo' };
    const res = await t.ops('PUT', '/ops/config/brand', brand);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual(brand);
    expect((await t.ops('GET', '/ops/config')).json().value.brand.siteName).toBe('Lotus Demo');
  });
});

describe('collections', () => {
  const samples = {
    banners: { groupName: 'w_help', imageUrl: '/media/banners/forget-help.svg', title: 'Help' },
    notices: { type: 'PR', title: 'A promotion notice', content: '<p>Hi</p>', language: 'en' },
    cs: { csType: 'WHATSAPP', title: 'WhatsApp', url: 'https://wa.me/66000000000' },
    vendors: { gameType: 'PVP', vassalage: 'TESTPVP', displayName: 'Test PVP', accountTypeId: 7777 },
    help: {
      categoryKey: 'faq',
      categoryTitle: 'FAQ',
      slug: 'new-faq',
      language: 'en',
      title: 'A question',
      content: '<p>An answer</p>',
    },
  } as const;

  it.each(OPS_COLLECTIONS)('7.SYS list, add and remove %s through /ops', async (collection) => {
    const row = z.array(OPS_COLLECTION_ROW[collection]);
    const before = row.parse((await t.ops('GET', `/ops/${collection}`)).json().value);
    expect(before.length).toBeGreaterThan(0);
    const added = await t.ops('POST', `/ops/${collection}`, samples[collection]);
    expect(added.statusCode).toBe(200);
    const created = OPS_COLLECTION_ROW[collection].parse(added.json().value);
    expect(row.parse((await t.ops('GET', `/ops/${collection}`)).json().value)).toHaveLength(
      before.length + 1,
    );
    const removed = await t.ops('DELETE', `/ops/${collection}/${created.id}`);
    expect(removed.json()).toMatchObject({ success: true, value: { id: created.id, deleted: true } });
    expect((await t.ops('DELETE', `/ops/${collection}/${created.id}`)).statusCode).toBe(404);
    expect((await t.ops('GET', `/ops/${collection}`)).json().value).toHaveLength(before.length);
  });

  it('8.LOAD.05 invalid rows are 400 with fields; a bad id is 400', async () => {
    const res = await t.ops('POST', '/ops/cs', { csType: 'LINE', title: 'x', url: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ url: 'validation_failed' });
    const long = await t.ops('POST', '/ops/notices', { type: 'B', title: 'x'.repeat(201) });
    expect(long.json().fields).toEqual({ title: 'content_too_long' });
    expect((await t.ops('DELETE', '/ops/banners/abc')).statusCode).toBe(400);
  });

  it('7.SYS.06 GET /ops/feedback lists feedback, newest first; GET /ops/status counts it', async () => {
    await t.inject({
      method: 'PUT',
      url: '/wps/feedback',
      payload: { content: 'first message' },
      remoteAddress: '10.1.1.1',
    });
    await t.inject({
      method: 'PUT',
      url: '/wps/feedback',
      payload: { content: 'second message', type: 'BUG' },
      remoteAddress: '10.1.1.1',
    });
    const rows = (await t.ops('GET', '/ops/feedback?limit=2')).json().value;
    expect(rows.map((r: { content: string }) => r.content)).toEqual(['second message', 'first message']);
    const status = envelope(ZOpsStatus).parse((await t.ops('GET', '/ops/status')).json()).value;
    expect(status.mode).toBe('api');
    expect(status.counts.feedback).toBeGreaterThanOrEqual(2);
    expect(status.counts.vendors).toBeGreaterThan(30);
    expect(status.maintenance.active).toBe(false);
  });
});

// The command line's direct mode (no server): the same /ops routes, in process through app.inject.
// PGlite in a data folder of its own (the PostgreSQL run covers DATABASE_URL in jobs.test.ts).
describe('npm run ops direct mode (issue 7)', () => {
  it('issue 7 direct mode calls the operator API in process: audited as direct:<system user> from local, no token rotation', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const client = await connectDirect(readEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    try {
      expect(client.mode).toBe('direct');
      expect((await client.call(getOpsStatus)).mode).toBe('direct');
      const created = await client.call(createOperator, { body: { username: 'direct_made', role: 'support' } });
      expect(created).toMatchObject({ username: 'direct_made', role: 'support', status: 'active' });
      // A refused input answers like the API: the error key and the field.
      await expect(client.call(createOperator, { body: { username: 'x', role: 'nope' as never } })).rejects.toThrow(/validation_failed/);
      const [row] = await client.call(listAudit, { query: { limit: 1 } });
      expect(row).toMatchObject({ action: 'operator.create', operatorId: null, ip: 'local', userAgent: 'npm run ops (direct mode)' });
      expect(row!.username).toBe(`direct:${os.userInfo().username}`.slice(0, 80));
      expect((await client.call(verifyAudit)).ok).toBe(true);
      await expect(runCommand(client, ['operator', 'rotate'], { log: () => undefined })).rejects.toThrow(/not in direct mode/);
    } finally {
      await client.close();
    }
  });
});
