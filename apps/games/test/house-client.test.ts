import { createHmac } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHouseApp } from '../src/app';
import { STRINGS } from '../src/page/strings';
import { catalogueOf, publishGames } from '../src/publish';
import { loadTitles } from '../src/titles';
import { createWalletClient, UncertainAnswer, type Transport } from '../src/wallet-client';

/**
 * The house app's side of the protocol without a platform: the signing (the worked example of
 * docs/vendor-protocol.md), answers that say nothing certain, the game-list publishing and its
 * backoff; and the pages' static parts: Thai and English strings, art for every symbol, thumbnails.
 */

const GAMES_DIR = path.join(import.meta.dirname, '..', 'games');
const definitions = readdirSync(GAMES_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(path.join(GAMES_DIR, f), 'utf8')));

/**
 * The platform's answer as v1.1 signs it (docs/vendor-protocol.md, computed here from the document's rule):
 * HMAC-SHA256 hex of `<status>\n/vendor/v1/<path>\n<X-Timestamp>\n<raw answer>`, echoing the requestId.
 */
function signedAnswer(secret: string, path: string, status: number, json: unknown, requestId: unknown, timestamp = '1767225601500') {
  const body = JSON.stringify(json && typeof json === 'object' && requestId !== undefined ? { ...json, requestId } : json);
  const signature = createHmac('sha256', secret).update(`${status}\n/vendor/v1/${path}\n${timestamp}\n${body}`).digest('hex');
  return { status, body, timestamp, signature };
}

function recording(answer: unknown = { status: 'OK', balance: '100000', currency: 'THB' }, secret = 'x'.repeat(43)) {
  const sent: { path: string; headers: Record<string, string>; body: string }[] = [];
  const transport: Transport = async (p, headers, body) => {
    sent.push({ path: p, headers, body });
    return signedAnswer(secret, p, 200, answer, JSON.parse(body).requestId);
  };
  return { sent, transport };
}

