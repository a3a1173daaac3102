import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BET_TYPE_CODES,
  BET_TYPES,
  betTypesFor,
  DEFAULT_RATES,
  defaultRates,
  MAX_STAKE,
  restrictionKey,
  ticketCost,
  validateBet,
  type TBet,
  type TBetType,
} from './bets';
import { evaluateBet, evaluateTicket, winAmount } from './evaluate';
import { parseResult, prizeNumbers, RESULT_FORMATS, type TResultFormat, type TResultOf } from './results';

function mustParse<F extends TResultFormat>(format: F, input: unknown): TResultOf<F> {
  const r = parseResult(format, input);
  if (!r.ok) throw new Error(`${format}: ${r.issues.join('; ')}`);
  return r.result;
}
function load<F extends TResultFormat>(format: F, file: string): TResultOf<F> {
  return mustParse(
    format,
    JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', file), 'utf8')).result,
  );
}

// Thai Government Lottery, 2 May 2024: first 980116 (top 3 "116", top 2 "16"), front3 104 763,
// last3 634 833, last2 17.
const thai = load('thai', 'thai-2024-05-02.json');
// Our electronic draw format, on the same draw's four prizes.
const elott = { first: thai.first, front3: thai.front3, last3: thai.last3, last2: thai.last2 };
// XSMB 12 May 2023: special 84102, g1 12141, g2 03914 59392, g3 89476 73718 53418 26470 04401 87540,
// g4 9810 7384 5603 4657, g5 1245 1444 2197 7581 5850 1090, g6 531 230 371, g7 43 75 65 00.
const north = load('vn-north', 'vn-north-2023-05-12.json');
// TP. Hồ Chí Minh 28 Sep 2026: special 760372, g1 57769, g2 10072, g3 49513 21219,
// g4 74569 89878 58813 25531 17297 59888 76986, g5 3811, g6 7161 6655 2155, g7 285, g8 21.
const south = load('vn-south', 'vn-south-tphcm-2026-09-28.json');
// Constructed (not a real draw): the pre-2015 structure, four last-3 prizes, two of them equal.
const { front3: _front3, ...thaiWithoutFront3 } = thai;
const thai2015 = mustParse('thai-2015', { ...thaiWithoutFront3, last3: ['634', '833', '634', '017'] });

const bet = (type: TBetType, numbers: string | string[], stake = 1000): TBet => ({
  type,
  numbers: typeof numbers === 'string' ? [numbers] : numbers,
  stake,
});

function hits(
  format: TResultFormat,
  result: Parameters<typeof evaluateBet>[1],
  type: TBetType,
  numbers: string | string[],
) {
  return evaluateBet(format, result, bet(type, numbers), DEFAULT_RATES).hits;
}

