import { describe, expect, it } from 'vitest';
import { COMPLETE_LANGUAGES } from 'virtual:complete-languages';
import { completeLanguages, missingKeys } from './completeness';
import { OFFERED_LANGUAGES } from './languages';

const th = {
  common: { nav: { home: 'หน้าแรก', games: 'เกม' }, messages_other: '{{count}} ข้อความ' },
  errors: { network: 'เครือข่ายขัดข้อง' },
};
const en = {
  common: { nav: { home: 'Home', games: 'Games' }, messages_one: '1 message', messages_other: '{{count}} messages' },
  errors: { network: 'Network error' },
};

describe('complete catalogues (issue 25, docs/adr/0076)', () => {
  it('1.I18N.01 a language is complete when it has every Thai text; plural forms count as one key', () => {
    expect(missingKeys(th, en)).toEqual([]);
    expect(completeLanguages({ th, en })).toEqual(['th', 'en']);
  });

  it('1.I18N.01 a missing namespace, a missing key or an empty text makes a language incomplete', () => {
    const vi = { common: { nav: { home: 'Trang chủ', games: '' }, messages_other: '{{count}} tin nhắn' } };
    expect(missingKeys(th, vi)).toEqual(['common:nav.games', 'errors:network']);
    expect(completeLanguages({ th, en, vi })).toEqual(['th', 'en']);
  });

  it('1.I18N.01 9.C.01 this build offers exactly the languages whose locale files are complete: Thai and English', () => {
    expect(COMPLETE_LANGUAGES).toEqual(['th', 'en']);
    expect(OFFERED_LANGUAGES).toEqual(['th', 'en']);
  });
});
