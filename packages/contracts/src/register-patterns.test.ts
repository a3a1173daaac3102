import { describe, expect, it } from 'vitest';
import { FIELD_PATTERNS, checkField, type TFieldRule } from './register-patterns';

// 5.PAT.01-06: the 24 patterns, each with values it must accept and values it must refuse.
const samples: Record<number, { pass: string[]; fail: string[] }> = {
  0: { pass: ['anything goes', '!@#'], fail: [] },
  1: { pass: ['abc', 'ABCdef'], fail: ['abc1', 'ab c'] },
  2: { pass: ['a', 'abc123'], fail: ['1abc', 'ab_c'] },
  3: { pass: ['0812345678'], fail: ['08a', '+66'] },
  4: { pass: ['no_spaces!'], fail: ['has space'] },
  5: { pass: ['aBc'], fail: ['abc'] },
  6: { pass: ['2000-01-31'], fail: ['2000-13-01', '01-31-2000'] },
  7: { pass: ['01-31-2000'], fail: ['2000-01-31', '13-01-2000'] },
  8: { pass: ['John Smith', 'สมชาย ใจดี'], fail: ['John', 'John  Smith'] },
  9: { pass: ['김민준', '김 민준'], fail: ['Kim', '金'] },
  10: { pass: ['やまだ', '山田 太郎'], fail: ['Yamada', '김민준'] },
  11: { pass: ['Abcdef1!'], fail: ['abcdef1!', 'Abcdefg!', 'Abcdef12'] },
  12: { pass: ['abc123'], fail: ['abcdef', '123456', 'abc 123'] },
  13: { pass: ['SOMCHAI JAIDEE'], fail: ['Somchai Jaidee', 'SOMCHAI  JAIDEE'] },
  14: { pass: ['สมชาย', 'สมชาย ใจดี'], fail: ['Somchai'] },
  15: { pass: ['王小明'], fail: ['Wang', 'やまだ'] },
  16: { pass: ['Nguyễn Văn An'], fail: ['สมชาย', 'An1'] },
  17: { pass: ['a.b@example.co.th'], fail: ['a@b', 'not-an-email'] },
  18: { pass: ['812345678'], fail: ['0812345678', '12345'] },
  19: { pass: ['user_01'], fail: ['user-01'] },
  20: { pass: ['abc123'], fail: ['Abc123'] },
  21: { pass: ['John Smith'], fail: ['John1'] },
  22: { pass: ["O'Brien", 'สมชาย', 'Anne-Marie'], fail: ['John!', '123'] },
  23: { pass: ['line.id_01', '@handle'], fail: ['has space', 'ไทย'] },
};

const rule = (patternId: number, over: Partial<TFieldRule> = {}): TFieldRule => ({
  enabled: true,
  required: true,
  acceptedPattern: '',
  patternId,
  minLength: 1,
  maxLength: 100,
  ...over,
});

describe('registration field patterns', () => {
  it('5.PAT.01 there are 24 patterns with ids 0 to 23', () => {
    expect(FIELD_PATTERNS.map((p) => p.id)).toEqual(Array.from({ length: 24 }, (_, i) => i));
  });

  for (const p of FIELD_PATTERNS) {
    it(`5.PAT.02-06 pattern ${p.id} (${p.name}) accepts and refuses its samples`, () => {
      const s = samples[p.id]!;
      for (const v of s.pass) expect(checkField(v, rule(p.id)), v).toEqual({ ok: true });
      for (const v of s.fail) expect(checkField(v, rule(p.id)), v).toEqual({ ok: false, reason: 'pattern' });
    });
  }

  it('5.VAL.02 a required field fails when empty; an optional one passes', () => {
    expect(checkField('  ', rule(2))).toEqual({ ok: false, reason: 'required' });
    expect(checkField('', rule(2, { required: false }))).toEqual({ ok: true });
  });

  it('5.VAL.03 length is checked against minLength and maxLength', () => {
    expect(checkField('a', rule(2, { minLength: 2, maxLength: 15 }))).toEqual({ ok: false, reason: 'minLength' });
    expect(checkField('a'.repeat(16), rule(2, { minLength: 2, maxLength: 15 }))).toEqual({ ok: false, reason: 'maxLength' });
  });

  it('3.REG.13 5.VAL.07 acceptedPattern * accepts any value and overrides the pattern id', () => {
    expect(checkField('1 not letters!', rule(1, { acceptedPattern: '*' }))).toEqual({ ok: true });
  });

  it('5.VAL.01 a disabled field is not validated', () => {
    expect(checkField('', rule(2, { enabled: false }))).toEqual({ ok: true });
  });
});
