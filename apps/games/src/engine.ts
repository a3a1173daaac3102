import { evaluateLine, type CompiledGame, type CompiledStrips } from './compile';
import { reelStop } from './fair';

/**
 * The slot engine: pure functions from a compiled definition and a stream of floats to the outcome of
 * one bet. A bet is the base spin and, when it triggers them, its free spins: spin j (0 = base,
 * 1, 2, ... = free spins in the order played) takes floats j*reels .. j*reels + reels-1, one per reel,
 * left to right (docs/games/provably-fair.md). Wins are integer numbers of line bets.
 */

/** A safety bound on the free spins of one bet; its effect on the RTP is below 1e-100 for the titles. */
export const MAX_FREE_SPINS = 5000;

export type SpinOutcome = {
  kind: 'base' | 'free';
  /** Stop (top row's strip position) per reel. */
  stops: number[];
  /** window[reel][row] symbol ids, row 0 at the top. */
  window: string[][];
  lineWins: { line: number; symbol: string; count: number; pay: number; wild: boolean }[];
  scatter: { count: number; pay: number };
  /** Free spins this spin awards (trigger in the base game, retrigger in free games). */
  freeSpinsAwarded: number;
  /** This spin's win in line bets, the free-game multiplier included. */
  win: number;
};

export type BetOutcome = {
  spins: SpinOutcome[];
  /** Total bet in line bets (= lines). */
  totalBet: number;
  /** Total win in line bets (base spin and every free spin). */
  win: number;
};

function spinOnce(
  game: CompiledGame,
  kind: 'base' | 'free',
  floats: (i: number) => number,
  first: number,
): SpinOutcome {
  const { definition, reels, rows } = game;
  const strips: CompiledStrips = kind === 'base' ? game.base : game.free;
  const stops = Array.from({ length: reels }, (_, r) => reelStop(floats(first + r), strips.lengths[r]!));
  const windowIdx = stops.map((stop, r) => {
    const strip = strips.symbols[r]!;
    return Array.from({ length: rows }, (_, row) => strip[(stop + row) % strip.length]!);
  });
  const multiplier = kind === 'free' ? game.freeMultiplier : 1;
  const lineWins: SpinOutcome['lineWins'] = [];
  definition.paylines.forEach((payline, i) => {
    const win = evaluateLine(
      definition,
      payline.map((row, r) => windowIdx[r]![row]!),
    );
    if (win)
      lineWins.push({
        line: i + 1,
        symbol: definition.symbols[win.symbol]!.id,
        count: win.count,
        pay: win.pay * multiplier,
        wild: win.wild,
      });
  });
  const count = windowIdx.reduce((n, col) => n + col.filter((s) => s === game.scatter).length, 0);
  const scatterPay = game.scatterPay[count]! * multiplier;
  const awarded = (kind === 'base' ? game.trigger : game.retrigger)[count]!;
  return {
    kind,
    stops,
    window: windowIdx.map((col) => col.map((s) => definition.symbols[s]!.id)),
    lineWins,
    scatter: { count, pay: scatterPay },
    freeSpinsAwarded: awarded,
    win: lineWins.reduce((n, w) => n + w.pay, 0) + scatterPay,
  };
}

/** The full outcome of one bet, from its float stream (fair.ts createFloatStream). */
export function playBet(game: CompiledGame, floats: (index: number) => number): BetOutcome {
  const spins = [spinOnce(game, 'base', floats, 0)];
  let remaining = spins[0]!.freeSpinsAwarded;
  while (remaining > 0 && spins.length <= MAX_FREE_SPINS) {
    remaining--;
    const spin = spinOnce(game, 'free', floats, spins.length * game.reels);
    remaining += spin.freeSpinsAwarded;
    spins.push(spin);
  }
  return { spins, totalBet: game.lines, win: spins.reduce((n, s) => n + s.win, 0) };
}

/** What the simulator needs from one bet, computed without allocation. */
export type BetSummary = { win: number; baseWin: number; freeSpins: number; triggered: boolean };

/**
 * The same rules as playBet over the precomputed tables, for the simulator's hot loop: `word(i)` gives
 * float i as a 32-bit integer (float = word / 2^32). Returns the bet's win in line bets and fills `out`.
 */
export function createFastPlayer(game: CompiledGame) {
  const { reels, rows, lines, paylines, lineTable, scatterPay, trigger, retrigger, freeMultiplier } = game;
  const stops = new Int32Array(reels);
  let scatters = 0; // the last spin's scatter count (no object per spin)
  const spin = (strips: CompiledStrips, word: (i: number) => number, first: number) => {
    scatters = 0;
    for (let r = 0; r < reels; r++) {
      const stop = Math.floor((word(first + r) * strips.lengths[r]!) / 4294967296);
      stops[r] = stop * rows;
      scatters += strips.scatters[r]![stop]!;
    }
    let win = 0;
    for (let l = 0; l < lines; l++) {
      let index = 0;
      const o = l * reels;
      for (let r = 0; r < reels; r++) index += strips.weighted[r]![stops[r]! + paylines[o + r]!]!;
      win += lineTable[index]!;
    }
    return win + scatterPay[scatters]!;
  };
  return (word: (i: number) => number, out: BetSummary): number => {
    const base = spin(game.base, word, 0);
    let total = base;
    let remaining = trigger[scatters]!;
    out.baseWin = base;
    out.triggered = remaining > 0;
    let played = 0;
    while (remaining > 0 && played < MAX_FREE_SPINS) {
      remaining--;
      played++;
      total += spin(game.free, word, played * reels) * freeMultiplier;
      remaining += retrigger[scatters]!;
    }
    out.freeSpins = played;
    out.win = total;
    return total;
  };
}
