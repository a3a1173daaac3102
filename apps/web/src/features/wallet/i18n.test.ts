import { describe, expect, it } from 'vitest';
import th from '@/i18n/locales/th/wallet.json';
import en from '@/i18n/locales/en/wallet.json';
import { RECORD_KINDS } from './lib/record-kinds';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'object' ? flatten(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, string]]));
/** Words of a text once its {{placeholders}} are gone (a bare "{{start}} – {{end}}" has none). */
const words = (text: string) => text.replace(/\{\{[^}]+\}\}/g, '').replace(/[\s\p{P}\p{S}\d]/gu, '');

describe('1.I18N.03 namespace wallet', () => {
  it('has the same keys in Thai and English, every Thai text in Thai script, none empty', () => {
    const thEntries = flatten(th as Tree);
    expect(thEntries.map(([k]) => k).sort()).toEqual(flatten(en as Tree).map(([k]) => k).sort());
    for (const [key, value] of [...thEntries, ...flatten(en as Tree)]) expect(value.trim(), key).not.toBe('');
    const notThai = thEntries.filter(([, v]) => words(v) !== '' && !/[\u0E00-\u0E7F]/.test(v)).map(([k]) => k);
    expect(notThai).toEqual([]);
  });

  it('2.MC.09 every movement kind of the account record has a label', () => {
    for (const kind of RECORD_KINDS) {
      expect(th.kinds[kind], kind).toMatch(/[\u0E00-\u0E7F]/);
      expect(en.kinds[kind], kind).toBeTruthy();
    }
  });
});
