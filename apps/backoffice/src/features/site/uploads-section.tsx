import type { TSiteConfig } from '@lotus/contracts/site-config';
import { useTranslation } from 'react-i18next';

const MB = 1024 * 1024;

/**
 * Member uploads (issue 23 #4, docs/adr/0069): the bytes of deposit slips and not-received proofs one member may
 * store per Bangkok day, edited as whole megabytes (the contract keeps bytes, 1 MB to 1 GB; the server checks).
 * The field is text while it is typed: an empty or partial entry is not a document, and cannot be saved.
 */
export const uploadsToText = (u: TSiteConfig['uploads']): string => String(Math.round(u.dailyBytesPerMember / MB));
export const textToUploads = (base: TSiteConfig['uploads'], text: string): TSiteConfig['uploads'] | null => {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const megabytes = Number(text.trim());
  return megabytes >= 1 && megabytes <= 1024 ? { ...base, dailyBytesPerMember: megabytes * MB } : null;
};

export function UploadsSection({ value, onChange, readOnly }: { value: string; onChange: (next: string) => void; readOnly: boolean }) {
  const { t } = useTranslation('siteConfig');
  const invalid = textToUploads({ dailyBytesPerMember: MB }, value) === null;
  return (
    <fieldset className="config-form" disabled={readOnly}>
      <legend>{t('uploads.intro')}</legend>
      <label htmlFor="uploads-daily">{t('uploads.dailyMegabytes')}</label>
      <input
        id="uploads-daily"
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={invalid}
        aria-describedby="uploads-hint"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <p className="hint" id="uploads-hint">
        {t('uploads.hint')}
      </p>
    </fieldset>
  );
}
