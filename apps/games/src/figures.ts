import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CompiledGame } from './compile';
import type { TGameDefinition } from './definition';
import { computeRtp } from './rtp';

/**
 * The published figures of each title (docs/adr/0083): its exact RTP in percent ("96.23") and its volatility
 * (the standard deviation of a bet's win per unit bet, "3.649"), both from rtp.ts's full-cycle enumeration.
 * That takes 4-13 s per title (35 s for the four titles here), too long for every start, so the figures are
 * computed once by `npm run games -- figures --write` into `figures.json`, each with the hash of the
 * mathematics it was computed from. At start the house reads the file; a title whose mathematics changed
 * since is published without figures (never with stale ones), and the games tests fail until the file is
 * written again.
 */

export type TitleFigures = { rtp: string; volatility: string };
type FiguresFile = Record<string, TitleFigures & { math: string }>;

/** Where the figures live (next to the titles' folder, outside it: that folder holds only definitions). */
export const FIGURES_FILE = path.join(import.meta.dirname, '..', 'figures.json');

/**
 * SHA-256 of what the mathematics reads: reels, rows, lines, symbols (their names left out), strips and free
 * spins. Names, descriptions, the volatility label and bet levels change no figure.
 */
export function mathHash(d: TGameDefinition): string {
  const symbols = d.symbols.map(({ name: _name, ...rest }) => rest);
  const math = { reels: d.reels, rows: d.rows, paylines: d.paylines, symbols, strips: d.strips, freeSpins: d.freeSpins ?? null };
  return createHash('sha256').update(JSON.stringify(math)).digest('hex');
}

/** The figures of one title, computed (slow: the full cycle). */
export function computeFigures(game: CompiledGame): TitleFigures {
  const r = computeRtp(game);
  return { rtp: (r.rtp * 100).toFixed(2), volatility: r.sd.toFixed(3) };
}

function readFile(file: string): FiguresFile {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as FiguresFile;
  } catch {
    return {};
  }
}

/**
 * The stored figures of the titles whose mathematics they were computed from (cheap: a file and a hash per
 * title). `stale` names the titles without current figures.
 */
export function storedFigures(
  titles: ReadonlyMap<string, CompiledGame>,
  file: string = FIGURES_FILE,
): { figures: Map<string, TitleFigures>; stale: string[] } {
  const stored = readFile(file);
  const figures = new Map<string, TitleFigures>();
  const stale: string[] = [];
  for (const [code, game] of titles) {
    const entry = Object.hasOwn(stored, code) ? stored[code] : undefined;
    if (entry && entry.math === mathHash(game.definition)) figures.set(code, { rtp: entry.rtp, volatility: entry.volatility });
    else stale.push(code);
  }
  return { figures, stale };
}

/** Computes every title's figures and writes the file (`npm run games -- figures --write`). */
export function writeFigures(titles: ReadonlyMap<string, CompiledGame>, file: string = FIGURES_FILE): FiguresFile {
  const out: FiguresFile = {};
  for (const [code, game] of [...titles].sort(([a], [b]) => a.localeCompare(b))) {
    out[code] = { ...computeFigures(game), math: mathHash(game.definition) };
  }
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  return out;
}
