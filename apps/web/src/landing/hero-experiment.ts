import type { EXPERIMENTS } from '@adwuma/shared/admin/experiment-assignment';
import { hero } from '../locales/en/landing.json';

export type HeroVariant = (typeof EXPERIMENTS)['landing_hero']['variants'][number];

/** The <html> attribute naming the hero variant shown; landing.css shows that headline only. */
export const HERO_ATTRIBUTE = 'data-hero';

/**
 * The landing hero experiment's headlines (EXPERIMENTS.landing_hero), in English (the page reads
 * them, in its language, from locales/<lang>/landing.json "hero.headlines"). Both are in the
 * prerendered HTML; the second part is set in the brand colour.
 */
export const HERO_HEADLINES: Record<HeroVariant, { lead: string; accent: string }> = hero.headlines;
