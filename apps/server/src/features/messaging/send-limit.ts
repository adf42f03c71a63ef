import { MESSAGING_TEXT, SEND_LIMIT } from '@adwuma/shared';
import { AppError } from '../../lib/errors.ts';
import type { LimitResult, LimitStore } from '../../lib/limits/index.ts';
import { limitResult } from '../../lib/limits/types.ts';

export const SEND_RULE = { max: SEND_LIMIT.max, windowSeconds: SEND_LIMIT.windowMs / 1000 };

/** The limit store's key of one user's sends. */
export const sendLimitKey = (userId: string) => `messages:send:${userId}`;

/**
 * A flood of messages from one user is refused with 429 and how long to wait (never dropped
 * silently). Counted in the shared limit store, so every server process adds to one count per user.
 */
export async function checkSendLimit(limits: LimitStore, userId: string): Promise<void> {
  refuse(await limits.consume(sendLimitKey(userId), SEND_RULE));
}

/** The same refusal for a window counted elsewhere (the send's first query): `count` attempts, `resetMs` left. */
export function refuseOverSendLimit(count: number, resetMs: number): void {
  refuse(limitResult(SEND_RULE, count, resetMs));
}

function refuse(result: LimitResult): void {
  if (result.allowed) return;
  throw new AppError(429, 'RATE_LIMITED', MESSAGING_TEXT.rateLimited(result.retryAfter), {
    retry_after_seconds: result.retryAfter,
  });
}
