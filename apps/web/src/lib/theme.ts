import { STORAGE_KEYS, type KeyValueStorage } from './storage';

/**
 * Light/dark theme (1.I18N.06/07). The choice is saved in localStorage 'theme'; with nothing saved
 * the theme is light. index.html applies the stored value to <html data-theme> before first paint
 * (an inline script with the same rule), so there is no flash of the wrong theme.
 */
export const THEMES = ['light', 'dark'] as const;
export type TTheme = (typeof THEMES)[number];
export const DEFAULT_THEME: TTheme = 'light';

export const isTheme = (value: unknown): value is TTheme => value === 'light' || value === 'dark';

export function readStoredTheme(store: KeyValueStorage): TTheme {
  const stored = store.get(STORAGE_KEYS.theme);
  return isTheme(stored) ? stored : DEFAULT_THEME;
}

export function persistTheme(store: KeyValueStorage, theme: TTheme): void {
  store.set(STORAGE_KEYS.theme, theme);
}

export function applyTheme(theme: TTheme): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

export const nextTheme = (theme: TTheme): TTheme => (theme === 'light' ? 'dark' : 'light');
