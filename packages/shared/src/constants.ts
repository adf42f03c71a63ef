/** Spec 3 event_tracking event types. */
export const EVENT_TYPES = ['conversion', 'page_view', 'user_signup', 'ab_test'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Spec 4 "Other": error severities. */
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Spec 9 data query timings. */
export const QUERY_STALE_MS = 5 * 60_000;
export const QUERY_GC_MS = 10 * 60_000;
export const QUERY_MAX_RETRIES = 2;
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;

/** Spec 2 generic loading screen: after 10 s show 'Taking longer than expected'. */
export const SLOW_LOADING_MS = 10_000;
