import i18next, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { local } from '@/lib/storage';
import type { TTextBundle } from './bundles/types';
import {
  BUNDLED_LANGUAGES,
  FALLBACK_LANGUAGE,
  getTextDirection,
  isValidLanguageCode,
  persistLanguage,
  resolveInitialLanguage,
} from './languages';

/*
 * Translations are JSON namespace files: src/i18n/locales/<code>/<namespace>.json.
 * - th and en are never both downloaded (issue 10): each comes as three chunks (./bundles), the site
 *   frame and public pages ("shell", loaded before the app renders: this module awaits it), the
 *   member-only namespaces ("member", loaded with the member pages, loadMemberTexts) and the agent
 *   centre's ("agent", loaded with the agent centre only, loadAgentTexts: members who are not agents
 *   never download them). A prerendered page preloads its language's shell chunk in its head
 *   (build/prerender.ts).
 * - Any other language (offered by /wps/system/languages) is loaded on demand from the same folder
 *   layout when files exist; missing keys fall back to EN.
 * Any feature may drop a namespace file (e.g. locales/th/ui.json) and use it as t('ui:key'); a new
 * member-only namespace is added to MEMBER_NAMESPACES (an agent-only one to AGENT_NAMESPACES) and the
 * ./bundles globs.
 */
export const MEMBER_NAMESPACES = ['member-centre', 'wallet', 'bet-record'];
export const AGENT_NAMESPACES = ['agent-centre'];
export const SHELL_NAMESPACES = [
  'common',
  'auth-forgot',
  'auth-login',
  'auth-register',
  'auth-verify',
  'cs',
  'errors',
  'games',
  'lottery',
  'notices',
  'pages',
  'ui',
];

type TBundleModule = { default: TTextBundle };
type TBundleSet = 'shell' | 'member' | 'agent';
const BUNDLES: Record<string, Record<TBundleSet, () => Promise<TBundleModule>>> = {
  th: { shell: () => import('./bundles/th-shell'), member: () => import('./bundles/th-member'), agent: () => import('./bundles/th-agent') },
  en: { shell: () => import('./bundles/en-shell'), member: () => import('./bundles/en-member'), agent: () => import('./bundles/en-agent') },
};
const lazyFiles = import.meta.glob<ResourceLanguage[string]>(['./locales/*/*.json', '!./locales/{th,en}/*.json'], {
  import: 'default',
});

function parseLocalePath(path: string): { code: string; ns: string } | null {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { code: match[1] as string, ns: match[2] as string } : null;
}

/** Languages that have translation files in this build (bundled or lazy). */
export function getLanguagesWithFiles(): string[] {
  const codes = new Set<string>(BUNDLED_LANGUAGES);
  for (const path of Object.keys(lazyFiles)) {
    const parsed = parseLocalePath(path);
    if (parsed) codes.add(parsed.code);
  }
  return [...codes];
}

/** One download per bundle; a failed one is tried again on the next read. */
const bundleLoads = new Map<string, Promise<TTextBundle>>();
function loadBundle(code: string, set: TBundleSet): Promise<TTextBundle> {
  const key = `${code}/${set}`;
  let pending = bundleLoads.get(key);
  if (!pending) {
    pending = BUNDLES[code]![set]().then((m) => m.default);
    pending.catch(() => bundleLoads.delete(key));
    bundleLoads.set(key, pending);
  }
  return pending;
}

/** The texts of one namespace in one language ({} when the language has no such file). */
function readNamespace(code: string, ns: string): Promise<ResourceLanguage[string]> {
  if (BUNDLES[code]) {
    const set: TBundleSet = MEMBER_NAMESPACES.includes(ns) ? 'member' : AGENT_NAMESPACES.includes(ns) ? 'agent' : 'shell';
    return loadBundle(code, set).then((files) => files[`../locales/${code}/${ns}.json`] ?? {});
  }
  const load = lazyFiles[`./locales/${code}/${ns}.json`];
  return load ? load() : Promise.resolve({});
}

/** i18next loads what a language needs (on init, changeLanguage, loadNamespaces) through this. */
const textsBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    readNamespace(language, namespace).then(
      (data) => callback(null, data),
      // `true`: i18next tries the read again a few times (a dropped connection).
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

/** Loads the member-only namespaces in the current language (before a member page renders). */
export function loadMemberTexts(): Promise<void> {
  return i18next.loadNamespaces(MEMBER_NAMESPACES);
}

/** Loads the agent centre's namespaces in the current language (before the agent centre renders). */
export function loadAgentTexts(): Promise<void> {
  return i18next.loadNamespaces(AGENT_NAMESPACES);
}

/** Kept for callers: a language's texts are loaded by changeLanguage itself. */
export function loadLanguageResources(code: string): Promise<void> {
  return i18next.loadLanguages(code);
}

function syncDocumentLanguage(code: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = code;
  document.documentElement.dir = getTextDirection(code);
}

const initialLanguage = resolveInitialLanguage(local);
// Tests switch languages with i18next.changeLanguage and render member pages directly: every text
// of both bundled languages is there from the start.
const everything = import.meta.env.MODE === 'test';

/**
 * Settles once the texts of the visitor's language are in: the app renders after it (main.tsx), as
 * do the tests (test/setup.ts) and the prerenderer. Not a top-level await: that would make the
 * bundler split every module the page chunks share with the entry into its own file.
 */
export const i18nReady: Promise<unknown> = i18next
  .use(textsBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage,
    // th and en are complete (translations.test.ts): only other languages borrow EN texts, so a Thai
    // visitor never downloads the English ones.
    fallbackLng: { th: [], en: [], default: [FALLBACK_LANGUAGE] },
    ns: everything ? [...SHELL_NAMESPACES, ...MEMBER_NAMESPACES, ...AGENT_NAMESPACES] : SHELL_NAMESPACES,
    preload: everything ? [...BUNDLED_LANGUAGES] : false,
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


/**
 * Switches the interface language. `explicit` (default true) = the user picked it: written to both
 * `hisLang` and `lang` (1.I18N.04); otherwise only `lang` (decision 1.I18N.05).
 */
export async function changeAppLanguage(code: string, options: { explicit?: boolean } = {}): Promise<void> {
  if (!isValidLanguageCode(code)) return;
  persistLanguage(local, code, { explicit: options.explicit ?? true });
  await i18next.changeLanguage(code);
}

export { i18next as i18n };
