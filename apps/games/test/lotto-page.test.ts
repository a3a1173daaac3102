import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHouseApp } from '../src/app';
import type { HouseDatabase } from '../src/db/client';
import { housePlayers, houseSessions } from '../src/db/schema';
import { BET_TYPE_CODES, BET_TYPES } from '../src/lottery/bets';
import { LOTTO_GAMES } from '../src/lottery/games';
import { createHouseLottery } from '../src/lottery/lottery';
import { lottoPlayRoutes } from '../src/lottery/play';
import { lottoMessagePage, lottoPage } from '../src/page/lotto';
import { LOTTO_STRINGS } from '../src/page/lotto-strings';
import { openTestHouseDatabase } from './test-database';

/**
 * The lottery's betting page (ADR 0094): every visible string in Thai and English (and every key lotto.js
 * reads), the shell in both languages with the end-to-end tests' handles, nothing inline that the
 * platform's CSP would block, and the page and its assets served through the house app's routes.
 */

const ASSETS = path.join(import.meta.dirname, '..', 'assets');
const script = readFileSync(path.join(ASSETS, 'lotto.js'), 'utf8');
const LANGS = ['th', 'en'] as const;

/** The server's answers the page translates (docs: POST /house/lotto/api/tickets, the state's 401). */
const ANSWER_KEYS = [
  'lottery_bets_invalid',
  'lottery_bet_type_unknown',
  'lottery_number_invalid',
  'lottery_stake_invalid',
  'lottery_draw_unknown',
  'lottery_draw_closed',
  'lottery_draw_void',
  'lottery_exposure_full',
  'insufficient_funds',
  'invalid_session',
  'player_blocked',
  'vendor_disabled',
  'pending',
  'platform_unavailable',
  'lottery_unavailable',
  'no_session',
];
const TICKET_STATUSES = ['open', 'accepted', 'settled', 'paid', 'refused', 'void'];

/** The shell's fixed handles (the per-game, per-type and per-ticket ones are drawn by lotto.js). */
const TEST_IDS = [
  'lotto-balance',
  'lotto-draw',
  'lotto-countdown',
  'lotto-number-0',
  'lotto-number-1',
  'lotto-number-2',
  'lotto-number-3',
  'lotto-stake',
  'lotto-add',
  'lotto-quick-pick',
  'lotto-slip',
  'lotto-slip-total',
  'lotto-buy',
  'lotto-message',
  'lotto-tab-tickets',
  'lotto-tab-results',
  'lotto-tickets',
  'lotto-results',
];

const configOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="lotto-config">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
    lang: string;
    strings: Record<string, string>;
    gameCode: string | null;
    view: string;
  };

