import { decryptCsPath } from '@lotus/contracts/cs-crypto';
import { envelope, ZErrorEnvelope } from '@lotus/contracts/envelope';
import {
  BANNER_GROUPS,
  REGISTER_FIELDS,
  WHITELABEL_FLAGS,
  ZBannerList,
  ZCsEntries,
  ZCsLink,
  ZDomainRoute,
  ZFeedbackResult,
  ZHelpCenter,
  ZLanguages,
  ZPermissionInfo,
  ZRegisterSettings,
  ZSystemStatus,
  ZWhitelabel,
} from '@lotus/contracts/system';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONFIG } from '../src/db/seed-data/site-config';
import { useTestApp } from './helper';

const t = useTestApp();
afterEach(() => t.resetConfig());

const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });

describe('/wps/system/status', () => {
  it('7.SYS.03 2.R.28 answers status 0 with the caller ip in the envelope', async () => {
    const res = await get('/wps/system/status');
    expect(res.statusCode).toBe(200);
    const body = envelope(ZSystemStatus).parse(res.json());
    expect(body.value).toEqual({ status: 0, endTime: null, info: null, ip: '127.0.0.1' });
  });
});

describe('/wps/system/whitelabel', () => {
  it('7.SYS.01 3.FLAG.01 returns every flag with the demo values', async () => {
    const body = envelope(ZWhitelabel).parse((await get('/wps/system/whitelabel')).json());
    expect(Object.keys(body.value).sort()).toEqual([...WHITELABEL_FLAGS].sort());
    expect(body.value.USERNAMEREG3).toBe(true);
    expect(body.value.REGBUTTON3).toBe(true);
    expect(body.value.LOGINREQHOME3).toBe(false);
    expect(body.value.showCaptcha).toBe(false);
  });

  it('3.FLAG.01 2.R.33 a flag switched through the ops API is visible on the next call', async () => {
    const current = (await t.ops('GET', '/ops/config/whitelabel')).json().value;
    const put = await t.ops('PUT', '/ops/config/whitelabel', {
      ...current,
      FREEPLAY3: false,
      LOGINREQHOME3: true,
    });
    expect(put.statusCode).toBe(200);
    const body = envelope(ZWhitelabel).parse((await get('/wps/system/whitelabel')).json());
    expect(body.value.FREEPLAY3).toBe(false);
    expect(body.value.LOGINREQHOME3).toBe(true);
  });
});

describe('/wps/system/setting/register', () => {
  it('7.SYS.02 3.REG.12 returns a rule for every field (username 2-15 pattern 2; password: the floor of docs/adr/0021, 8-128 any characters)', async () => {
    const body = envelope(ZRegisterSettings).parse((await get('/wps/system/setting/register')).json());
    expect(Object.keys(body.value).sort()).toEqual([...REGISTER_FIELDS].sort());
    expect(body.value.username).toMatchObject({
      minLength: 2,
      maxLength: 15,
      patternId: 2,
      enabled: true,
      required: true,
    });
    expect(body.value.password).toMatchObject({ minLength: 8, maxLength: 128, patternId: 0, acceptedPattern: '*' });
  });
});

describe('/wps/system/domainRoute', () => {
  it('7.SYS.04 7.PAR.16 7.PAR.17 device 0 and 3 return their own domain lists', async () => {
    const desktop = envelope(ZDomainRoute).parse((await get('/wps/system/domainRoute?device=0')).json());
    const mobile = envelope(ZDomainRoute).parse((await get('/wps/system/domainRoute?device=3')).json());
    expect(desktop.value.domainList.map((d) => d.domainName)).toEqual(
      DEFAULT_SITE_CONFIG.domains.routes['0'].map((d) => d.domainName),
    );
    expect(mobile.value.domainList.map((d) => d.domainName)).toEqual(
      DEFAULT_SITE_CONFIG.domains.routes['3'].map((d) => d.domainName),
    );
    const byDefault = envelope(ZDomainRoute).parse((await get('/wps/system/domainRoute')).json());
    expect(byDefault.value).toEqual(desktop.value);
  });

  it('7.PAR.16 device=7 is a malformed query: 400 validation_failed', async () => {
    const res = await get('/wps/system/domainRoute?device=7');
    expect(res.statusCode).toBe(400);
    const body = ZErrorEnvelope.parse(res.json());
    expect(body.message).toBe('validation_failed');
    expect(body.fields).toHaveProperty('device');
  });
});

