/** Language header handling (1.I18N.02: TH when nothing is chosen). */
export const DEFAULT_LANGUAGE = 'th';

/**
 * Normalises a Language header value: the first tag of a list, '_' to '-', lower-case language,
 * upper-case region ('zh_cn' -> 'zh-CN', 'EN-us' -> 'en-US'). Anything unusable gives 'th'.
 */
export function normalizeLanguage(raw: string | string[] | undefined): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || value.length > 100) return DEFAULT_LANGUAGE;
  const first = value.split(',')[0]?.split(';')[0]?.trim().replace(/_/g, '-') ?? '';
  const match = /^([A-Za-z]{2,3})(?:-([A-Za-z]{2,4}))?$/.exec(first);
  if (!match?.[1]) return DEFAULT_LANGUAGE;
  const language = match[1].toLowerCase();
  const region = match[2];
  if (!region) return language;
  // Script subtags (Hans, Hant) keep title case; regions are upper case.
  const sub =
    region.length === 4 ? region[0]!.toUpperCase() + region.slice(1).toLowerCase() : region.toUpperCase();
  return `${language}-${sub}`;
}

/**
 * The order in which content languages are tried: the request language, its base language,
 * the site default, then th, then en (decision: fallback chain for localized content).
 */
export function languageChain(language: string, siteDefault: string = DEFAULT_LANGUAGE): string[] {
  const base = language.split('-')[0] ?? language;
  return [...new Set([language, base, siteDefault, 'th', 'en'])];
}

/** Picks the text of a localized map by the language chain; null when none has text. */
export function pickLocalized(
  texts: Record<string, string> | undefined,
  language: string,
  siteDefault?: string,
): string | null {
  if (!texts) return null;
  for (const code of languageChain(language, siteDefault)) {
    const text = texts[code];
    if (text && text.trim() !== '') return text;
  }
  return null;
}
