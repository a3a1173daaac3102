import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/state/app-store';
import { useHydrated } from '@/lib/use-hydrated';
import { MoonIcon, SunIcon } from '@/components/icons/icons';

/**
 * 1.I18N.06: the light/dark switch lives in the header. A prerendered page is rendered in the light
 * theme: while it hydrates the switch shows what the HTML holds, then the stored theme (issue 25: a
 * dark first load hydrated with React error #418).
 */
export function ThemeToggle() {
  const { t } = useTranslation('common');
  const stored = useAppStore((s) => s.theme);
  const hydrated = useHydrated();
  const theme = hydrated ? stored : 'light';
  const toggleTheme = useAppStore((s) => s.toggleTheme);
  const label = theme === 'light' ? t('header.theme_to_dark') : t('header.theme_to_light');
  return (
    <button type="button" className="icon-button" data-testid="theme-toggle" aria-label={label} title={label} onClick={toggleTheme}>
      {theme === 'light' ? <MoonIcon /> : <SunIcon />}
    </button>
  );
}