describe('/wps/system/helpCenter', () => {
  it('7.SYS.05 2.R.21 returns the Thai help centre by default, with the terms under slug term', async () => {
    const body = envelope(ZHelpCenter).parse((await get('/wps/system/helpCenter')).json());
    const keys = body.value.categories.map((c) => c.key);
    expect(keys).toEqual(['about', 'terms', 'faq', 'responsible-gaming', 'privacy']);
    const terms = body.value.categories.find((c) => c.key === 'terms')!;
    expect(terms.articles[0]!.slug).toBe('term');
    expect(terms.title).toBe('ข้อกำหนดและเงื่อนไข');
  });

  it('7.SYS.05 1.I18N.03 answers in English for Language: en, and falls back to th for a language without articles', async () => {
    const en = envelope(ZHelpCenter).parse(
      (await get('/wps/system/helpCenter', { language: 'en-US' })).json(),
    );
    expect(en.value.categories[0]!.title).toBe('About us');
    const vi = envelope(ZHelpCenter).parse((await get('/wps/system/helpCenter', { language: 'vi' })).json());
    expect(vi.value.categories[0]!.title).toBe('เกี่ยวกับเรา');
  });

  it('7.SYS.05 help HTML is sanitised on write and on read', async () => {
    const add = await t.ops('POST', '/ops/help', {
      categoryKey: 'faq',
      categoryTitle: 'FAQ',
      slug: 'xss-test',
      language: 'en',
      title: 'Scripts are removed',
      content: '<p onclick="steal()">Hello<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    });
    expect(add.statusCode).toBe(200);
    const body = envelope(ZHelpCenter).parse(
      (await get('/wps/system/helpCenter', { language: 'en' })).json(),
    );
    const article = body.value.categories.flatMap((c) => c.articles).find((a) => a.slug === 'xss-test')!;
    expect(article.content).not.toMatch(/script|onclick|javascript:/);
    expect(article.content).toContain('Hello');
    await t.ops('DELETE', `/ops/help/${add.json().value.id}`);
  });
});

describe('/wps/system/languages', () => {
  it('1.I18N.01 9.C.01 1.I18N.02 lists enabled languages with th as default and en complete', async () => {
    const body = envelope(ZLanguages).parse((await get('/wps/system/languages')).json());
    expect(body.value.default).toBe('th');
    const codes = body.value.languages.map((l) => l.code);
    expect(codes).toContain('th');
    expect(codes).toContain('en');
    expect(body.value.languages.find((l) => l.code === 'en')!.complete).toBe(true);
    expect(DEFAULT_SITE_CONFIG.languages.languages.length).toBeGreaterThan(30);
  });

  it('9.C.01 enabling a language and changing the default through ops takes effect on the next call', async () => {
    const doc = structuredClone(DEFAULT_SITE_CONFIG.languages);
    doc.languages.find((l) => l.code === 'ja')!.enabled = true;
    doc.default = 'en';
    expect((await t.ops('PUT', '/ops/config/languages', doc)).statusCode).toBe(200);
    const body = envelope(ZLanguages).parse((await get('/wps/system/languages')).json());
    expect(body.value.default).toBe('en');
    expect(body.value.languages.map((l) => l.code)).toContain('ja');
  });
});

describe('/wps/system/banners', () => {
  it('2.BAN.02 3.ENT.01 returns the three home banners in order', async () => {
    const body = envelope(ZBannerList).parse((await get('/wps/system/banners?group=w_home')).json());
    expect(body.value).toHaveLength(3);
    expect(body.value.every((b) => b.groupName === 'w_home' && b.url.startsWith('/media/banners/'))).toBe(
      true,
    );
    expect(body.value[0]!.linkageType).toBe('INTERNAL');
  });

  it('2.BAN.05 2.BAN.09 the demo banners speak the visitor\'s language: Thai artwork and text in Thai, English in English (issue 25)', async () => {
    const th = envelope(ZBannerList).parse((await get('/wps/system/banners?group=w_home', { language: 'th' })).json());
    const en = envelope(ZBannerList).parse((await get('/wps/system/banners?group=w_home', { language: 'en' })).json());
    expect(th.value.map((b) => b.url)).toEqual(['home-welcome', 'home-live', 'home-jackpot'].map((n) => `/media/banners/${n}-th.svg`));
    expect(en.value.map((b) => b.url)).toEqual(['home-welcome', 'home-live', 'home-jackpot'].map((n) => `/media/banners/${n}-en.svg`));
    expect(th.value[0]!.title).toBe('โบนัสต้อนรับ 100% · สมาชิกใหม่ รับสูงสุด 5,000 บาท');
    expect(en.value[0]!.title).toBe('100% welcome bonus · New members get up to ฿5,000');
    // The artwork itself: no English sentence in the Thai file, no Thai letter in the English one.
    const art = async (url: string) => (await t.app.inject(url)).body;
    expect(await art(th.value[0]!.url)).not.toContain('Claim now');
    expect(await art(en.value[0]!.url)).not.toMatch(/[\u0E01-\u0E3A\u0E40-\u0E5B]/);
  });

  it('2.BAN.01 2.BAN.03 demo groups w_rng w_live w_fish w_login w_reg w_forget w_promotion have banners; w_pvp has none', async () => {
    for (const group of ['w_rng', 'w_live', 'w_fish', 'w_login', 'w_reg', 'w_forget', 'w_promotion']) {
      const body = envelope(ZBannerList).parse((await get(`/wps/system/banners?group=${group}`)).json());
      expect(body.value.length, group).toBeGreaterThan(0);
    }
    const none = envelope(ZBannerList).parse((await get('/wps/system/banners?group=w_pvp')).json());
    expect(none.value).toEqual([]);
  });

  it('2.BAN.05 2.BAN.09 a page shows the banners of its language and those for every language, in their order', async () => {
    const added = await t.ops('POST', '/ops/banners', {
      groupName: 'w_pvp',
      imageUrl: '/media/banners/home-live.svg',
      title: 'PVP in English',
      language: 'en',
      linkageType: 'EXTERNAL',
      linkage: 'https://example.com/pvp',
    });
    const neutral = await t.ops('POST', '/ops/banners', {
      groupName: 'w_pvp',
      imageUrl: '/media/banners/home-jackpot.svg',
      title: 'PVP neutral',
    });
    expect(added.statusCode).toBe(200);
    const en = envelope(ZBannerList).parse(
      (await get('/wps/system/banners?group=w_pvp', { language: 'en' })).json(),
    );
    expect(en.value.map((b) => b.title)).toEqual(['PVP in English', 'PVP neutral']);
    expect(en.value[0]).toMatchObject({ linkageType: 'EXTERNAL', linkage: 'https://example.com/pvp' });
    const th = envelope(ZBannerList).parse(
      (await get('/wps/system/banners?group=w_pvp', { language: 'th' })).json(),
    );
    expect(th.value.map((b) => b.title)).toEqual(['PVP neutral']);
    await t.ops('DELETE', `/ops/banners/${added.json().value.id}`);
    await t.ops('DELETE', `/ops/banners/${neutral.json().value.id}`);
  });

  it('2.BAN.01 group=nope is a malformed query: 400 validation_failed; every contract group is accepted', async () => {
    const res = await get('/wps/system/banners?group=nope');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'validation_failed',
      fields: { group: 'validation_failed' },
    });
    for (const group of BANNER_GROUPS)
      expect((await get(`/wps/system/banners?group=${group}`)).statusCode).toBe(200);
  });
});

