import { countValue, type TGameDefinition } from './definition';

/**
 * A definition turned into numeric tables for the engine, the RTP calculator and the simulator.
 * Symbols are numbered by their position in `symbols`; every win is an integer number of LINE BETS
 * (a scatter pay of x total bets is x * lines line bets), so money stays integral: win = lineBet * units.
 */

export type LineWin = {
  /** The symbol the line pays for (the wild itself for a line of wilds). */
  symbol: number;
  /** How many reels from the left take part. */
  count: number;
  /** Line bets won, the wild multiplier included. */
  pay: number;
  /** Whether a wild substituted in the paying combination (and the wild multiplier applied). */
  wild: boolean;
};

export type CompiledStrips = {
  /** Strip length per reel. */
  lengths: Int32Array;
  /** Per reel: the symbol at each strip position. */
  symbols: Uint8Array[];
  /** Per reel: symbol * symbols^(reels-1-reel) at [stop * rows + row], the line table's index part. */
  weighted: Int32Array[];
  /** Per reel: scatters visible in the window at each stop. */
  scatters: Uint8Array[];
};

export type CompiledGame = {
  definition: TGameDefinition;
  reels: number;
  rows: number;
  lines: number;
  /** Number of symbols (the base of the line-table index). */
  symbolCount: number;
  wild: number;
  scatter: number;
  wildMultiplier: number;
  /** paylines[line * reels + reel] = row. */
  paylines: Uint8Array;
  /** Line pay (line bets) of every sequence of symbols, index = sum symbol_r * symbols^(reels-1-r). */
  lineTable: Int32Array;
  /** By scatter count anywhere: scatter pay in line bets, free spins awarded, free spins added. */
  scatterPay: Int32Array;
  trigger: Int32Array;
  retrigger: Int32Array;
  freeMultiplier: number;
  base: CompiledStrips;
  free: CompiledStrips;
};

/**
 * The line rule. Pays run left to right from the first reel. The wild substitutes for every regular
 * symbol (never for the scatter, which breaks a line). The line pays the better of:
 * - the leading wilds alone, by the wild's own pays (no multiplier), and
 * - the first regular symbol X with the wilds around it: X's pay for the run of X-or-wild from reel 1,
 *   times the wild multiplier once when at least one wild is in that run.
 * Returns null when the line pays nothing.
 */
export function evaluateLine(definition: TGameDefinition, line: readonly number[]): LineWin | null {
  const symbols = definition.symbols;
  const wild = symbols.findIndex((s) => s.type === 'wild');
  const wildSymbol = wild >= 0 ? symbols[wild] : undefined;
  const multiplier = wildSymbol?.type === 'wild' ? wildSymbol.multiplier : 1;
  let leading = 0;
  while (leading < line.length && line[leading] === wild) leading++;
  const wildPay = leading > 0 ? countValue(wildSymbol?.pays, leading) : 0;
  let best: LineWin | null = wildPay > 0 ? { symbol: wild, count: leading, pay: wildPay, wild: false } : null;
  const first = line[leading];
  if (first !== undefined && symbols[first]?.type === 'regular') {
    let count = leading + 1;
    while (count < line.length && (line[count] === first || line[count] === wild)) count++;
    const withWild = line.slice(0, count).some((s) => s === wild);
    const pay = countValue(symbols[first]!.pays, count) * (withWild ? multiplier : 1);
    if (pay > 0 && (best === null || pay > best.pay)) best = { symbol: first, count, pay, wild: withWild };
  }
  return best;
}

function compileStrips(definition: TGameDefinition, strips: string[][], scatter: number): CompiledStrips {
  const index = new Map(definition.symbols.map((s, i) => [s.id, i]));
  const k = definition.symbols.length;
  const rows = definition.rows;
  const lengths = Int32Array.from(strips.map((s) => s.length));
  const symbols = strips.map((strip) => Uint8Array.from(strip.map((id) => index.get(id)!)));
  const weighted = symbols.map((strip, r) => {
    const weight = k ** (definition.reels - 1 - r);
    const out = new Int32Array(strip.length * rows);
    for (let stop = 0; stop < strip.length; stop++)
      for (let row = 0; row < rows; row++)
        out[stop * rows + row] = strip[(stop + row) % strip.length]! * weight;
    return out;
  });
  const scatters = symbols.map((strip) => {
    const out = new Uint8Array(strip.length);
    for (let stop = 0; stop < strip.length; stop++)
      for (let row = 0; row < rows; row++) if (strip[(stop + row) % strip.length] === scatter) out[stop]!++;
    return out;
  });
  return { lengths, symbols, weighted, scatters };
}

export function compileGame(definition: TGameDefinition): CompiledGame {
  const { reels, rows, symbols } = definition;
  const k = symbols.length;
  const wild = symbols.findIndex((s) => s.type === 'wild');
  const scatter = symbols.findIndex((s) => s.type === 'scatter');
  const wildSymbol = symbols[wild];
  const lineTable = new Int32Array(k ** reels);
  const line = new Array<number>(reels).fill(0);
  for (let i = 0; i < lineTable.length; i++) {
    let rest = i;
    for (let r = reels - 1; r >= 0; r--) {
      line[r] = rest % k;
      rest = Math.floor(rest / k);
    }
    lineTable[i] = evaluateLine(definition, line)?.pay ?? 0;
  }
  const maxCount = reels * rows;
  const scatterSymbol = symbols[scatter];
  const lines = definition.paylines.length;
  const scatterPay = new Int32Array(maxCount + 1);
  const trigger = new Int32Array(maxCount + 1);
  const retrigger = new Int32Array(maxCount + 1);
  for (let c = 0; c <= maxCount; c++) {
    scatterPay[c] = countValue(scatterSymbol?.pays, c) * lines;
    trigger[c] = countValue(definition.freeSpins?.trigger, c);
    retrigger[c] = countValue(definition.freeSpins?.retrigger, c);
  }
  return {
    definition,
    reels,
    rows,
    lines,
    symbolCount: k,
    wild,
    scatter,
    wildMultiplier: wildSymbol?.type === 'wild' ? wildSymbol.multiplier : 1,
    paylines: Uint8Array.from(definition.paylines.flat()),
    lineTable,
    scatterPay,
    trigger,
    retrigger,
    freeMultiplier: definition.freeSpins?.multiplier ?? 1,
    base: compileStrips(definition, definition.strips.base, scatter),
    free: compileStrips(definition, definition.strips.free, scatter),
  };
}
