import type { TSiteConfig } from '@lotus/contracts/site-config';
import { useTranslation } from 'react-i18next';
import { linesOf } from './config-api';

/** Region rules as text fields (countries, ranges, texts); saving is a four-eyes request. */
export type RegionText = { countries: string; blocked: string; allowed: string; th: string; en: string };
export const regionToText = (r: TSiteConfig['region']): RegionText => ({
  countries: r.blockedCountries.join(' '),
  blocked: r.blockedCidrs.join('\n'),
  allowed: r.allowedCidrs.join('\n'),
  th: r.info.th ?? '',
  en: r.info.en ?? '',
});
export const textToRegion = (base: TSiteConfig['region'], v: RegionText): TSiteConfig['region'] => ({
  ...base,
  blockedCountries: v.countries.split(/[\s,]+/).map((c) => c.trim().toUpperCase()).filter(Boolean),
  blockedCidrs: linesOf(v.blocked),
  allowedCidrs: linesOf(v.allowed),
  info: { ...base.info, th: v.th, en: v.en },
});

export function RegionSection({
  value,
  countryRanges,
  onChange,
  readOnly,
}: {
  value: RegionText;
  countryRanges: number;
  onChange: (next: RegionText) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('siteConfig');
  const field = (name: keyof RegionText, label: string, rows: number, maxLength?: number) => (
    <>
      <label htmlFor={`region-${name}`}>{label}</label>
      <textarea
        id={`region-${name}`}
        rows={rows}
        maxLength={maxLength}
        spellCheck={false}
        value={value[name]}
        onChange={(e) => onChange({ ...value, [name]: e.target.value })}
      />
    </>
  );
  return (
    <fieldset className="config-form" disabled={readOnly}>
      <legend>{t('region.intro')}</legend>
      {field('countries', t('region.blockedCountries'), 2)}
      {field('blocked', t('region.blockedCidrs'), 4)}
      {field('allowed', t('region.allowedCidrs'), 3)}
      <p className="hint">{t('region.countryRanges', { count: countryRanges })}</p>
      {field('th', t('region.infoTh'), 2, 2000)}
      {field('en', t('region.infoEn'), 2, 2000)}
    </fieldset>
  );
}
