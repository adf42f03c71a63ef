/**
 * The landing's numbers, the spec's claims word for word (spec 1: 1,000+ providers, 50+ categories,
 * a 4.8 average rating, 20+ cities). They are prerendered into the landing, so they live here, once;
 * the demo data makes them true and its test proves it (apps/server/src/db/demo-seed.test.ts: listed
 * providers, categories, cities, and the average of the written reviews rounded to one decimal).
 * A server without the demo data states its own figures: LANDING_CLAIMS (docs/configuration.md).
 */
/** The claims' values by key, as the landing states them by default (the landing loads only these). */
export const DEFAULT_CLAIM_VALUES = {
  providers: '1,000+',
  categories: '50+',
  rating: '4.8',
  cities: '20+',
};

export type MarketingClaimKey = keyof typeof DEFAULT_CLAIM_VALUES;
export type MarketingClaimValues = Record<MarketingClaimKey, string>;

const CLAIM_LABELS: MarketingClaimValues = {
  providers: 'Service providers listed',
  categories: 'Service categories',
  rating: 'Average rating',
  cities: 'Cities across Ghana',
};

/** The claims in order, with their English labels (the about page, the sign-in brand panel). */
export const MARKETING_CLAIMS = (Object.keys(DEFAULT_CLAIM_VALUES) as MarketingClaimKey[]).map((key) => ({
  key,
  value: DEFAULT_CLAIM_VALUES[key],
  label: CLAIM_LABELS[key],
}));

/**
 * Reads LANDING_CLAIMS: `providers=250+; rating=4.6` — any of providers, categories, rating, cities,
 * separated by semicolons, each a short figure (digits, with , . + or %: 1,000+). Those not named keep the default. Throws on anything
 * else, so a typo stops the server at start instead of showing on the page.
 */
export function parseLandingClaims(input: string | undefined): MarketingClaimValues {
  const values = { ...DEFAULT_CLAIM_VALUES };
  if (!input?.trim()) return values;
  for (const part of input.split(';').map((p) => p.trim())) {
    if (!part) continue;
    const [key, value, ...rest] = part.split('=').map((p) => p.trim());
    if (!key || !(key in values) || rest.length)
      throw new Error(`LANDING_CLAIMS: unknown claim in "${part}"`);
    if (!value || !/^\d[\d,.]*\+?%?$/.test(value))
      throw new Error(`LANDING_CLAIMS: ${key} must be a figure such as 250+ or 4.6, not "${value ?? ''}"`);
    values[key as MarketingClaimKey] = value;
  }
  return values;
}

/** Spec 2 landing "how it works": the four steps. */
export const HOW_IT_WORKS = [
  {
    title: 'Search and browse',
    text: 'Find trusted providers near you by service, price, rating and distance.',
  },
  { title: 'Connect and hire', text: 'Message providers, compare quotes and hire the one that fits.' },
  {
    title: 'Work together',
    text: 'Schedule the job, keep every detail in one conversation, pay with confidence.',
  },
  { title: 'Review and rate', text: 'Share how it went so the next customer can choose well.' },
] as const;
