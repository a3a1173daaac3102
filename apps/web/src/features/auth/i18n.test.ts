import { describe, expect, it } from 'vitest';
import thLogin from '@/i18n/locales/th/auth-login.json';
import enLogin from '@/i18n/locales/en/auth-login.json';
import thMc from '@/i18n/locales/th/member-centre.json';
import enMc from '@/i18n/locales/en/member-centre.json';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'object' ? flatten(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, string]]));

describe.each([
  ['auth-login', thLogin as Tree, enLogin as Tree],
  ['member-centre', thMc as Tree, enMc as Tree],
])('1.I18N.03 namespace %s', (_ns, th, en) => {
  it('has the same keys in Thai and English, every Thai text in Thai script, none empty', () => {
    const thEntries = flatten(th);
    expect(thEntries.map(([k]) => k).sort()).toEqual(flatten(en).map(([k]) => k).sort());
    for (const [key, value] of [...thEntries, ...flatten(en)]) expect(value.trim(), key).not.toBe('');
    const notThai = thEntries.filter(([, v]) => !/[\u0E00-\u0E7F]/.test(v)).map(([k]) => k);
    expect(notThai).toEqual([]);
  });
});

it('5.GATE.03 the trial warning confirm label in_increase_submit is translated', () => {
  expect(enLogin.in_increase_submit).toBe('Register a real account');
  expect(thLogin.in_increase_submit).toMatch(/[\u0E00-\u0E7F]/);
});