describe('bet types', () => {
  it('each format offers its own bet types; 3front is not offered on thai-2015', () => {
    expect(betTypesFor('thai')).toEqual([
      '3top',
      '3tod',
      '3front',
      '3bottom',
      '2top',
      '2bottom',
      'runtop',
      'runbottom',
    ]);
    expect(betTypesFor('elott')).toEqual(betTypesFor('thai'));
    expect(betTypesFor('thai-2015')).toEqual([
      '3top',
      '3tod',
      '3bottom',
      '2top',
      '2bottom',
      'runtop',
      'runbottom',
    ]);
    expect(betTypesFor('vn-north')).toEqual(['lo2', 'lo3', 'de', '3cang', 'xien2', 'xien3', 'xien4']);
    expect(betTypesFor('vn-south')).toEqual(betTypesFor('vn-north'));
    for (const code of BET_TYPE_CODES) expect(BET_TYPES[code].code).toBe(code);
  });

  it('lô lots are the prize numbers it plays against: 27 / 23 North, 18 / 17 South', () => {
    expect(BET_TYPES.lo2.lots('vn-north')).toBe(27);
    expect(BET_TYPES.lo3.lots('vn-north')).toBe(23);
    expect(BET_TYPES.lo2.lots('vn-south')).toBe(18);
    expect(BET_TYPES.lo3.lots('vn-south')).toBe(17);
    for (const [format, result] of [
      ['vn-north', north],
      ['vn-south', south],
    ] as const) {
      const all = prizeNumbers(format, result);
      expect(BET_TYPES.lo2.lots(format)).toBe(all.length);
      expect(BET_TYPES.lo3.lots(format)).toBe(all.filter((n) => n.length >= 3).length);
    }
    expect(BET_TYPES['3top'].lots('thai')).toBe(1);
    expect(BET_TYPES.de.lots('vn-north')).toBe(1);
  });

  it('a ticket costs stake x lots for lô, the stake otherwise', () => {
    expect(ticketCost('vn-north', bet('lo2', '18', 1000))).toBe(27_000n);
    expect(ticketCost('vn-south', bet('lo2', '18', 1000))).toBe(18_000n);
    expect(ticketCost('vn-north', bet('lo3', '418', 1000))).toBe(23_000n);
    expect(ticketCost('vn-south', bet('lo3', '418', 1000))).toBe(17_000n);
    expect(ticketCost('vn-north', bet('de', '02', 1000))).toBe(1000n);
    expect(ticketCost('vn-north', bet('xien3', ['01', '02', '03'], 1000))).toBe(1000n);
    expect(ticketCost('thai', bet('3top', '116', 2500))).toBe(2500n);
    expect(ticketCost('vn-north', bet('lo2', '18', MAX_STAKE))).toBe(27n * 10n ** 12n);
  });

  it('validateBet accepts a bet of every type on every format that offers it', () => {
    for (const format of RESULT_FORMATS)
      for (const type of betTypesFor(format)) {
        const m = BET_TYPES[type];
        const numbers = Array.from({ length: m.count }, (_, i) => String(i).repeat(m.digits));
        expect(validateBet(format, { type, numbers, stake: 1 })).toEqual({
          ok: true,
          bet: { type, numbers, stake: 1 },
        });
      }
  });

  it('validateBet refuses an unknown type or one the format does not offer', () => {
    for (const [format, type] of [
      ['thai', 'lotto'],
      ['thai', 'toString'],
      ['thai', '__proto__'],
      ['thai-2015', '3front'],
      ['thai', 'lo2'],
      ['elott', 'de'],
      ['vn-north', '3top'],
      ['vn-south', 'runtop'],
      ['xsmt', 'de'],
    ] as const)
      expect(validateBet(format as TResultFormat, { type, numbers: ['12'], stake: 10 })).toEqual({
        ok: false,
        key: 'lottery_bet_type_unknown',
      });
    expect(validateBet('thai', null)).toEqual({ ok: false, key: 'lottery_bet_type_unknown' });
    expect(validateBet('thai', { numbers: ['123'], stake: 10 })).toEqual({
      ok: false,
      key: 'lottery_bet_type_unknown',
    });
  });

  it('validateBet refuses wrong lengths, non-digits, wrong counts and duplicates in xiên', () => {
    for (const [format, type, numbers] of [
      ['thai', '3top', ['12']],
      ['thai', '3top', ['1234']],
      ['thai', '3top', ['12a']],
      ['thai', '3top', ['๑๒๓']],
      ['thai', '3top', [' 12']],
      ['thai', '3top', [123]],
      ['thai', '3top', '123'],
      ['thai', '3top', []],
      ['thai', '3top', ['123', '456']],
      ['thai', 'runtop', ['12']],
      ['thai', 'runbottom', ['']],
      ['thai', '2bottom', ['7']],
      ['vn-north', 'lo2', ['018']],
      ['vn-north', 'lo3', ['18']],
      ['vn-north', 'xien2', ['12']],
      ['vn-north', 'xien2', ['12', '12']],
      ['vn-north', 'xien3', ['12', '34', '12']],
      ['vn-north', 'xien4', ['12', '34', '56', '7']],
      ['vn-south', 'xien4', ['12', '34', '56', '78', '90']],
    ] as const)
      expect(validateBet(format, { type, numbers, stake: 10 }), `${type} ${JSON.stringify(numbers)}`).toEqual(
        {
          ok: false,
          key: 'lottery_number_invalid',
        },
      );
  });

  it('validateBet refuses a stake that is not a positive integer of at most MAX_STAKE', () => {
    for (const stake of [0, -1, 1.5, Number.NaN, Infinity, '100', 100n, null, MAX_STAKE + 1])
      expect(validateBet('thai', { type: '3top', numbers: ['123'], stake })).toEqual({
        ok: false,
        key: 'lottery_stake_invalid',
      });
    expect(validateBet('thai', { type: '3top', numbers: ['123'], stake: MAX_STAKE }).ok).toBe(true);
  });

  it('restriction keys name the type and the numbers, xiên sorted', () => {
    expect(restrictionKey(bet('3top', '123'))).toBe('3top:123');
    expect(restrictionKey(bet('xien3', ['56', '12', '34']))).toBe('xien3:12-34-56');
  });

  it('default rates are integer hundredths, thai-2015 3bottom at half', () => {
    for (const code of BET_TYPE_CODES) expect(Number.isSafeInteger(DEFAULT_RATES[code])).toBe(true);
    expect(DEFAULT_RATES['3top']).toBe(90000);
    expect(defaultRates('thai-2015')['3bottom']).toBe(22500);
    expect(defaultRates('thai')).toBe(DEFAULT_RATES);
  });
});

