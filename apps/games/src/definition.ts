import { z } from 'zod';

/**
 * The game-definition format (docs/games/definition-format.md): one JSON document per slot title.
 * Everything the mathematics needs is here; the engine never reads anything else.
 */

export const SYMBOL_ID = /^[A-Z0-9]{1,4}$/;
/** The lookup table of line pays has symbols^reels entries; this bound keeps it under 16 MB. */
export const MAX_LINE_TABLE = 1 << 22;

const ZSymbolId = z.string().regex(SYMBOL_ID);
const ZName = z.object({ th: z.string().min(1).max(80), en: z.string().min(1).max(80) });
const ZText = z.object({ th: z.string().min(1).max(400), en: z.string().min(1).max(400) });

/**
 * Count -> value. A key is a minimum count: a count with no key of its own takes the value of the
 * largest key below it (so `{ "3": 10 }` also gives 10 for 4 and 5).
 */
const ZCountTable = z.record(z.string().regex(/^[1-9][0-9]?$/), z.number().int().min(1).max(1_000_000));

const ZRegular = z.strictObject({
  id: ZSymbolId,
  type: z.literal('regular'),
  name: ZName,
  /** Line pay by count of the symbol from the leftmost reel, in line bets. */
  pays: ZCountTable,
});
const ZWild = z.strictObject({
  id: ZSymbolId,
  type: z.literal('wild'),
  name: ZName,
  /** What a line of wilds alone pays (in line bets); optional. */
  pays: ZCountTable.optional(),
  /** A line win that a wild helps to make (substituting) is multiplied by this, once. */
  multiplier: z.number().int().min(1).max(10).default(1),
});
const ZScatter = z.strictObject({
  id: ZSymbolId,
  type: z.literal('scatter'),
  name: ZName,
  /** Scatter pay by count anywhere in the window, in TOTAL bets; optional. */
  pays: ZCountTable.optional(),
});

export const ZSymbol = z.discriminatedUnion('type', [ZRegular, ZWild, ZScatter]);

const ZStrips = z.array(z.array(ZSymbolId).min(3).max(512)).min(3).max(6);

export const ZGameDefinition = z
  .strictObject({
    format: z.literal(1),
    code: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/),
    name: ZName,
    description: ZText,
    volatility: z.enum(['low', 'medium', 'high', 'very-high']),
    reels: z.number().int().min(3).max(6),
    rows: z.number().int().min(1).max(5).default(3),
    symbols: z.array(ZSymbol).min(2).max(24),
    /** One array per line: the row (0 = top) the line crosses on each reel, left to right. */
    paylines: z
      .array(z.array(z.number().int().min(0).max(4)))
      .min(1)
      .max(100),
    strips: z.strictObject({ base: ZStrips, free: ZStrips }),
    /**
     * The line bets a player may choose, in minor units of the player's currency (total bet = line bet x
     * lines); optional (the house app offers 1, 2, 5, 10, 20, 50, 100). No effect on the mathematics.
     */
    betLevels: z.array(z.number().int().min(1).max(1_000_000)).min(1).max(20).optional(),
    freeSpins: z
      .strictObject({
        /** Free spins awarded in the base game by count of scatters anywhere. */
        trigger: ZCountTable,
        /** Free spins added during free games by count of scatters anywhere ({} = no retrigger). */
        retrigger: z.record(z.string().regex(/^[1-9][0-9]?$/), z.number().int().min(1).max(1000)),
        /** Every win of a free game (lines and scatter) is multiplied by this. */
        multiplier: z.number().int().min(1).max(100),
      })
      .optional(),
  })
  .superRefine((d, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    const ids = new Set<string>();
    d.symbols.forEach((s, i) => {
      if (ids.has(s.id)) issue(['symbols', i, 'id'], `duplicate symbol ${s.id}`);
      ids.add(s.id);
      for (const key of Object.keys(s.pays ?? {})) {
        const max = s.type === 'scatter' ? d.reels * d.rows : d.reels;
        if (Number(key) > max)
          issue(['symbols', i, 'pays', key], `count ${key} cannot happen (at most ${max})`);
      }
    });
    if (d.symbols.filter((s) => s.type === 'wild').length > 1) issue(['symbols'], 'at most one wild symbol');
    if (d.symbols.filter((s) => s.type === 'scatter').length > 1)
      issue(['symbols'], 'at most one scatter symbol');
    if (d.freeSpins && !d.symbols.some((s) => s.type === 'scatter'))
      issue(['freeSpins'], 'free spins are triggered by scatters: define a scatter symbol');
    if (d.symbols.length ** d.reels > MAX_LINE_TABLE)
      issue(['symbols'], `symbols^reels must be at most ${MAX_LINE_TABLE} (the line-pay table)`);
    d.paylines.forEach((line, i) => {
      if (line.length !== d.reels) issue(['paylines', i], `a line crosses every reel (${d.reels})`);
      line.forEach((row, r) => {
        if (row >= d.rows) issue(['paylines', i, r], `row ${row} is outside the ${d.rows} rows`);
      });
    });
    const seen = new Set(d.paylines.map((l) => l.join(',')));
    if (seen.size !== d.paylines.length) issue(['paylines'], 'duplicate payline');
    for (const set of ['base', 'free'] as const) {
      const strips = d.strips[set];
      if (strips.length !== d.reels) issue(['strips', set], `one strip per reel (${d.reels})`);
      strips.forEach((strip, r) => {
        if (strip.length < d.rows) issue(['strips', set, r], `a strip has at least ${d.rows} symbols`);
        strip.forEach((id, p) => {
          if (!ids.has(id)) issue(['strips', set, r, p], `unknown symbol ${id}`);
        });
      });
    }
  });

export type TGameDefinition = z.infer<typeof ZGameDefinition>;
export type TSymbol = z.infer<typeof ZSymbol>;

/** Parses and checks a definition; throws an Error listing every problem with its path. */
export function parseDefinition(json: unknown): TGameDefinition {
  const parsed = ZGameDefinition.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`invalid game definition:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The value a count table gives for a count: the entry of the largest key <= count, 0 when none. */
export function countValue(table: Readonly<Record<string, number>> | undefined, count: number): number {
  let best = 0;
  let bestKey = 0;
  for (const [key, value] of Object.entries(table ?? {})) {
    const k = Number(key);
    if (k <= count && k > bestKey) {
      bestKey = k;
      best = value;
    }
  }
  return best;
}
