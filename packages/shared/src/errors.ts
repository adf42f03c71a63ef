/** Error codes of the API's one error body `{ error: { code, message, details? } }`. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** A Starter provider used this month's bids (details: upgrade link and allowance). */
  'BID_LIMIT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  /** No payment gateway sells in that currency on this server. */
  'PAYMENTS_UNAVAILABLE',
  /** The payment gateway refused or failed a call. */
  'GATEWAY_ERROR',
  /** Issue 19: an admin action refused by adminActionProblem (409). */
  'ACTION_REFUSED',
  /** Issue 19: sign-in refused while the account is suspended (403). */
  'ACCOUNT_SUSPENDED',
  /** Issue 19: sign-in refused until the password an admin asked for is reset (403). */
  'PASSWORD_RESET_REQUIRED',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; details?: unknown };
}

export interface FieldIssue {
  field: string;
  message: string;
}

/** Spec 8 retry rules mapped to our API: no retry on 4xx; otherwise up to 2 with backoff. */
export function shouldRetry(failureCount: number, status: number | undefined): boolean {
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 2;
}

/** Backoff 1 s doubling up to 30 s (spec 8 / 9). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}
