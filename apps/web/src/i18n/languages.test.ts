import { describe, expect, it } from 'vitest';
import { local, STORAGE_KEYS } from '@/lib/storage';
import { DEFAULT_LANGUAGE, persistLanguage, resolveInitialLanguage } from './languages';
import { changeAppLanguage, i18n } from './i18n';

describe('language resolution and persistence', () => {
  it('1.I18N.02 with no stored choice the interface language is TH', () => {
    expect(resolveInitialLanguage(local)).toBe('th');
    expect(DEFAULT_LANGUAGE).toBe('th');
  });

  it('1.I18N.04 a chosen language is written under hisLang and lang and restored on the next visit', () => {
    persistLanguage(local, 'en', { explicit: true });
    expect(localStorage.getItem('hisLang')).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(resolveInitialLanguage(local)).toBe('en');
  });

  it('1.I18N.05 hisLang (explicit choice) wins over lang (active language), then lang, then th', () => {
    localStorage.setItem(STORAGE_KEYS.lang, 'en');
    expect(resolveInitialLanguage(local)).toBe('en');
    localStorage.setItem(STORAGE_KEYS.hisLang, 'th');
    expect(resolveInitialLanguage(local)).toBe('th');
    expect(resolveInitialLanguage(local, ['th', 'en', 'vi'])).toBe('th');
  });

  it('1.I18N.01 a stored language without a complete catalogue is not restored (issue 25): TH instead', () => {
    localStorage.setItem(STORAGE_KEYS.hisLang, 'vi');
    localStorage.setItem(STORAGE_KEYS.lang, 'zh-CN');
    expect(resolveInitialLanguage(local)).toBe('th');
    localStorage.setItem(STORAGE_KEYS.lang, 'en');
    expect(resolveInitialLanguage(local)).toBe('en');
    // Once a catalogue is complete, the stored choice is honoured again.
    expect(resolveInitialLanguage(local, ['th', 'en', 'vi'])).toBe('vi');
  });

  it('1.I18N.05 a non-explicit change writes only lang; invalid stored values are ignored', () => {
    persistLanguage(local, 'en', { explicit: false });
    expect(localStorage.getItem('lang')).toBe('en');
    expect(localStorage.getItem('hisLang')).toBeNull();
    localStorage.setItem('hisLang', '<script>');
    localStorage.setItem('lang', '');
    expect(resolveInitialLanguage(local)).toBe('th');
  });

  it('1.I18N.03/04 changeAppLanguage switches i18n, stores both keys and sets <html lang>', async () => {
    await changeAppLanguage('en');
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('hisLang')).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(i18n.t('nav.home')).toBe('Home');
    await changeAppLanguage('th');
    expect(document.documentElement.lang).toBe('th');
    expect(i18n.t('nav.home')).toBe('หน้าแรก');
  });

  it('1.I18N.01 a configured language without translation files falls back to EN for its keys', async () => {
    await changeAppLanguage('vi');
    expect(i18n.language).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
    expect(i18n.t('nav.home')).toBe('Home');
    await changeAppLanguage('th');
  });
});
