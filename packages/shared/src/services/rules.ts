/**
 * A service a provider offers (`/post-service`): what it is, its category, its price in pesewas
 * (fixed, per hour, or "from"), how long it takes, where, and whether customers can see it.
 * Its bounds, labels and rules, without zod: the public pages show prices and durations with no
 * schema library in their download (issue 20). The request schemas are in services.ts.
 */

export const PRICE_TYPES = ['fixed', 'hourly', 'from'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

export const PRICE_TYPE_LABELS: Record<PriceType, string> = {
  fixed: 'Fixed price',
  hourly: 'Per hour',
  from: 'Starting from',
};

export const SERVICE_STATUSES = ['draft', 'published', 'paused'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const SERVICE_LIMITS = {
  titleMin: 3,
  titleMax: 80,
  descriptionMin: 20,
  descriptionMax: 2000,
  durationMin: 15,
  durationMax: 7 * 24 * 60,
  areasMax: 20,
  areaMax: 60,
  photosMax: 6,
  perProviderMax: 50,
} as const;

export const SERVICE_MESSAGES = {
  duration: `Duration must be between ${SERVICE_LIMITS.durationMin} minutes and 7 days`,
  durationStep: 'Duration must be in steps of 15 minutes',
  areasMax: `Add at most ${SERVICE_LIMITS.areasMax} areas`,
  transition: (from: ServiceStatus, to: ServiceStatus) => `A ${from} service cannot become ${to}`,
  publishNeedsVerified: 'Finish your provider onboarding before publishing a service.',
  tooMany: `You can list at most ${SERVICE_LIMITS.perProviderMax} services`,
} as const;

export const SERVICE_PHOTO_MESSAGES = {
  tooMany: `A service can have at most ${SERVICE_LIMITS.photosMax} photos. Remove one to add another.`,
  notFound: 'No such photo.',
  order: 'List every photo of this service exactly once.',
} as const;

/** Allowed status changes: draft → published; published ⇄ paused; anything back to draft. */
export function canChangeServiceStatus(from: ServiceStatus, to: ServiceStatus): boolean {
  if (from === to) return true;
  if (to === 'draft') return true;
  if (from === 'draft') return to === 'published';
  return (from === 'published' && to === 'paused') || (from === 'paused' && to === 'published');
}

/** Only published services are shown to customers and counted in search. */
export function isServiceVisible(status: string): boolean {
  return status === 'published';
}

/** "GH₵ 150 / hour", "From GH₵ 80", "GH₵ 300" — the price line of a card. */
export function priceLabel(priceType: PriceType, formatted: string): string {
  if (priceType === 'hourly') return `${formatted} / hour`;
  if (priceType === 'from') return `From ${formatted}`;
  return formatted;
}

/**
 * "45 min", "2 h", "1 h 30 min", "2 days"; in Twi (issue 21) the unit first, as Twi counts:
 * "simma 45", "dɔnhwere 2", "dɔnhwere 1 simma 30", "nna 2" ("da 1").
 */
export function formatDuration(minutes: number, language: 'en' | 'ak' = 'en'): string {
  const twi = language === 'ak';
  if (minutes >= 24 * 60 && minutes % (24 * 60) === 0) {
    const d = minutes / (24 * 60);
    if (twi) return `${d === 1 ? 'da' : 'nna'} ${d}`;
    return `${d} day${d === 1 ? '' : 's'}`;
  }
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (twi) {
    if (h === 0) return `simma ${m}`;
    return m === 0 ? `dɔnhwere ${h}` : `dɔnhwere ${h} simma ${m}`;
  }
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
