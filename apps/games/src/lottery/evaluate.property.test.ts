import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATES,
  restrictionKey,
  ticketCost,
  validateBet,
  type TBet,
  type TBetType,
  type TRates,
} from './bets';
import { compileResult, evaluateBet, evaluateTicket } from './evaluate';
import { parseResult, prizeNumbers, type TLotteryResult, type TResultFormat } from './results';

// A second settlement, written again from the rules in a different style: tails by integer arithmetic
// (Number(x) % 10^k) instead of string slices, 3tod by listing all 1000 numbers and keeping the
// permutations of the bet, runs by digit extraction, prize lists spelled out field by field, the
// restricted half as two successive floors (floor(floor(x / 2) / 100) = floor(x / 200)).

type R = Record<string, string | string[]>;
const FORMATS = [
  'thai',
  'thai-2015',
  'elott',
  'vn-north',
  'vn-south',
] as const satisfies readonly TResultFormat[];

/** Digits of each bet number and numbers per bet, as the rules state them. */
const SHAPE: Record<TBetType, { digits: number; count: number }> = {
  '3top': { digits: 3, count: 1 },
  '3tod': { digits: 3, count: 1 },
  '3front': { digits: 3, count: 1 },
  '3bottom': { digits: 3, count: 1 },
  '2top': { digits: 2, count: 1 },
  '2bottom': { digits: 2, count: 1 },
  runtop: { digits: 1, count: 1 },
  runbottom: { digits: 1, count: 1 },
  lo2: { digits: 2, count: 1 },
  lo3: { digits: 3, count: 1 },
  de: { digits: 2, count: 1 },
  '3cang': { digits: 3, count: 1 },
  xien2: { digits: 2, count: 2 },
  xien3: { digits: 2, count: 3 },
  xien4: { digits: 2, count: 4 },
};
const THAI_TYPES: TBetType[] = [
  '3top',
  '3tod',
  '3front',
  '3bottom',
  '2top',
  '2bottom',
  'runtop',
  'runbottom',
];
const VN_TYPES: TBetType[] = ['lo2', 'lo3', 'de', '3cang', 'xien2', 'xien3', 'xien4'];
const TYPES: Record<TResultFormat, TBetType[]> = {
  thai: THAI_TYPES,
  'thai-2015': THAI_TYPES.filter((t) => t !== '3front'),
  elott: THAI_TYPES,
  'vn-north': VN_TYPES,
  'vn-south': VN_TYPES,
};

const str = (v: string | string[] | undefined) => v as string;
const arr = (v: string | string[] | undefined) => (v ?? []) as string[];

/** The Vietnamese prize numbers, field by field. */
function refVnNumbers(format: TResultFormat, r: R): string[] {
  if (format === 'vn-north')
    return [
      str(r.special),
      str(r.g1),
      ...arr(r.g2),
      ...arr(r.g3),
      ...arr(r.g4),
      ...arr(r.g5),
      ...arr(r.g6),
      ...arr(r.g7),
    ];
  // prettier-ignore
  return [
    str(r.special), str(r.g1), str(r.g2), ...arr(r.g3), ...arr(r.g4), str(r.g5), ...arr(r.g6), str(r.g7), str(r.g8),
  ];
}

/** The last k digits of a digit string, as an integer. */
const tail = (s: string, k: number) => Number(s) % 10 ** k;

/** Multiset of digits, as counts per digit. */
function digitCounts(n: number, width: number): number[] {
  const counts = new Array<number>(10).fill(0);
  for (let i = 0; i < width; i++) counts[Math.floor(n / 10 ** i) % 10]!++;
  return counts;
}