describe('/wps/system/customerService', () => {
  it('3.CS.02 3.CS.03 2.SIDE.04 lists channels with encrypted paths whose last 8 characters are the key', async () => {
    const body = envelope(ZCsEntries).parse((await get('/wps/system/customerService')).json());
    expect(body.value.map((e) => e.csType)).toEqual([
      'LIVECHAT',
      'LINE',
      'TELEGRAM',
      'FACEBOOK',
      'EMAIL',
      'VIP',
    ]);
    const live = body.value[0]!;
    expect(live.path).not.toContain('chat.lotus.example');
    expect(await decryptCsPath(live.path)).toBe('https://chat.lotus.example/live');
  });

  it('3.CS.01 4.CS.02 4.CS.07 the link call returns pathList with type 3 the encrypted link', async () => {
    const body = envelope(ZCsLink).parse(
      (await get('/wps/system/customerService/link?csType=TELEGRAM')).json(),
    );
    const list = body.value.version.pathList;
    expect(list.find((p) => p.type === 1)!.path).toBe('Telegram @lotus_support');
    expect(list.find((p) => p.type === 2)!.path).toBe('TELEGRAM');
    expect(await decryptCsPath(list.find((p) => p.type === 3)!.path)).toBe('https://t.me/lotus_support');
  });

  it('4.CS.07 an unconfigured channel is 404 not_found; an unknown csType is 400', async () => {
    const missing = await get('/wps/system/customerService/link?csType=ZALO');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('not_found');
    expect((await get('/wps/system/customerService/link?csType=PIGEON')).statusCode).toBe(400);
  });
});

