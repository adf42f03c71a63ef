import { RETRY_BASE_MS, RETRY_MAX_MS } from '../constants.ts';
import { retryDelay } from '../errors.ts';

/** Spec 8/9: onboarding queries retry at most 2 times, backoff 1000 ms doubling to 30000 ms. */
export const ONBOARDING_MAX_RETRIES = 2;
export const ONBOARDING_RETRY_BASE_MS = RETRY_BASE_MS;
export const ONBOARDING_RETRY_MAX_MS = RETRY_MAX_MS;

/** Postgres "undefined_table": spec 8 never retries an onboarding query that failed with it. */
export const MISSING_TABLE_CODE = '42P01';

/**
 * Spec 8: an onboarding query is not retried for code 42P01 (the table does not exist: it will not
 * start existing on a retry). Our API answers such permanent failures with a 4xx, so: never for
 * 42P01, never on a 4xx; a 5xx or a network failure (no status) up to 2 times.
 */
export function shouldRetryOnboardingQuery(
  failureCount: number,
  status: number | undefined,
  code?: string | null,
): boolean {
  if (code === MISSING_TABLE_CODE) return false;
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < ONBOARDING_MAX_RETRIES;
}

/** Backoff before retry number `attempt` (0-based): 1 s, 2 s, 4 s, … at most 30 s. */
export const onboardingRetryDelay = retryDelay;
