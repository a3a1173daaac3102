import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { completeLanguages, type TCatalogue } from '../src/i18n/completeness';

/** The locale folders of the web app: src/i18n/locales/<code>/<namespace>.json. */
export const LOCALES_DIR = join(import.meta.dirname, '../src/i18n/locales');

/** Every locale folder's catalogue, read from disk. */
export function readCatalogues(dir = LOCALES_DIR): Record<string, TCatalogue> {
  const catalogues: Record<string, TCatalogue> = {};
  for (const code of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    const catalogue: TCatalogue = {};
    for (const file of readdirSync(join(dir, code)).filter((f) => f.endsWith('.json')))
      catalogue[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(dir, code, file), 'utf8')) as TCatalogue[string];
    catalogues[code] = catalogue;
  }
  return catalogues;
}

const ID = 'virtual:complete-languages';
const RESOLVED = `\0${ID}`;

/**
 * `import { COMPLETE_LANGUAGES } from 'virtual:complete-languages'`: the languages whose catalogue has
 * every Thai text (src/i18n/completeness.ts), computed from the locale files when the bundle is built
 * (and again when a locale file changes in the dev server). Issue 25, docs/adr/0076.
 */
export function completeLanguagesPlugin(): Plugin {
  return {
    name: 'lotus-complete-languages',
    resolveId(id) {
      return id === ID ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const catalogues = readCatalogues();
      for (const code of Object.keys(catalogues)) {
        for (const file of readdirSync(join(LOCALES_DIR, code))) this.addWatchFile(join(LOCALES_DIR, code, file));
      }
      const codes = completeLanguages(catalogues, 'th');
      // Thai and English first, as the picker lists them; then the rest by code.
      const ordered = [...['th', 'en'].filter((c) => codes.includes(c)), ...codes.filter((c) => c !== 'th' && c !== 'en')];
      return `export const COMPLETE_LANGUAGES = ${JSON.stringify(ordered)};\n`;
    },
  };
}
