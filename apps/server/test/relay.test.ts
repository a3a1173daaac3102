import { envelope, ZErrorEnvelope } from '@lotus/contracts/envelope';
import { GAME_TYPES, RELAY_NAMES, ZAnnouncementList, ZVendorCards } from '@lotus/contracts/relay';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

const t = useTestApp();
const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });

describe('relay dispatch', () => {
  it('7.RELAY.01 relay calls are GET /wps/relay/<name>; an unknown name answers 404 unknown_call', async () => {
    const res = await get('/wps/relay/NO_SUCH_CALL');
    expect(res.statusCode).toBe(404);
    expect(ZErrorEnvelope.parse(res.json()).message).toBe('unknown_call');
    const nested = await get('/wps/relay/passwordCheck/NO_SUCH_CALL');
    expect(nested.json().message).toBe('unknown_call');
  });

  it('7.RELAY.33 a spec relay name not implemented yet also answers 404 unknown_call', async () => {
    expect(RELAY_NAMES).toContain('MCS2_claimRafflePromotion');
    const res = await get('/wps/relay/MCS2_claimRafflePromotion');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('unknown_call');
    expect((await get('/wps/relay/passwordCheck/MCS2_convertPoint')).json().message).toBe('unknown_call');
  });

  it('7.RELAY.01 a relay call with another method is 405 method_not_allowed', async () => {
    const res = await t.inject({ method: 'POST', url: '/wps/relay/MCSFE_getListAnnouncements' });
    expect(res.statusCode).toBe(405);
    expect(res.json().message).toBe('method_not_allowed');
  });
});