describe('the signed wallet client', () => {
  it('signs v1.1 as the protocol document says: "POST\\n<path>\\n<X-Timestamp>\\n<raw body>", with a requestId', async () => {
    const secret = 'doc-example-secret-7f3a9c2e51b84d06a1e2';
    const { sent, transport } = recording(undefined, secret);
    const client = createWalletClient({
      vendorCode: 'ACME',
      secret: () => secret,
      transport,
      now: () => 1767225601000,
      newRequestId: () => 'req-house-0001',
    });
    await client.balance('880001', 'docExampleSessionToken-AAAAAAAAAAAAAAAAAAAAA');
    const body = '{"requestId":"req-house-0001","playerId":"880001","sessionToken":"docExampleSessionToken-AAAAAAAAAAAAAAAAAAAAA"}';
    expect(sent[0]).toEqual({
      path: 'wallet/balance',
      body,
      headers: {
        'content-type': 'application/json',
        'x-vendor-code': 'ACME',
        'x-timestamp': '1767225601000',
        'x-signature': createHmac('sha256', secret).update(`POST\n/vendor/v1/wallet/balance\n1767225601000\n${body}`).digest('hex'),
      },
    });
  });

  it('issue 23 #1: an answer not signed by the platform for this path, or echoing another requestId, is uncertain, never acted on', async () => {
    const secret = 'x'.repeat(43);
    const ok = { status: 'OK', balance: '999999', currency: 'THB' };
    const cases: Transport[] = [
      // unsigned
      async () => ({ status: 200, body: JSON.stringify(ok) }),
      // signed with another secret
      async (p, _h, body) => signedAnswer('y'.repeat(43), p, 200, ok, JSON.parse(body).requestId),
      // a captured answer of another call (signed for wallet/win) replayed on this one
      async (_p, _h, body) => signedAnswer(secret, 'wallet/win', 200, ok, JSON.parse(body).requestId),
      // signed for this path, but the answer to another request
      async (p) => signedAnswer(secret, p, 200, ok, 'someone-elses-request'),
      // signed for another status
      async (p, _h, body) => ({ ...signedAnswer(secret, p, 401, ok, JSON.parse(body).requestId), status: 200 }),
    ];
    for (const transport of cases) {
      const client = createWalletClient({ vendorCode: 'HOUSE', secret: () => secret, transport });
      await expect(client.balance('1', 't')).rejects.toBeInstanceOf(UncertainAnswer);
    }
  });

  it('a bet carries the round id as transactionId and amounts as digit strings; a win names its bet', async () => {
    const { sent, transport } = recording(undefined, 's'.repeat(43));
    const client = createWalletClient({ vendorCode: 'HOUSE', secret: () => 's'.repeat(43), transport });
    await client.bet({
      playerId: '7',
      sessionToken: 'tok',
      roundId: 'HR1',
      gameCode: 'lotus-pond',
      amount: 250n,
      currency: 'THB',
    });
    await client.win({ playerId: '7', roundId: 'HR1', gameCode: 'lotus-pond', amount: 0n, currency: 'THB' });
    const bet = JSON.parse(sent[0]!.body);
    expect(bet).toMatchObject({
      transactionId: 'HR1',
      roundId: 'HR1',
      amount: '250',
      currency: 'THB',
      sessionToken: 'tok',
    });
    const win = JSON.parse(sent[1]!.body);
    expect(win).toMatchObject({ roundId: 'HR1', amount: '0', betTransactionId: 'HR1' });
    expect(win.transactionId).not.toBe('HR1');
  });

  it('INTERNAL_ERROR, a non-protocol answer, a lost connection or a missing secret are uncertain, never a refusal', async () => {
    const secret = 'x'.repeat(43);
    const rid = (body: string) => JSON.parse(body).requestId;
    const cases: Transport[] = [
      async (p, _h, body) => signedAnswer(secret, p, 200, { status: 'ERROR', code: 'INTERNAL_ERROR' }, rid(body)),
      async () => ({ status: 502, body: '<html>bad gateway</html>' }),
      async (p, _h, body) => signedAnswer(secret, p, 404, { success: false }, rid(body)),
      async () => {
        throw new Error('ECONNRESET');
      },
    ];
    for (const transport of cases) {
      const client = createWalletClient({ vendorCode: 'HOUSE', secret: () => 'x'.repeat(43), transport });
      await expect(client.balance('1', 't')).rejects.toBeInstanceOf(UncertainAnswer);
    }
    const noSecret = createWalletClient({
      vendorCode: 'HOUSE',
      secret: () => Promise.reject(new Error('not registered')),
      transport: recording().transport,
    });
    await expect(noSecret.balance('1', 't')).rejects.toBeInstanceOf(UncertainAnswer);
    // A refusal is an answer.
    const refused = createWalletClient({
      vendorCode: 'HOUSE',
      secret: () => 'x'.repeat(43),
      transport: recording({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS', balance: '5' }).transport,
    });
    expect(await refused.balance('1', 't')).toMatchObject({
      status: 'ERROR',
      code: 'INSUFFICIENT_FUNDS',
      balance: '5',
    });
  });
});

describe('publishing the game list (POST /vendor/v1/games/sync)', () => {
  it('every title in the shape the catalogue takes: codes, names, classification, minimum bet, lines, thumbnail', () => {
    const games = catalogueOf(loadTitles(), 'https://house.example');
    expect(games.map((g) => g.gameCode).sort()).toEqual(definitions.map((d) => d.code).sort());
    for (const g of games) {
      const d = definitions.find((x) => x.code === g.gameCode);
      expect(g.gameCode).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(g.gameType).toBe('RNG');
      expect(g.names).toEqual(d.name);
      expect(g.classification).toMatch(/^[A-Z0-9_]{1,32}$/);
      expect(g.minBet).toBe(String(Math.min(...d.betLevels) * d.paylines.length));
      expect(g.lines).toBe(d.paylines.length);
      expect(g.thumbnailUrl).toBe(`https://house.example/house/thumbs/${d.code}.svg`);
      expect(typeof g.isHot).toBe('boolean');
      expect(g.freePlay).toBe(true);
      expect(g.status).toBe('ACTIVE');
    }
    expect(catalogueOf(loadTitles())[0]!.thumbnailUrl).toMatch(/^\/house\/thumbs\/[a-z-]+\.svg$/);
  });

  it('retries with a growing backoff until the platform answers OK, and stops when asked', async () => {
    const waits: number[] = [];
    const answers = [
      () => Promise.reject(new UncertainAnswer('HTTP 404')),
      () => Promise.resolve({ status: 'ERROR' as const, code: 'INVALID_REQUEST' }),
      () => Promise.resolve({ status: 'OK' as const, created: 4, updated: 0, retired: 0 }),
    ];
    const bodies: Record<string, unknown>[] = [];
    const result = await publishGames({
      call: (p, body) => {
        expect(p).toBe('games/sync');
        bodies.push(body);
        return answers[bodies.length - 1]!() as never;
      },
      games: catalogueOf(loadTitles()),
      sleep: async (ms) => void waits.push(ms),
    });
    expect(result).toMatchObject({ status: 'OK', created: 4 });
    expect(waits).toEqual([1000, 2000]);
    expect((bodies[0]!.games as unknown[]).length).toBe(definitions.length);
    expect(bodies[0]!.requestId).not.toBe(bodies[1]!.requestId);

    let stop = false;
    const stopped = await publishGames({
      call: () => Promise.reject(new UncertainAnswer('down')),
      games: [],
      sleep: async () => void (stop = true),
      stopped: () => stop,
    });
    expect(stopped).toBeNull();
  });
});

describe('the house pages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildHouseApp();
  });
  afterAll(() => app.close());

  it('every visible string exists in Thai and English', () => {
    expect(Object.keys(STRINGS.en).sort()).toEqual(Object.keys(STRINGS.th).sort());
    for (const lang of ['th', 'en'] as const)
      for (const [key, value] of Object.entries(STRINGS[lang]))
        expect(value.trim(), `${lang}.${key}`).not.toBe('');
  });

  it('every symbol of every title and every thumbnail is an SVG; unknown ones are 404', async () => {
    for (const d of definitions) {
      for (const s of d.symbols) {
        const res = await app.inject(`/house/art/${d.code}/${s.id}.svg`);
        expect(res.statusCode, `${d.code}/${s.id}`).toBe(200);
        expect(res.headers['content-type']).toBe('image/svg+xml');
        expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>$/);
      }
      const thumb = await app.inject(`/house/thumbs/${d.code}.svg`);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.body).toContain(d.name.en);
    }
    expect((await app.inject('/house/art/lotus-pond/ZZ.svg')).statusCode).toBe(404);
    expect((await app.inject('/house/art/no-such-game/W.svg')).statusCode).toBe(404);
    expect((await app.inject('/house/thumbs/no-such-game.svg')).statusCode).toBe(404);
    expect((await app.inject('/house/assets/../package.json')).statusCode).toBe(404);
    expect((await app.inject('/house/assets/play.js')).headers['content-type']).toContain('javascript');
  });

  it('the verify page is Thai by default and English on request; the play API needs a vendor to play for', async () => {
    const th = await app.inject('/house/fair');
    expect(th.body).toContain('<html lang="th">');
    expect(th.body).toContain(STRINGS.th.verifyTitle);
    const en = await app.inject('/house/fair?lang=en');
    expect(en.body).toContain('Verify a spin');
    // Plain words (ADR 0075): no "floats" in either language; the language switch keeps the round.
    expect(Object.values(STRINGS.en).join(' ')).not.toMatch(/float/i);
    const round = await app.inject('/house/fair?round=HRabc123456789&lang=en');
    expect(round.body).toContain('href="?round=HRabc123456789&#38;lang=th"');
    // Without a vendor configuration (verifier-only mode) there is no play route and no round record.
    expect((await app.inject('/house/play?gameCode=lotus-pond')).statusCode).toBe(404);
    expect((await app.inject('/house/fair/round/HRabc123456789')).statusCode).toBe(404);
  });
});
