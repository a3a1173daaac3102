import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { local } from '@/lib/storage';
import {
  BUNDLED_LANGUAGES,
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  getTextDirection,
  isValidLanguageCode,
  persistLanguage,
  resolveInitialLanguage,
} from './languages';

/*
 * Translations are JSON namespace files: src/i18n/locales/<code>/<namespace>.json.
 * - th and en are bundled (eager glob), so the first paint needs no extra request.
 * - Any other language (offered by /wps/system/languages) is loaded on demand from the same folder
 *   layout when files exist; missing keys fall back to EN.
 * Any feature may drop a namespace file (e.g. locales/th/ui.json) and use it as t('ui:key').
 */
const eagerFiles = import.meta.glob<ResourceLanguage[string]>('./locales/{th,en}/*.json', {
  eager: true,
  import: 'default',
});
const lazyFiles = import.meta.glob<ResourceLanguage[string]>(['./locales/*/*.json', '!./locales/{th,en}/*.json'], {
  import: 'default',
});

function parseLocalePath(path: string): { code: string; ns: string } | null {
  const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { code: match[1] as string, ns: match[2] as string } : null;
}

function buildBundledResources(): Resource {
  const resources: Resource = {};
  for (const [path, data] of Object.entries(eagerFiles)) {
    const parsed = parseLocalePath(path);
    if (!parsed) continue;
    (resources[parsed.code] ??= {})[parsed.ns] = data;
  }
  return resources;
}

const resources = buildBundledResources();
export const NAMESPACES = [
  ...new Set(Object.values(resources).flatMap((lang) => Object.keys(lang))),
].sort((a, b) => (a === 'common' ? -1 : b === 'common' ? 1 : a.localeCompare(b)));

/** Languages that have translation files in this build (bundled or lazy). */
export function getLanguagesWithFiles(): string[] {
  const codes = new Set<string>(BUNDLED_LANGUAGES);
  for (const path of Object.keys(lazyFiles)) {
    const parsed = parseLocalePath(path);
    if (parsed) codes.add(parsed.code);
  }
  return [...codes];
}

/** Loads the namespace files of a non-bundled language, once. Missing files are fine (EN fallback). */
const loading = new Map<string, Promise<void>>();
export function loadLanguageResources(code: string): Promise<void> {
  if ((BUNDLED_LANGUAGES as readonly string[]).includes(code)) return Promise.resolve();
  let pending = loading.get(code);
  if (!pending) {
    const entries = Object.entries(lazyFiles).filter(([path]) => parseLocalePath(path)?.code === code);
    pending = Promise.all(
      entries.map(async ([path, load]) => {
        const parsed = parseLocalePath(path);
        if (!parsed) return;
        const data = await load();
        i18next.addResourceBundle(code, parsed.ns, data, true, true);
      }),
    ).then(() => undefined);
    pending.catch(() => loading.delete(code));
    loading.set(code, pending);
  }
  return pending;
}

function syncDocumentLanguage(code: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = code;
  document.documentElement.dir = getTextDirection(code);
}

const initialLanguage = resolveInitialLanguage(local);

void i18next.use(initReactI18next).init({
  resources,
  lng: (BUNDLED_LANGUAGES as readonly string[]).includes(initialLanguage) ? initialLanguage : DEFAULT_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  ns: NAMESPACES,
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

i18next.on('languageChanged', syncDocumentLanguage);
syncDocumentLanguage(i18next.language);
// Record the active language (`lang`) on every visit; `hisLang` is only written by a user choice.
persistLanguage(local, initialLanguage, { explicit: false });

// A stored language that is not bundled is loaded after start; until then TH shows.
if (i18next.language !== initialLanguage) {
  void loadLanguageResources(initialLanguage).then(() => i18next.changeLanguage(initialLanguage));
}

/**
 * Switches the interface language. `explicit` (default true) = the user picked it: written to both
 * `hisLang` and `lang` (1.I18N.04); otherwise only `lang` (decision 1.I18N.05).
 */
export async function changeAppLanguage(code: string, options: { explicit?: boolean } = {}): Promise<void> {
  if (!isValidLanguageCode(code)) return;
  persistLanguage(local, code, { explicit: options.explicit ?? true });
  await loadLanguageResources(code).catch(() => undefined);
  await i18next.changeLanguage(code);
}

export { i18next as i18n };
