import { describe, expect, it } from 'vitest';
import { compileGame, evaluateLine } from '../src/compile';
import { parseDefinition, type TGameDefinition } from '../src/definition';
import { computeFigures, storedFigures } from '../src/figures';
import { catalogueOf } from '../src/publish';
import { computeRtp } from '../src/rtp';
import { loadTitles } from '../src/titles';

/**
 * An independent way to the mean (not the variance): reels are independent and a line's symbol on a
 * reel is uniform over the strip, so the line RTP only needs each reel's symbol frequencies; the scatter
 * count is a sum of independent per-reel counts; the feature's mean is E[N] E[X] / (1 - E[A]).
 * Used to check the full-cycle enumeration, and fast enough to check every title's RTP in every run.
 */
function meanRtp(d: TGameDefinition): number {
  const k = d.symbols.length;
  const ids = d.symbols.map((s) => s.id);
  const scatter = d.symbols.find((s) => s.type === 'scatter');
  const value = (table: Record<string, number> | undefined, count: number) =>
    Object.entries(table ?? {})
      .filter(([key]) => Number(key) <= count)
      .sort((a, b) => Number(b[0]) - Number(a[0]))[0]?.[1] ?? 0;
  const lines = d.paylines.length;
  const lineMean = (strips: string[][]) => {
    const p = strips.map((strip) => ids.map((id) => strip.filter((s) => s === id).length / strip.length));
    let mean = 0;
    const tuple = new Array<number>(d.reels).fill(0);
    const walk = (r: number, prob: number) => {
      if (prob === 0) return;
      if (r === d.reels) {
        mean += prob * (evaluateLine(d, tuple)?.pay ?? 0);
        return;
      }
      for (let s = 0; s < k; s++) {
        tuple[r] = s;
        walk(r + 1, prob * p[r]![s]!);
      }
    };
    walk(0, 1);
    return mean * lines; // every line has the same distribution
  };
  const scatterCounts = (strips: string[][]) => {
    let dist = [1];
    for (const strip of strips) {
      const reel = new Array<number>(d.rows + 1).fill(0);
      for (let stop = 0; stop < strip.length; stop++) {
        let c = 0;
        for (let row = 0; row < d.rows; row++) if (strip[(stop + row) % strip.length] === scatter?.id) c++;
        reel[c]! += 1 / strip.length;
      }
      const next = new Array<number>(dist.length + d.rows).fill(0);
      dist.forEach((a, i) => reel.forEach((b, j) => (next[i + j]! += a * b)));
      dist = next;
    }
    return dist;
  };
  const mean = (strips: string[][], perCount: (c: number) => number) =>
    scatterCounts(strips).reduce((n, p, c) => n + p * perCount(c), 0);
  const scatterPay = (c: number) => value(scatter?.pays, c) * lines;
  const baseY = lineMean(d.strips.base) + mean(d.strips.base, scatterPay);
  if (!d.freeSpins) return baseY / lines;
  const m = d.freeSpins.multiplier;
  const eX = m * (lineMean(d.strips.free) + mean(d.strips.free, scatterPay));
  const eA = mean(d.strips.free, (c) => value(d.freeSpins!.retrigger, c));
  const eN = mean(d.strips.base, (c) => value(d.freeSpins!.trigger, c));
  return (baseY + (eN * eX) / (1 - eA)) / lines;
}

