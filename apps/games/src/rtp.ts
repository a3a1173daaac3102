import type { CompiledGame, CompiledStrips } from './compile';

/**
 * The exact mathematics of a definition (docs/games/definition-format.md, "Mathematics").
 *
 * 1. Full-cycle enumeration of the reel stops of each strip set (every combination once, product of
 *    the strip lengths): the line win W of the spin (all lines, line bets) grouped by the scatter
 *    count k of its window: cycles[k], sum W, sum W^2, and how many have W > 0.
 * 2. The free-spin feature in closed form, as a branching process. A free spin wins X (lines and
 *    scatter, times the multiplier) and adds A spins (retrigger). The value T of one free spin with all
 *    the spins it retriggers satisfies T = X + T_1 + ... + T_A, so
 *      E[T]   = E[X] / (1 - E[A])                     (the geometric series of retriggers)
 *      E[T^2] = (E[X^2] + 2 E[XA] E[T] + E[A(A-1)] E[T]^2) / (1 - E[A]),
 *    finite when E[A] < 1. A base spin wins Y (lines and scatter) and awards N free spins, so its
 *    total win is Z = Y + F with F the sum of N independent T:
 *      E[Z]   = E[Y] + E[N] E[T]
 *      E[Z^2] = E[Y^2] + 2 E[YN] E[T] + E[N] Var[T] + E[N^2] E[T]^2.
 * RTP = E[Z] / lines; the volatility is the standard deviation of Z / lines (per unit of total bet).
 */

export type CycleMoments = {
  /** Combinations of stops in the full cycle. */
  cycle: number;
  /** By scatter count: combinations, sum and sum of squares of the line win, combinations with a line win. */
  count: Float64Array;
  sumLine: Float64Array;
  sumLineSq: Float64Array;
  lineHits: Float64Array;
};

/** Enumerates every combination of stops of one strip set (the hot loop: typed arrays, no allocation). */
export function enumerateCycle(game: CompiledGame, strips: CompiledStrips): CycleMoments {
  const { reels, rows, lines, paylines, lineTable } = game;
  const kinds = reels * rows + 1;
  const count = new Float64Array(kinds);
  const sumLine = new Float64Array(kinds);
  const sumLineSq = new Float64Array(kinds);
  const lineHits = new Float64Array(kinds);
  // partial[r * lines + l]: the line-table index of line l over reels 0..r at the current stops.
  const partial = new Int32Array(reels * lines);
  const partialScatters = new Int32Array(reels);
  // The last reel's part of each line's index, per stop: last[stop * lines + l].
  const lastReel = reels - 1;
  const lastLength = strips.lengths[lastReel]!;
  const last = new Int32Array(lastLength * lines);
  for (let stop = 0; stop < lastLength; stop++)
    for (let l = 0; l < lines; l++)
      last[stop * lines + l] = strips.weighted[lastReel]![stop * rows + paylines[l * reels + lastReel]!]!;
  const lastScatters = strips.scatters[lastReel]!;
  const lineCount = new Float64Array(kinds);
  const lineSum = new Float64Array(kinds);
  const lineSq = new Float64Array(kinds);
  const lineHit = new Float64Array(kinds);

  const level = (r: number): void => {
    const weighted = strips.weighted[r]!;
    const scatters = strips.scatters[r]!;
    const length = strips.lengths[r]!;
    const base = r * lines;
    const previous = (r - 1) * lines;
    for (let stop = 0; stop < length; stop++) {
      for (let l = 0; l < lines; l++)
        partial[base + l] =
          (r > 0 ? partial[previous + l]! : 0) + weighted[stop * rows + paylines[l * reels + r]!]!;
      partialScatters[r] = (r > 0 ? partialScatters[r - 1]! : 0) + scatters[stop]!;
      if (r + 1 < lastReel) {
        level(r + 1);
        continue;
      }
      // Innermost: every stop of the last reel, accumulated locally then added (keeps sums exact longer).
      lineCount.fill(0);
      lineSum.fill(0);
      lineSq.fill(0);
      lineHit.fill(0);
      const prefixScatters = partialScatters[r]!;
      for (let s = 0; s < lastLength; s++) {
        let win = 0;
        const o = s * lines;
        for (let l = 0; l < lines; l++) win += lineTable[partial[base + l]! + last[o + l]!]!;
        const k = prefixScatters + lastScatters[s]!;
        lineCount[k]!++;
        lineSum[k]! += win;
        lineSq[k]! += win * win;
        if (win > 0) lineHit[k]!++;
      }
      for (let k = 0; k < kinds; k++) {
        count[k]! += lineCount[k]!;
        sumLine[k]! += lineSum[k]!;
        sumLineSq[k]! += lineSq[k]!;
        lineHits[k]! += lineHit[k]!;
      }
    }
  };
  level(0);
  const cycle = strips.lengths.reduce((n, len) => n * len, 1);
  return { cycle, count, sumLine, sumLineSq, lineHits };
}

