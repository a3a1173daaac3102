import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/state/app-store';
import { MoonIcon, SunIcon } from '@/components/icons/icons';

/** 1.I18N.06: the light/dark switch lives in the header. */
export function ThemeToggle() {
  const { t } = useTranslation('common');
  const theme = useAppStore((s) => s.theme);
  const toggleTheme = useAppStore((s) => s.toggleTheme);
  const label = theme === 'light' ? t('header.theme_to_dark') : t('header.theme_to_light');
  return (
    <button type="button" className="icon-button" data-testid="theme-toggle" aria-label={label} title={label} onClick={toggleTheme}>
      {theme === 'light' ? <MoonIcon /> : <SunIcon />}
    </button>
  );
}