function refHits(format: TResultFormat, r: R, type: TBetType, numbers: string[]): number {
  const n = Number(numbers[0]);
  const first = str(r.first);
  const top3 = first === undefined ? 0 : tail(first, 3);
  switch (type) {
    case '3top':
      return top3 === n ? 1 : 0;
    case '3tod': {
      const want = digitCounts(n, 3).join();
      const permutations = new Set<number>();
      for (let k = 0; k < 1000; k++) if (digitCounts(k, 3).join() === want) permutations.add(k);
      return permutations.has(top3) ? 1 : 0;
    }
    case '3front':
      return arr(r.front3).filter((x) => Number(x) === n).length;
    case '3bottom':
      return arr(r.last3).filter((x) => Number(x) === n).length;
    case '2top':
      return tail(first, 2) === n ? 1 : 0;
    case '2bottom':
      return Number(str(r.last2)) === n ? 1 : 0;
    case 'runtop':
      return [0, 1, 2].some((i) => Math.floor(top3 / 10 ** i) % 10 === n) ? 1 : 0;
    case 'runbottom':
      return [0, 1].some((i) => Math.floor(Number(str(r.last2)) / 10 ** i) % 10 === n) ? 1 : 0;
    case 'lo2':
      return refVnNumbers(format, r).filter((p) => tail(p, 2) === n).length;
    case 'lo3':
      return refVnNumbers(format, r).filter((p) => p.length > 2 && tail(p, 3) === n).length;
    case 'de':
      return tail(str(r.special), 2) === n ? 1 : 0;
    case '3cang':
      return tail(str(r.special), 3) === n ? 1 : 0;
    default: {
      const all = refVnNumbers(format, r);
      return numbers.every((x) => all.some((p) => tail(p, 2) === Number(x))) ? 1 : 0;
    }
  }
}

function refWin(stake: number, rate: number, hits: number, restricted: boolean): bigint {
  const gross = BigInt(stake) * BigInt(rate) * BigInt(hits);
  return restricted ? gross / 2n / 100n : gross / 100n;
}

// Results: digit strings of the right lengths. The whole result draws on one alphabet, sometimes only
// "0", "01" or "012", so that repeats (both front-3 prizes equal, lô several times, 3tod 112) happen often.
const ALPHABETS = ['0123456789', '0123456789', '0', '01', '012'];
function resultArb(format: TResultFormat, alphabet: string): fc.Arbitrary<R> {
  const d = (n: number) => fc.string({ unit: fc.constantFrom(...alphabet), minLength: n, maxLength: n });
  const l = (n: number, count: number) => fc.array(d(n), { minLength: count, maxLength: count });
  const thaiTail = { near1: l(6, 2), second: l(6, 5), third: l(6, 10), fourth: l(6, 50), fifth: l(6, 100) };
  switch (format) {
    case 'thai':
      return fc.record({ first: d(6), front3: l(3, 2), last3: l(3, 2), last2: d(2), ...thaiTail });
    case 'thai-2015':
      return fc.record({ first: d(6), last3: l(3, 4), last2: d(2), ...thaiTail });
    case 'elott':
      return fc.record({ first: d(6), front3: l(3, 2), last3: l(3, 2), last2: d(2) });
    case 'vn-north':
      return fc.record({
        special: d(5),
        g1: d(5),
        g2: l(5, 2),
        g3: l(5, 6),
        g4: l(4, 4),
        g5: l(4, 6),
        g6: l(3, 3),
        g7: l(2, 4),
      });
    case 'vn-south':
      // prettier-ignore
      return fc.record({
        special: d(6), g1: d(5), g2: d(5), g3: l(5, 2), g4: l(5, 7), g5: d(4), g6: l(4, 3), g7: d(3), g8: d(2),
      });
  }
}

/** Numbers that should often win, for the bet type (a bias of the generator; the reference decides). */
function winningPool(format: TResultFormat, r: R, type: TBetType): string[] {
  const first = str(r.first) ?? '';
  const top3 = first.slice(3);
  switch (type) {
    case '3top':
    case '3tod':
      return [top3, [...top3].reverse().join(''), top3.slice(1) + top3[0]];
    case '3front':
      return arr(r.front3);
    case '3bottom':
      return arr(r.last3);
    case '2top':
      return [first.slice(4)];
    case '2bottom':
      return [str(r.last2)];
    case 'runtop':
      return [...top3];
    case 'runbottom':
      return [...str(r.last2)];
    case 'de':
      return [str(r.special).slice(-2)];
    case '3cang':
      return [str(r.special).slice(-3)];
    case 'lo3':
      return refVnNumbers(format, r)
        .filter((p) => p.length >= 3)
        .map((p) => p.slice(-3));
    default:
      return [...new Set(refVnNumbers(format, r).map((p) => p.slice(-2)))];
  }
}

