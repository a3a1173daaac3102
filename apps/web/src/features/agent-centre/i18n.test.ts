import { describe, expect, it } from 'vitest';
import th from '@/i18n/locales/th/agent-centre.json';
import en from '@/i18n/locales/en/agent-centre.json';
import { AGENT_CENTRE_PAGES } from './agent-centre-pages';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'object' ? flatten(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, string]]));
/** Words of a text once its {{placeholders}} are gone (a bare "{{from}} – {{to}}" has none). */
const words = (text: string) => text.replace(/\{\{[^}]+\}\}/g, '').replace(/[\s\p{P}\p{S}\d]/gu, '');

describe('1.I18N.03 namespace agent-centre', () => {
  it('has the same keys in Thai and English, every Thai text in Thai script, none empty', () => {
    const thEntries = flatten(th as Tree);
    expect(thEntries.map(([k]) => k).sort()).toEqual(flatten(en as Tree).map(([k]) => k).sort());
    for (const [key, value] of [...thEntries, ...flatten(en as Tree)]) expect(value.trim(), key).not.toBe('');
    const notThai = thEntries.filter(([, v]) => words(v) !== '' && !/[\u0E00-\u0E7F]/.test(v)).map(([k]) => k);
    expect(notThai).toEqual([]);
  });

  it('every page of the menu has its name in both languages', () => {
    for (const page of AGENT_CENTRE_PAGES) {
      expect(th.pages[page], page).toMatch(/[\u0E00-\u0E7F]/);
      expect(en.pages[page], page).toBeTruthy();
    }
  });
});
