import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseResult, prizeNumbers, RESULT_FORMATS, type TResultFormat } from './results';

function loadFixture(file: string): { format: TResultFormat; draw: string; result: Record<string, unknown> } {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', file), 'utf8'));
}

/** `count` distinct numbers of `digits` digits from `start` (filler for the issue's "[5 x 6 digits]"). */
function seq(count: number, digits: number, start = 0): string[] {
  return Array.from({ length: count }, (_, i) => String(start + i * 7).padStart(digits, '0'));
}

// The issue's examples, their "[n x d digits]" lists filled in.
const EXAMPLES: Record<TResultFormat, Record<string, unknown>> = {
  thai: {
    first: '107387',
    front3: ['091', '298'],
    last3: ['602', '716'],
    last2: '08',
    near1: ['107386', '107388'],
    second: seq(5, 6, 100),
    third: seq(10, 6, 2000),
    fourth: seq(50, 6, 30000),
    fifth: seq(100, 6, 400000),
  },
  // Constructed (no complete real pre-2015 draw was found): the thai example without front3, four last3.
  'thai-2015': {
    first: '107387',
    last3: ['602', '716', '091', '298'],
    last2: '08',
    near1: ['107386', '107388'],
    second: seq(5, 6, 100),
    third: seq(10, 6, 2000),
    fourth: seq(50, 6, 30000),
    fifth: seq(100, 6, 400000),
  },
  elott: { first: '107387', front3: ['091', '298'], last3: ['602', '716'], last2: '08' },
  'vn-north': {
    special: '80249',
    g1: '92492',
    g2: seq(2, 5, 10),
    g3: seq(6, 5, 20000),
    g4: seq(4, 4, 30),
    g5: seq(6, 4, 4000),
    g6: seq(3, 3, 5),
    g7: seq(4, 2, 6),
  },
  'vn-south': {
    special: '080249',
    g1: '92492',
    g2: '00123',
    g3: seq(2, 5, 10),
    g4: seq(7, 5, 20000),
    g5: '0456',
    g6: seq(3, 4, 4000),
    g7: '007',
    g8: '09',
  },
};

const thaiFixture = loadFixture('thai-2024-05-02.json');
const northFixture = loadFixture('vn-north-2023-05-12.json');
const southFixture = loadFixture('vn-south-tphcm-2026-09-28.json');
const { first, front3, last3, last2 } = thaiFixture.result;

/** Real draws per format; thai-2015 has none (see fixtures/README.md), elott reads the Thai draw's four prizes. */
const REAL: Partial<Record<TResultFormat, Record<string, unknown>>> = {
  thai: thaiFixture.result,
  elott: { first, front3, last3, last2 },
  'vn-north': northFixture.result,
  'vn-south': southFixture.result,
};

/** Per format: a list prize and a one-number prize to break. */
const FIELDS: Record<TResultFormat, { list: string; single: string }> = {
  thai: { list: 'fifth', single: 'last2' },
  'thai-2015': { list: 'last3', single: 'first' },
  elott: { list: 'front3', single: 'first' },
  'vn-north': { list: 'g7', single: 'special' },
  'vn-south': { list: 'g4', single: 'g8' },
};

const clone = (o: Record<string, unknown>) => structuredClone(o) as Record<string, unknown>;

function expectRefused(format: TResultFormat, input: unknown, issue: RegExp) {
  const r = parseResult(format, input);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.key).toBe('lottery_result_invalid');
  expect(r.issues.join('\n')).toMatch(issue);
}

