import { z } from 'zod';

export {
  AB_STORAGE_KEY,
  assignVariant,
  EXPERIMENT_NAMES,
  EXPERIMENTS,
  type ExperimentName,
  fnv1a,
} from './experiment-assignment.ts';

/** Standard normal cumulative distribution (Abramowitz–Stegun 7.1.26, error < 1.5e-7). */
function normalCdf(z: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(z)) / Math.SQRT2);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

export interface VariantCounts {
  visitors: number;
  conversions: number;
}

/**
 * How sure we are that the variant converts differently from control: a two-sided two-proportion
 * z-test, returned as a confidence in percent (one decimal; 95 or more is the usual bar). Null when
 * either group has no visitors or nobody converted at all.
 */
export function variantConfidence(control: VariantCounts, variant: VariantCounts): number | null {
  if (control.visitors === 0 || variant.visitors === 0) return null;
  const pooled = (control.conversions + variant.conversions) / (control.visitors + variant.visitors);
  if (pooled === 0 || pooled === 1) return null;
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / control.visitors + 1 / variant.visitors));
  const z = (variant.conversions / variant.visitors - control.conversions / control.visitors) / se;
  const p = 2 * (1 - normalCdf(Math.abs(z)));
  return Math.round((1 - p) * 1000) / 10;
}

/** GET /api/admin/analytics/experiments?start&end: conversion per variant with its confidence. */
export const experimentResultsSchema = z.object({
  experiments: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      variants: z.array(
        z.object({
          variant: z.string(),
          /** Distinct sessions with an ab_test event for this variant. */
          visitors: z.number().int(),
          /** Of those, sessions with a conversion event. */
          conversions: z.number().int(),
          conversion_rate: z.number(),
          /** Against the first (control) variant; null for control itself or without data. */
          confidence_percent: z.number().nullable(),
        }),
      ),
    }),
  ),
});
export type ExperimentResults = z.infer<typeof experimentResultsSchema>;
