import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from './factories';
import { body, useTestApp } from './helper';
import { createVendor, fundMember, launch, openSession, tokenOf, vendorCaller, type VendorCaller } from './vendor-client';

/**
 * The game catalogue (issue 9, "Catalogue (server)"): the vendors' signed games/sync, every relay and
 * games call with its section 7 parameter shapes and bad parameters, favourites and recent games per
 * member, the launch (trial and maintenance refusals), the winner board from settled wins, and the
 * operator overrides. Values come from the spec (page size 15, popular count 20, winner board 50,
 * clientType 3, platform html5-desktop) and from docs/vendor-protocol.md section 10.
 */
const t = useTestApp();

type Game = {
  nodeId: number;
  gameCode: string;
  gameId: string;
  vassalage: string;
  gameType: string;
  gameName: string;
  gameClassify: string;
  minBet: string;
  lines: number;
  imageUrl: string;
  isHot: 0 | 1;
  freePlay: boolean;
  status: string;
};
type Page = { games: Game[]; total: number; totalPages: number; pageNo: number };

const game = (code: string, over: Record<string, unknown> = {}) => ({
  gameCode: code,
  gameType: 'RNG',
  names: { th: `สล็อต ${code}`, en: `Slot ${code}` },
  classification: 'VIDEO_SLOT',
  minBet: '20',
  lines: 25,
  thumbnailUrl: `/media/games/${code}.svg`,
  isHot: false,
  freePlay: false,
  status: 'ACTIVE',
  ...over,
});

