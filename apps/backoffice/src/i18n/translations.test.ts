import { ERROR_CATALOGUE } from '@lotus/contracts/error-codes';
import { describe, expect, it } from 'vitest';
import { resources } from './i18n';

/** Every visible string of the console exists in Thai and English (same keys, none empty). */
const flatten = (value: unknown, prefix = ''): Record<string, unknown> =>
  value && typeof value === 'object'
    ? Object.assign({}, ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)))
    : { [prefix]: value };

describe('console translations', () => {
  it('has the same namespaces and keys in th and en, none empty', () => {
    const th = resources.th ?? {};
    const en = resources.en ?? {};
    expect(Object.keys(th).sort()).toEqual(Object.keys(en).sort());
    for (const ns of Object.keys(th)) {
      const a = flatten(th[ns]);
      const b = flatten(en[ns]);
      expect(Object.keys(a).sort(), ns).toEqual(Object.keys(b).sort());
      for (const [key, text] of [...Object.entries(a), ...Object.entries(b)]) {
        expect(typeof text === 'string' && text.trim().length > 0, `${ns}:${key}`).toBe(true);
      }
    }
  });

  it('translates every error key of the catalogue in both languages', () => {
    for (const code of Object.keys(ERROR_CATALOGUE)) {
      expect((resources.th?.errors as Record<string, string>)[code], `th ${code}`).toBeTruthy();
      expect((resources.en?.errors as Record<string, string>)[code], `en ${code}`).toBeTruthy();
    }
  });
});
