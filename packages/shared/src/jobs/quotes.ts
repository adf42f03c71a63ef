import { z } from 'zod';
import { optionalSafeText, safeText } from '../schemas/common.ts';
import { isoDate, positiveMoney } from './jobs.ts';

/**
 * Quote requests (`/service-requests`, issue 7): a customer asks one provider for a price on one of
 * their published services; the provider answers with a price or declines; the customer accepts the
 * quote (→ a booking) or lets it go. Unanswered requests expire after 7 days; an answered quote the
 * customer has not accepted expires 7 days after the answer.
 */

export const QUOTE_STATUSES = ['pending', 'quoted', 'declined', 'accepted', 'expired', 'cancelled'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** Requests still waiting on someone: they expire, and they count towards the per-pair limit. */
export const QUOTE_LIVE_STATUSES = ['pending', 'quoted'] as const satisfies readonly QuoteStatus[];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  pending: 'Waiting for a quote',
  quoted: 'Quote received',
  declined: 'Declined',
  accepted: 'Accepted',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

export const QUOTE_LIMITS = {
  detailsMin: 10,
  detailsMax: 2000,
  messageMax: 1000,
  expiryDays: 7,
  /** Pending requests one customer may have with one provider at once. */
  pendingPerPairMax: 3,
} as const;

export const QUOTE_MESSAGES = {
  ownService: 'You cannot request a quote from yourself.',
  serviceUnavailable: 'This service is not available for quotes.',
  notPending: 'This request has already been answered.',
  notQuoted: 'There is no quote to accept on this request.',
  expired: 'This request has expired.',
  tooMany: 'You already have open requests with this provider. Wait for an answer first.',
  notFound: 'Request not found',
} as const;

export const quoteRequestInputSchema = z.strictObject({
  service_id: z.string().uuid({ error: 'Choose a service' }),
  details: safeText({ minLength: QUOTE_LIMITS.detailsMin, maxLength: QUOTE_LIMITS.detailsMax }),
  preferred_date: isoDate.nullish(),
  city: optionalSafeText({ maxLength: 80 }),
  address: optionalSafeText({ maxLength: 200 }),
});
export type QuoteRequestInput = z.input<typeof quoteRequestInputSchema>;

export const quoteAnswerSchema = z.strictObject({
  /** Pesewas. */
  price: positiveMoney,
  message: optionalSafeText({ maxLength: QUOTE_LIMITS.messageMax }),
});
export type QuoteAnswer = z.input<typeof quoteAnswerSchema>;

export const quoteDeclineSchema = z.strictObject({
  message: optionalSafeText({ maxLength: QUOTE_LIMITS.messageMax }),
});

/** Allowed quote-request status changes. */
export function canChangeQuoteStatus(from: QuoteStatus, to: QuoteStatus): boolean {
  if (from === 'pending')
    return to === 'quoted' || to === 'declined' || to === 'expired' || to === 'cancelled';
  if (from === 'quoted') return to === 'accepted' || to === 'expired' || to === 'cancelled';
  return false;
}

/** When a request (or an answered quote) lapses, counted from `from`. */
export function quoteExpiresAt(from: Date): Date {
  return new Date(from.getTime() + QUOTE_LIMITS.expiryDays * 86_400_000);
}

export function isQuoteLive(
  q: { status: string; expires_at: string | Date },
  now: Date = new Date(),
): boolean {
  return (
    (q.status === 'pending' || q.status === 'quoted') && new Date(q.expires_at).getTime() > now.getTime()
  );
}
