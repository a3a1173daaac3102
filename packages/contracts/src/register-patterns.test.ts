import { describe, expect, it } from 'vitest';
import { FIELD_PATTERNS, checkField, type TFieldRule } from './register-patterns';
import { PATTERN_SAMPLES as samples } from './register-patterns.samples';

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
    expect(checkField('a', rule(2, { minLength: 2, maxLength: 15 }))).toEqual({
      ok: false,
      reason: 'minLength',
    });
    expect(checkField('a'.repeat(16), rule(2, { minLength: 2, maxLength: 15 }))).toEqual({
      ok: false,
      reason: 'maxLength',
    });
  });

  it('3.REG.13 5.VAL.07 acceptedPattern * accepts any value and overrides the pattern id', () => {
    expect(checkField('1 not letters!', rule(1, { acceptedPattern: '*' }))).toEqual({ ok: true });
  });

  it('5.VAL.01 a disabled field is not validated', () => {
    expect(checkField('', rule(2, { enabled: false }))).toEqual({ ok: true });
  });
});
