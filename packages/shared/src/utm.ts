/** UTM attribution (spec 3 "event_tracking"): captured from the URL into local storage `utm_params`. */
export const UTM_STORAGE_KEY = 'utm_params';
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type UtmParams = Partial<Record<UtmKey, string>>;
export const UTM_VALUE_MAX = 200;

/** Pick the UTM fields out of a query string; empty when there are none (so stored ones are kept). */
export function parseUtm(search: string): UtmParams {
  const params = new URLSearchParams(search);
  const out: UtmParams = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) out[key] = value.slice(0, UTM_VALUE_MAX);
  }
  return out;
}

export function hasUtm(utm: UtmParams): boolean {
  return UTM_KEYS.some((key) => Boolean(utm[key]));
}