/**
 * The fields of one bet, for a format: its type, how its numbers are picked, its stake, rate, restriction.
 * A random number is sometimes drawn on the result's alphabet (122 against 112: same digits, other counts).
 */
function specFields(format: TResultFormat, alphabet: string) {
  const digitString = (n: number, digits = '0123456789') =>
    fc.string({ unit: fc.constantFrom(...digits), minLength: n, maxLength: n });
  return {
    type: fc.constantFrom(...TYPES[format]),
    mode: fc.constantFrom('win', 'win', 'random', 'mixed'),
    plain: fc.oneof(digitString(3), digitString(3, alphabet)),
    pairs: fc.uniqueArray(digitString(2), { minLength: 4, maxLength: 4 }),
    picks: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
    stake: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1_000_000_000_000 })),
    rate: fc.oneof(fc.constant(undefined), fc.integer({ min: 200, max: 1_000_000 })),
    restricted: fc.boolean(),
  };
}
type TSpecFields = ReturnType<typeof specFields>;
type TSpec = { [K in keyof TSpecFields]: TSpecFields[K] extends fc.Arbitrary<infer T> ? T : never };

const drawArb = fc.tuple(fc.constantFrom(...FORMATS), fc.constantFrom(...ALPHABETS));
const caseArb = drawArb.chain(([format, alphabet]) =>
  fc.record({
    format: fc.constant(format),
    result: resultArb(format, alphabet),
    spec: fc.record(specFields(format, alphabet)),
  }),
);
const ticketArb = drawArb.chain(([format, alphabet]) =>
  fc.record({
    format: fc.constant(format),
    result: resultArb(format, alphabet),
    specs: fc.array(fc.record(specFields(format, alphabet)), { minLength: 1, maxLength: 6 }),
  }),
);

/** The bet a spec describes: from the winning pool, at random, or (xiên) some of each. */
function betOf(format: TResultFormat, result: R, spec: TSpec): TBet {
  const { digits, count } = SHAPE[spec.type];
  const pool = winningPool(format, result, spec.type);
  if (count === 1) {
    const number =
      spec.mode !== 'random' && pool.length
        ? pool[spec.picks[0]! % pool.length]!
        : spec.plain.slice(3 - digits);
    return { type: spec.type, numbers: [number], stake: spec.stake };
  }
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) {
    const fromPool = spec.mode === 'win' || (spec.mode === 'mixed' && i % 2 === 0);
    const candidate = fromPool && pool.length ? pool[spec.picks[i]! % pool.length]! : spec.pairs[i]!;
    if (!numbers.includes(candidate)) numbers.push(candidate);
  }
  // Top up with distinct numbers so xiên stays valid (the random ones, then 00, 01, ...).
  const spare = [...spec.pairs, ...Array.from({ length: 100 }, (_, k) => String(k).padStart(2, '0'))];
  while (numbers.length < count) numbers.push(spare.find((x) => !numbers.includes(x))!);
  return { type: spec.type, numbers, stake: spec.stake };
}

const ratesOf = (spec: TSpec): TRates =>
  spec.rate === undefined ? DEFAULT_RATES : { ...DEFAULT_RATES, [spec.type]: spec.rate };
const RUNS = { numRuns: 1000 };

