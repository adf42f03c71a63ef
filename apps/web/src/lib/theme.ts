import { parseTheme, resolveTheme, THEME_STORAGE_KEY, type Theme } from '@adwuma/shared/theme';
import { safeStorage } from './storage.ts';

export function getTheme(): Theme {
  return parseTheme(safeStorage.get(THEME_STORAGE_KEY));
}

export function applyTheme(theme: Theme): void {
  const dark =
    resolveTheme(theme, window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false) === 'dark';
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  safeStorage.set(THEME_STORAGE_KEY, theme);
  applyTheme(theme);
}