describe('/wps/system/permission', () => {
  it('3.SITE.03 7.PAR.23 carries every part of the site permission info', async () => {
    const res = await get('/wps/system/permission?url=www.lotus.example');
    expect(res.statusCode).toBe(200);
    const body = envelope(ZPermissionInfo).parse(res.json());
    expect(body.value.whitelabel.USERNAMEREG3).toBe(true);
    expect(body.value.register.username.maxLength).toBe(15);
    expect(body.value.customerService.length).toBe(6);
    expect(body.value.location.ip).toBe('127.0.0.1');
    expect(body.value.maintenance).toBeNull();
    expect(body.value.regionRestriction).toBeNull();
    expect(body.value.languages.default).toBe('th');
    expect(body.value.domainRoute.domainList.length).toBeGreaterThan(0);
    expect(body.value.analytics).toEqual({ gtagId: null });
  });

  it('3.SITE.03 8.ERR.14 a host outside domains.allowedHosts answers 400 domain_check_failed', async () => {
    const domains = { ...DEFAULT_SITE_CONFIG.domains, allowedHosts: ['www.lotus.example', '*.lotus.test'] };
    expect((await t.ops('PUT', '/ops/config/domains', domains)).statusCode).toBe(200);
    expect((await get('/wps/system/permission?url=www.lotus.example')).statusCode).toBe(200);
    expect((await get('/wps/system/permission?url=www.lotus.example:8080')).statusCode).toBe(200);
    expect((await get('/wps/system/permission?url=m.lotus.test')).statusCode).toBe(200);
    const res = await get('/wps/system/permission?url=evil.example');
    expect(res.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(res.json()).message).toBe('domain_check_failed');
  });

  it('7.PAR.23 a malformed url is 400 validation_failed', async () => {
    expect((await get('/wps/system/permission?url=not%20a%20host')).statusCode).toBe(400);
    expect((await get('/wps/system/permission')).statusCode).toBe(400);
  });
});

describe('PUT /wps/feedback', () => {
  const put = (payload: unknown, ip: string) =>
    t.inject({ method: 'PUT', url: '/wps/feedback', payload: payload as object, remoteAddress: ip });
  const count = async () => (await t.ops('GET', '/ops/feedback?limit=500')).json().value.length as number;

  it('7.SYS.06 5.UPL.05 stores feedback of 140 characters and returns its id', async () => {
    const before = await count();
    const res = await put({ content: 'ก'.repeat(140), type: 'COMPLAINT' }, '10.9.0.1');
    expect(res.statusCode).toBe(200);
    const body = envelope(ZFeedbackResult).parse(res.json());
    expect(body.value.id).toBeGreaterThan(0);
    expect(await count()).toBe(before + 1);
    const rows = (await t.ops('GET', '/ops/feedback')).json().value;
    expect(rows[0]).toMatchObject({ id: body.value.id, type: 'COMPLAINT', ip: '10.9.0.1', memberId: null });
  });

  it('5.UPL.05 feedback of 141 characters is 400 content_too_long and adds no row', async () => {
    const before = await count();
    const res = await put({ content: 'x'.repeat(141) }, '10.9.0.2');
    expect(res.statusCode).toBe(400);
    expect(ZErrorEnvelope.parse(res.json())).toMatchObject({
      message: 'validation_failed',
      fields: { content: 'content_too_long' },
    });
    expect(await count()).toBe(before);
  });

  it('5.UPL.06 feedback without content, or shorter than 5 characters after trimming, is 400', async () => {
    const missing = await put({}, '10.9.0.3');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ content: 'content_required' });
    const short = await put({ content: '  abc   ' }, '10.9.0.3');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('validation_failed');
  });

  it('7.SYS.06 feedback is PUT only (POST is 405) and is rate limited to 5 per minute per address', async () => {
    const post = await t.inject({
      method: 'POST',
      url: '/wps/feedback',
      payload: { content: 'hello there' },
    });
    expect(post.statusCode).toBe(405);
    expect(post.json().message).toBe('method_not_allowed');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await put({ content: `message number ${i}` }, '10.9.0.9')).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes[5]).toBe(429);
    const limited = await put({ content: 'one more time' }, '10.9.0.9');
    expect(ZErrorEnvelope.parse(limited.json()).message).toBe('rate_limited');
  });
});