export type RtpReport = {
  cycles: { base: number; free: number };
  /** Return to player per unit of total bet, and its parts. */
  rtp: number;
  baseLines: number;
  baseScatter: number;
  freeGames: number;
  /** Probability that a base spin pays something or triggers the free spins. */
  hitRate: number;
  /** Standard deviation of a bet's total win per unit of total bet (exact, the feature included). */
  sd: number;
  /** Probability of triggering the free spins on a base spin. */
  triggerRate: number;
  /** Expected free spins played per trigger, retriggers included. */
  freeSpinsPerTrigger: number;
  /** Probability that a free spin retriggers, and the expected spins it adds. */
  retriggerRate: number;
  retriggerMean: number;
  /** Expected win of one free spin before the multiplier, in total bets. */
  freeSpinValue: number;
  multiplier: number;
};

export function computeRtp(game: CompiledGame): RtpReport {
  const { lines, scatterPay, trigger, retrigger, freeMultiplier: m } = game;
  const base = enumerateCycle(game, game.base);
  const hasFeature = trigger.some((n) => n > 0);
  const free = hasFeature ? enumerateCycle(game, game.free) : null;

  // Base spin: Y = line win + scatter pay, N = free spins awarded.
  let eLine = 0;
  let eScatter = 0;
  let eY2 = 0;
  let eN = 0;
  let eN2 = 0;
  let eYN = 0;
  let hits = 0;
  let pTrigger = 0;
  for (let k = 0; k < base.count.length; k++) {
    const c = base.count[k]!;
    if (c === 0) continue;
    const p = c / base.cycle;
    const s = scatterPay[k]!;
    const n = trigger[k]!;
    const meanLine = base.sumLine[k]! / base.cycle;
    eLine += meanLine;
    eScatter += s * p;
    eY2 += base.sumLineSq[k]! / base.cycle + 2 * s * meanLine + s * s * p;
    eN += n * p;
    eN2 += n * n * p;
    eYN += n * (meanLine + s * p);
    if (n > 0) pTrigger += p;
    hits += s > 0 || n > 0 ? c : base.lineHits[k]!;
  }

  // Free spin: X = m * (line win + scatter pay), A = free spins added.
  let eX = 0;
  let eX2 = 0;
  let eA = 0;
  let eAA1 = 0;
  let eXA = 0;
  let pRetrigger = 0;
  if (free) {
    for (let k = 0; k < free.count.length; k++) {
      const c = free.count[k]!;
      if (c === 0) continue;
      const p = c / free.cycle;
      const s = scatterPay[k]!;
      const a = retrigger[k]!;
      const meanLine = free.sumLine[k]! / free.cycle;
      eX += m * (meanLine + s * p);
      eX2 += m * m * (free.sumLineSq[k]! / free.cycle + 2 * s * meanLine + s * s * p);
      eA += a * p;
      eAA1 += a * (a - 1) * p;
      eXA += a * m * (meanLine + s * p);
      if (a > 0) pRetrigger += p;
    }
    if (eA >= 1)
      throw new Error(`retriggers add ${eA.toFixed(4)} spins per free spin (>= 1): the feature never ends`);
  }
  const eT = free ? eX / (1 - eA) : 0;
  const eT2 = free ? (eX2 + 2 * eXA * eT + eAA1 * eT * eT) / (1 - eA) : 0;
  const varT = eT2 - eT * eT;
  const eY = eLine + eScatter;
  const eZ = eY + eN * eT;
  const eZ2 = eY2 + 2 * eYN * eT + eN * varT + eN2 * eT * eT;
  return {
    cycles: { base: base.cycle, free: free?.cycle ?? 0 },
    rtp: eZ / lines,
    baseLines: eLine / lines,
    baseScatter: eScatter / lines,
    freeGames: (eN * eT) / lines,
    hitRate: hits / base.cycle,
    sd: Math.sqrt(Math.max(0, eZ2 - eZ * eZ)) / lines,
    triggerRate: pTrigger,
    freeSpinsPerTrigger: pTrigger > 0 ? eN / pTrigger / (1 - eA) : 0,
    retriggerRate: pRetrigger,
    retriggerMean: eA,
    freeSpinValue: m > 0 ? eX / m / lines : 0,
    multiplier: m,
  };
}
