/*
 * Which languages have a complete catalogue (issue 25, docs/adr/0076): a language is offered in the
 * language picker only when its locale folder holds every text the Thai catalogue (the default, the
 * reference) holds. Decided from the files at build time (build/complete-languages.ts), never from a
 * hand-kept list: Vietnamese or Chinese come back on their own once their files are complete.
 */

type TTree = { [key: string]: unknown };
/** One language's catalogue: namespace -> the JSON of its file. */
export type TCatalogue = Record<string, TTree>;

/** i18next plural forms differ per language (Thai has only _other, English _one and _other). */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The keys of a catalogue that hold a non-empty text, as `namespace:path.to.key` (plural forms joined). */
export function textKeys(catalogue: TCatalogue): Set<string> {
  const keys = new Set<string>();
  const walk = (tree: TTree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) walk(value as TTree, `${prefix}${key}.`);
      else if ((typeof value === 'string' && value.trim() !== '') || (Array.isArray(value) && value.length > 0))
        keys.add(`${prefix}${key.replace(PLURAL_SUFFIX, '')}`);
    }
  };
  for (const [ns, tree] of Object.entries(catalogue)) walk(tree, `${ns}:`);
  return keys;
}

/** The keys of `reference` that `catalogue` lacks (or leaves empty). */
export function missingKeys(reference: TCatalogue, catalogue: TCatalogue): string[] {
  const have = textKeys(catalogue);
  return [...textKeys(reference)].filter((key) => !have.has(key));
}

/**
 * The languages whose catalogue is complete against `referenceCode`'s (the reference itself included),
 * in the order given.
 */
export function completeLanguages(catalogues: Record<string, TCatalogue>, referenceCode = 'th'): string[] {
  const reference = catalogues[referenceCode];
  if (!reference) return [];
  return Object.keys(catalogues).filter((code) => missingKeys(reference, catalogues[code]!).length === 0);
}
