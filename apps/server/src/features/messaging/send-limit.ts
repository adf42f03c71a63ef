import { createWindowLimiter, MESSAGING_TEXT, SEND_LIMIT } from '@adwuma/shared';
import { AppError } from '../../lib/errors.ts';

/**
 * A flood of messages from one user is refused with 429 and how long to wait (never dropped
 * silently). Counted per server process; idle users are forgotten after a window.
 */
export function createSendLimiter(max: number = SEND_LIMIT.max, windowMs: number = SEND_LIMIT.windowMs) {
  const byUser = new Map<string, { limiter: ReturnType<typeof createWindowLimiter>; last: number }>();
  let sweptAt = 0;
  return {
    check(userId: string, now = Date.now()): void {
      if (now - sweptAt > windowMs) {
        for (const [id, entry] of byUser) if (now - entry.last > windowMs) byUser.delete(id);
        sweptAt = now;
      }
      let entry = byUser.get(userId);
      if (!entry) {
        entry = { limiter: createWindowLimiter(max, windowMs), last: now };
        byUser.set(userId, entry);
      }
      entry.last = now;
      const wait = entry.limiter.hit(now);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw new AppError(429, 'RATE_LIMITED', MESSAGING_TEXT.rateLimited(seconds), {
          retry_after_seconds: seconds,
        });
      }
    },
  };
}

export const sendLimiter = createSendLimiter();
