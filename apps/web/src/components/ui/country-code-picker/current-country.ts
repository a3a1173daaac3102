import type { Country } from './countries';

/**
 * Main country of a language without a region subtag. English has none on purpose: an English
 * page does not tell where the visitor is, so it falls through to the site's home country.
 */
const LANGUAGE_COUNTRY: Record<string, string> = {
  th: 'TH',
  vi: 'VN',
  km: 'KH',
  lo: 'LA',
  my: 'MM',
  ms: 'MY',
  id: 'ID',
  fil: 'PH',
  tl: 'PH',
  zh: 'CN',
  ja: 'JP',
  ko: 'KR',
  hi: 'IN',
  bn: 'BD',
};

/** The site's home market, used when nothing else decides (decision 2.CC.04). */
export const FALLBACK_COUNTRY = 'TH';

/**
 * Decision 2.CC.04, "current country" of the country-code picker, first match wins:
 * 1. `detected`: a country the caller knows for this visitor (for example the site permission
 *    call's `location.country`, resolved by the server from the visitor's address), if listed;
 * 2. the region of the page language: the region subtag when the tag has one (en-GB -> GB,
 *    zh-TW -> TW), otherwise the language's main country (th -> TH, vi -> VN, ...; en has none);
 * 3. TH, the site's home market, when that country is not in the list either.
 */
export function resolveCurrentCountry(
  countries: readonly Country[],
  language: string | undefined,
  detected?: string | null,
): Country | undefined {
  const listed = (code: string | null | undefined) =>
    code ? countries.find((c) => c.countryCode === code.toUpperCase()) : undefined;

  const fromDetected = listed(detected);
  if (fromDetected) return fromDetected;

  if (language) {
    const [lang = '', ...rest] = language.replace('_', '-').split('-');
    const region = rest.find((part) => /^[A-Za-z]{2}$/.test(part));
    const fromLanguage = listed(region) ?? listed(LANGUAGE_COUNTRY[lang.toLowerCase()]);
    if (fromLanguage) return fromLanguage;
  }

  return listed(FALLBACK_COUNTRY) ?? countries[0];
}
