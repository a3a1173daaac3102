import { RESULT_FORMATS, type TResultFormat } from './results';

/**
 * Bet types of the house lottery (docs/lottery.md) and their default pay rates. A bet is
 * `{ type, numbers, stake }`: `numbers` holds one number for every type but xiên (2, 3 or 4 numbers), each a
 * string of the type's digit count; `stake` is integer minor units (satang / đồng). For lô the stake is per
 * lot and the ticket costs stake x lots; for every other type the ticket costs the stake.
 *
 * "A bet pays once for each prize number it matches":
 * - Thai: 3top = last 3 of the first prize; 3tod = any order of those 3 digits (one number, so at most
 *   once; 112 wins on 112, 121 and 211 only); 3front / 3bottom = either of the front-3 / last-3 prizes, once
 *   per equal prize (both front-3 prizes equal to the bet: twice; thai-2015 has four last-3 prizes and no
 *   front-3, so 3front is not offered there); 2top = last 2 of the first prize; 2bottom = the last-2 prize;
 *   runtop / runbottom (วิ่ง) = one digit found among the last 3 of the first prize / in the last-2 prize,
 *   once even when the digit appears twice (the common Thai rule: the run is on one number).
 * - Vietnamese: lo2 = each prize number (27 North, 18 South) whose last 2 digits equal the bet pays, so
 *   several matches pay several times; lo3 = the same on the last 3 digits of the numbers of at least 3
 *   digits (23 North, 17 South); de = last 2 of the special prize; 3cang = last 3 of the special prize;
 *   xien2/3/4 = 2/3/4 distinct 2-digit numbers, pays once when every one is the last 2 digits of some prize
 *   number.
 */

export type TBetFamily = 'thai' | 'vn';

export type TBetTypeMeta = {
  code: string;
  family: TBetFamily;
  /** The result formats that offer this bet. */
  formats: readonly TResultFormat[];
  /** Digits of each number of the bet. */
  digits: number;
  /** Numbers a bet holds (xiên: 2, 3, 4; every other type: 1). */
  count: number;
  /** Lots a ticket buys for the format (the stake is per lot); 1 for every type but lô. */
  lots: (format: TResultFormat) => number;
};

const THAI: readonly TResultFormat[] = ['thai', 'thai-2015', 'elott'];
const THAI_WITH_FRONT3: readonly TResultFormat[] = ['thai', 'elott'];
const VN: readonly TResultFormat[] = ['vn-north', 'vn-south'];
const one = () => 1;

/** Lô lots: the prize numbers lô 2 số plays against (27 North, 18 South), or those of 3 digits or more. */
const LO_LOTS: Record<'lo2' | 'lo3', Partial<Record<TResultFormat, number>>> = {
  lo2: { 'vn-north': 27, 'vn-south': 18 },
  lo3: { 'vn-north': 23, 'vn-south': 17 },
};
function loLots(type: 'lo2' | 'lo3') {
  return (format: TResultFormat) => {
    const lots = LO_LOTS[type][format];
    if (lots === undefined) throw new Error(`${type} is not offered on ${format}`);
    return lots;
  };
}

function meta(
  code: string,
  family: TBetFamily,
  formats: readonly TResultFormat[],
  digits: number,
  count = 1,
  lots: (format: TResultFormat) => number = one,
): TBetTypeMeta {
  return { code, family, formats, digits, count, lots };
}

export const BET_TYPES = {
  '3top': meta('3top', 'thai', THAI, 3),
  '3tod': meta('3tod', 'thai', THAI, 3),
  '3front': meta('3front', 'thai', THAI_WITH_FRONT3, 3),
  '3bottom': meta('3bottom', 'thai', THAI, 3),
  '2top': meta('2top', 'thai', THAI, 2),
  '2bottom': meta('2bottom', 'thai', THAI, 2),
  runtop: meta('runtop', 'thai', THAI, 1),
  runbottom: meta('runbottom', 'thai', THAI, 1),
  lo2: meta('lo2', 'vn', VN, 2, 1, loLots('lo2')),
  lo3: meta('lo3', 'vn', VN, 3, 1, loLots('lo3')),
  de: meta('de', 'vn', VN, 2),
  '3cang': meta('3cang', 'vn', VN, 3),
  xien2: meta('xien2', 'vn', VN, 2, 2),
  xien3: meta('xien3', 'vn', VN, 2, 3),
  xien4: meta('xien4', 'vn', VN, 2, 4),
} as const satisfies Record<string, TBetTypeMeta>;

export type TBetType = keyof typeof BET_TYPES;
export const BET_TYPE_CODES = Object.keys(BET_TYPES) as TBetType[];

/** The bet types a format offers, in BET_TYPES order. */
export function betTypesFor(format: TResultFormat): TBetType[] {
  return BET_TYPE_CODES.filter((code) => BET_TYPES[code].formats.includes(format));
}

export type TBet = { type: TBetType; numbers: readonly string[]; stake: number };
export type TRates = Readonly<Record<TBetType, number>>;

