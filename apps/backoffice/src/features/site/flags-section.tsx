import { WHITELABEL_FLAGS } from '@lotus/contracts/system';
import type { TSiteConfig } from '@lotus/contracts/site-config';
import { useTranslation } from 'react-i18next';

/** The whitelabel flags with their meaning (spec 3, docs/adr/0003), each a switch. */
export function FlagsSection({
  draft,
  onChange,
  readOnly,
}: {
  draft: TSiteConfig['whitelabel'];
  onChange: (next: TSiteConfig['whitelabel']) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('siteConfig');
  return (
    <fieldset className="config-flags" disabled={readOnly}>
      <legend>{t('flags.intro')}</legend>
      <ul>
        {WHITELABEL_FLAGS.map((flag) => (
          <li key={flag}>
            <label>
              <input
                type="checkbox"
                role="switch"
                checked={draft[flag]}
                aria-describedby={`flag-${flag}`}
                onChange={(e) => onChange({ ...draft, [flag]: e.target.checked })}
              />
              <code>{flag}</code>
              <span className={`badge ${draft[flag] ? 'badge-active' : 'badge-disabled'}`}>{draft[flag] ? t('flags.on') : t('flags.off')}</span>
            </label>
            <p id={`flag-${flag}`} className="hint">
              {t(`flags.meaning.${flag}`)}
            </p>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
