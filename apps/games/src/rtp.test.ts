import { describe, expect, it } from 'vitest';
import { compileGame } from './compile';
import { parseDefinition } from './definition';
import { computeRtp } from './rtp';
import { simulate } from './simulate';

const name = (en: string) => ({ th: en, en });
const base = {
  format: 1,
  name: name('Test'),
  description: name('A hand-checkable definition'),
  volatility: 'low',
  reels: 3,
  rows: 1,
  paylines: [[0, 0, 0]],
};

describe('exact RTP on hand-checkable definitions', () => {
  it('line pays: 3 reels of A and B, one line', () => {
    // Reels [A A B], [A B B], [A B B]; one row, one line; AAA pays 10, BBB pays 5 (line bets = total bet).
    // 27 stop combinations: AAA in 2*1*1 = 2 of them, BBB in 1*2*2 = 4.
    // RTP = (2*10 + 4*5) / 27 = 40/27; hit rate 6/27;
    // E[W^2] = (2*100 + 4*25) / 27 = 300/27, so SD = sqrt(300/27 - (40/27)^2).
    const game = compileGame(
      parseDefinition({
        ...base,
        code: 'hand-lines',
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
    const r = computeRtp(game);
    expect(r.cycles.base).toBe(27);
    expect(r.rtp).toBeCloseTo(40 / 27, 12);
    expect(r.baseLines).toBeCloseTo(40 / 27, 12);
    expect(r.baseScatter).toBe(0);
    expect(r.freeGames).toBe(0);
    expect(r.hitRate).toBeCloseTo(6 / 27, 12);
    expect(r.sd).toBeCloseTo(Math.sqrt(300 / 27 - (40 / 27) ** 2), 12);
  });

  it('wild substitution with a x2 multiplier and the wild paying alone', () => {
    // Reels [W A B], [W A B], [A B B]; W substitutes, doubles a win it helps, pays 20 for WWW (cannot
    // happen: the third reel has no W). Third reel A (9 combinations of the first two reels):
    //   WWA, WAA, AWA pay 10*2 = 20 each, AAA pays 10, others (a B before the A) nothing: 70.
    // Third reel B (twice): WWB, WBB, BWB pay 5*2 = 10, BBB pays 5: 35 each.
    // RTP = (70 + 2*35) / 27 = 140/27.
    const game = compileGame(
      parseDefinition({
        ...base,
        code: 'hand-wild',
        symbols: [
          { id: 'W', type: 'wild', name: name('W'), pays: { 3: 20 }, multiplier: 2 },
          { id: 'A', type: 'regular', name: name('A'), pays: { 3: 10 } },
          { id: 'B', type: 'regular', name: name('B'), pays: { 3: 5 } },
        ],
        strips: {
          base: [
            ['W', 'A', 'B'],
            ['W', 'A', 'B'],
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
    const r = computeRtp(game);
    expect(r.rtp).toBeCloseTo(140 / 27, 12);
    // Hits: 4 with a third-reel A, 4 for each third-reel B: 12 of 27.
    expect(r.hitRate).toBeCloseTo(12 / 27, 12);
  });

  it('the wild alone pays when that is better than the symbol it could stand for', () => {
    // Reels [W A], [W A], [W B] (strips of 3 with a repeat to reach the minimum length): WWW pays 50
    // rather than A's 3-count pay of 10; WWB pays B's 5 (multiplier 1).
    const game = compileGame(
      parseDefinition({
        ...base,
        code: 'hand-wild-alone',
        symbols: [
          { id: 'W', type: 'wild', name: name('W'), pays: { 3: 50 } },
          { id: 'A', type: 'regular', name: name('A'), pays: { 3: 10 } },
          { id: 'B', type: 'regular', name: name('B'), pays: { 3: 5 } },
        ],
        strips: {
          base: [
            ['W', 'A', 'A'],
            ['W', 'A', 'A'],
            ['W', 'B', 'B'],
          ],
          free: [
            ['W', 'A', 'A'],
            ['W', 'A', 'A'],
            ['W', 'B', 'B'],
          ],
        },
      }),
    );
    // Third reel W (1 of 3 stops), first two reels (9 combinations): WW -> WWW pays 50;
    //   WA, AW, AA (2 + 2 + 4 = 8 combinations) read as A three times -> 10 each. Sum 50 + 80 = 130.
    // Third reel B (2 of 3 stops): WWB reads B three times -> 5; with an A the run stops at 2 -> 0. Sum 5 each.
    // RTP = (130 + 2*5) / 27 = 140/27.
    expect(computeRtp(game).rtp).toBeCloseTo(140 / 27, 12);
  });

  it('scatter pays and free spins with retriggers in closed form', () => {
    // Reels [S A A] x3 (base and free); one line; AAA pays 2; 3 scatters pay 1 total bet and award 2
    // free spins (base) or 1 more (free); free wins x2.
    // Base: P(AAA) = 8/27, P(SSS) = 1/27: E[line + scatter] = 16/27 + 1/27 = 17/27; E[N] = 2/27.
    // Free spin: E[X] = 2 * 17/27 = 34/27; E[A] = 1/27; one free spin with its retriggers is worth
    //   E[T] = (34/27) / (1 - 1/27) = 34/26 = 17/13 (the geometric series 1 + 1/27 + 1/27^2 ...).
    // RTP = 17/27 + 2/27 * 17/13 = 17/27 * 15/13 = 85/117.
    const game = compileGame(
      parseDefinition({
        ...base,
        code: 'hand-free',
        symbols: [
          { id: 'S', type: 'scatter', name: name('S'), pays: { 3: 1 } },
          { id: 'A', type: 'regular', name: name('A'), pays: { 3: 2 } },
        ],
        strips: {
          base: [
            ['S', 'A', 'A'],
            ['S', 'A', 'A'],
            ['S', 'A', 'A'],
          ],
          free: [
            ['S', 'A', 'A'],
            ['S', 'A', 'A'],
            ['S', 'A', 'A'],
          ],
        },
        freeSpins: { trigger: { 3: 2 }, retrigger: { 3: 1 }, multiplier: 2 },
      }),
    );
    const r = computeRtp(game);
    expect(r.rtp).toBeCloseTo(85 / 117, 12);
    expect(r.baseLines).toBeCloseTo(16 / 27, 12);
    expect(r.baseScatter).toBeCloseTo(1 / 27, 12);
    expect(r.freeGames).toBeCloseTo((2 / 27) * (17 / 13), 12);
    expect(r.triggerRate).toBeCloseTo(1 / 27, 12);
    expect(r.freeSpinsPerTrigger).toBeCloseTo(2 / (1 - 1 / 27), 12);
    expect(r.hitRate).toBeCloseTo(9 / 27, 12);
  });

  it('a 3-row window with two lines: scatters anywhere, lines share the window', () => {
    // 3 reels, 3 rows, lines on the top and middle rows; each strip is [A B S] so every window shows
    // all three symbols: the window's rows are (stop, stop+1, stop+2) mod 3 of the strip.
    // Lines pay A=4 and B=2 (three of a kind); the window always has 3 scatters, paying 1 total bet.
    // Line on row r reads strip[(stop_i + r) mod 3] on each reel: it pays when the three stops are equal
    // (3 of 27 combinations): then the top row reads one symbol and the middle row the next one.
    //   stops (0,0,0): top A (4), middle B (2); (1,1,1): top B (2), middle S (0); (2,2,2): top S, middle A (4).
    //   Line total over the cycle = 12 line bets; total bet = 2 line bets: lines RTP = 12 / 27 / 2 = 6/27.
    //   Scatter RTP = 1 (always 3 scatters). RTP = 1 + 6/27.
    const game = compileGame(
      parseDefinition({
        ...base,
        code: 'hand-window',
        rows: 3,
        paylines: [
          [0, 0, 0],
          [1, 1, 1],
        ],
        symbols: [
          { id: 'A', type: 'regular', name: name('A'), pays: { 3: 4 } },
          { id: 'B', type: 'regular', name: name('B'), pays: { 3: 2 } },
          { id: 'S', type: 'scatter', name: name('S'), pays: { 3: 1 } },
        ],
        strips: {
          base: [
            ['A', 'B', 'S'],
            ['A', 'B', 'S'],
            ['A', 'B', 'S'],
          ],
          free: [
            ['A', 'B', 'S'],
            ['A', 'B', 'S'],
            ['A', 'B', 'S'],
          ],
        },
      }),
    );
    const r = computeRtp(game);
    expect(r.baseLines).toBeCloseTo(6 / 27, 12);
    expect(r.baseScatter).toBeCloseTo(1, 12);
    expect(r.rtp).toBeCloseTo(1 + 6 / 27, 12);
  });

  it('refuses a feature whose retriggers never end', () => {
    const game = compileGame(
      parseDefinition({
        ...base,
        code: 'hand-endless',
        symbols: [
          { id: 'S', type: 'scatter', name: name('S') },
          { id: 'A', type: 'regular', name: name('A'), pays: { 3: 2 } },
        ],
        strips: {
          base: [
            ['S', 'A', 'A'],
            ['S', 'A', 'A'],
            ['S', 'A', 'A'],
          ],
          free: [
            ['S', 'S', 'S'],
            ['S', 'S', 'S'],
            ['S', 'S', 'S'],
          ],
        },
        freeSpins: { trigger: { 3: 2 }, retrigger: { 3: 1 }, multiplier: 1 },
      }),
    );
    expect(() => computeRtp(game)).toThrow(/never ends/);
  });
});

describe('the simulator measures what the calculator computes', () => {
  it('rtp and a 300,000-bet simulation agree within the simulation 99 % interval', () => {
    // Five reels with wilds, scatters and retriggering free spins, small enough to enumerate at once.
    const strip = (n: number) => ['W', 'S', 'A', 'A', 'B', 'B', 'B', 'C', 'C', 'C', 'C'].slice(0, n);
    const game = compileGame(
      parseDefinition({
        ...base,
        code: 'small-five',
        reels: 5,
        rows: 3,
        paylines: [
          [1, 1, 1, 1, 1],
          [0, 0, 0, 0, 0],
          [2, 2, 2, 2, 2],
          [0, 1, 2, 1, 0],
          [2, 1, 0, 1, 2],
        ],
        symbols: [
          { id: 'W', type: 'wild', name: name('W'), pays: { 5: 100 }, multiplier: 2 },
          { id: 'S', type: 'scatter', name: name('S'), pays: { 3: 2, 5: 20 } },
          { id: 'A', type: 'regular', name: name('A'), pays: { 3: 5, 4: 20, 5: 60 } },
          { id: 'B', type: 'regular', name: name('B'), pays: { 3: 2, 4: 5, 5: 20 } },
          { id: 'C', type: 'regular', name: name('C'), pays: { 3: 1, 4: 3, 5: 10 } },
        ],
        strips: {
          base: [strip(11), strip(10), strip(11), strip(9), strip(11)],
          free: [strip(11), strip(11), strip(11), strip(11), strip(11)],
        },
        freeSpins: { trigger: { 3: 5 }, retrigger: { 3: 3 }, multiplier: 2 },
      }),
    );
    const exact = computeRtp(game);
    expect(exact.freeGames).toBeGreaterThan(0);
    const measured = simulate(game, { spins: 300_000, serverSeed: 'rtp-test', clientSeed: 'agreement' });
    expect(exact.rtp).toBeGreaterThanOrEqual(measured.ci99[0]);
    expect(exact.rtp).toBeLessThanOrEqual(measured.ci99[1]);
    // The hit rate is a proportion: within 4 standard errors.
    const se = Math.sqrt((exact.hitRate * (1 - exact.hitRate)) / measured.spins);
    expect(Math.abs(measured.hitRate - exact.hitRate)).toBeLessThan(4 * se);
    expect(measured.sd / exact.sd).toBeGreaterThan(0.9);
    expect(measured.sd / exact.sd).toBeLessThan(1.1);
  });
});
