import { envelope, ZErrorEnvelope } from '@lotus/contracts/envelope';
import { ZPermissionInfo, ZSystemStatus } from '@lotus/contracts/system';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONFIG } from '../src/db/seed-data/site-config';
import { createTestOperator, useTestApp } from './helper';

// The proxy at 127.0.0.1 (app.inject's default peer) is trusted and forwards the visitor's
// address and country (cf-ipcountry).
const t = useTestApp({ env: { TRUST_PROXY: '127.0.0.1', COUNTRY_HEADER: 'cf-ipcountry' } });
afterEach(() => t.resetConfig());

const status = async (headers: Record<string, string> = {}, remoteAddress?: string) => {
  const res = await t.inject({
    method: 'GET',
    url: '/wps/system/status',
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res.statusCode).toBe(200);
  return envelope(ZSystemStatus).parse(res.json()).value;
};
const feedback = (headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.inject({
    method: 'PUT',
    url: '/wps/feedback',
    payload: { content: 'hello there' },
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const relay = (headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: '/wps/relay/MCSFE_getListAnnouncements', headers });

/**
 * Maintenance starts and region rules are four-eyes requests for named operators (docs/adr/0044,
 * 0055): the test's admin requests, a second admin approves; the approval's answer is returned
 * (a refused request answers at once).
 */
let second: Awaited<ReturnType<typeof createTestOperator>> | null = null;
async function putFourEyes(key: 'maintenance' | 'region', doc: unknown) {
  const res = await t.ops('PUT', `/ops/config/${key}?reason=${encodeURIComponent('access test')}`, doc);
  const approvalId = res.statusCode === 200 ? (res.json() as { value: { approvalId?: number } }).value.approvalId : undefined;
  if (!approvalId) return res;
  second ??= await createTestOperator(t.app, 'admin');
  return second.ops('POST', `/ops/approvals/${approvalId}/approve`, {});
}
const putMaintenance = (doc: Partial<typeof DEFAULT_SITE_CONFIG.maintenance>) =>
  putFourEyes('maintenance', { ...DEFAULT_SITE_CONFIG.maintenance, ...doc });
const putRegion = (doc: Partial<typeof DEFAULT_SITE_CONFIG.region>) =>
  putFourEyes('region', { ...DEFAULT_SITE_CONFIG.region, ...doc });

describe('maintenance (status 1)', () => {
  it('2.R.29 2.MNT.01 2.MNT.02 an active window gives status 1 with its end time and info in the request language', async () => {
    const endTime = new Date(Date.now() + 3_600_000).toISOString();
    const res = await putMaintenance({
      startTime: new Date(Date.now() - 60_000).toISOString(),
      endTime,
      info: { th: 'ปิดปรับปรุงชั่วคราว', en: 'Down for maintenance' },
    });
    expect(res.statusCode).toBe(200);
    expect(await status()).toMatchObject({ status: 1, endTime, info: 'ปิดปรับปรุงชั่วคราว' });
    expect(await status({ language: 'en' })).toMatchObject({ status: 1, info: 'Down for maintenance' });
    // A language without its own text falls back to th.
    expect(await status({ language: 'vi' })).toMatchObject({ status: 1, info: 'ปิดปรับปรุงชั่วคราว' });
  });

  it('2.MNT.02 a window without an end time has endTime null; a future window is not active yet', async () => {
    await putMaintenance({ startTime: new Date(Date.now() - 1000).toISOString(), endTime: null });
    expect(await status()).toMatchObject({ status: 1, endTime: null });
    await putMaintenance({ startTime: new Date(Date.now() + 3_600_000).toISOString(), endTime: null });
    expect((await status()).status).toBe(0);
    await putMaintenance({
      startTime: new Date(Date.now() - 7_200_000).toISOString(),
      endTime: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect((await status()).status).toBe(0);
  });

  it('8.ERR.10 4.SYS.01 while active, /wps/* calls answer 503 system_maintenance but /wps/system/*, /ops and /docs stay open', async () => {
    await putMaintenance({ startTime: new Date(Date.now() - 1000).toISOString(), endTime: null });
    const res = await relay();
    expect(res.statusCode).toBe(503);
    expect(ZErrorEnvelope.parse(res.json()).message).toBe('system_maintenance');
    expect((await feedback({}, '127.0.0.1')).statusCode).toBe(503);
    expect((await t.inject('/wps/system/whitelabel')).statusCode).toBe(200);
    expect((await t.ops('GET', '/ops/status')).statusCode).toBe(200);
    expect((await t.inject('/docs/json')).statusCode).toBe(200);
  });

  it('3.SITE.04 permission info carries the maintenance window that status 1 is derived from', async () => {
    await putMaintenance({
      startTime: new Date(Date.now() - 1000).toISOString(),
      endTime: null,
      info: { en: 'Soon back' },
    });
    const body = envelope(ZPermissionInfo).parse(
      (await t.inject({ url: '/wps/system/permission?url=localhost', headers: { language: 'en' } })).json(),
    );
    expect(body.value.maintenance).toEqual({ endTime: null, info: 'Soon back' });
  });
});

describe('region restriction (status 2)', () => {
  it('2.R.30 2.MNT.03 an address in a blocked CIDR gets status 2 with its ip and info', async () => {
    await putRegion({ blockedCidrs: ['203.0.113.0/24'] });
    expect(await status({ 'x-forwarded-for': '203.0.113.7' })).toMatchObject({
      status: 2,
      ip: '203.0.113.7',
      info: DEFAULT_SITE_CONFIG.region.info.th,
    });
    expect(await status({ 'x-forwarded-for': '198.51.100.7' })).toMatchObject({
      status: 0,
      ip: '198.51.100.7',
    });
  });

  it('8.ERR.09 while blocked, /wps/* calls answer 403 access_restricted; /wps/system/* stays open', async () => {
    await putRegion({ blockedCidrs: ['203.0.113.0/24'] });
    const res = await relay({ 'x-forwarded-for': '203.0.113.8' });
    expect(res.statusCode).toBe(403);
    expect(ZErrorEnvelope.parse(res.json()).message).toBe('access_restricted');
    expect((await relay({ 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(200);
    expect(
      (
        await t.inject({
          url: '/wps/system/banners?group=w_home',
          headers: { 'x-forwarded-for': '203.0.113.8' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('2.R.30 a country range blocks by country; allowedCidrs are checked first', async () => {
    await putRegion({
      blockedCountries: ['SG'],
      countryRanges: [{ cidr: '192.0.2.0/24', country: 'SG' }],
      allowedCidrs: ['192.0.2.10/32'],
    });
    expect((await status({ 'x-forwarded-for': '192.0.2.55' })).status).toBe(2);
    expect((await status({ 'x-forwarded-for': '192.0.2.10' })).status).toBe(0);
    const permission = envelope(ZPermissionInfo).parse(
      (
        await t.inject({
          url: '/wps/system/permission?url=localhost',
          headers: { 'x-forwarded-for': '192.0.2.55' },
        })
      ).json(),
    );
    expect(permission.value.location).toEqual({ ip: '192.0.2.55', country: 'SG' });
    expect(permission.value.regionRestriction).toMatchObject({ ip: '192.0.2.55' });
  });

  it('2.R.30 the country header counts only when the request came through the trusted proxy', async () => {
    await putRegion({ blockedCountries: ['SG'] });
    expect((await status({ 'cf-ipcountry': 'SG' })).status).toBe(2);
    expect((await status({ 'cf-ipcountry': 'TH' })).status).toBe(0);
    // Straight from an untrusted peer: the header (and x-forwarded-for) are ignored.
    expect(
      await status({ 'cf-ipcountry': 'SG', 'x-forwarded-for': '203.0.113.1' }, '198.51.100.20'),
    ).toMatchObject({
      status: 0,
      ip: '198.51.100.20',
    });
  });

  it('4.SYS.01 maintenance takes precedence over the region rule', async () => {
    await putRegion({ blockedCidrs: ['203.0.113.0/24'] });
    await putMaintenance({ startTime: new Date(Date.now() - 1000).toISOString(), endTime: null });
    expect((await status({ 'x-forwarded-for': '203.0.113.7' })).status).toBe(1);
    expect((await relay({ 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(503);
  });

  it('2.R.30 invalid region documents are refused (bad CIDR) and leave the configuration unchanged', async () => {
    const res = await putRegion({ blockedCidrs: ['203.0.113.0/33'] });
    expect(res.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(res.json()).fields).toEqual({ 'blockedCidrs.0': 'address_range_invalid' });
    expect((await t.ops('GET', '/ops/config/region')).json().value.blockedCidrs).toEqual([]);
  });
});

describe('guard robustness', () => {
  it('4.SYS.01 the guard follows the matched route, so encoded paths cannot bypass it', async () => {
    await putMaintenance({ startTime: new Date(Date.now() - 1000).toISOString(), endTime: null });
    const encoded = await t.inject({ method: 'GET', url: '/%77ps/relay/MCSFE_getListAnnouncements' });
    expect([404, 503]).toContain(encoded.statusCode);
    expect(encoded.statusCode === 503 || encoded.json().message === 'not_found').toBe(true);
    const head = await t.inject({ method: 'HEAD', url: '/wps/relay/MCSFE_getListAnnouncements' });
    expect(head.statusCode).toBe(503);
  });
});
