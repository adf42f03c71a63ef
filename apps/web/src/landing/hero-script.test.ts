import { AB_STORAGE_KEY, assignVariant } from '@adwuma/shared/admin/experiment-assignment';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { experimentVariant, sessionId } from '../lib/analytics.ts';
import { SESSION_ID_KEY } from '../lib/storage.ts';
import { HERO_ATTRIBUTE } from './hero-experiment.ts';
import { HERO_SCRIPT } from './hero-script.ts';
import { renderHead } from './prerender.tsx';

/** Runs the inline script as the browser does (a classic script in the page's global scope). */
function runScript(): string | null {
  document.documentElement.removeAttribute(HERO_ATTRIBUTE);
  // biome-ignore lint/security/noGlobalEval: the point is to run the exact text the page inlines
  window.eval(HERO_SCRIPT);
  return document.documentElement.getAttribute(HERO_ATTRIBUTE);
}

const stored = () => JSON.parse(window.localStorage.getItem(AB_STORAGE_KEY) ?? 'null');

describe('the landing hero <head> script', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('chooses what assignVariant chooses, for many visitor ids, and stores it', () => {
    const seen = { control: 0, local: 0 };
    for (let i = 0; i < 400; i++) {
      window.localStorage.clear();
      const id = i % 2 ? crypto.randomUUID() : `visitor_${i.toString(36)}-x${i * 7919}`;
      window.localStorage.setItem(SESSION_ID_KEY, id);
      const expected = assignVariant('landing_hero', id);
      expect(runScript(), id).toBe(expected);
      expect(stored(), id).toEqual({ landing_hero: expected });
      seen[expected]++;
      // The app reads the same answer and keeps the visitor id.
      expect(experimentVariant('landing_hero')).toBe(expected);
      expect(sessionId()).toBe(id);
    }
    // Both variants are shown, roughly half each.
    expect(seen.control).toBeGreaterThan(150);
    expect(seen.local).toBeGreaterThan(150);
  });

  it('keeps a stored assignment, whatever the visitor id, and other experiments beside it', () => {
    window.localStorage.setItem(SESSION_ID_KEY, 'visitor-0001');
    const other = assignVariant('landing_hero', 'visitor-0001') === 'local' ? 'control' : 'local';
    window.localStorage.setItem(AB_STORAGE_KEY, JSON.stringify({ landing_hero: other, later_test: 'b' }));
    expect(runScript()).toBe(other);
    expect(stored()).toEqual({ landing_hero: other, later_test: 'b' });
    expect(experimentVariant('landing_hero')).toBe(other);
  });

  it('makes a visitor id the app keeps when there is none (or a bad one), and a bad stored value is replaced', () => {
    for (const [id, value] of [
      [null, '{not json'],
      ['bad id!', '"local"'],
      ['', '{"landing_hero":"purple"}'],
    ] as const) {
      window.localStorage.clear();
      if (id !== null) window.localStorage.setItem(SESSION_ID_KEY, id);
      window.localStorage.setItem(AB_STORAGE_KEY, value);
      const shown = runScript();
      const made = window.localStorage.getItem(SESSION_ID_KEY)!;
      expect(made).not.toBe(id);
      expect(sessionId()).toBe(made);
      expect(shown).toBe(assignVariant('landing_hero', made));
      expect(stored()).toEqual({ landing_hero: shown });
    }
  });

  it('shows the control, without an error, when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(runScript()).toBe('control');
    expect(experimentVariant('landing_hero')).toBeNull();
  });

  it('is what the prerender puts into the head, as one plain inline script', () => {
    expect(renderHead()).toBe(`<script>${HERO_SCRIPT}</script>`);
    expect(HERO_SCRIPT).not.toMatch(/<\/script|<!--/i);
  });
});
