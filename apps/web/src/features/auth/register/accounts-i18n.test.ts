import { describe, expect, it } from 'vitest';
import thRegister from '@/i18n/locales/th/auth-register.json';
import enRegister from '@/i18n/locales/en/auth-register.json';
import thVerify from '@/i18n/locales/th/auth-verify.json';
import enVerify from '@/i18n/locales/en/auth-verify.json';
import thForgot from '@/i18n/locales/th/auth-forgot.json';
import enForgot from '@/i18n/locales/en/auth-forgot.json';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, string]]));
const THAI = /[\u0E00-\u0E7F]/;
/** Texts that are the same in every language (names of services, placeholders only). */
const SAME_IN_THAI = new Set(['fields.line', 'fields.whatsapp', 'fields.facebook', 'fields.wechat', 'patterns.0']);

describe('1.I18N.03 the accounts namespaces are complete in TH and EN', () => {
  it.each([
    ['auth-register', thRegister, enRegister],
    ['auth-verify', thVerify, enVerify],
    ['auth-forgot', thForgot, enForgot],
  ])('%s has the same keys in TH and EN, the Thai texts in Thai', (_ns, th, en) => {
    const thKeys = flatten(th as Tree);
    expect(thKeys.map(([k]) => k).sort()).toEqual(flatten(en as Tree).map(([k]) => k).sort());
    for (const [key, value] of thKeys) if (!SAME_IN_THAI.has(key)) expect(value, key).toMatch(THAI);
  });

  it('5.PAT.01 every pattern id 0..23 has a text', () => {
    expect(Object.keys(enRegister.patterns).map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i));
  });
});
