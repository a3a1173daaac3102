import {
  BET_TYPES,
  RESTRICTED_RATE_DIVISOR,
  restrictionKey,
  type TBet,
  type TBetType,
  type TRates,
} from './bets';
import {
  prizeNumbers,
  type TElottResult,
  type TLotteryResult,
  type TResultFormat,
  type TThai2015Result,
  type TThaiResult,
  type TVnNorthResult,
  type TVnSouthResult,
} from './results';

/**
 * Settlement of lottery bets against a validated result (docs/lottery.md), pure and exact: hits are counted
 * on digit strings (never on parsed integers, so "08" is not "8"), money is BigInt minor units.
 *
 * win = floor(stake x rate x hits / 100), rate in hundredths of a multiplier; a restricted bet pays half the
 * rate: win = floor(stake x rate x hits / 200), the floor taken once on the exact product (never the rate
 * halved and rounded first). Fractions of a minor unit stay with the house. BigInt throughout: stake up to
 * 10^12 x rate 90000 x 23 lô-3 hits is 2 x 10^18, past 2^53.
 */

export type TBetOutcome = { hits: number; win: bigint };
export type TTicketOutcome = TBetOutcome & { bets: TBetOutcome[] };

type TThaiLike = TThaiResult | TThai2015Result | TElottResult;
type TVnLike = TVnNorthResult | TVnSouthResult;

/** How many times equal strings occur. */
function countEqual(list: readonly string[], value: string): number {
  let n = 0;
  for (const item of list) if (item === value) n++;
  return n;
}

/** The digits of a number in ascending order: two numbers are permutations of each other iff equal. */
function sortedDigits(n: string): string {
  return [...n].sort().join('');
}

function thaiHits(type: TBetType, result: TThaiLike, n: string): number {
  const top3 = result.first.slice(-3);
  switch (type) {
    case '3top':
      return top3 === n ? 1 : 0;
    case '3tod':
      // One prize number (the last 3 of the first prize): once at most, whatever the digit repeats.
      return sortedDigits(top3) === sortedDigits(n) ? 1 : 0;
    case '3front':
      return 'front3' in result ? countEqual(result.front3, n) : 0;
    case '3bottom':
      return countEqual(result.last3, n);
    case '2top':
      return result.first.slice(-2) === n ? 1 : 0;
    case '2bottom':
      return result.last2 === n ? 1 : 0;
    case 'runtop':
      // Once even when the digit appears twice: the run is on one number.
      return top3.includes(n) ? 1 : 0;
    case 'runbottom':
      return result.last2.includes(n) ? 1 : 0;
    default:
      throw new Error(`${type} is not a Thai bet type`);
  }
}

function vnHits(type: TBetType, format: TResultFormat, result: TVnLike, numbers: readonly string[]): number {
  const n = numbers[0]!;
  switch (type) {
    case 'lo2':
      return prizeNumbers(format, result).filter((p) => p.slice(-2) === n).length;
    case 'lo3':
      return prizeNumbers(format, result).filter((p) => p.length >= 3 && p.slice(-3) === n).length;
    case 'de':
      return result.special.slice(-2) === n ? 1 : 0;
    case '3cang':
      return result.special.slice(-3) === n ? 1 : 0;
    case 'xien2':
    case 'xien3':
    case 'xien4': {
      const tails = new Set(prizeNumbers(format, result).map((p) => p.slice(-2)));
      return numbers.every((x) => tails.has(x)) ? 1 : 0;
    }
    default:
      throw new Error(`${type} is not a Vietnamese bet type`);
  }
}

/** Times the bet's numbers are matched by the result (0 = lost). */
export function countHits(
  format: TResultFormat,
  result: TLotteryResult,
  bet: Pick<TBet, 'type' | 'numbers'>,
): number {
  const meta = BET_TYPES[bet.type];
  if (!meta || !meta.formats.includes(format))
    throw new Error(`bet type ${bet.type} is not offered on ${format}`);
  if (bet.numbers.length !== meta.count) throw new Error(`${bet.type} takes ${meta.count} number(s)`);
  return meta.family === 'thai'
    ? thaiHits(bet.type, result as TThaiLike, bet.numbers[0]!)
    : vnHits(bet.type, format, result as TVnLike, bet.numbers);
}