let syncCounter = 0;
const sync = (v: VendorCaller, games: unknown[]) => {
  syncCounter += 1;
  return v.call('games/sync', { requestId: `sync-${syncCounter}`, games });
};
const relay = (path: string, c?: Member['c']) => (c ? c.inject({ method: 'GET', url: `/wps/relay/${path}` }) : t.inject(`/wps/relay/${path}`));
const list = async (query: string) => {
  const res = await relay(`GCSGAME_gameList?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<Page>(res).value;
};

describe('POST /vendor/v1/games/sync', () => {
  it('publishes a list when signed; unsigned or badly signed is refused with 401 and writes nothing', async () => {
    const v = vendorCaller(t, await createVendor(t));
    const unsigned = await v.call('games/sync', { requestId: 'x', games: [game('U1')] }, { signature: null });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ status: 'ERROR', code: 'INVALID_SIGNATURE' });
    const wrong = await v.call('games/sync', { requestId: 'x', games: [game('U1')] }, { secret: 'another-secret-another-secret-another-secret' });
    expect(wrong.statusCode).toBe(401);
    expect((await list(`vassalage=${v.code}`)).total).toBe(0);

    const res = await sync(v, [game('G1'), game('G2', { isHot: true })]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OK', created: 2, updated: 0, retired: 0 });
    expect((await list(`vassalage=${v.code}`)).games.map((g) => g.gameCode).sort()).toEqual(['G1', 'G2']);
  });

  it('replaces the published list: changed games update, unlisted games are retired (kept, out of the lists), listed again they return', async () => {
    const v = vendorCaller(t, await createVendor(t));
    expect((await sync(v, [game('A'), game('B'), game('C')])).json()).toMatchObject({ status: 'OK', created: 3, updated: 0, retired: 0 });
    // Same list again: nothing changed.
    expect((await sync(v, [game('A'), game('B'), game('C')])).json()).toMatchObject({ status: 'OK', created: 0, updated: 0, retired: 0 });
    const before = await list(`vassalage=${v.code}`);
    const c = before.games.find((g) => g.gameCode === 'C')!;

    const m = await createMember(t);
    const fav = await m.c.inject({ method: 'POST', url: '/wps/game/favorites/add', payload: { nodeId: c.nodeId, vendor: v.code, gameType: 'RNG' } });
    expect(body(fav).success).toBe(true);

    const res = await sync(v, [game('A', { minBet: '50' }), game('B'), game('D')]);
    expect(res.json()).toMatchObject({ status: 'OK', created: 1, updated: 1, retired: 1 });
    const after = await list(`vassalage=${v.code}`);
    expect(after.games.map((g) => g.gameCode).sort()).toEqual(['A', 'B', 'D']);
    expect(after.games.find((g) => g.gameCode === 'A')!.minBet).toBe('0.50');
    // The retired game keeps its id: the member's favourite still points at it.
    const ids = body<{ ids: number[] }>(await relay('MCSFE_getFavoriteGames', m.c)).value.ids;
    expect(ids).toEqual([c.nodeId]);

    expect((await sync(v, [game('A', { minBet: '50' }), game('B'), game('D'), game('C')])).json()).toMatchObject({
      status: 'OK',
      created: 0,
      updated: 1,
      retired: 0,
    });
    const back = (await list(`vassalage=${v.code}`)).games.find((g) => g.gameCode === 'C')!;
    expect(back.nodeId).toBe(c.nodeId);
    // An empty list retires everything.
    expect((await sync(v, [])).json()).toMatchObject({ status: 'OK', created: 0, updated: 0, retired: 4 });
    expect((await list(`vassalage=${v.code}`)).total).toBe(0);
  });

  it('bad bodies answer INVALID_REQUEST and change nothing', async () => {
    const v = vendorCaller(t, await createVendor(t));
    await sync(v, [game('K1')]);
    const bad: unknown[][] = [
      [game('bad code!')],
      [game('K2', { gameType: 'SLOTS' })],
      [game('K2', { minBet: '0.20' })],
      [game('K2', { minBet: 20 })],
      [game('K2', { lines: 1025 })],
      [game('K2', { names: { th: 'ไทย' } })],
      [game('K2', { thumbnailUrl: 'javascript:alert(1)' })],
      [game('K2', { classification: 'video slot' })],
      [game('K2', { status: 'RETIRED' })],
      [game('K2'), game('K2')],
      Array.from({ length: 2001 }, (_, i) => game(`N${i}`)),
    ];
    for (const games of bad) {
      const res = await sync(v, games);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ERROR', code: 'INVALID_REQUEST' });
    }
    const notJson = await v.call('games/sync', '{"requestId":"x","games":[', {});
    expect(notJson.json()).toMatchObject({ status: 'ERROR', code: 'INVALID_REQUEST' });
    expect((await list(`vassalage=${v.code}`)).games.map((g) => g.gameCode)).toEqual(['K1']);
  });

  it('accepts 2,000 games in one call', async () => {
    const v = vendorCaller(t, await createVendor(t));
    const res = await sync(v, Array.from({ length: 2000 }, (_, i) => game(`BULK_${i}`)));
    expect(res.json()).toMatchObject({ status: 'OK', created: 2000, updated: 0, retired: 0 });
    const page = await list(`vassalage=${v.code}`);
    expect(page.total).toBe(2000);
    expect(page.totalPages).toBe(Math.ceil(2000 / 15));
  });
});

describe('game lists', () => {
  let v: VendorCaller;
  let other: VendorCaller;
  beforeAll(async () => {
    v = vendorCaller(t, await createVendor(t));
    other = vendorCaller(t, await createVendor(t));
    const games = Array.from({ length: 20 }, (_, i) =>
      game(`L${String(i).padStart(2, '0')}`, {
        minBet: i < 5 ? '1' : i < 10 ? '5' : '75',
        lines: i % 2 === 0 ? 25 : 10,
        classification: i < 15 ? 'VIDEO_SLOT' : 'CLASSIC',
        isHot: i === 3,
      }),
    );
    games.push(game('DRAGON', { names: { th: 'มังกรทอง', en: 'Golden Dragon' }, isHot: true, freePlay: true }));
    games.push(game('FISHY', { gameType: 'FISH', classification: 'FISHING', names: { th: 'ยิงปลา', en: 'Fish Hunter' } }));
    expect((await sync(v, games)).json()).toMatchObject({ status: 'OK', created: 22 });
    await sync(other, [game('O1', { names: { th: 'อื่น', en: 'Other 100%_ off' } })]);
  });

  it('7.PAR.02 7.PAR.03 2.GL.07 GCSGAME_gameList: clientType 3, html5-desktop by default, page size 15, games and totalPages', async () => {
    const page = await list(`clientType=3&vassalage=${v.code}&gameType=RNG`);
    expect(page.games).toHaveLength(15);
    expect(page.total).toBe(21);
    expect(page.totalPages).toBe(2);
    expect((await list(`clientType=3&platform=html5-desktop&channel=web&merchant=lotus&vassalage=${v.code}&gameType=RNG&pageNo=2`)).games).toHaveLength(6);
    const g = page.games.find((x) => x.gameCode === 'DRAGON')!;
    expect(g).toMatchObject({ gameId: 'DRAGON', vassalage: v.code, gameType: 'RNG', gameName: 'มังกรทอง', isHot: 1, freePlay: true, status: 'ACTIVE', minBet: '0.20', lines: 25 });
    // Hot games come first.
    expect(page.games.slice(0, 2).map((x) => x.isHot)).toEqual([1, 1]);
  });

  it('2.GL.04 2.GL.05 2.GL.06 filters: classification, name in either language, minimum bet, lines, type', async () => {
    expect((await list(`vassalage=${v.code}&gameClassify=CLASSIC`)).total).toBe(5);
    expect((await list(`vassalage=${v.code}&gameName=dragon`)).games.map((g) => g.gameCode)).toEqual(['DRAGON']);
    expect((await list(`vassalage=${v.code}&gameName=${encodeURIComponent('มังกร')}`)).games.map((g) => g.gameCode)).toEqual(['DRAGON']);
    // 0.05: games playable at 0.05 (minimum bet at most 0.05); 0.75 takes every game here.
    expect((await list(`vassalage=${v.code}&minBet=0.01`)).total).toBe(5);
    expect((await list(`vassalage=${v.code}&minBet=0.05`)).total).toBe(10);
    expect((await list(`vassalage=${v.code}&minBet=0.75`)).total).toBe(22);
    expect((await list(`vassalage=${v.code}&minLineNum=25`)).total).toBe(12);
    expect((await list(`vassalage=${v.code}&gameType=FISH`)).games.map((g) => g.gameCode)).toEqual(['FISHY']);
    expect((await list(`gameType=ESPORTS`)).total).toBe(0);
  });

  it('names follow the language; images without a host go to a configured image CDN picked at random', async () => {
    expect((await list(`vassalage=${v.code}&gameName=dragon&language=en`)).games[0]!.gameName).toBe('Golden Dragon');
    const header = await t.inject({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?vassalage=${v.code}&gameName=dragon`, headers: { language: 'en' } });
    expect(body<Page>(header).value.games[0]!.gameName).toBe('Golden Dragon');
    expect((await list(`vassalage=${v.code}&gameName=dragon`)).games[0]!.imageUrl).toBe('/media/games/DRAGON.svg');
    const cdns = ['https://img1.cdn.example', 'https://img2.cdn.example/'];
    await t.setConfig('domains', (d) => ({ ...d, imageCDNs: cdns }));
    try {
      const seen = new Set<string>();
      for (let i = 0; i < 40 && seen.size < 2; i++) seen.add((await list(`vassalage=${v.code}&gameName=dragon`)).games[0]!.imageUrl);
      expect([...seen].sort()).toEqual(['https://img1.cdn.example/media/games/DRAGON.svg', 'https://img2.cdn.example/media/games/DRAGON.svg']);
    } finally {
      await t.setConfig('domains', (d) => ({ ...d, imageCDNs: [] }));
    }
  });

  it('bad parameters answer 400 validation_failed; an unknown vendor and injection strings answer an empty list', async () => {
    for (const q of ['pageSize=0', 'pageSize=100000', 'pageNo=0', 'pageNo=-1', 'clientType=2', 'platform=ios', 'gameType=SLOTS', 'vassalage=pg%27--', 'language=%22%3E%3Cscript%3E', 'minBet=abc', 'minBet=-1', 'minLineNum=-5', `gameName=${'x'.repeat(51)}`]) {
      const res = await relay(`GCSGAME_gameList?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ success: false, message: 'validation_failed' });
    }
    expect(await list('vassalage=NOSUCHVENDOR')).toEqual({ games: [], total: 0, totalPages: 0, pageNo: 1 });
    for (const name of ["' OR 1=1 --", '%', '_', '\\', "'); drop table games; --", '%_%']) {
      expect((await list(`vassalage=${v.code}&gameName=${encodeURIComponent(name)}`)).total, name).toBe(0);
    }
    // % and _ are matched literally.
    expect((await list(`gameName=${encodeURIComponent('100%_')}`)).games.map((g) => g.gameCode)).toEqual(['O1']);
    expect((await list(`vassalage=${v.code}`)).total).toBe(22);
  });

  it('7.PAR.01 GCSGAME_hotGamesV2: isPlatform 2, the hot games and the footer of their vendors', async () => {
    const res = await relay(`GCSGAME_hotGamesV2?merchantCode=lotus&isPlatform=2&vassalage=${v.code}&platform=html5-desktop&language=en`);
    const value = body<{ list: Game[]; footer: { vassalage: string }[] }>(res).value;
    expect(value.list.map((g) => g.gameCode).sort()).toEqual(['DRAGON', 'L03']);
    expect(value.footer.map((f) => f.vassalage)).toEqual([v.code]);
    expect((await relay('GCSGAME_hotGamesV2?isPlatform=1')).statusCode).toBe(400);
  });

  it('GCSGAME_getVassGameType: game types of a vendor with their classifications', async () => {
    const res = await relay(`GCSGAME_getVassGameType?vassalage=${v.code}`);
    expect(body(res).value).toEqual([
      { vassalage: v.code, gameType: 'RNG', gameClassify: ['CLASSIC', 'VIDEO_SLOT'], gameCount: 21 },
      { vassalage: v.code, gameType: 'FISH', gameClassify: ['FISHING'], gameCount: 1 },
    ].sort((a, b) => a.gameType.localeCompare(b.gameType)));
    expect((await relay('GCSGAME_getVassGameType?vassalage=bad')).statusCode).toBe(400);
  });

  it('7.GAME.01 /lgw/games/game_menus: HOT first, then each game type with vendors; esports has none', async () => {
    const res = await t.inject('/lgw/games/game_menus');
    const menus = body<{ menu: string; vendors: { vassalage: string; isHot: number }[] }[]>(res).value;
    expect(menus[0]!.menu).toBe('HOT');
    expect(menus[0]!.vendors.every((x) => x.isHot === 1)).toBe(true);
    expect(menus.map((m) => m.menu)).toContain('RNG');
    expect(menus.map((m) => m.menu)).not.toContain('ESPORTS');
  });

  it('/lgw/games/categories counts per game type only the providers with a game open to play (issue 25, ADR 0074)', async () => {
    type Categories = { list: { gameType: string; vendorCount: number; gameCount: number }[] };
    const read = async () => {
      t.clock.advance(5_000); // past the lists' cache life (a registry change is seen at its renewal)
      const res = await t.inject('/lgw/games/categories');
      expect(res.statusCode, res.body).toBe(200);
      const list = body<Categories>(res).value.list;
      return (type: string) => list.find((c) => c.gameType === type) ?? { gameType: type, vendorCount: 0, gameCount: 0 };
    };
    const before = await read();
    // The demo content's vendor cards (PG, Evolution, ...) have no games here: no live casino, no esports.
    expect(before('LIVE').vendorCount).toBe(0);
    expect(before('ESPORTS').vendorCount).toBe(0);

    const open = vendorCaller(t, await createVendor(t));
    await sync(open, [game('O1'), game('O2'), game('O3', { status: 'MAINTENANCE' }), game('OF', { gameType: 'FISH', status: 'MAINTENANCE' })]);
    const closed = vendorCaller(t, await createVendor(t));
    await sync(closed, [game('C1', { status: 'MAINTENANCE' })]);
    const after = await read();
    expect(after('RNG')).toEqual({ gameType: 'RNG', vendorCount: before('RNG').vendorCount + 1, gameCount: before('RNG').gameCount + 2 });
    expect(after('FISH')).toEqual(before('FISH'));

    // An operator's maintenance on the last open game, or the provider's registry state, closes it too.
    const o2 = (await list(`vassalage=${open.code}`)).games.find((g) => g.gameCode === 'O2')!;
    await t.ops('PUT', `/ops/catalogue/games/${o2.nodeId}`, { opsStatus: 'MAINTENANCE' });
    expect((await read())('RNG').gameCount).toBe(before('RNG').gameCount + 1);
    expect(body(await t.ops('PUT', `/ops/vendors/registry/${open.code}/status`, { status: 'maintenance' })).success).toBe(true);
    expect((await read())('RNG')).toEqual(before('RNG'));
    await t.ops('PUT', `/ops/catalogue/games/${o2.nodeId}`, { opsStatus: null });
    await t.ops('PUT', `/ops/vendors/registry/${open.code}/status`, { status: 'active' });
  });

  it('an operator hides a game or puts it in maintenance (audited); the vendor sync does not undo it', async () => {
    const g = (await list(`vassalage=${v.code}&gameName=dragon`)).games[0]!;
    const hide = await t.ops('PUT', `/ops/catalogue/games/${g.nodeId}`, { opsStatus: 'HIDDEN' });
    expect(body(hide).success).toBe(true);
    expect((await list(`vassalage=${v.code}&gameName=dragon`)).total).toBe(0);
    const audit = body<{ action: string; target: string }[]>(await t.ops('GET', '/ops/audit?limit=5')).value;
    expect(audit.some((a) => a.action === 'catalogue.game' && a.target.startsWith(`game:${g.nodeId}`))).toBe(true);

    await t.ops('PUT', `/ops/catalogue/games/${g.nodeId}`, { opsStatus: 'MAINTENANCE', opsHot: false });
    const shown = (await list(`vassalage=${v.code}&gameName=dragon`)).games[0]!;
    expect(shown).toMatchObject({ status: 'MAINTENANCE', isHot: 0 });
    await t.ops('PUT', `/ops/catalogue/games/${g.nodeId}`, { opsStatus: null, opsHot: null });
    expect((await list(`vassalage=${v.code}&gameName=dragon`)).games[0]).toMatchObject({ status: 'ACTIVE', isHot: 1 });
    expect((await t.ops('PUT', '/ops/catalogue/games/999999', { opsStatus: 'HIDDEN' })).statusCode).toBe(404);
  });
});

describe('favourites, recent games and launch', () => {
  let v: VendorCaller;
  let m: Member;
  let games: Game[];
  beforeAll(async () => {
    v = vendorCaller(t, await createVendor(t));
    await sync(v, [
      game('F1'),
      game('F2', { freePlay: true }),
      game('F3', { gameType: 'LIVE', classification: 'BACCARAT' }),
      game('MAINT', { status: 'MAINTENANCE' }),
    ]);
    games = (await list(`vassalage=${v.code}&pageSize=100`)).games;
    m = await createMember(t);
  });
  const node = (code: string) => games.find((g) => g.gameCode === code)!;
  const change = (code: string) => ({ nodeId: node(code).nodeId, vendor: v.code, gameType: node(code).gameType });

  it('5.GATE.01 5.GATE.02 favourites and recent games need a login', async () => {
    for (const path of ['MCSFE_getFavoriteGames', 'MCSFE_getFavoriteGamesList', 'GCS_recentGame', `GCS_gameLaunchFB?vendor=${v.code}&gameCode=F1`]) {
      expect((await relay(path)).statusCode, path).toBe(401);
    }
    expect((await t.inject({ method: 'POST', url: '/wps/game/favorites/add', payload: change('F1') })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/wps/game/launchGame', payload: { vendor: v.code, gameCode: 'F1' } })).statusCode).toBe(401);
  });

  it('4.FAV.01 7.PAR.04 7.PAR.05 7.PAR.06 a member adds and removes favourites (nodeId, vendor, gameType); ids and the paged list follow', async () => {
    const add = async (code: string) => body<{ ids: number[] }>(await m.c.inject({ method: 'POST', url: '/wps/game/favorites/add', payload: change(code) }));
    expect((await add('F1')).value.ids).toEqual([node('F1').nodeId]);
    expect((await add('F3')).value.ids.sort()).toEqual([node('F1').nodeId, node('F3').nodeId].sort());
    expect((await add('F1')).value.ids).toHaveLength(2); // idempotent

    const ids = body<{ ids: number[] }>(await relay('MCSFE_getFavoriteGames', m.c)).value.ids;
    expect(ids.sort()).toEqual([node('F1').nodeId, node('F3').nodeId].sort());
    const live = body<{ content: Game[]; totalPages: number }>(await relay('MCSFE_getFavoriteGamesList?pageNo=1&pageSize=15&gameType=LIVE', m.c)).value;
    expect(live.content.map((g) => g.gameCode)).toEqual(['F3']);
    expect(live.totalPages).toBe(1);
    const all = body<{ content: Game[]; totalPages: number }>(await relay('MCSFE_getFavoriteGamesList?pageNo=1&pageSize=1', m.c)).value;
    expect(all.totalPages).toBe(2);

    const removed = body<{ ids: number[] }>(await m.c.inject({ method: 'POST', url: '/wps/game/favorites/remove', payload: change('F3') }));
    expect(removed.value.ids).toEqual([node('F1').nodeId]);
    // Another member's favourites are their own.
    const other = await createMember(t);
    expect(body<{ ids: number[] }>(await relay('MCSFE_getFavoriteGames', other.c)).value.ids).toEqual([]);
  });

  it('a favourite naming another vendor or type, or an unknown game, is refused; bad shapes answer 400', async () => {
    const wrongVendor = await m.c.inject({ method: 'POST', url: '/wps/game/favorites/add', payload: { ...change('F1'), vendor: 'ZZZZ' } });
    expect(wrongVendor.statusCode).toBe(404);
    expect(wrongVendor.json().message).toBe('game_not_found');
    const wrongType = await m.c.inject({ method: 'POST', url: '/wps/game/favorites/add', payload: { ...change('F1'), gameType: 'LIVE' } });
    expect(wrongType.json().message).toBe('game_not_found');
    expect((await m.c.inject({ method: 'POST', url: '/wps/game/favorites/add', payload: { ...change('F1'), nodeId: 0 } })).statusCode).toBe(400);
    expect((await m.c.inject({ method: 'POST', url: '/wps/game/favorites/add', payload: { nodeId: "1; drop table games", vendor: v.code, gameType: 'RNG' } })).statusCode).toBe(400);
    expect((await relay('MCSFE_getFavoriteGamesList?pageSize=0', m.c)).statusCode).toBe(400);
  });

  it('7.GAME.03 7.PAR.08 a member launches a game: the vendor URL with a one-time token; the game becomes recent', async () => {
    const res = await m.c.inject({ method: 'POST', url: '/wps/game/launchGame', payload: { vendor: v.code, gameCode: 'F1', language: 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(body<{ url: string }>(res).value.url);
    // The game page's title bar names the game in the request language (issue 25).
    expect(body<{ gameName: string }>(res).value.gameName).toBe('Slot F1');
    expect(url.origin + url.pathname).toBe('https://games.example.com/launch');
    expect(url.searchParams.get('gameCode')).toBe('F1');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The session the vendor opens with that token is the member's.
    const session = (await v.call('session/authenticate', { token: url.searchParams.get('token') })).json() as { playerId: string };
    expect(session.playerId).toBe(String(m.id));

    // The relay form with the spec's alias names (accountTypeName, code).
    t.clock.advance(1000);
    const fb = await relay(`GCS_gameLaunchFB?accountTypeName=${v.code}&code=F3&gameType=LIVE`, m.c);
    expect(fb.statusCode, fb.body).toBe(200);

    const recent = body<{ list: Game[]; totalPages: number }>(await relay(`GCS_recentGame?clientType=3&vassalage=${v.code}&language=en&pageNo=1&pageSize=15`, m.c)).value;
    expect(recent.list.map((g) => g.gameCode)).toEqual(['F3', 'F1']);
    expect(recent.totalPages).toBe(1);
    expect(recent.list[0]!.gameName).toBe('Slot F3');
    expect((await relay('GCS_recentGame?clientType=1', m.c)).statusCode).toBe(400);
    // Popular: the games members launched.
    const popular = body<{ list: Game[] }>(await t.inject('/lgw/games/popular?count=20')).value.list;
    expect(popular.length).toBeLessThanOrEqual(20);
    expect(popular.slice(0, 2).map((g) => g.gameCode).sort()).toEqual(['F1', 'F3']);
    expect((await t.inject('/lgw/games/popular?count=0')).statusCode).toBe(400);
  });

  it('8.ERR.13 a game or vendor in maintenance, or a vendor without credentials here, answers Game maintenance', async () => {
    const launch = (payload: Record<string, unknown>) => m.c.inject({ method: 'POST', url: '/wps/game/launchGame', payload });
    const maint = await launch({ vendor: v.code, gameCode: 'MAINT' });
    expect(maint.statusCode).toBe(503);
    expect(maint.json().message).toBe('game_maintenance');
    // PG is a vendor card of the demo content, not in the registry: no credentials.
    expect((await launch({ vendor: 'PG', gameCode: 'ANY' })).json().message).toBe('game_maintenance');

    const down = vendorCaller(t, await createVendor(t));
    await sync(down, [game('D1')]);
    expect(body(await t.ops('PUT', `/ops/vendors/registry/${down.code}/status`, { status: 'maintenance' })).success).toBe(true);
    const res = await launch({ vendor: down.code, gameCode: 'D1' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('game_maintenance');
    // Its games stay listed, shown in maintenance once the lists' registry view is renewed (5 s).
    t.clock.advance(5_000);
    expect((await list(`vassalage=${down.code}`)).games.map((g) => g.status)).toEqual(['MAINTENANCE']);
    expect((await launch({ vendor: v.code, gameCode: 'NOPE' })).json().message).toBe('game_not_found');
    expect((await launch({ vendor: v.code })).statusCode).toBe(400);
  });

  it('5.GATE.04 a trial account launches free-play games only', async () => {
    const trial = t.client();
    trial.token = body<{ token: string }>(
      await trial.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: { platform: 'W' } }),
    ).value.token;
    const refused = await trial.inject({ method: 'POST', url: '/wps/game/launchGame', payload: { vendor: v.code, gameCode: 'F1' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('in_need_true_account');
    const allowed = await trial.inject({ method: 'POST', url: '/wps/game/launchGame', payload: { vendor: v.code, gameCode: 'F2' } });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('7.PAR.19 a launch URL served behind the launch CDNs moves to one of them picked at random', async () => {
    const cdns = ['https://games.example.com', 'https://play2.example.com'];
    await t.setConfig('domains', (d) => ({ ...d, launchGameCDNs: cdns }));
    try {
      const seen = new Set<string>();
      for (let i = 0; i < 40 && seen.size < 2; i++) {
        const res = await m.c.inject({ method: 'POST', url: '/wps/game/launchGame', payload: { vendor: v.code, gameCode: 'F1' } });
        seen.add(new URL(body<{ url: string }>(res).value.url).origin);
      }
      expect([...seen].sort()).toEqual(cdns);
    } finally {
      await t.setConfig('domains', (d) => ({ ...d, launchGameCDNs: [] }));
    }
  });
});

describe('winner board', () => {
  it('7.PAR.12 GCSGAME_getRankList: gameCategory ALL, limitNum 50, the largest settled real-money wins with masked accounts', async () => {
    const v = vendorCaller(t, await createVendor(t));
    await sync(v, [game('WIN1', { names: { th: 'ชนะ', en: 'Winner' } }), game('LIVE1', { gameType: 'LIVE', classification: 'BACCARAT' })]);
    const m = await createMember(t, { username: `winner${Date.now().toString(36).slice(-5)}` });
    await fundMember(t, m.id, 10_000n);
    const session = await openSession(m, v);
    const play = async (n: number, gameCode: string, win: string) => {
      await v.call('wallet/bet', { requestId: `b${n}`, playerId: String(m.id), sessionToken: session, transactionId: `bet-${n}`, roundId: `r-${n}`, gameCode, amount: '100', currency: 'THB' });
      const res = await v.call('wallet/win', { requestId: `w${n}`, playerId: String(m.id), transactionId: `win-${n}`, roundId: `r-${n}`, gameCode, amount: win, currency: 'THB', betTransactionId: `bet-${n}` });
      expect(res.json()).toMatchObject({ status: 'OK' });
    };
    await play(1, 'WIN1', '987654321');
    await play(2, 'LIVE1', '987654000');
    await play(3, 'WIN1', '0');
    await t.app.services.catalogue.service.collectWins();

    const res = await relay('GCSGAME_getRankList?gameCategory=ALL&language=en&limitNum=50');
    const top = body<{ list: { rank: number; account: string; gameName: string; amount: string; gameType: string }[] }>(res).value.list;
    expect(top.length).toBeLessThanOrEqual(50);
    expect(top[0]).toMatchObject({ rank: 1, gameName: 'Winner', amount: '9876543.21', gameType: 'RNG' });
    expect(top[0]!.account).toBe(`${m.username.slice(0, 2)}***${m.username.slice(-1)}`);
    expect(top[1]).toMatchObject({ rank: 2, amount: '9876540.00', gameType: 'LIVE' });
    const live = body<{ list: { gameType: string }[] }>(await relay('GCSGAME_getRankList?gameCategory=LIVE&limitNum=50')).value.list;
    expect(live.every((w) => w.gameType === 'LIVE')).toBe(true);
    for (const q of ['limitNum=0', 'limitNum=51', 'gameCategory=ANY']) expect((await relay(`GCSGAME_getRankList?${q}`)).statusCode, q).toBe(400);
  });

  it('a batch of settled wins reads over a trial account\'s win without returning it, and the next batch goes on after it', async () => {
    const v = vendorCaller(t, await createVendor(t));
    const settle = async (player: { playerId: string; sessionToken: string }, n: string, win: string) => {
      await v.call('wallet/bet', { requestId: `b${n}`, playerId: player.playerId, sessionToken: player.sessionToken, transactionId: `bet-${n}`, roundId: `r-${n}`, gameCode: 'G1', amount: '100', currency: 'THB' });
      const res = await v.call('wallet/win', { requestId: `w${n}`, playerId: player.playerId, transactionId: `win-${n}`, roundId: `r-${n}`, gameCode: 'G1', amount: win, currency: 'THB', betTransactionId: `bet-${n}` });
      expect(res.json()).toMatchObject({ status: 'OK' });
    };
    const wallet = t.app.services.wallet;
    const before = (await wallet.settledWins(0, 1_000_000)).scannedTo;

    const trial = t.client();
    trial.token = body<{ token: string }>(await trial.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: { platform: 'W' } })).value.token;
    const trialSession = (await v.call('session/authenticate', { token: tokenOf((await launch({ c: trial }, v)).body.value.url) })).json() as { playerId: string; sessionToken: string };
    await settle(trialSession, 'trial', '300');
    const m = await createMember(t);
    await fundMember(t, m.id, 10_000n);
    await settle({ playerId: String(m.id), sessionToken: await openSession(m, v) }, 'real', '700');

    // One win a batch: the trial win fills the first batch but is not returned; the second batch starts after it.
    const first = await wallet.settledWins(before, 1);
    expect(first.wins).toEqual([]);
    expect(first.more).toBe(true);
    expect(first.scannedTo).toBeGreaterThan(before);
    const second = await wallet.settledWins(first.scannedTo, 1);
    expect(second.wins).toMatchObject([{ memberId: m.id, vendor: v.code, gameCode: 'G1', amount: 700n }]);
    const last = await wallet.settledWins(second.scannedTo, 1);
    expect(last).toMatchObject({ wins: [], more: false, scannedTo: second.scannedTo });
  });
});

describe('GCSGAME_gameList answered from text made once per cached page (ADR 0059)', () => {
  let v: VendorCaller;
  beforeAll(async () => {
    v = vendorCaller(t, await createVendor(t));
    const games = [
      game('QUOTE', { names: { th: 'เกม "คำพูด" \\ ทับ', en: 'Say "hi" \\ slash </script>' } }),
      game('ABS', { thumbnailUrl: 'https://img.vendor.example/abs.svg' }),
      ...Array.from({ length: 20 }, (_, i) => game(`T${String(i).padStart(2, '0')}`)),
    ];
    expect((await sync(v, games)).json()).toMatchObject({ status: 'OK', created: 22 });
  });
  const get = (query: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?${query}`, headers });

  it('the answer is the contract, field for field; names with quotes, backslashes and markup come back as published', async () => {
    const { envelope } = await import('@lotus/contracts/envelope');
    const { ZCatalogueGame, ZGameList } = await import('@lotus/contracts/catalogue');
    for (const language of ['en', 'th']) {
      const res = await get(`vassalage=${v.code}&gameName=${encodeURIComponent(language === 'en' ? 'Say' : 'คำพูด')}&language=${language}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const json = res.json();
      expect(envelope(ZGameList).parse(json)).toEqual(json);
      expect(Object.keys(json.value.games[0]).sort()).toEqual(Object.keys(ZCatalogueGame.shape).sort());
      expect(json.value.games[0].gameName).toBe(language === 'en' ? 'Say "hi" \\ slash </script>' : 'เกม "คำพูด" \\ ทับ');
    }
    const page = body<Page>(await get(`vassalage=${v.code}&pageNo=2`)).value;
    expect(page).toMatchObject({ total: 22, totalPages: 2, pageNo: 2 });
    expect(page.games).toHaveLength(7);
  });

  it('a browser that accepts br or gzip gets the compressed bytes of the same answer, the same bytes each time; identity gets text', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const query = `vassalage=${v.code}&pageSize=15`;
    const plain = await get(query);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(query, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect((await get(query, { 'accept-encoding': 'gzip, deflate, br' })).rawPayload.equals(br.rawPayload)).toBe(true);
    const gz = await get(query, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect((await get(query, { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('with one image CDN every image path goes to it; a vendor image with its own host is left alone', async () => {
    await t.setConfig('domains', (d) => ({ ...d, imageCDNs: ['https://one.cdn.example/'] }));
    try {
      const page = body<Page>(await get(`vassalage=${v.code}&pageSize=30`)).value;
      const images = new Map(page.games.map((g) => [g.gameCode, g.imageUrl]));
      expect(images.get('ABS')).toBe('https://img.vendor.example/abs.svg');
      expect(images.get('T05')).toBe('https://one.cdn.example/media/games/T05.svg');
      expect(page.games.filter((g) => g.gameCode !== 'ABS').every((g) => g.imageUrl.startsWith('https://one.cdn.example/media/games/'))).toBe(true);
    } finally {
      await t.setConfig('domains', (d) => ({ ...d, imageCDNs: [] }));
    }
    expect(body<Page>(await get(`vassalage=${v.code}&gameName=T05`)).value.games[0]!.imageUrl).toBe('/media/games/T05.svg');
  });
});
