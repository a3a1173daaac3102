import { describe, expect, it } from 'vitest';
import { nationalNumber, phoneLoginCandidates } from './phone';

describe('phone numbers as typed (issue 25)', () => {
  it('drops the trunk 0 and separators: 0812345678 and 081-234 5678 are 812345678', () => {
    expect(nationalNumber('0812345678')).toBe('812345678');
    expect(nationalNumber(' 081-234 5678 ')).toBe('812345678');
    expect(nationalNumber('812345678')).toBe('812345678');
    expect(nationalNumber('')).toBe('');
  });

  it('a login ID of digits is a phone number with the default code; a username is not', () => {
    expect(phoneLoginCandidates('0812345678')).toEqual(['66812345678']);
    expect(phoneLoginCandidates('812345678')).toEqual(['66812345678']);
    expect(phoneLoginCandidates('+66812345678')).toEqual(['66812345678']);
    expect(phoneLoginCandidates('66812345678')).toEqual(['6666812345678', '66812345678']);
    expect(phoneLoginCandidates('demo')).toBeNull();
    expect(phoneLoginCandidates('m8x2')).toBeNull();
    expect(phoneLoginCandidates('123')).toBeNull();
  });
});
