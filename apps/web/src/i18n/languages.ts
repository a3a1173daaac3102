import { LANGUAGE_CODE_PATTERN } from '@lotus/contracts/brand';
import { COMPLETE_LANGUAGES } from 'virtual:complete-languages';
import { STORAGE_KEYS, type KeyValueStorage } from '@/lib/storage';

/** Default interface language (1.I18N.02, 9: default TH). */
export const DEFAULT_LANGUAGE = 'th';
/** Language used for keys a translation lacks (EN is complete, 1.I18N.03). */
export const FALLBACK_LANGUAGE = 'en';
/** Languages whose translations ship inside the main bundle. */
export const BUNDLED_LANGUAGES = ['th', 'en'] as const;

/**
 * Languages the site offers (issue 25, docs/adr/0076): those whose catalogue has every Thai text,
 * decided from the locale files when the app is built (build/complete-languages.ts). The site's
 * configuration may enable more; they are offered once their files are complete.
 */
export const OFFERED_LANGUAGES: readonly string[] = COMPLETE_LANGUAGES;

export function isOfferedLanguage(code: string): boolean {
  return OFFERED_LANGUAGES.includes(code);
}

/** Right-to-left scripts, for `<html dir>`. */
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

export function isValidLanguageCode(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 10 && LANGUAGE_CODE_PATTERN.test(value);
}

export function getTextDirection(code: string): 'rtl' | 'ltr' {
  return RTL.has(code.split('-')[0] ?? '') ? 'rtl' : 'ltr';
}

/*
 * Decision 1.I18N.05 — what `hisLang` and `lang` hold, and which wins on load:
 *
 * - `lang` is the ACTIVE interface language. It is written every time the interface language
 *   changes, whether the user picked it or the site chose it (first visit default, or a fallback
 *   when a stored language is no longer offered by /wps/system/languages).
 * - `hisLang` ("his language") is the user's own EXPLICIT last choice. It is written only when the
 *   user picks a language in the language picker (and then `lang` is written with it, 1.I18N.04).
 *
 * On load: `hisLang` wins, then `lang`, then TH (1.I18N.02). Invalid stored values are ignored, as is
 * a language this build does not offer (its catalogue is incomplete: issue 25, docs/adr/0076).
 */
export function resolveInitialLanguage(store: KeyValueStorage, offered: readonly string[] = OFFERED_LANGUAGES): string {
  const usable = (value: unknown): value is string => isValidLanguageCode(value) && offered.includes(value);
  const explicit = store.get(STORAGE_KEYS.hisLang);
  if (usable(explicit)) return explicit;
  const active = store.get(STORAGE_KEYS.lang);
  if (usable(active)) return active;
  return DEFAULT_LANGUAGE;
}

/**
 * Writes the language to storage. `explicit` = the user chose it (writes `hisLang` and `lang`);
 * otherwise only the active language `lang` is written.
 */
export function persistLanguage(store: KeyValueStorage, code: string, options: { explicit: boolean }): void {
  if (!isValidLanguageCode(code)) return;
  store.set(STORAGE_KEYS.lang, code);
  if (options.explicit) store.set(STORAGE_KEYS.hisLang, code);
}
