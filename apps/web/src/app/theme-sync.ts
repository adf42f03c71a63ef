import { THEME_STORAGE_KEY } from '@adwuma/shared/theme';
import { useEffect, useState } from 'react';
import { applyTheme, getTheme } from '../lib/theme.ts';

/**
 * With the theme set to 'system', follow the device's light/dark setting live; also pick up a theme
 * changed in another tab.
 */
export function useSystemThemeSync(): void {
  useEffect(() => {
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    const onSchemeChange = () => {
      if (getTheme() === 'system') applyTheme('system');
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY) applyTheme(getTheme());
    };
    media?.addEventListener?.('change', onSchemeChange);
    window.addEventListener('storage', onStorage);
    return () => {
      media?.removeEventListener?.('change', onSchemeChange);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
}

/** The theme actually on screen, read from the class on <html> (the one source of truth). */
const readTheme = (): 'light' | 'dark' =>
  typeof document !== 'undefined' && document.documentElement.classList.contains('dark') ? 'dark' : 'light';

export function useResolvedTheme(): 'light' | 'dark' {
  const [theme, setTheme] = useState<'light' | 'dark'>(readTheme);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(readTheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}
