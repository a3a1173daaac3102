import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DEFAULT_SITE_CONFIG } from '../src/db/seed-data/site-config';
import { body, createTestOperator, useTestApp } from './helper';

/**
 * The console's site configuration and support calls (issue 12; docs/adr/0055, 0056): every change
 * validated by its contract with a catalogue key per field and nothing written on refusal, audited
 * with before/after, and served to the member site; maintenance starts and region rules from an
 * API token (the command line) wait for a second operator; the outboxes and players' feedback are
 * paged newest first.
 */
const t = useTestApp();

type Envelope = { success: boolean; message: string; fields?: Record<string, string> };
const err = (res: LightMyRequestResponse) => res.json() as Envelope;
const auditCount = async () => body<{ total: number }>(await t.ops('GET', '/ops/audit/search?pageSize=1')).value.total;
const approvalCount = async () => body<{ total: number }>(await t.ops('GET', '/ops/approvals?pageSize=1')).value.total;
const config = async () => body<typeof DEFAULT_SITE_CONFIG>(await t.ops('GET', '/ops/config')).value;
const put = (key: string, doc: unknown, reason = 'console test') =>
  t.ops('PUT', `/ops/config/${key}?reason=${encodeURIComponent(reason)}`, doc);

describe('bad input: refused with a catalogue key per field, nothing written', () => {
  const register = DEFAULT_SITE_CONFIG.register;
  const cases: { name: string; key: string; doc: unknown; fields: Record<string, string> }[] = [
    {
      name: '3.FLAG.01 an unknown whitelabel flag',
      key: 'whitelabel',
      doc: { ...DEFAULT_SITE_CONFIG.whitelabel, NOT_A_FLAG: true },
      fields: { NOT_A_FLAG: 'field_unknown' },
    },
    {
      name: '3.REG.12 an unknown field inside a registration rule',
      key: 'register',
      doc: { ...register, username: { ...register.username, colour: 'red' } },
      fields: { 'username.colour': 'field_unknown' },
    },
    {
      name: '3.REG.12 5.PAT.06 pattern 24 (the patterns are 0 to 23)',
      key: 'register',
      doc: { ...register, username: { ...register.username, patternId: 24 } },
      fields: { 'username.patternId': 'pattern_unknown' },
    },
    {
      name: '3.REG.12 5.PAT.06 a negative pattern id',
      key: 'register',
      doc: { ...register, email: { ...register.email, patternId: -1 } },
      fields: { 'email.patternId': 'pattern_unknown' },
    },
    {
      name: '3.REG.12 minimum length above the maximum',
      key: 'register',
      doc: { ...register, username: { ...register.username, minLength: 10, maxLength: 5 } },
      fields: { 'username.maxLength': 'length_range_invalid' },
    },
    {
      name: 'an invalid address range',
      key: 'region',
      doc: { ...DEFAULT_SITE_CONFIG.region, blockedCidrs: ['10.0.0.0/33'] },
      fields: { 'blockedCidrs.0': 'address_range_invalid' },
    },
    {
      name: 'a country code that does not exist',
      key: 'region',
      doc: { ...DEFAULT_SITE_CONFIG.region, blockedCountries: ['ZZ'] },
      fields: { 'blockedCountries.0': 'country_code_unknown' },
    },
    {
      name: 'a lower-case country code',
      key: 'region',
      doc: { ...DEFAULT_SITE_CONFIG.region, blockedCountries: ['th'] },
      fields: { 'blockedCountries.0': 'country_code_unknown' },
    },
    {
      name: 'an oversize maintenance text',
      key: 'maintenance',
      doc: { startTime: new Date(Date.now() - 60_000).toISOString(), endTime: null, info: { th: 'ก'.repeat(2001), en: 'x' } },
      fields: { 'info.th': 'content_too_long' },
    },
    {
      name: 'the default language switched off',
      key: 'languages',
      doc: {
        ...DEFAULT_SITE_CONFIG.languages,
        languages: DEFAULT_SITE_CONFIG.languages.languages.map((l) => ({ ...l, enabled: l.code !== DEFAULT_SITE_CONFIG.languages.default })),
      },
      fields: { default: 'validation_failed' },
    },
    {
      name: '3.SITE.01 an unknown field in a domain route',
      key: 'domains',
      doc: { ...DEFAULT_SITE_CONFIG.domains, routes: { ...DEFAULT_SITE_CONFIG.domains.routes, '0': [{ domainName: 'a.example', speed: 1, weight: 3 }] } },
      fields: { 'routes.0.0.weight': 'field_unknown' },
    },
  ];

  it.each(cases)('$name', async ({ key, doc, fields }) => {
    const before = await config();
    const audits = await auditCount();
    const approvals = await approvalCount();
    const res = await put(key, doc);
    expect(res.statusCode, res.body).toBe(400);
    expect(err(res).message).toBe('validation_failed');
    expect(err(res).fields).toEqual(fields);
    expect(await config()).toEqual(before);
    expect(await auditCount()).toBe(audits);
    expect(await approvalCount()).toBe(approvals);
  });

  it('a customer-service channel with a link that is not a link is refused; nothing is added', async () => {
    const before = body<unknown[]>(await t.ops('GET', '/ops/cs')).value.length;
    const res = await t.ops('POST', '/ops/cs', { csType: 'LINE', title: 'LINE', url: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(body<unknown[]>(await t.ops('GET', '/ops/cs')).value).toHaveLength(before);
  });
});

describe('changes are audited with before/after and reach the member site (system calls)', () => {
  const lastAudit = async (target: string) =>
    body<{ rows: { action: string; target: string; before: unknown; after: unknown }[] }>(
      await t.ops('GET', `/ops/audit/search?target=${encodeURIComponent(target)}&pageSize=1`),
    ).value.rows[0];

  it('3.FLAG.01 7.SYS.01 a whitelabel flag', async () => {
    const before = (await config()).whitelabel;
    const res = await put('whitelabel', { ...before, FREEPLAY3: !before.FREEPLAY3 });
    expect(res.statusCode, res.body).toBe(200);
    const served = body<Record<string, boolean>>(await t.inject({ method: 'GET', url: '/wps/system/whitelabel' })).value;
    expect(served.FREEPLAY3).toBe(!before.FREEPLAY3);
    const audit = await lastAudit('config:whitelabel');
    expect(audit).toMatchObject({ action: 'config.set', before: { FREEPLAY3: before.FREEPLAY3 }, after: { FREEPLAY3: !before.FREEPLAY3 } });
    await t.resetConfig();
  });

  it('3.REG.12 7.SYS.02 a registration rule (enabled, required, pattern, lengths)', async () => {
    const register = (await config()).register;
    const rule = { enabled: true, required: true, acceptedPattern: '', patternId: 13, minLength: 4, maxLength: 30 };
    expect((await put('register', { ...register, payeeName: rule })).statusCode).toBe(200);
    const served = body<Record<string, unknown>>(await t.inject({ method: 'GET', url: '/wps/system/setting/register' })).value;
    expect(served.payeeName).toEqual(rule);
    expect(await lastAudit('config:register')).toMatchObject({ before: { payeeName: register.payeeName }, after: { payeeName: rule } });
    await t.resetConfig();
  });

  it('9.C.01 languages and 7.SYS.04 domain routes', async () => {
    const { languages, domains } = await config();
    const next = { ...languages, languages: languages.languages.map((l) => (l.code === 'en' ? { ...l, enabled: false } : l)) };
    expect((await put('languages', next)).statusCode).toBe(200);
    const served = body<{ languages: { code: string }[] }>(await t.inject({ method: 'GET', url: '/wps/system/languages' })).value;
    expect(served.languages.map((l) => l.code)).not.toContain('en');

    const routes = { ...domains.routes, '3': [{ domainName: 'm.lotus.example', speed: 120 }] };
    expect((await put('domains', { ...domains, routes })).statusCode).toBe(200);
    const route = body<{ domainList: unknown[] }>(await t.inject({ method: 'GET', url: '/wps/system/domainRoute?device=3' })).value;
    expect(route.domainList).toEqual([{ domainName: 'm.lotus.example', speed: 120 }]);
    await t.resetConfig();
  });

  it('3.CS.02 a customer-service channel added and removed', async () => {
    const added = body<{ id: number }>(
      await t.ops('POST', '/ops/cs', { csType: 'TELEGRAM', csPosition: 'RIGHT', title: 'Telegram support', url: 'https://t.me/lotus_support' }),
    ).value;
    const listed = body<{ csType: string; title: string }[]>(await t.inject({ method: 'GET', url: '/wps/system/customerService' })).value;
    expect(listed.map((c) => `${c.csType}:${c.title}`)).toContain('TELEGRAM:Telegram support');
    expect(await lastAudit(`cs:${added.id}`)).toMatchObject({ action: 'cs.add', before: null });
    expect((await t.ops('DELETE', `/ops/cs/${added.id}`)).statusCode).toBe(200);
    const after = body<{ title: string }[]>(await t.inject({ method: 'GET', url: '/wps/system/customerService' })).value;
    expect(after.map((c) => c.title)).not.toContain('Telegram support');
  });
});

describe('four-eyes for API tokens (the command line, docs/adr/0055)', () => {
  it('a region rule from an API token waits for a second operator; a second token approves it', async () => {
    const requester = await createTestOperator(t.app, 'admin');
    const approver = await createTestOperator(t.app, 'admin');
    const region = (await config()).region;
    const doc = { ...region, blockedCountries: ['KP'] };
    const noReason = await requester.ops('PUT', '/ops/config/region', doc);
    expect(noReason.statusCode).toBe(400);
    expect(err(noReason).fields).toEqual({ reason: 'content_required' });

    const requested = await requester.ops('PUT', `/ops/config/region?reason=${encodeURIComponent('sanctions list')}`, doc);
    const { approvalId, status } = body<{ approvalId: number; status: string }>(requested).value;
    expect(status).toBe('pending');
    expect((await config()).region.blockedCountries).toEqual(region.blockedCountries);

    const own = await requester.ops('POST', `/ops/approvals/${approvalId}/approve`, {});
    expect(err(own).message).toBe('approval_own_request');
    const approved = await approver.ops('POST', `/ops/approvals/${approvalId}/approve`, { note: 'checked' });
    expect(body<{ status: string; decidedBy: string; requestedBy: string }>(approved).value).toMatchObject({
      status: 'approved',
      decidedBy: approver.username,
      requestedBy: requester.username,
    });
    expect((await config()).region.blockedCountries).toEqual(['KP']);
    await t.resetConfig();
  });

  it('stopping maintenance from an API token applies at once', async () => {
    const res = await t.ops('PUT', '/ops/config/maintenance', { startTime: null, endTime: null, info: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ startTime: string | null }>(res).value.startTime).toBeNull();
  });
});

describe('support: outboxes and feedback, newest first, paged', () => {
  it('the mail outbox pages by beforeId and searches by recipient', async () => {
    const mailer = t.app.services.mail.mailer;
    for (let i = 1; i <= 3; i++) await mailer.send({ to: 'pager@example.com', subject: `Page mail ${i}`, text: `body ${i}` });
    await mailer.send({ to: 'other@example.com', subject: 'Other mail', text: 'x' });
    const first = body<{ id: number; subject: string }[]>(await t.ops('GET', '/ops/mail?to=pager@example.com&limit=2')).value;
    expect(first.map((m) => m.subject)).toEqual(['Page mail 3', 'Page mail 2']);
    const next = body<{ subject: string }[]>(await t.ops('GET', `/ops/mail?to=pager@example.com&limit=2&beforeId=${first[1]!.id}`)).value;
    expect(next.map((m) => m.subject)).toEqual(['Page mail 1']);
    const bad = await t.ops('GET', '/ops/mail?beforeId=-4');
    expect(bad.statusCode).toBe(400);
  });

  it('the SMS outbox pages by beforeId', async () => {
    const sms = t.app.services.verification.smsProvider;
    for (let i = 1; i <= 3; i++) await sms.send({ to: '+66811110000', text: `Paging text ${i}` });
    const first = body<{ id: number; text: string }[]>(await t.ops('GET', '/ops/sms?to=%2B66811110000&limit=2')).value;
    expect(first.map((m) => m.text)).toEqual(['Paging text 3', 'Paging text 2']);
    const next = body<{ text: string }[]>(await t.ops('GET', `/ops/sms?to=%2B66811110000&limit=2&beforeId=${first[1]!.id}`)).value;
    expect(next.map((m) => m.text)).toEqual(['Paging text 1']);
  });

  it('7.SYS.06 feedback left on the member site is listed newest first, by type, paged', async () => {
    const leave = (content: string, type: string, n: number) =>
      t.inject({ method: 'PUT', url: '/wps/feedback', payload: { content, type }, remoteAddress: `198.51.100.${n}` });
    expect((await leave('The lobby is slow tonight', 'COMPLAINT', 1)).statusCode).toBe(200);
    expect((await leave('Please add more slots', 'SUGGESTION', 2)).statusCode).toBe(200);
    expect((await leave('Balance shows stars', 'BUG', 3)).statusCode).toBe(200);
    const all = body<{ id: number; content: string; type: string }[]>(await t.ops('GET', '/ops/feedback?limit=2')).value;
    expect(all.map((f) => f.content)).toEqual(['Balance shows stars', 'Please add more slots']);
    const older = body<{ content: string }[]>(await t.ops('GET', `/ops/feedback?limit=2&beforeId=${all[1]!.id}`)).value;
    expect(older[0]!.content).toBe('The lobby is slow tonight');
    const complaints = body<{ type: string }[]>(await t.ops('GET', '/ops/feedback?type=COMPLAINT')).value;
    expect(complaints.length).toBeGreaterThan(0);
    expect(complaints.every((f) => f.type === 'COMPLAINT')).toBe(true);
    expect((await t.ops('GET', '/ops/feedback?type=PRAISE')).statusCode).toBe(400);
  });
});