describe('MCSFE_getListAnnouncements', () => {
  it('7.RELAY.07 7.PAR.09 3.ANN.01 returns the active Thai notices of types B, PL, PU, PR by default', async () => {
    const res = await get(
      '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR&platform=W&executionType=B',
    );
    expect(res.statusCode).toBe(200);
    const list = envelope(ZAnnouncementList).parse(res.json()).value;
    expect(new Set(list.map((n) => n.type))).toEqual(new Set(['B', 'PL', 'PU', 'PR']));
    expect(list.filter((n) => n.type === 'B')).toHaveLength(3);
    expect(list.filter((n) => n.type === 'PU')).toHaveLength(2);
    expect(list.find((n) => n.type === 'B')!.title).toMatch(/Lotus/);
    expect(list.every((n) => /[\u0E00-\u0E7F]/.test(n.title))).toBe(true);
    const byDefault = envelope(ZAnnouncementList).parse(
      (await get('/wps/relay/MCSFE_getListAnnouncements')).json(),
    ).value;
    expect(byDefault).toEqual(list);
  });

  it('2.NOT.04 2.NOT.05 3.ANN.02 PU notices are the news popup with an HTML body; English with Language: en', async () => {
    const list = envelope(ZAnnouncementList).parse(
      (await get('/wps/relay/MCSFE_getListAnnouncements?types=PU', { language: 'en' })).json(),
    ).value;
    expect(list).toHaveLength(2);
    expect(list[0]!.title).toBe('New this month');
    expect(list[0]!.content).toMatch(/<h3>10% weekly cashback<\/h3>/);
  });

  it('2.NOT.05 notices are sanitised, and only active ones (start/end window) are returned', async () => {
    const add = async (body: object) => (await t.ops('POST', '/ops/notices', body)).json().value.id as number;
    const ids = [
      await add({
        type: 'B',
        title: 'Scripted',
        content: '<p>ok<script>alert(1)</script><img src=x onerror=alert(1)></p>',
        language: 'en',
      }),
      await add({
        type: 'B',
        title: 'Expired',
        language: 'en',
        endTime: new Date(Date.now() - 1000).toISOString(),
      }),
      await add({
        type: 'B',
        title: 'Future',
        language: 'en',
        startTime: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    ];
    const list = envelope(ZAnnouncementList).parse(
      (await get('/wps/relay/MCSFE_getListAnnouncements?types=B', { language: 'en' })).json(),
    ).value;
    const titles = list.map((n) => n.title);
    expect(titles).toContain('Scripted');
    expect(titles).not.toContain('Expired');
    expect(titles).not.toContain('Future');
    expect(list.find((n) => n.title === 'Scripted')!.content).toBe('<p>ok<img src="x" /></p>');
    for (const id of ids) await t.ops('DELETE', `/ops/notices/${id}`);
  });

  it('7.PAR.09 malformed queries are 400 validation_failed (unknown type, other platform)', async () => {
    for (const q of ['types=B,XX', 'platform=H5', 'executionType=Z', 'types=']) {
      const res = await get(`/wps/relay/MCSFE_getListAnnouncements?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe('validation_failed');
    }
  });
});

describe('GCSGAME_newGameVendor', () => {
  it('7.RELAY.09 3.GAME.01 1.CAT.01 returns one card per game type in GAME_TYPES order', async () => {
    const cards = envelope(ZVendorCards).parse((await get('/wps/relay/GCSGAME_newGameVendor')).json()).value;
    expect(cards.map((c) => c.title)).toEqual([...GAME_TYPES]);
    const of = (type: string) => cards.find((c) => c.title === type)!.cards;
    expect(of('RNG').length).toBeGreaterThanOrEqual(12);
    expect(of('LIVE').length).toBe(6);
    expect(of('FISH').length).toBe(3);
    expect(
      of('RNG')
        .map((v) => v.vassalage)
        .slice(0, 3),
    ).toEqual(['PG', 'JILI', 'PP']);
    expect(of('RNG').find((v) => v.vassalage === 'PG')!.isHot).toBe(1);
    expect(of('RNG').every((v) => v.gameType === 'RNG' && v.logoUrl.startsWith('/media/vendors/'))).toBe(
      true,
    );
  });

  it('3.PROV cockfight providers are exactly DS88, DIG, WS168; the esports list is empty', async () => {
    const cards = envelope(ZVendorCards).parse(
      (await get('/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop')).json(),
    ).value;
    expect(cards.find((c) => c.title === 'COCKFIGHT')!.cards.map((v) => v.vassalage)).toEqual([
      'DS88',
      'DIG',
      'WS168',
    ]);
    expect(cards.find((c) => c.title === 'ESPORTS')!.cards).toEqual([]);
  });

  it('7.PAR.03 platform defaults to html5-desktop; other values are refused', async () => {
    expect((await get('/wps/relay/GCSGAME_newGameVendor?platform=html5')).statusCode).toBe(200);
    expect((await get('/wps/relay/GCSGAME_newGameVendor?platform=flash')).statusCode).toBe(400);
  });

  it('2.HDR.09 a vendor added, disabled or removed through ops shows on the next call', async () => {
    const added = await t.ops('POST', '/ops/vendors', {
      gameType: 'ESPORTS',
      vassalage: 'TF',
      displayName: 'TF Gaming',
      accountTypeId: 9001,
      isHot: 1,
    });
    expect(added.statusCode).toBe(200);
    let cards = envelope(ZVendorCards).parse((await get('/wps/relay/GCSGAME_newGameVendor')).json()).value;
    expect(cards.find((c) => c.title === 'ESPORTS')!.cards).toMatchObject([{ vassalage: 'TF', isHot: 1 }]);
    const duplicate = await t.ops('POST', '/ops/vendors', {
      gameType: 'ESPORTS',
      vassalage: 'TF',
      displayName: 'Again',
      accountTypeId: 9002,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('conflict');
    await t.ops('DELETE', `/ops/vendors/${added.json().value.id}`);
    cards = envelope(ZVendorCards).parse((await get('/wps/relay/GCSGAME_newGameVendor')).json()).value;
    expect(cards.find((c) => c.title === 'ESPORTS')!.cards).toEqual([]);
  });
});
