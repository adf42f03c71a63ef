import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, parseTheme, resolveTheme, THEME_STORAGE_KEY } from './theme.ts';

describe('theme (spec 9)', () => {
  it('defaults to light under a product-named key', () => {
    expect(DEFAULT_THEME).toBe('light');
    expect(THEME_STORAGE_KEY).toMatch(/^adwuma-/);
    expect(parseTheme(null)).toBe('light');
    expect(parseTheme('purple')).toBe('light');
  });
  it('offers system, light and dark', () => {
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('system')).toBe('system');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });
});
