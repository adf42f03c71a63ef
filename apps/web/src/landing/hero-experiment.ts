import type { EXPERIMENTS } from '@adwuma/shared/admin/experiment-assignment';

export type HeroVariant = (typeof EXPERIMENTS)['landing_hero']['variants'][number];

/** The <html> attribute naming the hero variant shown; landing.css shows that headline only. */
export const HERO_ATTRIBUTE = 'data-hero';

/**
 * The landing hero experiment's headlines (EXPERIMENTS.landing_hero). Both are in the prerendered
 * HTML; the second part is set in the brand colour.
 */
export const HERO_HEADLINES: Record<HeroVariant, { lead: string; accent: string }> = {
  control: { lead: 'Trusted hands for every job,', accent: 'from Accra to Tamale.' },
  local: { lead: 'Trusted hairdressers, tutors and plumbers', accent: 'in Accra, Kumasi and Tamale.' },
};