/**
 * Default pay rates, in hundredths of a multiplier of the stake per hit (90000 = x900.00). A win is
 * floor(stake x rate x hits / 100) minor units (evaluate.ts). Return to player assuming uniform, independent
 * digits:
 *
 * | code      | rate      | chance of a hit                  | RTP    |
 * |-----------|-----------|----------------------------------|--------|
 * | 3top      | x900      | 1/1000                           | 90 %   |
 * | 3tod      | x150      | 6/1000 (3 distinct digits)       | 90 %   |
 * |           |           | 3/1000 (a digit twice: 112)      | 45 %   |
 * |           |           | 1/1000 (one digit thrice: 111)   | 15 %   |
 * | 3front    | x450      | 2/1000 expected hits (2 prizes)  | 90 %   |
 * | 3bottom   | x450      | 2/1000 expected hits (2 prizes)  | 90 %   |
 * | 2top      | x90       | 1/100                            | 90 %   |
 * | 2bottom   | x90       | 1/100                            | 90 %   |
 * | runtop    | x3.20     | 1 - 0.9^3 = 0.271                | 86.7 % |
 * | runbottom | x4.20     | 1 - 0.9^2 = 0.19                 | 79.8 % |
 * | lo2       | x80 /lot  | lots/100 expected hits per lots paid | 80 % (both regions) |
 * | lo3       | x900 /lot | lots/1000 expected hits per lots paid | 90 % (both regions) |
 * | de        | x80       | 1/100                            | 80 %   |
 * | 3cang     | x700      | 1/1000                           | 70 %   |
 * | xien2     | x15       | 0.0549 North, 0.0261 South       | 82.3 % North, 39.2 % South |
 * | xien3     | x60       | 0.0123 North, 0.00391 South      | 73.8 % North, 23.5 % South |
 * | xien4     | x150      | 0.00267 North, 0.000555 South    | 40.0 % North, 8.3 % South  |
 *
 * In Vietnam lô is quoted per "point" that costs 27 (North) or 18 (South) lots; our stake is per lot, so a
 * lô ticket costs stake x lots and each hit pays stake x rate (x80: a point of 27 lots at 1,000 đồng costs
 * 27,000 and a hit pays 80,000). The xiên rates are North market rates; the South's 18 numbers make xiên
 * much rarer, so an operator running South xiên should set higher rates (fair odds: x38 / x256 / x1801).
 * thai-2015 has four last-3 prizes, so 3bottom at x450 would return 180 %: defaultRates('thai-2015') halves
 * it to x225 (90 %).
 */
export const DEFAULT_RATES: TRates = {
  '3top': 90000,
  '3tod': 15000,
  '3front': 45000,
  '3bottom': 45000,
  '2top': 9000,
  '2bottom': 9000,
  runtop: 320,
  runbottom: 420,
  lo2: 8000,
  lo3: 90000,
  de: 8000,
  '3cang': 70000,
  xien2: 1500,
  xien3: 6000,
  xien4: 15000,
};

/** The default rates for a format: DEFAULT_RATES, with 3bottom at x225 on thai-2015 (four last-3 prizes). */
export function defaultRates(format: TResultFormat): TRates {
  return format === 'thai-2015' ? { ...DEFAULT_RATES, '3bottom': 22500 } : DEFAULT_RATES;
}

/** A restricted number (เลขอั้น) pays half the rate: floor(stake x rate x hits / 200). */
export const RESTRICTED_RATE_DIVISOR = 2;

/** Stake bound, minor units: keeps stake x lots a safe integer (ticketCost) whatever the format. */
export const MAX_STAKE = 1_000_000_000_000;

export type TBetRefusalKey = 'lottery_bet_type_unknown' | 'lottery_number_invalid' | 'lottery_stake_invalid';
export type TValidateBet = { ok: true; bet: TBet } | { ok: false; key: TBetRefusalKey };

/**
 * Checks a bet for a format: the type exists and is offered on the format (3front on thai-2015, lo2 on thai:
 * `lottery_bet_type_unknown`), the right count of numbers of the right digits, distinct for xiên
 * (`lottery_number_invalid`), a positive integer stake of at most MAX_STAKE (`lottery_stake_invalid`).
 */
export function validateBet(format: TResultFormat, bet: unknown): TValidateBet {
  if (typeof bet !== 'object' || bet === null) return { ok: false, key: 'lottery_bet_type_unknown' };
  const { type, numbers, stake } = bet as Record<string, unknown>;
  if (typeof type !== 'string' || !Object.hasOwn(BET_TYPES, type))
    return { ok: false, key: 'lottery_bet_type_unknown' };
  const m = BET_TYPES[type as TBetType];
  if (!(RESULT_FORMATS as readonly string[]).includes(format) || !m.formats.includes(format))
    return { ok: false, key: 'lottery_bet_type_unknown' };
  const pattern = new RegExp(`^[0-9]{${m.digits}}$`);
  if (
    !Array.isArray(numbers) ||
    numbers.length !== m.count ||
    !numbers.every((n) => typeof n === 'string' && pattern.test(n)) ||
    new Set(numbers).size !== numbers.length
  )
    return { ok: false, key: 'lottery_number_invalid' };
  if (typeof stake !== 'number' || !Number.isSafeInteger(stake) || stake <= 0 || stake > MAX_STAKE)
    return { ok: false, key: 'lottery_stake_invalid' };
  return { ok: true, bet: { type: type as TBetType, numbers: [...(numbers as string[])], stake } };
}

/** What the ticket costs, minor units: stake x lots for lô (27 / 18 or 23 / 17), the stake otherwise. */
export function ticketCost(format: TResultFormat, bet: TBet): bigint {
  return BigInt(bet.stake) * BigInt(BET_TYPES[bet.type].lots(format));
}

/**
 * The key of a bet in a restricted set: `<type>:<numbers>`, xiên numbers sorted and joined by `-`
 * ("3top:123", "2bottom:59", "xien2:12-34"). An operator restricts a number per bet type.
 */
export function restrictionKey(bet: Pick<TBet, 'type' | 'numbers'>): string {
  return `${bet.type}:${[...bet.numbers].sort().join('-')}`;
}
