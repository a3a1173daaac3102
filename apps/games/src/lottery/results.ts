import { z } from 'zod';

/**
 * Lottery result formats (docs/lottery.md): what a draw publishes, as the JSON an operator enters or a
 * feed supplies. Validation is structural only: every prize present with its exact count of numbers, each
 * number a string of ASCII digits of its full length (leading zeros kept: "08" is not "8"), no unknown key.
 * A number is never parsed to an integer here, so "00" and "0" stay different and nothing is lost.
 *
 * Single-number prizes are strings, lists are arrays, in every format (Thai `first`/`last2`, Vietnamese
 * `special`/`g1`, and the South's one-number `g2`, `g5`, `g7`, `g8`), as in the issue's examples.
 */

export const RESULT_FORMATS = ['thai', 'thai-2015', 'elott', 'vn-north', 'vn-south'] as const;
export type TResultFormat = (typeof RESULT_FORMATS)[number];

/** A string of exactly `length` ASCII digits. */
function digits(length: number) {
  return z.string().regex(new RegExp(`^[0-9]{${length}}$`), `expected ${length} digits`);
}
/** Exactly `count` numbers of `length` digits each. */
function numbers(length: number, count: number) {
  return z.array(digits(length)).length(count, `expected ${count} numbers`);
}

/** Thai Government Lottery since September 2015: two front-3 and two last-3 prizes. */
export const ZThaiResult = z.strictObject({
  first: digits(6),
  front3: numbers(3, 2),
  last3: numbers(3, 2),
  last2: digits(2),
  near1: numbers(6, 2),
  second: numbers(6, 5),
  third: numbers(6, 10),
  fourth: numbers(6, 50),
  fifth: numbers(6, 100),
});

/** Thai Government Lottery before September 2015: no front-3 prize, four last-3 prizes. */
export const ZThai2015Result = z.strictObject({
  first: digits(6),
  last3: numbers(3, 4),
  last2: digits(2),
  near1: numbers(6, 2),
  second: numbers(6, 5),
  third: numbers(6, 10),
  fourth: numbers(6, 50),
  fifth: numbers(6, 100),
});

/** Our electronic draws: only the prizes the Thai bet types read. */
export const ZElottResult = z.strictObject({
  first: digits(6),
  front3: numbers(3, 2),
  last3: numbers(3, 2),
  last2: digits(2),
});

/** Vietnam North (XSMB): 27 numbers; digits 5, 5, 5, 5, 4, 4, 3, 2 from the special prize to g7. */
export const ZVnNorthResult = z.strictObject({
  special: digits(5),
  g1: digits(5),
  g2: numbers(5, 2),
  g3: numbers(5, 6),
  g4: numbers(4, 4),
  g5: numbers(4, 6),
  g6: numbers(3, 3),
  g7: numbers(2, 4),
});

/** Vietnam South and Central, one province's draw: 18 numbers; one-number prizes are strings. */
export const ZVnSouthResult = z.strictObject({
  special: digits(6),
  g1: digits(5),
  g2: digits(5),
  g3: numbers(5, 2),
  g4: numbers(5, 7),
  g5: digits(4),
  g6: numbers(4, 3),
  g7: digits(3),
  g8: digits(2),
});

export type TThaiResult = z.infer<typeof ZThaiResult>;
export type TThai2015Result = z.infer<typeof ZThai2015Result>;
export type TElottResult = z.infer<typeof ZElottResult>;
export type TVnNorthResult = z.infer<typeof ZVnNorthResult>;
export type TVnSouthResult = z.infer<typeof ZVnSouthResult>;

export const RESULT_SCHEMAS = {
  thai: ZThaiResult,
  'thai-2015': ZThai2015Result,
  elott: ZElottResult,
  'vn-north': ZVnNorthResult,
  'vn-south': ZVnSouthResult,
} as const;

export type TResultOf<F extends TResultFormat> = z.infer<(typeof RESULT_SCHEMAS)[F]>;
export type TLotteryResult = TResultOf<TResultFormat>;

/** The formats whose bets are the Thai ones (3top, 2bottom, ...); the others are Vietnamese. */
export const THAI_FORMATS = ['thai', 'thai-2015', 'elott'] as const satisfies readonly TResultFormat[];
export const VN_FORMATS = ['vn-north', 'vn-south'] as const satisfies readonly TResultFormat[];

export function isResultFormat(format: unknown): format is TResultFormat {
  return typeof format === 'string' && (RESULT_FORMATS as readonly string[]).includes(format);
}

export type TParseResult<F extends TResultFormat = TResultFormat> =
  { ok: true; result: TResultOf<F> } | { ok: false; key: 'lottery_result_invalid'; issues: string[] };

/** Validates a result against its format; each issue reads `<path>: <message>` (path `(root)` for the object). */
export function parseResult<F extends TResultFormat>(format: F, input: unknown): TParseResult<F> {
  if (!isResultFormat(format))
    return { ok: false, key: 'lottery_result_invalid', issues: [`(root): unknown format ${String(format)}`] };
  const parsed = RESULT_SCHEMAS[format].safeParse(input);
  if (parsed.success) return { ok: true, result: parsed.data as TResultOf<F> };
  const issues = parsed.error.issues.map(
    (i) => `${i.path.length ? i.path.map(String).join('.') : '(root)'}: ${i.message}`,
  );
  return { ok: false, key: 'lottery_result_invalid', issues };
}

/**
 * Every prize number of a (validated) result, in the format's JSON field order (the schema's, whatever the
 * input object's key order). For the Vietnamese formats these are the 27 (North) or 18 (South) numbers lô
 * plays against; for the Thai formats, every number the draw published (settlement reads the fields).
 */
export function prizeNumbers(format: TResultFormat, result: TLotteryResult): string[] {
  const record = result as Record<string, string | string[]>;
  return Object.keys(RESULT_SCHEMAS[format].shape).flatMap((field) => {
    const value = record[field];
    if (value === undefined) throw new Error(`lottery result has no ${field} (format ${format})`);
    return typeof value === 'string' ? [value] : value;
  });
}
