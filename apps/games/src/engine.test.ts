import { describe, expect, it } from 'vitest';
import { evaluateLine } from './compile';
import { parseDefinition } from './definition';
import { createFastPlayer, playBet, type BetSummary } from './engine';
import { createFloatStream, FLOATS_PER_ROUND, roundBytes } from './fair';
import { loadTitles } from './titles';

const titles = loadTitles();

describe('the house titles', () => {
  it('four titles, each with its own strips, lines and volatility, named in Thai and English', () => {
    expect(titles.size).toBeGreaterThanOrEqual(4);
    const games = [...titles.values()];
    expect(new Set(games.map((g) => g.definition.volatility))).toEqual(
      new Set(['low', 'medium', 'high', 'very-high']),
    );
    expect(new Set(games.map((g) => JSON.stringify(g.definition.strips))).size).toBe(games.length);
    expect(new Set(games.map((g) => g.lines)).size).toBe(games.length);
    for (const g of games) {
      expect(g.definition.name.th).toMatch(/[\u0E00-\u0E7F]/);
      expect(g.definition.name.en).toMatch(/^[\x20-\x7e]+$/);
      expect(g.definition.freeSpins).toBeDefined();
    }
  });
});

describe('the simulator plays the same game as the verifier', () => {
  it('the fast player and playBet give the same win, free spins and trigger for 3,000 bets of every title', () => {
    for (const game of titles.values()) {
      const play = createFastPlayer(game);
      const out: BetSummary = { win: 0, baseWin: 0, freeSpins: 0, triggered: false };
      let triggered = 0;
      for (let nonce = 0; nonce < 3000; nonce++) {
        const rounds = new Map<number, Buffer>();
        const word = (i: number) => {
          const round = Math.floor(i / FLOATS_PER_ROUND);
          if (!rounds.has(round)) rounds.set(round, roundBytes('same-game', 'client', nonce, round));
          return rounds.get(round)!.readUInt32BE((i % FLOATS_PER_ROUND) * 4);
        };
        const fast = play(word, out);
        const bet = playBet(game, createFloatStream('same-game', 'client', nonce));
        expect(fast, `${game.definition.code} nonce ${nonce}`).toBe(bet.win);
        expect(out.freeSpins).toBe(bet.spins.length - 1);
        expect(out.baseWin).toBe(bet.spins[0]!.win);
        if (out.triggered) triggered++;
      }
      expect(triggered, `${game.definition.code} triggered free spins in 3,000 bets`).toBeGreaterThan(0);
    }
  });
});

describe('line rule', () => {
  const definition = parseDefinition({
    format: 1,
    code: 'line-rule',
    name: { th: 'ทดสอบ', en: 'Test' },
    description: { th: 'ทดสอบ', en: 'Test' },
    volatility: 'low',
    reels: 5,
    rows: 3,
    symbols: [
      { id: 'W', type: 'wild', name: { th: 'W', en: 'W' }, pays: { 3: 30, 5: 1000 }, multiplier: 3 },
      { id: 'S', type: 'scatter', name: { th: 'S', en: 'S' } },
      { id: 'A', type: 'regular', name: { th: 'A', en: 'A' }, pays: { 2: 1, 3: 5, 4: 20, 5: 100 } },
      { id: 'B', type: 'regular', name: { th: 'B', en: 'B' }, pays: { 3: 2 } },
    ],
    paylines: [[1, 1, 1, 1, 1]],
    strips: { base: Array(5).fill(['A', 'B', 'W', 'S']), free: Array(5).fill(['A', 'B', 'W', 'S']) },
  });
  const line = (ids: string) =>
    evaluateLine(
      definition,
      ids.split('').map((id) => ['W', 'S', 'A', 'B'].indexOf(id)),
    );

  it('pays left to right from the first reel only', () => {
    expect(line('AAABB')).toEqual({ symbol: 2, count: 3, pay: 5, wild: false });
    expect(line('BAAAA')).toBeNull();
    expect(line('AABAA')).toEqual({ symbol: 2, count: 2, pay: 1, wild: false });
  });

  it('a wild substitutes and multiplies the win once, however many wilds', () => {
    expect(line('AWABB')).toEqual({ symbol: 2, count: 3, pay: 15, wild: true });
    expect(line('WWAWA')).toEqual({ symbol: 2, count: 5, pay: 300, wild: true });
  });

  it('the scatter is never substituted and breaks a line', () => {
    expect(line('AASAA')).toEqual({ symbol: 2, count: 2, pay: 1, wild: false });
    expect(line('WWSAA')).toBeNull();
  });

  it('leading wilds pay on their own when that is better', () => {
    expect(line('WWWBA')).toEqual({ symbol: 0, count: 3, pay: 30, wild: false }); // B x4 with a wild: 2 x 3 = 6
    expect(line('WWWWW')).toEqual({ symbol: 0, count: 5, pay: 1000, wild: false });
    expect(line('WWWAB')).toEqual({ symbol: 2, count: 4, pay: 60, wild: true }); // A x4 = 20 x 3 beats 30
  });
});

describe('definition checks', () => {
  const valid = () => JSON.parse(JSON.stringify(titles.get('lotus-pond')!.definition));
  it('accepts every title and names each problem of a broken definition with its path', () => {
    const broken = valid();
    broken.strips.base[2][5] = 'ZZ';
    broken.paylines[0] = [1, 1, 1];
    broken.symbols.push({ ...broken.symbols[2] });
    broken.freeSpins.multiplier = 0;
    expect(() => parseDefinition(broken)).toThrow(
      /strips\.base\.2\.5: unknown symbol ZZ[\s\S]*paylines\.0|paylines\.0[\s\S]*strips\.base\.2\.5/,
    );
    expect(() => parseDefinition(broken)).toThrow(/duplicate symbol H1/);
    expect(() => parseDefinition(broken)).toThrow(/freeSpins\.multiplier/);
  });

  it('free spins need a scatter; at most one wild', () => {
    const d = valid();
    d.symbols = d.symbols.filter((s: { type: string }) => s.type !== 'scatter');
    expect(() => parseDefinition(d)).toThrow(/define a scatter/);
    const two = valid();
    two.symbols.push({ ...two.symbols[0], id: 'W2' });
    expect(() => parseDefinition(two)).toThrow(/at most one wild/);
  });
});
