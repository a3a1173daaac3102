/** A country of the dialling-code picker (spec 3.ENT: Country = countryCode, countryDialingCode). */
export type Country = {
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  /** Dialling code without the plus sign, e.g. '66'. */
  countryDialingCode: string;
  /** English name; the picker shows the name in the page language through Intl.DisplayNames. */
  name: string;
};

/**
 * Countries offered by default: the site's region first (Thailand and its neighbours, South-East
 * Asia, East and South Asia), then the rest of the world. Where two countries share a code (US and
 * CA: 1) the first listed wins when only a dialling code is known.
 */
export const COUNTRIES: readonly Country[] = [
  { countryCode: 'TH', countryDialingCode: '66', name: 'Thailand' },
  { countryCode: 'VN', countryDialingCode: '84', name: 'Vietnam' },
  { countryCode: 'KH', countryDialingCode: '855', name: 'Cambodia' },
  { countryCode: 'LA', countryDialingCode: '856', name: 'Laos' },
  { countryCode: 'MM', countryDialingCode: '95', name: 'Myanmar' },
  { countryCode: 'MY', countryDialingCode: '60', name: 'Malaysia' },
  { countryCode: 'SG', countryDialingCode: '65', name: 'Singapore' },
  { countryCode: 'ID', countryDialingCode: '62', name: 'Indonesia' },
  { countryCode: 'PH', countryDialingCode: '63', name: 'Philippines' },
  { countryCode: 'BN', countryDialingCode: '673', name: 'Brunei' },
  { countryCode: 'TL', countryDialingCode: '670', name: 'Timor-Leste' },
  { countryCode: 'CN', countryDialingCode: '86', name: 'China' },
  { countryCode: 'HK', countryDialingCode: '852', name: 'Hong Kong' },
  { countryCode: 'MO', countryDialingCode: '853', name: 'Macao' },
  { countryCode: 'TW', countryDialingCode: '886', name: 'Taiwan' },
  { countryCode: 'JP', countryDialingCode: '81', name: 'Japan' },
  { countryCode: 'KR', countryDialingCode: '82', name: 'South Korea' },
  { countryCode: 'MN', countryDialingCode: '976', name: 'Mongolia' },
  { countryCode: 'IN', countryDialingCode: '91', name: 'India' },
  { countryCode: 'BD', countryDialingCode: '880', name: 'Bangladesh' },
  { countryCode: 'PK', countryDialingCode: '92', name: 'Pakistan' },
  { countryCode: 'LK', countryDialingCode: '94', name: 'Sri Lanka' },
  { countryCode: 'NP', countryDialingCode: '977', name: 'Nepal' },
  { countryCode: 'AE', countryDialingCode: '971', name: 'United Arab Emirates' },
  { countryCode: 'SA', countryDialingCode: '966', name: 'Saudi Arabia' },
  { countryCode: 'QA', countryDialingCode: '974', name: 'Qatar' },
  { countryCode: 'TR', countryDialingCode: '90', name: 'Türkiye' },
  { countryCode: 'RU', countryDialingCode: '7', name: 'Russia' },
  { countryCode: 'AU', countryDialingCode: '61', name: 'Australia' },
  { countryCode: 'NZ', countryDialingCode: '64', name: 'New Zealand' },
  { countryCode: 'US', countryDialingCode: '1', name: 'United States' },
  { countryCode: 'CA', countryDialingCode: '1', name: 'Canada' },
  { countryCode: 'MX', countryDialingCode: '52', name: 'Mexico' },
  { countryCode: 'BR', countryDialingCode: '55', name: 'Brazil' },
  { countryCode: 'GB', countryDialingCode: '44', name: 'United Kingdom' },
  { countryCode: 'DE', countryDialingCode: '49', name: 'Germany' },
  { countryCode: 'FR', countryDialingCode: '33', name: 'France' },
  { countryCode: 'IT', countryDialingCode: '39', name: 'Italy' },
  { countryCode: 'ES', countryDialingCode: '34', name: 'Spain' },
  { countryCode: 'NL', countryDialingCode: '31', name: 'Netherlands' },
  { countryCode: 'ZA', countryDialingCode: '27', name: 'South Africa' },
];

/** '+66', '66', ' 0066 ' -> '66'; anything without digits -> ''. */
export function normalizeDialingCode(code: string | null | undefined): string {
  if (!code) return '';
  return code.replace(/\D/g, '').replace(/^00/, '');
}
