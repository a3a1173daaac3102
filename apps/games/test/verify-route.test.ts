import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHouseApp } from '../src/app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildHouseApp();
});
afterAll(() => app.close());

const verify = (query: Record<string, string | number>) =>
  app.inject({
    method: 'GET',
    url: '/house/fair/verify',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });

const seeds = { serverSeed: 'lotus-house-demo-server-seed', clientSeed: 'player-chosen-seed' };

describe('GET /house/fair/verify', () => {
  it('answers the floats of a bet and the server seed commitment', async () => {
    const res = await verify({ ...seeds, nonce: 1, count: 10 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.serverSeedHash).toBe('3fa587140f6faac99c86e44a45a636fe2867cc39177620865c280702211c1f07');
    expect(body.floats).toHaveLength(10);
    // Floats 8 and 9 come from round 1.
    const round1 = createHmac('sha256', seeds.serverSeed).update('player-chosen-seed:1:1').digest();
    expect(body.floats[8]).toBe(round1.readUInt32BE(0) / 2 ** 32);
    expect(body.floats[9]).toBe(round1.readUInt32BE(4) / 2 ** 32);
  });

  it('with a game: the reel stops, the window and the win of the whole bet', async () => {
    const res = await verify({ ...seeds, nonce: 1, game: 'lotus-pond' });
    expect(res.statusCode).toBe(200);
    const { game, floats } = res.json();
    expect(floats).toHaveLength(5);
    expect(game).toMatchObject({
      code: 'lotus-pond',
      reels: 5,
      rows: 3,
      lines: 10,
      totalBet: 10,
      win: 10,
      freeSpins: 0,
    });
    expect(game.spins[0].stops).toEqual([3, 7, 3, 14, 11]);
    expect(game.spins[0].window[1]).toEqual(['J', 'H1', 'W']);

    const free = (await verify({ ...seeds, nonce: 90, game: 'lotus-pond' })).json();
    expect(free.game.freeSpins).toBeGreaterThan(0);
    expect(free.game.spins[1].kind).toBe('free');
    expect(free.floats).toHaveLength(free.game.spins.length * 5);
    expect(free.game.win).toBe(free.game.spins.reduce((n: number, s: { win: number }) => n + s.win, 0));
  });

  it('answers a clear error code for each bad parameter, never a 5xx', async () => {
    const cases: [Record<string, string | number>, number, string][] = [
      [{ clientSeed: 'c', nonce: 0 }, 400, 'invalid_server_seed'],
      [{ serverSeed: 'has space', clientSeed: 'c', nonce: 0 }, 400, 'invalid_server_seed'],
      [{ serverSeed: 's'.repeat(129), clientSeed: 'c', nonce: 0 }, 400, 'invalid_server_seed'],
      [{ serverSeed: 's', nonce: 0 }, 400, 'invalid_client_seed'],
      [{ serverSeed: 's', clientSeed: 'c'.repeat(65), nonce: 0 }, 400, 'invalid_client_seed'],
      [{ serverSeed: 's', clientSeed: 'c' }, 400, 'invalid_nonce'],
      [{ serverSeed: 's', clientSeed: 'c', nonce: -1 }, 400, 'invalid_nonce'],
      [{ serverSeed: 's', clientSeed: 'c', nonce: '1.5' }, 400, 'invalid_nonce'],
      [{ serverSeed: 's', clientSeed: 'c', nonce: '1e3' }, 400, 'invalid_nonce'],
      [{ serverSeed: 's', clientSeed: 'c', nonce: '99999999999999999' }, 400, 'invalid_nonce'],
      [{ serverSeed: 's', clientSeed: 'c', nonce: 0, count: 0 }, 400, 'invalid_count'],
      [{ serverSeed: 's', clientSeed: 'c', nonce: 0, count: 1001 }, 400, 'invalid_count'],
      [{ serverSeed: 's', clientSeed: 'c', nonce: 0, count: 'all' }, 400, 'invalid_count'],
      [{ serverSeed: 's', clientSeed: 'c', nonce: 0, game: "lotus-pond' OR 1=1 --" }, 400, 'invalid_game'],
      [{ serverSeed: 's', clientSeed: 'c', nonce: 0, game: 'no-such-game' }, 404, 'unknown_game'],
    ];
    for (const [query, status, error] of cases) {
      const res = await verify(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(status);
      expect(res.json().error, JSON.stringify(query)).toBe(error);
    }
    const repeated = await app.inject({
      method: 'GET',
      url: '/house/fair/verify?serverSeed=a&serverSeed=b&clientSeed=c&nonce=0',
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error).toBe('invalid_server_seed');
  });
});
