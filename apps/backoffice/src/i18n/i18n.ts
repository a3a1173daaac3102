import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The console's languages: Thai first (the default), English. */
export const CONSOLE_LANGUAGES = ['th', 'en'] as const;
export type TConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];
const STORAGE_KEY = 'lotus.console.language';

/* Namespaces are JSON files: src/i18n/locales/<code>/<namespace>.json (bundled, both languages). */
const files = import.meta.glob<ResourceLanguage[string]>('./locales/{th,en}/*.json', { eager: true, import: 'default' });

export const resources: Resource = {};
for (const [path, data] of Object.entries(files)) {
  const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (match) (resources[match[1]!] ??= {})[match[2]!] = data;
}

export function initialLanguage(): TConsoleLanguage {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'th' || saved === 'en') return saved;
  } catch {
    // storage blocked: the default
  }
  return 'th';
}

export async function setLanguage(language: TConsoleLanguage) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // storage blocked: this page only
  }
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

export function initI18n(language: TConsoleLanguage = initialLanguage()) {
  document.documentElement.lang = language;
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    defaultNS: 'common',
    ns: Object.keys(resources.th ?? {}),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