describe('lottery page strings', () => {
  it('every visible string exists in Thai and English, and none is empty', () => {
    expect(Object.keys(LOTTO_STRINGS.en).sort()).toEqual(Object.keys(LOTTO_STRINGS.th).sort());
    for (const lang of LANGS)
      for (const [key, value] of Object.entries(LOTTO_STRINGS[lang]))
        expect(value.trim(), `${lang}.${key}`).not.toBe('');
  });

  it('every key lotto.js reads, and every code it looks a string up by, has its string', () => {
    const read = new Set([...script.matchAll(/\bt\.([A-Za-z_]\w*)/g)].map((m) => m[1]!));
    expect(read.size).toBeGreaterThan(50);
    const wanted = [
      ...read,
      ...ANSWER_KEYS,
      ...BET_TYPE_CODES.flatMap((type) => [`betType_${type}`, `betHelp_${type}`]),
      ...BET_TYPE_CODES.filter((type) => BET_TYPES[type].family === 'vn').map((type) => `viTerm_${type}`),
      ...[...new Set(LOTTO_GAMES.map((g) => g.region))].map((region) => `region_${region}`),
      ...TICKET_STATUSES.map((status) => `status_${status}`),
      'status_lost',
    ];
    for (const lang of LANGS)
      for (const key of wanted) expect(Object.hasOwn(LOTTO_STRINGS[lang], key), `${lang}.${key}`).toBe(true);
  });

  it('the Thai bet types carry their Thai names', () => {
    expect(LOTTO_STRINGS.th).toMatchObject({
      betType_3top: '3 ตัวบน',
      betType_3tod: '3 ตัวโต๊ด',
      betType_3front: '3 ตัวหน้า',
      betType_3bottom: '3 ตัวล่าง',
      betType_2top: '2 ตัวบน',
      betType_2bottom: '2 ตัวล่าง',
      betType_runtop: 'วิ่งบน',
      betType_runbottom: 'วิ่งล่าง',
    });
  });

  it('lotto.js builds the page with DOM calls only: no HTML strings, no inline style, no other origin', () => {
    expect(script).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/,
    );
    expect(script).not.toMatch(/\.style\b|setAttribute\(\s*['"]style/);
    expect(script).not.toMatch(/https?:\/\//);
    // Money is never a float: no parseFloat, and amounts go through BigInt.
    expect(script).not.toMatch(/parseFloat|toFixed/);
  });
});

describe('lottery page shell', () => {
  it.each(LANGS)('renders in %s with its strings, its handles and nothing inline', (lang) => {
    const html = lottoPage({
      language: lang,
      gameCode: 'VN_MB',
      view: 'betting',
      returnUrl: 'https://lotus.example/lottery?a=1&b=2',
    });
    const t = LOTTO_STRINGS[lang];
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(`<title>${t.title}</title>`);
    for (const text of [t.tabGames, t.tabBet, t.tabTickets, t.tabResults, t.add, t.buy, t.quickPick, t.slip])
      expect(html).toContain(text);
    for (const id of TEST_IDS) expect(html, id).toContain(`data-testid="${id}"`);
    expect(html).toContain('role="status" aria-live="polite" data-testid="lotto-message"');
    expect(html).toContain('<link rel="stylesheet" href="/house/assets/lotto.css">\n</head>');
    expect(html).toContain('<script type="module" src="/house/assets/lotto.js"></script>');
    // The launch's game opens the betting tab.
    expect(html).toMatch(/id="tab-bet"[^>]*aria-selected="true"/);
    expect(html).toContain('href="https://lotus.example/lottery?a=1&#38;b=2"');
    // CSP: no style attribute, no event handler attribute, no script but the module and the JSON block.
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/\son[a-z]+=/);
    expect([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([
      '<script type="application/json" id="lotto-config">',
      '<script type="module" src="/house/assets/lotto.js">',
    ]);
    const config = configOf(html);
    expect(config).toMatchObject({ lang, gameCode: 'VN_MB', view: 'betting' });
    expect(config.strings).toEqual(t);
  });

  it('the lobby view opens on the games list; a language it does not have is Thai; no script breaks out of the JSON', () => {
    const html = lottoPage({
      language: 'vi',
      gameCode: '</script><script>alert(1)</script>',
      view: 'lobby',
      returnUrl: 'javascript:alert(1)',
    });
    expect(html).toContain('<html lang="th">');
    expect(html).toMatch(/id="tab-games"[^>]*aria-selected="true"/);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).not.toContain('javascript:');
    expect(configOf(html).gameCode).toBe('</script><script>alert(1)</script>');
  });

  it('a launch problem is a message page in the player language; an unknown key gets the general text', () => {
    expect(lottoMessagePage('en', 'no_session')).toContain(LOTTO_STRINGS.en.no_session);
    expect(lottoMessagePage('th', 'platform_unavailable')).toContain(LOTTO_STRINGS.th.platform_unavailable);
    expect(lottoMessagePage('en', 'constructor')).toContain(LOTTO_STRINGS.en.launchFailedText);
  });
});

describe('lottery page through the house app', () => {
  let app: FastifyInstance;
  let database: HouseDatabase;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestHouseDatabase();
    const lottery = createHouseLottery({ db: database.db });
    await lottery.draws.seedGames();
    await lottery.draws.plan();
    const [player] = await database.db
      .insert(housePlayers)
      .values({ platformPlayerId: 'p-page', currency: 'THB', createdAt: new Date() })
      .returning();
    for (const lang of LANGS) {
      cookies[lang] = `cookie-${lang}-${'x'.repeat(20)}`;
      await database.db.insert(houseSessions).values({
        tokenHash: createHash('sha256').update(cookies[lang]).digest('hex'),
        playerId: player!.id,
        platformSession: 's-page',
        gameCode: 'lottery',
        language: lang,
        returnUrl: null,
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
    }
    app = await buildHouseApp();
    await app.register(
      async (scope) =>
        lottoPlayRoutes(scope, {
          lottery: async () => lottery,
          secureCookie: false,
          page: lottoPage,
          messagePage: lottoMessagePage,
        }),
      { prefix: '/house' },
    );
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(LANGS)('the page is served in the session language (%s)', async (lang) => {
    const res = await app.inject({
      url: '/house/lotto?view=lobby&gameCode=TH_GLO',
      headers: { cookie: `house_lotto=${cookies[lang]}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(`<html lang="${lang}">`);
    expect(res.body).toContain(LOTTO_STRINGS[lang].tabTickets);
    expect(configOf(res.body)).toMatchObject({ lang, gameCode: 'TH_GLO', view: 'lobby' });
  });

  it('without a session the page is the Thai message, not the betting page', async () => {
    const res = await app.inject('/house/lotto');
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain(LOTTO_STRINGS.th.no_session);
    expect(res.body).not.toContain('lotto.js');
  });

  it('the state the page draws has a string for every region and bet type it offers', async () => {
    const res = await app.inject({
      url: '/house/lotto/api/state',
      headers: { cookie: `house_lotto=${cookies.th}` },
    });
    const state = res.json() as {
      games: { region: string; betTypes: { type: string }[]; draws: unknown[] }[];
    };
    expect(state.games.length).toBeGreaterThan(30);
    for (const g of state.games) {
      expect(Object.hasOwn(LOTTO_STRINGS.th, `region_${g.region}`), g.region).toBe(true);
      for (const b of g.betTypes)
        expect(Object.hasOwn(LOTTO_STRINGS.en, `betType_${b.type}`), b.type).toBe(true);
    }
  });

  it('the page script and its stylesheet are served from the house assets', async () => {
    const js = await app.inject('/house/assets/lotto.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
    const css = await app.inject('/house/assets/lotto.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('.lotto-slip');
  });
});

describe('the electronic draw verify page strings', () => {
  it('has every string in Thai and English', async () => {
    const { LOTTO_FAIR_STRINGS } = await import('../src/page/lotto-fair');
    expect(Object.keys(LOTTO_FAIR_STRINGS.en).sort()).toEqual(Object.keys(LOTTO_FAIR_STRINGS.th).sort());
    for (const lang of ['th', 'en'] as const) for (const value of Object.values(LOTTO_FAIR_STRINGS[lang])) expect(value.trim()).not.toBe('');
  });
});