describe('lottery result formats', () => {
  it('the fixtures are the formats they claim', () => {
    expect(thaiFixture.format).toBe('thai');
    expect(northFixture.format).toBe('vn-north');
    expect(southFixture.format).toBe('vn-south');
  });

  for (const format of RESULT_FORMATS) {
    describe(format, () => {
      it('accepts the example', () => {
        const r = parseResult(format, EXAMPLES[format]);
        expect(r.ok, JSON.stringify(r)).toBe(true);
        if (r.ok) expect(r.result).toEqual(EXAMPLES[format]);
      });

      if (REAL[format])
        it('accepts a real published draw', () => {
          const r = parseResult(format, REAL[format]);
          expect(r.ok, JSON.stringify(r)).toBe(true);
        });

      const { list, single } = FIELDS[format];

      it('refuses a missing prize', () => {
        const input = clone(EXAMPLES[format]);
        delete input[single];
        expectRefused(format, input, new RegExp(`^${single}: `, 'm'));
      });

      it('refuses an extra number and a missing one', () => {
        const extra = clone(EXAMPLES[format]);
        const values = extra[list] as string[];
        values.push(values[0]!.replace(/./g, '9'));
        expectRefused(format, extra, new RegExp(`^${list}: expected \\d+ numbers`, 'm'));
        const short = clone(EXAMPLES[format]);
        (short[list] as string[]).pop();
        expectRefused(format, short, new RegExp(`^${list}: expected \\d+ numbers`, 'm'));
      });

      it('refuses a number of the wrong length, leading zero dropped or added', () => {
        const input = clone(EXAMPLES[format]);
        const value = input[single] as string;
        for (const wrong of [value.slice(1), `0${value}`, '']) {
          input[single] = wrong;
          expectRefused(format, input, new RegExp(`^${single}: expected ${value.length} digits`, 'm'));
        }
        const inList = clone(EXAMPLES[format]);
        const values = inList[list] as string[];
        values[1] = values[1]!.slice(1);
        expectRefused(format, inList, new RegExp(`^${list}\\.1: expected`, 'm'));
      });

      it('refuses non-digit characters, Thai digits, spaces and integers', () => {
        const value = EXAMPLES[format][single] as string;
        for (const wrong of [
          `${value.slice(0, -1)}a`,
          `${value.slice(0, -1)}๑`,
          ` ${value.slice(1)}`,
          `${value.slice(0, -1)}.`,
          '-'.repeat(value.length),
        ]) {
          const input = clone(EXAMPLES[format]);
          input[single] = wrong;
          expectRefused(format, input, new RegExp(`^${single}: expected ${value.length} digits`, 'm'));
        }
        const asNumber = clone(EXAMPLES[format]);
        asNumber[single] = Number(value);
        expectRefused(format, asNumber, new RegExp(`^${single}: `, 'm'));
      });

      it('refuses a one-number prize given as a one-element array, and a list given as a string', () => {
        const wrapped = clone(EXAMPLES[format]);
        wrapped[single] = [wrapped[single]];
        expectRefused(format, wrapped, new RegExp(`^${single}: `, 'm'));
        const flat = clone(EXAMPLES[format]);
        flat[list] = (flat[list] as string[])[0];
        expectRefused(format, flat, new RegExp(`^${list}: `, 'm'));
      });

      it('refuses an unknown key', () => {
        const input = { ...clone(EXAMPLES[format]), jackpot: '123456' };
        expectRefused(format, input, /^\(root\): .*jackpot/m);
      });

      it('refuses what is not an object', () => {
        for (const input of [null, [], '107387', 42]) expectRefused(format, input, /^\(root\): /m);
      });
    });
  }

  it('refuses front3 on thai-2015, and the thai-2015 four last-3 prizes on thai', () => {
    expectRefused('thai-2015', { ...EXAMPLES['thai-2015'], front3: ['091', '298'] }, /^\(root\): .*front3/m);
    expectRefused(
      'thai',
      { ...EXAMPLES.thai, last3: ['602', '716', '091', '298'] },
      /^last3: expected 2 numbers/m,
    );
    expectRefused('thai', EXAMPLES['thai-2015'], /^front3: /m);
  });

  it('refuses the fields of another region', () => {
    expectRefused('vn-south', EXAMPLES['vn-north'], /^special: expected 6 digits/m);
    expectRefused('vn-north', EXAMPLES['vn-south'], /^\(root\): .*g8/m);
    expectRefused('elott', EXAMPLES.thai, /^\(root\): .*near1/m);
  });

  it('refuses an unknown format', () => {
    const r = parseResult('xsmt' as TResultFormat, EXAMPLES['vn-north']);
    expect(r).toEqual({ ok: false, key: 'lottery_result_invalid', issues: ['(root): unknown format xsmt'] });
  });
});

describe('prize numbers', () => {
  it('are every number in JSON field order: 27 North, 18 South', () => {
    // prettier-ignore
    expect(prizeNumbers('vn-north', northFixture.result as never)).toEqual([
      '84102', '12141', '03914', '59392', '89476', '73718', '53418', '26470', '04401', '87540',
      '9810', '7384', '5603', '4657', '1245', '1444', '2197', '7581', '5850', '1090',
      '531', '230', '371', '43', '75', '65', '00',
    ]);
    // prettier-ignore
    expect(prizeNumbers('vn-south', southFixture.result as never)).toEqual([
      '760372', '57769', '10072', '49513', '21219', '74569', '89878', '58813', '25531', '17297',
      '59888', '76986', '3811', '7161', '6655', '2155', '285', '21',
    ]);
  });

  it('count every Thai prize: 173 for thai and thai-2015, 6 for elott', () => {
    const thai = prizeNumbers('thai', thaiFixture.result as never);
    expect(thai).toHaveLength(1 + 2 + 2 + 1 + 2 + 5 + 10 + 50 + 100);
    expect(thai.slice(0, 8)).toEqual(['980116', '104', '763', '634', '833', '17', '980115', '980117']);
    expect(thai.at(-1)).toBe('997535');
    expect(prizeNumbers('thai-2015', EXAMPLES['thai-2015'] as never)).toHaveLength(
      1 + 4 + 1 + 2 + 5 + 10 + 50 + 100,
    );
    expect(prizeNumbers('elott', REAL.elott as never)).toEqual(['980116', '104', '763', '634', '833', '17']);
  });

  it('follow the format, not the input object key order', () => {
    const reversed = Object.fromEntries(Object.entries(northFixture.result).reverse());
    const r = parseResult('vn-north', reversed);
    expect(r.ok).toBe(true);
    if (r.ok) expect(prizeNumbers('vn-north', r.result)[0]).toBe('84102');
    expect(prizeNumbers('vn-north', reversed as never)).toEqual(
      prizeNumbers('vn-north', northFixture.result as never),
    );
  });
});
