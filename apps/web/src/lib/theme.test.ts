import { describe, expect, it } from 'vitest';
import { local } from './storage';
import { applyTheme, readStoredTheme } from './theme';
import { useAppStore } from '@/state/app-store';

describe('theme', () => {
  it('1.I18N.07 with nothing saved the theme is light', () => {
    expect(readStoredTheme(local)).toBe('light');
    localStorage.setItem('theme', 'purple');
    expect(readStoredTheme(local)).toBe('light');
  });

  it('1.I18N.06/07 switching saves the choice in localStorage "theme" and sets <html data-theme>', () => {
    useAppStore.getState().setTheme('light');
    useAppStore.getState().toggleTheme();
    expect(useAppStore.getState().theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    // restored on the next visit
    expect(readStoredTheme(local)).toBe('dark');
    useAppStore.getState().toggleTheme();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('1.I18N.07 applyTheme writes data-theme', () => {
    applyTheme('dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    applyTheme('light');
  });
});