describe('lottery settlement against an independent reference', () => {
  it('hits and wins equal the reference on random results and bets of every format and type', () => {
    const seen = new Map<TBetType, { wins: number; losses: number; multi: number }>();
    fc.assert(
      fc.property(caseArb, ({ format, result, spec }) => {
        const parsed = parseResult(format, result);
        expect(parsed.ok).toBe(true);
        const bet = betOf(format, result, spec);
        expect(validateBet(format, bet)).toEqual({ ok: true, bet });
        const rates = ratesOf(spec);
        const got = evaluateBet(format, result as TLotteryResult, bet, rates, spec.restricted);
        const hits = refHits(format, result, bet.type, [...bet.numbers]);
        expect(got).toEqual({ hits, win: refWin(bet.stake, rates[bet.type], hits, spec.restricted) });
        const s = seen.get(bet.type) ?? { wins: 0, losses: 0, multi: 0 };
        if (hits > 0) s.wins++;
        else s.losses++;
        if (hits > 1) s.multi++;
        seen.set(bet.type, s);
      }),
      RUNS,
    );
    // The generator reached wins and losses of every type, and several hits where a type allows them.
    for (const type of Object.keys(SHAPE) as TBetType[]) {
      expect(seen.get(type)?.wins, `${type} wins`).toBeGreaterThan(0);
      expect(seen.get(type)?.losses, `${type} losses`).toBeGreaterThan(0);
    }
    for (const type of ['lo2', 'lo3', '3front', '3bottom'] as const)
      expect(seen.get(type)?.multi, `${type} multi`).toBeGreaterThan(0);
  });

  it('the compiled result (settlement at scale) counts the same hits as the reference', () => {
    fc.assert(
      fc.property(caseArb, ({ format, result, spec }) => {
        const bet = betOf(format, result, spec);
        const hitsOf = compileResult(format, result as TLotteryResult);
        expect(hitsOf(bet)).toBe(refHits(format, result, bet.type, [...bet.numbers]));
      }),
      RUNS,
    );
  });

  it('evaluating twice gives the same outcome; the win is 0 exactly when there is no hit', () => {
    fc.assert(
      fc.property(caseArb, ({ format, result, spec }) => {
        const bet = betOf(format, result, spec);
        const rates = ratesOf(spec);
        const r = result as TLotteryResult;
        const once = evaluateBet(format, r, bet, rates, spec.restricted);
        const twice = evaluateBet(format, structuredClone(r), { ...bet }, rates, spec.restricted);
        expect(twice).toEqual(once);
        expect(once.win === 0n).toBe(once.hits === 0);
        expect(once.win >= 0n).toBe(true);
        // A restricted bet pays half, rounded down: never more than half the unrestricted win.
        const full = evaluateBet(format, r, bet, rates, false).win;
        const half = evaluateBet(format, r, bet, rates, true).win;
        expect(half).toBe(refWin(bet.stake, rates[bet.type], once.hits, true));
        expect(half * 2n <= full).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a ticket is the sum of its bets, restricted bets found by key; lô costs stake x its prize numbers', () => {
    fc.assert(
      fc.property(ticketArb, ({ format, result, specs }) => {
        const bets = specs.map((spec) => betOf(format, result, spec));
        const restrictedSet = new Set(bets.filter((_, i) => specs[i]!.restricted).map(restrictionKey));
        const ticket = evaluateTicket(format, result as TLotteryResult, bets, DEFAULT_RATES, restrictedSet);
        let hits = 0;
        let win = 0n;
        bets.forEach((bet, i) => {
          const h = refHits(format, result, bet.type, [...bet.numbers]);
          const w = refWin(bet.stake, DEFAULT_RATES[bet.type], h, restrictedSet.has(restrictionKey(bet)));
          expect(ticket.bets[i]).toEqual({ hits: h, win: w });
          hits += h;
          win += w;
          const all = format === 'vn-north' || format === 'vn-south' ? refVnNumbers(format, result) : [];
          const lots =
            { lo2: all.length, lo3: all.filter((p) => p.length >= 3).length }[bet.type as 'lo2'] ?? 1;
          expect(ticketCost(format, bet)).toBe(BigInt(bet.stake) * BigInt(lots));
        });
        expect(ticket.hits).toBe(hits);
        expect(ticket.win).toBe(win);
      }),
      { numRuns: 150 },
    );
  });

  it('the library lists the same prize numbers as the reference', () => {
    fc.assert(
      fc.property(caseArb, ({ format, result }) => {
        if (format !== 'vn-north' && format !== 'vn-south') return;
        expect(prizeNumbers(format, result as TLotteryResult)).toEqual(refVnNumbers(format, result));
        expect(refVnNumbers(format, result)).toHaveLength(format === 'vn-north' ? 27 : 18);
      }),
      { numRuns: 100 },
    );
  });
});
