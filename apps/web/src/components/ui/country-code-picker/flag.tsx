import { TH, VN, KH, LA, MM, MY, SG, ID, PH, BN, TL, CN, HK, MO, TW, JP, KR, MN, IN, BD, PK, LK, NP, AE, SA, QA, TR, RU, AU, NZ, US, CA, MX, BR, GB, DE, FR, IT, ES, NL, ZA } from 'country-flag-icons/react/3x2';

/**
 * Flag images of the picker's countries (issue 11): SVGs from country-flag-icons, bundled with the
 * site (they work offline), instead of emoji flags, which Windows and plain Linux draw as two
 * letters in boxes. Only the countries of COUNTRIES are imported, so the bundle carries just those.
 */
type TFlag = typeof TH;
const FLAGS: Record<string, TFlag> = { TH, VN, KH, LA, MM, MY, SG, ID, PH, BN, TL, CN, HK, MO, TW, JP, KR, MN, IN, BD, PK, LK, NP, AE, SA, QA, TR, RU, AU, NZ, US, CA, MX, BR, GB, DE, FR, IT, ES, NL, ZA };

/** The flag of an ISO 3166-1 alpha-2 code, decorative (the country's name is in the text beside it). */
export function Flag({ countryCode, testId }: { countryCode: string | null | undefined; testId?: string }) {
  const code = (countryCode ?? '').trim().toUpperCase();
  const Image = FLAGS[code];
  return (
    <span className="ui-cc__flag" aria-hidden="true" data-testid={testId} data-flag={Image ? code : undefined}>
      {Image && <Image className="ui-cc__flag-img" focusable="false" />}
    </span>
  );
}