/** floor(stake x rate x hits / 100), or / 200 when restricted (half the rate). */
export function winAmount(stake: number, rateHundredths: number, hits: number, restricted = false): bigint {
  if (!Number.isSafeInteger(stake) || stake < 0)
    throw new Error(`stake must be a non-negative integer: ${stake}`);
  if (!Number.isSafeInteger(rateHundredths) || rateHundredths < 0)
    throw new Error(`rate must be a non-negative integer (hundredths): ${rateHundredths}`);
  const divisor = restricted ? 100n * BigInt(RESTRICTED_RATE_DIVISOR) : 100n;
  return (BigInt(stake) * BigInt(rateHundredths) * BigInt(hits)) / divisor;
}

/**
 * Settles one bet. The bet must be valid for the format (validateBet) and the result validated
 * (parseResult): an impossible bet throws rather than settles as a loss.
 */
export function evaluateBet(
  format: TResultFormat,
  result: TLotteryResult,
  bet: TBet,
  rates: TRates,
  restricted = false,
): TBetOutcome {
  const hits = countHits(format, result, bet);
  const rate = rates[bet.type];
  if (rate === undefined) throw new Error(`no rate for ${bet.type}`);
  return { hits, win: winAmount(bet.stake, rate, hits, restricted) };
}

/**
 * Settles a ticket's bets; a bet is restricted when `restrictionKey(bet)` ("3top:123", "xien2:12-34") is in
 * the set. The totals are the sums of the bets' hits and wins.
 */
export function evaluateTicket(
  format: TResultFormat,
  result: TLotteryResult,
  bets: readonly TBet[],
  rates: TRates,
  restrictedSet: ReadonlySet<string> = new Set(),
): TTicketOutcome {
  const outcomes = bets.map((bet) =>
    evaluateBet(format, result, bet, rates, restrictedSet.has(restrictionKey(bet))),
  );
  return {
    hits: outcomes.reduce((sum, o) => sum + o.hits, 0),
    win: outcomes.reduce((sum, o) => sum + o.win, 0n),
    bets: outcomes,
  };
}

/**
 * A result compiled once for a whole draw's settlement: every bet type's hits as a lookup (number -> hits),
 * so a ticket costs a few map reads instead of scanning the prize numbers per bet. Same answers as
 * countHits (the property test compares them on random results and bets).
 */
export function compileResult(
  format: TResultFormat,
  result: TLotteryResult,
): (bet: Pick<TBet, 'type' | 'numbers'>) => number {
  const counts = (numbers: readonly string[]) => {
    const map = new Map<string, number>();
    for (const n of numbers) map.set(n, (map.get(n) ?? 0) + 1);
    return map;
  };
  const lookups = new Map<string, Map<string, number>>();
  const family = (type: TBetType) => BET_TYPES[type]?.family;
  if ((THAI_LIKE as readonly string[]).includes(format)) {
    const r = result as TThaiLike;
    const top3 = r.first.slice(-3);
    lookups.set('3top', counts([top3]));
    // Every order of the last 3 digits of the first prize, once each (a repeated digit gives fewer orders).
    const orders = new Set<string>();
    for (const a of [0, 1, 2])
      for (const b of [0, 1, 2])
        for (const c of [0, 1, 2])
          if (a !== b && b !== c && a !== c) orders.add(top3[a]! + top3[b]! + top3[c]!);
    lookups.set('3tod', counts([...orders]));
    lookups.set('3front', counts('front3' in r ? r.front3 : []));
    lookups.set('3bottom', counts(r.last3));
    lookups.set('2top', counts([r.first.slice(-2)]));
    lookups.set('2bottom', counts([r.last2]));
    lookups.set('runtop', counts([...new Set(top3)]));
    lookups.set('runbottom', counts([...new Set(r.last2)]));
  } else {
    const r = result as TVnLike;
    const prizes = prizeNumbers(format, result);
    lookups.set('lo2', counts(prizes.map((p) => p.slice(-2))));
    lookups.set('lo3', counts(prizes.filter((p) => p.length >= 3).map((p) => p.slice(-3))));
    lookups.set('de', counts([r.special.slice(-2)]));
    lookups.set('3cang', counts([r.special.slice(-3)]));
  }
  const tails = lookups.get('lo2');
  return (bet) => {
    if (!BET_TYPES[bet.type]?.formats.includes(format))
      throw new Error(`bet type ${bet.type} is not offered on ${format}`);
    if (family(bet.type) === 'vn' && bet.type.startsWith('xien'))
      return bet.numbers.every((n) => tails?.has(n)) ? 1 : 0;
    return lookups.get(bet.type)?.get(bet.numbers[0]!) ?? 0;
  };
}

const THAI_LIKE = ['thai', 'thai-2015', 'elott'] as const;
