import { THEMES, type Theme } from '@adwuma/shared/theme';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useEffect, useState } from 'react';
import { getTheme, setTheme } from '../../lib/theme.ts';
import { useSiteText } from './site-text.ts';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** Cycles light → dark → system; the choice is kept under the product's storage key. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  // The prerendered HTML has no stored theme; read it after hydration to avoid a mismatch.
  const [theme, setCurrent] = useState<Theme>('light');
  useEffect(() => setCurrent(getTheme()), []);
  const next = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] as Theme;
  const Icon = ICONS[theme];
  const { t } = useSiteText();
  const label = (value: Theme) => t(`theme.${value}`);
  return (
    <button
      type="button"
      onClick={() => {
        setTheme(next);
        setCurrent(next);
      }}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-full border border-border text-fg hover:bg-muted ${className}`}
      aria-label={t('theme.switch', { theme: label(theme), next: label(next) })}
      title={t('theme.current', { theme: label(theme) })}
      data-theme-choice={theme}
    >
      <Icon aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
