import type { TSiteConfig } from '@lotus/contracts/site-config';
import { useTranslation } from 'react-i18next';

/** The member site's languages: offered or not, and the default (which must be offered). */
export function LanguagesSection({
  draft,
  onChange,
  readOnly,
}: {
  draft: TSiteConfig['languages'];
  onChange: (next: TSiteConfig['languages']) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('siteConfig');
  return (
    <fieldset disabled={readOnly}>
      <legend>{t('languages.intro')}</legend>
      <div className="table-wrap">
        <table>
          <caption className="sr-only">{t('tabs.languages')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('languages.code')}</th>
              <th scope="col">{t('languages.name')}</th>
              <th scope="col">{t('languages.enabled')}</th>
              <th scope="col">{t('languages.default')}</th>
              <th scope="col">{t('languages.complete')}</th>
            </tr>
          </thead>
          <tbody>
            {draft.languages.map((language, i) => (
              <tr key={language.code}>
                <td>
                  <code>{language.code}</code>
                </td>
                <td>{language.name}</td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${t('languages.enabled')} ${language.name}`}
                    checked={language.enabled}
                    onChange={(e) =>
                      onChange({ ...draft, languages: draft.languages.map((l, j) => (j === i ? { ...l, enabled: e.target.checked } : l)) })
                    }
                  />
                </td>
                <td>
                  <input
                    type="radio"
                    name="default-language"
                    aria-label={`${t('languages.default')} ${language.name}`}
                    checked={draft.default === language.code}
                    onChange={() => onChange({ ...draft, default: language.code })}
                  />
                </td>
                <td>{language.complete ? t('common:yes') : t('common:no')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