describe('Thai settlement, draw of 2 May 2024 (first 980116)', () => {
  it('3top: the last 3 of the first prize, 116', () => {
    expect(hits('thai', thai, '3top', '116')).toBe(1);
    expect(hits('thai', thai, '3top', '161')).toBe(0);
    expect(hits('thai', thai, '3top', '980')).toBe(0);
    expect(hits('thai', thai, '3top', '104')).toBe(0); // a front-3 prize is not 3top
  });

  it('3tod: any order of 1, 1, 6 — once; a repeated digit must repeat in the bet too', () => {
    for (const n of ['116', '161', '611']) expect(hits('thai', thai, '3tod', n), n).toBe(1);
    for (const n of ['166', '616', '661', '106', '111', '016'])
      expect(hits('thai', thai, '3tod', n), n).toBe(0);
  });

  it('3tod with a repeated digit: 112 wins on 211, 121 and 112 only', () => {
    const r = { ...elott, first: '123211' };
    for (const n of ['112', '121', '211']) expect(hits('elott', r, '3tod', n), n).toBe(1);
    for (const n of ['122', '221', '111', '123']) expect(hits('elott', r, '3tod', n), n).toBe(0);
    expect(hits('elott', { ...elott, first: '000111' }, '3tod', '111')).toBe(1);
  });

  it('3front and 3bottom: either prize, once per equal prize', () => {
    expect(hits('thai', thai, '3front', '104')).toBe(1);
    expect(hits('thai', thai, '3front', '763')).toBe(1);
    expect(hits('thai', thai, '3front', '634')).toBe(0);
    expect(hits('thai', thai, '3bottom', '634')).toBe(1);
    expect(hits('thai', thai, '3bottom', '833')).toBe(1);
    expect(hits('thai', thai, '3bottom', '104')).toBe(0);
    expect(hits('thai', thai, '3bottom', '116')).toBe(0);
    // Both front-3 prizes the same number (constructed): the bet pays twice.
    const twice = { ...thai, front3: ['104', '104'] };
    expect(evaluateBet('thai', twice, bet('3front', '104', 1000), DEFAULT_RATES)).toEqual({
      hits: 2,
      win: 900_000n,
    });
  });

  it('3bottom on thai-2015 (constructed result, four last-3 prizes: 634 833 634 017)', () => {
    expect(hits('thai-2015', thai2015, '3bottom', '634')).toBe(2);
    expect(hits('thai-2015', thai2015, '3bottom', '017')).toBe(1);
    expect(hits('thai-2015', thai2015, '3top', '116')).toBe(1);
    expect(() => hits('thai-2015', thai2015, '3front', '104')).toThrow(/not offered/);
  });

  it('2top and 2bottom', () => {
    expect(hits('thai', thai, '2top', '16')).toBe(1);
    expect(hits('thai', thai, '2top', '17')).toBe(0);
    expect(hits('thai', thai, '2bottom', '17')).toBe(1);
    expect(hits('thai', thai, '2bottom', '16')).toBe(0);
  });

  it('runtop: a digit among 1, 1, 6 pays once even when it appears twice; runbottom among 1, 7', () => {
    expect(hits('thai', thai, 'runtop', '1')).toBe(1);
    expect(hits('thai', thai, 'runtop', '6')).toBe(1);
    expect(hits('thai', thai, 'runtop', '9')).toBe(0); // in the first prize, not in its last 3
    expect(hits('thai', thai, 'runtop', '8')).toBe(0);
    expect(hits('thai', thai, 'runbottom', '1')).toBe(1);
    expect(hits('thai', thai, 'runbottom', '7')).toBe(1);
    expect(hits('thai', thai, 'runbottom', '6')).toBe(0);
    expect(hits('elott', { ...elott, last2: '55' }, 'runbottom', '5')).toBe(1);
  });

  it('elott settles like thai on the same four prizes', () => {
    for (const type of betTypesFor('elott'))
      for (const n of ['116', '104', '763', '634', '833', '16', '17', '1', '7', '9'])
        if (n.length === BET_TYPES[type].digits)
          expect(hits('elott', elott, type, n)).toBe(hits('thai', thai, type, n));
  });

  it('pays floor(stake x rate x hits / 100) in minor units', () => {
    // 10.00 baht (1000 satang) on 3top 116 at x900: 9,000.00 baht.
    expect(evaluateBet('thai', thai, bet('3top', '116', 1000), DEFAULT_RATES)).toEqual({
      hits: 1,
      win: 900_000n,
    });
    expect(evaluateBet('thai', thai, bet('3tod', '611', 1000), DEFAULT_RATES)).toEqual({
      hits: 1,
      win: 150_000n,
    });
    expect(evaluateBet('thai', thai, bet('2bottom', '17', 1000), DEFAULT_RATES)).toEqual({
      hits: 1,
      win: 90_000n,
    });
    expect(evaluateBet('thai', thai, bet('runtop', '1', 1000), DEFAULT_RATES)).toEqual({
      hits: 1,
      win: 3_200n,
    });
    // 7 satang at x3.20 = 22.4 satang: 22.
    expect(evaluateBet('thai', thai, bet('runtop', '6', 7), DEFAULT_RATES)).toEqual({ hits: 1, win: 22n });
    expect(evaluateBet('thai', thai, bet('3top', '117', 1000), DEFAULT_RATES)).toEqual({ hits: 0, win: 0n });
  });

  it('a restricted number pays half the rate, floor of the exact product', () => {
    expect(evaluateBet('thai', thai, bet('3top', '116', 1000), DEFAULT_RATES, true)).toEqual({
      hits: 1,
      win: 450_000n,
    });
    // 7 x 320 / 200 = 11.2: 11.
    expect(evaluateBet('thai', thai, bet('runtop', '6', 7), DEFAULT_RATES, true)).toEqual({
      hits: 1,
      win: 11n,
    });
    // An odd rate: 15 hundredths, stake 100, restricted: 100 x 15 / 200 = 7.5: 7 (the rate halved and rounded
    // up first, 8, would pay 8); stake 3 x rate 15 x 3 hits / 200 = 0.675: 0.
    expect(winAmount(100, 15, 1, true)).toBe(7n);
    expect(winAmount(3, 15, 3, true)).toBe(0n);
    expect(winAmount(3, 15, 3, false)).toBe(1n);
    expect(winAmount(100, 15, 1, false)).toBe(15n);
    expect(winAmount(1, 1, 1, false)).toBe(0n);
  });

  it('a win stays exact past 2^53', () => {
    const big = evaluateBet('thai', thai, bet('3top', '116', MAX_STAKE), {
      ...DEFAULT_RATES,
      '3top': 999_999_999,
    });
    expect(big.win).toBe(9_999_999_990_000_000_000n);
    expect(big.win > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });
});

describe('Vietnamese settlement, XSMB 12 May 2023 (special 84102)', () => {
  it('lo2: each prize number ending in the bet pays; 18 ends 73718 and 53418: two hits', () => {
    expect(hits('vn-north', north, 'lo2', '18')).toBe(2);
    expect(hits('vn-north', north, 'lo2', '02')).toBe(1); // the special prize counts too
    expect(hits('vn-north', north, 'lo2', '41')).toBe(1); // g1 12141
    expect(hits('vn-north', north, 'lo2', '00')).toBe(1); // g7 "00"
    expect(hits('vn-north', north, 'lo2', '90')).toBe(1); // g5 1090
    expect(hits('vn-north', north, 'lo2', '99')).toBe(0);
    // 1,000 đồng per lot: the ticket costs 27,000; two hits at x80 pay 160,000.
    expect(evaluateBet('vn-north', north, bet('lo2', '18', 1000), DEFAULT_RATES)).toEqual({
      hits: 2,
      win: 160_000n,
    });
  });

  it('lo3: the last 3 digits of the 23 numbers of 3 digits or more', () => {
    expect(hits('vn-north', north, 'lo3', '418')).toBe(1);
    expect(hits('vn-north', north, 'lo3', '718')).toBe(1);
    expect(hits('vn-north', north, 'lo3', '102')).toBe(1);
    expect(hits('vn-north', north, 'lo3', '090')).toBe(1); // g5 1090, the leading zero kept
    expect(hits('vn-north', north, 'lo3', '371')).toBe(1); // g6, exactly 3 digits
    expect(hits('vn-north', north, 'lo3', '043')).toBe(0); // g7 "43" has 2 digits: not a lô-3 number
    expect(hits('vn-north', north, 'lo3', '000')).toBe(0);
    expect(evaluateBet('vn-north', north, bet('lo3', '418', 1000), DEFAULT_RATES)).toEqual({
      hits: 1,
      win: 900_000n,
    });
  });

  it('de and 3cang: the last 2 and 3 of the special prize only', () => {
    expect(hits('vn-north', north, 'de', '02')).toBe(1);
    expect(hits('vn-north', north, 'de', '41')).toBe(0); // g1, not the special prize
    expect(hits('vn-north', north, '3cang', '102')).toBe(1);
    expect(hits('vn-north', north, '3cang', '141')).toBe(0);
    expect(evaluateBet('vn-north', north, bet('de', '02', 1000), DEFAULT_RATES)).toEqual({
      hits: 1,
      win: 80_000n,
    });
    expect(evaluateBet('vn-north', north, bet('3cang', '102', 1000), DEFAULT_RATES)).toEqual({
      hits: 1,
      win: 700_000n,
    });
  });

  it('xiên pays once when every number is present, nothing when one is missing', () => {
    expect(hits('vn-north', north, 'xien2', ['18', '00'])).toBe(1); // 18 twice still pays once
    expect(hits('vn-north', north, 'xien3', ['18', '00', '99'])).toBe(0); // 99 missing
    expect(hits('vn-north', north, 'xien4', ['02', '41', '14', '92'])).toBe(1);
    expect(hits('vn-north', north, 'xien4', ['02', '41', '14', '93'])).toBe(0);
    expect(evaluateBet('vn-north', north, bet('xien2', ['18', '00'], 1000), DEFAULT_RATES)).toEqual({
      hits: 1,
      win: 15_000n,
    });
  });
});

describe('Vietnamese settlement, TP. Hồ Chí Minh 28 Sep 2026 (special 760372)', () => {
  it('lo2 over the 18 numbers: 72, 69, 13 and 55 twice each, 21 once', () => {
    expect(hits('vn-south', south, 'lo2', '72')).toBe(2); // special 760372, g2 10072
    expect(hits('vn-south', south, 'lo2', '69')).toBe(2); // g1 57769, g4 74569
    expect(hits('vn-south', south, 'lo2', '13')).toBe(2); // g3 49513, g4 58813
    expect(hits('vn-south', south, 'lo2', '55')).toBe(2); // g6 6655, 2155
    expect(hits('vn-south', south, 'lo2', '21')).toBe(1); // g8
    expect(hits('vn-south', south, 'lo2', '00')).toBe(0);
    expect(evaluateBet('vn-south', south, bet('lo2', '55', 500), DEFAULT_RATES)).toEqual({
      hits: 2,
      win: 80_000n,
    });
  });

  it('lo3 over the 17 numbers of 3 digits or more', () => {
    expect(hits('vn-south', south, 'lo3', '072')).toBe(1); // g2 10072
    expect(hits('vn-south', south, 'lo3', '372')).toBe(1); // special
    expect(hits('vn-south', south, 'lo3', '285')).toBe(1); // g7, exactly 3 digits
    expect(hits('vn-south', south, 'lo3', '021')).toBe(0); // g8 "21" has 2 digits
  });

  it('de, 3cang and xiên', () => {
    expect(hits('vn-south', south, 'de', '72')).toBe(1);
    expect(hits('vn-south', south, 'de', '21')).toBe(0);
    expect(hits('vn-south', south, '3cang', '372')).toBe(1);
    expect(hits('vn-south', south, '3cang', '072')).toBe(0);
    expect(hits('vn-south', south, 'xien2', ['72', '21'])).toBe(1);
    expect(hits('vn-south', south, 'xien3', ['72', '69', '00'])).toBe(0);
    expect(hits('vn-south', south, 'xien4', ['72', '69', '13', '55'])).toBe(1);
  });
});

describe('tickets', () => {
  it('sum their bets; a bet whose restriction key is in the set pays half', () => {
    const bets = [
      bet('3top', '116', 1000), // 900,000; restricted: 450,000
      bet('2bottom', '17', 1000), // 90,000
      bet('3front', '104', 1000), // 450,000
      bet('2top', '99', 1000), // 0
    ];
    const outcome = evaluateTicket(
      'thai',
      thai,
      bets,
      DEFAULT_RATES,
      new Set(['3top:116', '2top:99', '3top:117']),
    );
    expect(outcome.bets).toEqual([
      { hits: 1, win: 450_000n },
      { hits: 1, win: 90_000n },
      { hits: 1, win: 450_000n },
      { hits: 0, win: 0n },
    ]);
    expect(outcome).toMatchObject({ hits: 3, win: 990_000n });
    expect(evaluateTicket('thai', thai, bets, DEFAULT_RATES).win).toBe(1_440_000n);
    expect(evaluateTicket('thai', thai, [], DEFAULT_RATES)).toEqual({ hits: 0, win: 0n, bets: [] });
  });

  it('a restricted xiên is found whatever the order of its numbers', () => {
    const outcome = evaluateTicket(
      'vn-north',
      north,
      [bet('xien2', ['18', '00'], 1000), bet('lo2', '18', 1000)],
      DEFAULT_RATES,
      new Set(['xien2:00-18']),
    );
    expect(outcome.bets).toEqual([
      { hits: 1, win: 7_500n },
      { hits: 2, win: 160_000n },
    ]);
    expect(outcome.win).toBe(167_500n);
  });

  it('an impossible bet throws instead of settling as a loss', () => {
    expect(() => evaluateBet('thai', thai, bet('lo2', '18'), DEFAULT_RATES)).toThrow(/not offered/);
    expect(() => evaluateBet('vn-north', north, bet('xien3', ['18', '00']), DEFAULT_RATES)).toThrow(
      /3 number/,
    );
    expect(() => evaluateBet('thai', thai, bet('3top', '116'), { ...DEFAULT_RATES, '3top': 1.5 })).toThrow(
      /rate/,
    );
    expect(() => evaluateBet('thai', thai, bet('3top', '116', -5), DEFAULT_RATES)).toThrow(/stake/);
  });
});
