import fs from 'node:fs';
import path from 'node:path';
import type { House } from '@lotus/games/house';
import { beforeAll, expect, it } from 'vitest';
import { inProcessConnection } from '../src/ops/connect';
import { ROOT } from './cli-helper';
import { createClock, tempDir, testEnv, useTestApp } from './helper';
import { runCommand } from './ops-run';
import { mountHouse, provisionHouseVendor } from '../src/house';

// A house database and its draws planned: several seconds on a busy two-core machine.
const HEAVY_TEST_MS = 180_000;

/**
 * `npm run ops -- lottery ...` (docs/lottery.md "Operators", docs/adr/0096): the commands over the operator API of an
 * app with the house lottery mounted in process, each as the operator of its token.
 */
const clock = createClock({ frozen: Date.parse('2026-12-07T01:01:00Z') });
let house: House | null = null;
const t = useTestApp({
  clock,
  beforeReady: async (app, c, db) => {
    const database = db.url ? { url: db.url } : { dataDir: 'memory://' };
    house = await mountHouse(app, testEnv(), { database, now: c.now, sweeper: false });
    await provisionHouseVendor(app, 'http://lotus.test');
  },
});

const FIXTURE = path.join(ROOT, 'apps/games/src/lottery/fixtures/vn-north-2023-05-12.json');
const tokens: Record<'a' | 'b', string> = { a: '', b: '' };

async function run(who: 'a' | 'b', args: string[]) {
  const connection = inProcessConnection(t.app.opsApp, { token: () => tokens[who], target: 'test', mode: 'api', close: async () => undefined });
  const lines: string[] = [];
  const code = await runCommand(connection, args, { log: (text) => lines.push(text) });
  return { code, out: lines.join('\n') };
}

beforeAll(async () => {
  await (await house!.lottery).draws.plan();
  tokens.a = (await t.operator('finance', 'cli_lotto_a')).token;
  tokens.b = (await t.operator('finance', 'cli_lotto_b')).token;
}, HEAVY_TEST_MS);

it('lottery games and draws list what the lottery answers', async () => {
  const games = await run('a', ['lottery', 'games']);
  expect(games.code).toBe(0);
  expect(games.out).toContain('Lottery vendor LOTT:');
  expect(games.out).toMatch(/VN_MB\s+VN_NORTH\s+vn-north\s+true\s+1\.00\s+100000\.00\s+1000000\.00\s+default\s+-/);

  const draws = await run('a', ['lottery', 'draws', 'VN_MB', '--status', 'scheduled', '--limit', '3']);
  expect(draws.out.split('\n')[0]).toMatch(/^drawNo\s+drawAt\s+closeAt\s+status\s+result\s+tickets\s+stakes\s+wins/);
  expect(draws.out).toMatch(/20261207\s+2026-12-07T11:15:00\.000Z\s+2026-12-07T11:00:00\.000Z\s+scheduled\s+-\s+0\s+0\.00\s+0\.00/);
  await expect(run('a', ['lottery', 'draws'])).rejects.toThrow(/lottery draws <game>/);
  await expect(run('a', ['lottery', 'draws', 'VN_MB', '--limit', '500'])).rejects.toThrow(/--limit takes 1-200/);
  await expect(run('a', ['lottery', 'draws', 'VN_MB', '--status', 'open'])).rejects.toThrow(/validation_failed/);
});

it(
  'lottery result set by one operator, confirm refused for them and done by another; discard; draw move and void',
  async () => {
    clock.advance(Date.parse('2026-12-07T11:40:00Z') - clock.now());
    await expect(run('a', ['lottery', 'result', 'set', 'VN_MB', '20261207'])).rejects.toThrow(/--file is required/);
    await expect(run('a', ['lottery', 'result', 'set', 'VN_MB', '20261207', '--file', path.join(ROOT, 'no-such-result.json')])).rejects.toThrow(/Cannot read/);
    // A result missing its seventh prize: the lottery's refusal, translated, with the prize at fault.
    const broken = path.join(tempDir(), 'broken.json');
    const { g7: _g7, ...withoutG7 } = (JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as { result: Record<string, unknown> }).result;
    fs.writeFileSync(broken, JSON.stringify(withoutG7));
    await expect(run('a', ['lottery', 'result', 'set', 'VN_MB', '20261207', '--file', broken])).rejects.toThrow(
      /does not match the game's result format \(lottery_result_invalid\)\n {2}- result\.g7: /,
    );

    // The fixture document holds the result as `result`; the command takes it from there.
    const entered = await run('a', ['lottery', 'result', 'set', 'VN_MB', '20261207', '--file', FIXTURE, '--source', 'xoso.com.vn']);
    expect(entered.out).toBe('VN_MB 20261207: result entered; another operator confirms it (lottery result confirm) or discards it.');
    expect((await run('b', ['lottery', 'draws', 'VN_MB', '--limit', '20'])).out).toMatch(/20261207 .* scheduled \(closed\)\s+entered by cli_lotto_a, waiting for a second operator/);

    await expect(run('a', ['lottery', 'result', 'confirm', 'VN_MB', '20261207'])).rejects.toThrow(
      'The operator who entered a result cannot confirm it: a second operator must (lottery_result_same_operator)',
    );
    expect((await run('b', ['lottery', 'result', 'confirm', 'VN_MB', '20261207'])).out).toBe('VN_MB 20261207: result confirmed; the lottery settles the tickets.');
    expect((await run('a', ['lottery', 'draws', 'VN_MB', '--status', 'resulted'])).out).toMatch(/20261207 .* resulted\s+confirmed \(entered by cli_lotto_a\)/);
    await expect(run('b', ['lottery', 'result', 'discard', 'VN_MB', '20261207'])).rejects.toThrow(/lottery_result_missing/);

    const moved = await run('a', ['lottery', 'draw', 'move', 'VN_MB', '20261209', '--at', '2026-12-09T12:00:00Z']);
    expect(moved.out).toBe('VN_MB 20261209: draw moved (draw time 2026-12-09T12:00:00.000Z).');
    await expect(run('a', ['lottery', 'draw', 'move', 'VN_MB', '20261209'])).rejects.toThrow(/--at is required/);

    const voided = await run('a', ['lottery', 'draw', 'void', 'VN_MB', '20261210', '--reason', 'official draw cancelled']);
    expect(voided.out).toMatch(/^Request \d+ is pending: a second operator must approve it/);
    await expect(run('a', ['lottery', 'draw', 'void', 'VN_MB', '20261210'])).rejects.toThrow(/--reason is required/);
  },
  HEAVY_TEST_MS,
);
