/**
 * Issue 19: A/B tests. A visitor's variant is a pure function of their visitor id and the
 * experiment, so it is stable across visits and devices that share the id, needs no server round
 * trip, and the server can recompute it. The landing page hero is the first experiment.
 * Dependency-free (no zod): the landing page imports it.
 */
export const EXPERIMENTS = {
  landing_hero: {
    variants: ['control', 'local'] as const,
    description: 'Landing page hero: the current headline (control) or one naming Ghanaian cities (local)',
  },
} as const;
export type ExperimentName = keyof typeof EXPERIMENTS;
export const EXPERIMENT_NAMES = Object.keys(EXPERIMENTS) as ExperimentName[];
/** Local storage key holding { [experiment]: variant } beside utm_params. */
export const AB_STORAGE_KEY = 'ab_variants';

/** FNV-1a 32-bit: small, fast and the same in every JavaScript engine. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The variant a visitor sees: evenly split, stable per (experiment, visitor). */
export function assignVariant<E extends ExperimentName>(
  experiment: E,
  visitorId: string,
): (typeof EXPERIMENTS)[E]['variants'][number] {
  const variants = EXPERIMENTS[experiment].variants;
  return variants[fnv1a(`${experiment}:${visitorId}`) % variants.length]!;
}
