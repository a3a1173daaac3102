import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@lotus/contracts/error-codes';
import thErrors from './locales/th/errors.json';
import enErrors from './locales/en/errors.json';

const THAI = /[\u0E00-\u0E7F]/;
const errorKeys = Object.keys(ERROR_CATALOGUE);

type Tree = { [key: string]: string | string[] | Tree };

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && !Array.isArray(value) ? flatten(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const files = import.meta.glob<Tree>('./locales/{th,en}/*.json', { eager: true, import: 'default' });
const byLang = (code: string) =>
  Object.fromEntries(
    Object.entries(files)
      .filter(([path]) => path.includes(`/locales/${code}/`))
      .map(([path, data]) => [path.split('/').pop()!.replace('.json', ''), data]),
  );

describe('translations', () => {
  it.each(errorKeys)('8.ERR.* error key %s is translated in TH (Thai text) and EN', (key) => {
    const th = (thErrors as Record<string, string>)[key];
    const en = (enErrors as Record<string, string>)[key];
    expect(th, `th/errors.json lacks ${key}`).toBeTruthy();
    expect(en, `en/errors.json lacks ${key}`).toBeTruthy();
    expect(th).toMatch(THAI);
  });

  it('8.ERR.04-14 the spec messages keep their English wording', () => {
    expect(enErrors.invalid_verification_code).toBe('Please enter a valid verification code');
    expect(enErrors.invalid_mobile_number).toBe('Please enter a valid mobile number');
    expect(enErrors.incorrect_confirmation).toBe('Incorrect confirmation input');
    expect(enErrors.username_email_not_exist).toBe('Username/Email does not exist');
    expect(enErrors.network_abnormal).toBe('Network link is abnormal, please try again');
    expect(enErrors.access_restricted).toBe('Access restricted');
    expect(enErrors.system_maintenance).toBe('System maintenance');
    expect(enErrors.invalid_url).toBe('Invalid URL, please contact customer service');
    expect(enErrors.popup_blocked).toBe('Popup blocked. Please allow popups and try again.');
    expect(enErrors.game_maintenance).toBe('Game maintenance');
  });

  it('1.I18N.03 EN is complete: every TH key of every namespace exists in EN and the other way round', () => {
    const th = byLang('th');
    const en = byLang('en');
    // Namespaces owned by this app (other features may add their own files and tests).
    for (const ns of ['common', 'errors', 'pages']) {
      expect(th[ns], `th/${ns}.json`).toBeDefined();
      expect(en[ns], `en/${ns}.json`).toBeDefined();
      expect(flatten(en[ns]!).sort()).toEqual(flatten(th[ns]!).sort());
    }
  });
});
