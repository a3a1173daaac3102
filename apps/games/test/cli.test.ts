import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.join(import.meta.dirname, '..', '..', '..');
const games = (...args: string[]) =>
  run('node', ['--import', 'tsx', 'apps/games/src/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, INIT_CWD: root },
  });

const dir = mkdtempSync(path.join(tmpdir(), 'games-cli-'));
const name = (en: string) => ({ th: en, en });
const file = path.join(dir, 'hand-lines.json');
writeFileSync(
  file,
  JSON.stringify({
    format: 1,
    code: 'hand-lines',
    name: name('Hand lines'),
    description: name('AAA pays 10, BBB pays 5'),
    volatility: 'low',
    reels: 3,
    rows: 1,
    paylines: [[0, 0, 0]],
    symbols: [
      { id: 'A', type: 'regular', name: name('A'), pays: { 3: 10 } },
      { id: 'B', type: 'regular', name: name('B'), pays: { 3: 5 } },
    ],
    strips: {
      base: [
        ['A', 'A', 'B'],
        ['A', 'B', 'B'],
        ['A', 'B', 'B'],
      ],
      free: [
        ['A', 'A', 'B'],
        ['A', 'B', 'B'],
        ['A', 'B', 'B'],
      ],
    },
  }),
);

describe('npm run games', () => {
  it('rtp prints the exact RTP, its split, hit rate and volatility', async () => {
    const { stdout } = await games('rtp', file);
    // 40/27 = 148.1481 %, hit rate 6/27 = 22.22 % (hand computation in src/rtp.test.ts).
    expect(stdout).toMatch(/^RTP\s+148\.1481 %$/m);
    expect(stdout).toMatch(/base lines\s+148\.1481 %/);
    expect(stdout).toMatch(/^hit rate\s+22\.22 %/m);
    expect(stdout).toMatch(/3 x 3 x 3 = 27 stops/);
    expect(stdout).toMatch(/SD \d+\.\d{3} per unit bet/);
  });

  it('simulate prints the measured RTP with its 99 % interval, hit rate, SD and time, the same for the same seed', async () => {
    const first = await games('simulate', file, '--spins', '20000', '--seed', 'cli-test');
    const again = await games('simulate', file, '--spins', '20000', '--seed', 'cli-test');
    const rtpLine = /^RTP\s+([\d.]+) %, 99 % interval ([\d.]+) % \.\. ([\d.]+) %/m;
    const [, rtp, lo, hi] = rtpLine.exec(first.stdout)!;
    expect(Number(lo)).toBeLessThan(Number(rtp));
    expect(Number(hi)).toBeGreaterThan(Number(rtp));
    expect(Number(lo)).toBeLessThan(148.1481);
    expect(Number(hi)).toBeGreaterThan(148.1481);
    expect(first.stdout).toMatch(/^hit rate\s+/m);
    expect(first.stdout).toMatch(/^time\s+[\d.]+ s/m);
    expect(rtpLine.exec(again.stdout)![0]).toBe(rtpLine.exec(first.stdout)![0]);
  });

  it('explains a bad command line or a broken definition', async () => {
    await expect(games('simulate', file, '--spins', '10')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--seed/),
    });
    await expect(games('spin', file)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/usage/),
    });
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify({ format: 1, code: 'broken', reels: 3 }));
    await expect(games('rtp', broken)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/invalid game definition[\s\S]*symbols/),
    });
  });
});
