import { describe, expect, it } from 'vitest';
import { languageChain, normalizeLanguage, pickLocalized } from './language';

describe('1.I18N.02 language header', () => {
  it('defaults to th and normalises case, separators and lists', () => {
    expect(normalizeLanguage(undefined)).toBe('th');
    expect(normalizeLanguage('')).toBe('th');
    expect(normalizeLanguage('EN')).toBe('en');
    expect(normalizeLanguage('en_us')).toBe('en-US');
    expect(normalizeLanguage('zh-cn')).toBe('zh-CN');
    expect(normalizeLanguage('zh-hant')).toBe('zh-Hant');
    expect(normalizeLanguage('en-GB,en;q=0.9')).toBe('en-GB');
    expect(normalizeLanguage('<script>')).toBe('th');
    expect(normalizeLanguage('x'.repeat(200))).toBe('th');
  });

  it('falls back through base language, site default, th, then en', () => {
    expect(languageChain('en-GB', 'vi')).toEqual(['en-GB', 'en', 'vi', 'th']);
    expect(pickLocalized({ th: 'ไทย', en: 'English' }, 'en-GB')).toBe('English');
    expect(pickLocalized({ th: 'ไทย', en: 'English' }, 'ja')).toBe('ไทย');
    expect(pickLocalized({ en: 'English' }, 'ja')).toBe('English');
    expect(pickLocalized({ th: '  ' }, 'th')).toBeNull();
  });
});