describe('RTP of the house titles', () => {
  it('every title returns 94 % to 97 % of stakes', () => {
    const titles = [...loadTitles().values()];
    expect(titles.length).toBeGreaterThanOrEqual(4);
    for (const game of titles) {
      const rtp = meanRtp(game.definition);
      expect(rtp, game.definition.code).toBeGreaterThanOrEqual(0.94);
      expect(rtp, game.definition.code).toBeLessThanOrEqual(0.97);
    }
  });

  it('the full-cycle enumeration finds the same mean as the independent per-reel computation', () => {
    const name = (en: string) => ({ th: en, en });
    const strip = (n: number, shift: number) =>
      ['W', 'S', 'A', 'A', 'B', 'B', 'B', 'C', 'C', 'C', 'C', 'A']
        .slice(0, n)
        .map((_, i, all) => all[(i + shift) % n]!);
    const definition = parseDefinition({
      format: 1,
      code: 'cross-check',
      name: name('Cross check'),
      description: name('Five reels, wild x2, scatters, retriggering free spins'),
      volatility: 'medium',
      reels: 5,
      rows: 3,
      paylines: [
        [1, 1, 1, 1, 1],
        [0, 0, 0, 0, 0],
        [2, 2, 2, 2, 2],
        [0, 1, 2, 1, 0],
        [2, 1, 0, 1, 2],
        [0, 0, 1, 2, 2],
      ],
      symbols: [
        { id: 'W', type: 'wild', name: name('W'), pays: { 4: 40, 5: 200 }, multiplier: 2 },
        { id: 'S', type: 'scatter', name: name('S'), pays: { 2: 1, 3: 3, 5: 50 } },
        { id: 'A', type: 'regular', name: name('A'), pays: { 2: 1, 3: 6, 4: 25, 5: 80 } },
        { id: 'B', type: 'regular', name: name('B'), pays: { 3: 3, 4: 8, 5: 25 } },
        { id: 'C', type: 'regular', name: name('C'), pays: { 3: 1, 4: 4, 5: 12 } },
      ],
      strips: {
        base: [strip(12, 0), strip(11, 3), strip(12, 5), strip(10, 1), strip(12, 7)],
        free: [strip(12, 2), strip(12, 0), strip(11, 4), strip(12, 6), strip(12, 1)],
      },
      freeSpins: { trigger: { 3: 6, 4: 10 }, retrigger: { 3: 4 }, multiplier: 3 },
    });
    expect(computeRtp(compileGame(definition)).rtp).toBeCloseTo(meanRtp(definition), 10);
  });
});

describe('the published figures (figures.json, docs/adr/0083)', () => {
  it('every title has figures computed from its current mathematics, and its RTP is the per-reel mean', () => {
    const titles = loadTitles();
    const { figures, stale } = storedFigures(titles);
    expect(stale, 'run: npm run games -- figures --write').toEqual([]);
    for (const [code, game] of titles) {
      const f = figures.get(code)!;
      expect(f.rtp, code).toBe((meanRtp(game.definition) * 100).toFixed(2));
      expect(f.volatility, code).toMatch(/^[0-9]{1,4}\.[0-9]{3}$/);
    }
  });

  it("a title's stored figures are what the full cycle gives (the quickest title, lotus-pond)", () => {
    const titles = loadTitles();
    const game = titles.get('lotus-pond')!;
    expect(storedFigures(titles).figures.get('lotus-pond')).toEqual(computeFigures(game));
  });

  it('a title whose mathematics changed is published without figures; names and bet levels change none', () => {
    const titles = loadTitles();
    const game = titles.get('lotus-pond')!;
    const d = game.definition;
    const renamed = compileGame({ ...d, name: { th: 'อื่น', en: 'Other' }, betLevels: [3] });
    const restrung = compileGame({ ...d, strips: { ...d.strips, base: [[...d.strips.base[0]!].reverse(), ...d.strips.base.slice(1)] } });
    expect(storedFigures(new Map([['lotus-pond', renamed]])).stale).toEqual([]);
    const changed = storedFigures(new Map([['lotus-pond', restrung]]));
    expect(changed.stale).toEqual(['lotus-pond']);
    const [published] = catalogueOf(new Map([['lotus-pond', restrung]]), '', changed.figures);
    expect(published).not.toHaveProperty('rtp');
    expect(published).not.toHaveProperty('volatility');
    const [current] = catalogueOf(new Map([['lotus-pond', game]]), '', storedFigures(titles).figures);
    expect(current).toMatchObject({ rtp: '96.23', volatility: '3.649' });
  });
});
