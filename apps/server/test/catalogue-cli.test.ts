import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { connectApi } from '../src/ops/connect';
import { runCommand } from './ops-run';
import { body, useTestApp } from './helper';
import { createVendor, vendorCaller } from './vendor-client';

/** `npm run ops -- catalogue list|set-status|set-hot`: the commands over the operator API, each change audited. */
const t = useTestApp();

let url: string | null = null;
async function run(args: string[]) {
  if (!url) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }
  const lines: string[] = [];
  const code = await runCommand(connectApi(url, t.opsToken), args, { log: (text) => lines.push(text) });
  return { code, out: lines.join('\n'), lines };
}

const game = (code: string) => ({
  gameCode: code,
  gameType: 'RNG',
  names: { th: `เกม ${code}`, en: `Game ${code}` },
  classification: 'VIDEO_SLOT',
  minBet: '10',
  lines: 20,
  thumbnailUrl: `/media/games/${code}.svg`,
  isHot: false,
  freePlay: false,
  status: 'ACTIVE',
});

it('catalogue list shows the published games; set-status and set-hot override them (audited) until put back to the vendor', async () => {
  const v = vendorCaller(t, await createVendor(t));
  expect((await v.call('games/sync', { requestId: 'cli-1', games: [game('CLI_ONE'), game('CLI_TWO')] })).json()).toMatchObject({ created: 2 });

  const list = await run(['catalogue', 'list', '--vendor', v.code]);
  expect(list.code).toBe(0);
  expect(list.out).toMatch(/CLI_ONE\s+RNG\s+Game CLI_ONE\s+0\.10\s+20\s+ACTIVE\s+false\s+false/);
  const nodeId = Number(/(\d+)\s+\S+\s+CLI_ONE/.exec(list.out)![1]);

  expect((await run(['catalogue', 'set-status', String(nodeId), 'hidden'])).out).toMatch(/CLI_ONE.*HIDDEN/);
  expect((await run(['catalogue', 'set-hot', String(nodeId), 'on'])).code).toBe(0);
  const hidden = body<{ games: { gameCode: string }[] }>(await t.inject(`/wps/relay/GCSGAME_gameList?vassalage=${v.code}`)).value.games;
  expect(hidden.map((g) => g.gameCode)).toEqual(['CLI_TWO']);

  expect((await run(['catalogue', 'set-status', String(nodeId), 'vendor'])).code).toBe(0);
  const shown = body<{ games: { gameCode: string; isHot: number }[] }>(await t.inject(`/wps/relay/GCSGAME_gameList?vassalage=${v.code}`)).value.games;
  expect(shown[0]).toMatchObject({ gameCode: 'CLI_ONE', isHot: 1 });

  const audit = await run(['audit', 'list', '--limit', '5']);
  expect(audit.out.match(/catalogue\.game/g)?.length).toBe(3);

  await expect(run(['catalogue', 'set-status', String(nodeId), 'paused'])).rejects.toThrow(/set-status/);
  await expect(run(['catalogue', 'set-hot', 'abc', 'on'])).rejects.toThrow(/set-hot/);
});

it('catalogue set-sort places a game in the lists until put back to the vendor; an out-of-range position is refused', async () => {
  const v = vendorCaller(t, await createVendor(t));
  await v.call('games/sync', { requestId: 'cli-sort-1', games: [game('SORT_A'), game('SORT_B')] });
  const order = async () => body<{ games: { gameCode: string }[] }>(await t.inject(`/wps/relay/GCSGAME_gameList?vassalage=${v.code}`)).value.games.map((g) => g.gameCode);
  const list = await run(['catalogue', 'list', '--vendor', v.code]);
  const nodeId = Number(/(\d+)\s+\S+\s+SORT_A/.exec(list.out)![1]);

  expect((await run(['catalogue', 'set-sort', String(nodeId), '5'])).out).toMatch(/SORT_A.*\s0\s+5\s/);
  expect(await order()).toEqual(['SORT_B', 'SORT_A']);
  expect((await run(['catalogue', 'set-sort', String(nodeId), 'vendor'])).code).toBe(0);
  expect(await order()).toEqual(['SORT_A', 'SORT_B']);

  await expect(run(['catalogue', 'set-sort', String(nodeId), 'first'])).rejects.toThrow(/set-sort/);
  const refused = await run(['catalogue', 'set-sort', String(nodeId), '10000']).then(
    (r) => r.out,
    (error: Error) => error.message,
  );
  expect(refused).toMatch(/validation_failed|opsSort/);
  expect(await order()).toEqual(['SORT_A', 'SORT_B']);
});
