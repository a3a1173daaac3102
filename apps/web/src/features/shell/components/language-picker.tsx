import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/state/app-store';
import { changeAppLanguage } from '@/i18n/i18n';
import { DEFAULT_LANGUAGE, isOfferedLanguage } from '@/i18n/languages';
import { GlobeIcon } from '@/components/icons/icons';
import { BUILT_IN_LANGUAGES, useLanguages } from '../api/get-languages';

/**
 * 2.HDR.04: the language picker — a native select (accessible by keyboard and screen readers, and
 * the platform picker on phones) listing the enabled languages of /wps/system/languages that have a
 * complete catalogue in this build (issue 25, docs/adr/0076: a half-translated language is not offered).
 * Choosing one switches the interface and stores it under hisLang and lang (1.I18N.04).
 */
export function LanguagePicker() {
  const { t } = useTranslation('common');
  const id = useId();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const { data, isSuccess } = useLanguages();
  const enabled = (data?.languages ?? []).filter((l) => isOfferedLanguage(l.code));
  const list = enabled.length > 0 ? enabled : BUILT_IN_LANGUAGES.languages;
  const options = list.some((l) => l.code === language)
    ? list
    : [...list, ...BUILT_IN_LANGUAGES.languages.filter((l) => l.code === language)];

  // A language that the site no longer offers is replaced (not an explicit choice: only `lang`).
  const offered = isSuccess && enabled.length > 0 ? enabled.map((l) => l.code) : null;
  useEffect(() => {
    if (offered && !offered.includes(language)) {
      const fallback = offered.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (offered[0] ?? DEFAULT_LANGUAGE);
      void changeAppLanguage(fallback, { explicit: false });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offered?.join(','), language]);

  return (
    <div className="language-picker">
      <GlobeIcon size={18} className="language-picker__icon" />
      <label className="visually-hidden" htmlFor={id}>
        {t('header.language')}
      </label>
      <select
        id={id}
        className="language-picker__select"
        data-testid="language-picker"
        value={language}
        onChange={(event) => void setLanguage(event.target.value)}
      >
        {options.map((lang) => (
          <option key={lang.code} value={lang.code} lang={lang.code} data-testid={`lang-option-${lang.code}`}>
            {lang.name}
          </option>
        ))}
      </select>
    </div>
  );
}
