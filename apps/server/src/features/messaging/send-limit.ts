import { MESSAGING_TEXT, SEND_LIMIT } from '@adwuma/shared';
import { AppError } from '../../lib/errors.ts';
import type { LimitStore } from '../../lib/limits/index.ts';

const SEND_RULE = { max: SEND_LIMIT.max, windowSeconds: SEND_LIMIT.windowMs / 1000 };

/**
 * A flood of messages from one user is refused with 429 and how long to wait (never dropped
 * silently). Counted in the shared limit store, so every server process adds to one count per user.
 */
export async function checkSendLimit(limits: LimitStore, userId: string): Promise<void> {
  const result = await limits.consume(`messages:send:${userId}`, SEND_RULE);
  if (result.allowed) return;
  throw new AppError(429, 'RATE_LIMITED', MESSAGING_TEXT.rateLimited(result.retryAfter), {
    retry_after_seconds: result.retryAfter,
  });
}
