import { z } from 'zod';
import { bookingSchema, personSchema } from '../jobs/api.ts';
import { TIER_IDS } from '../tiers.ts';
import { bookingContactSchema } from './contact.ts';
import { BOOKING_ACTIONS, BOOKING_STATUSES } from './lifecycle.ts';
import { DISPUTE_OUTCOMES, DISPUTE_REASONS, DISPUTE_STATUSES } from './reviews.ts';

/**
 * The answers of the booking lifecycle, review and dispute endpoints (issue 8). A booking as its
 * parties see it: the list item of issue 7 plus its times, proposal, the caller's actions, the
 * cancellation policy, earnings (provider only), dispute and reviews.
 */

export const reviewSchema = z.object({
  id: z.string(),
  booking_id: z.string(),
  author: personSchema,
  subject: personSchema,
  author_role: z.enum(['customer', 'provider']),
  rating: z.number().int(),
  text: z.string(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  /** Null while hidden (waiting for the other side or the window). */
  published_at: z.string().nullable(),
  created_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const disputeSummarySchema = z.object({
  id: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.enum(DISPUTE_REASONS),
  opener_role: z.enum(['customer', 'provider']),
  in_favour_of: z.enum(DISPUTE_OUTCOMES).nullable(),
  resolution_note: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});

export const bookingEventSchema = z.object({
  id: z.string(),
  action: z.string(),
  actor_role: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  created_at: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
});

export const bookingDetailSchema = bookingSchema.extend({
  status: z.enum(BOOKING_STATUSES),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  started_at: z.string().nullable(),
  done_marked_at: z.string().nullable(),
  /** When it completes by itself (72 h after marked done); null otherwise. */
  auto_complete_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancelled_by: z.enum(['customer', 'provider']).nullable(),
  cancel_reason: z.string().nullable(),
  late_cancellation: z.boolean().nullable(),
  proposal: z
    .object({
      by: z.enum(['customer', 'provider']),
      scheduled_date: z.string(),
      start_time: z.string().nullable(),
      duration_minutes: z.number().int().nullable(),
      note: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
  /** What the caller may do now (BOOKING_ACTIONS minus the system's). */
  actions: z.array(z.enum(BOOKING_ACTIONS)),
  cancellation: z.object({
    free: z.boolean(),
    hours_before_start: z.number().nullable(),
    message: z.string(),
  }),
  /** Provider only, once completed. */
  earnings: z
    .object({
      tier: z.enum(TIER_IDS),
      commission_percent: z.number().int(),
      earnings_share_percent: z.number().int(),
      commission_minor: z.number().int(),
      earnings_minor: z.number().int(),
    })
    .nullable(),
  dispute: disputeSummarySchema.nullable(),
  reviews: z.object({
    /** The caller's own review (visible to them even before it is published). */
    mine: reviewSchema.nullable(),
    /** The other side's review, only once published. */
    theirs: reviewSchema.nullable(),
    can_review: z.boolean(),
    window_closes_at: z.string().nullable(),
  }),
  history: z.array(bookingEventSchema),
  /**
   * The other side's Call / WhatsApp, the day before and on the visit days only, and only what they
   * share (bookingContact); null otherwise. Never sent to anyone but the booking's two sides.
   */
  contact: bookingContactSchema.nullable().optional(),
});
export type BookingDetail = z.infer<typeof bookingDetailSchema>;

export const bookingDetailResponseSchema = z.object({ booking: bookingDetailSchema });

/** GET /api/reviews?tab=to_write|received|given. */
export const reviewsTabSchema = z.enum(['to_write', 'received', 'given']);
export const reviewsResponseSchema = z.object({
  /** Completed bookings the caller can still review (tab to_write). */
  to_write: z.array(z.object({ booking: bookingSchema, window_closes_at: z.string() })),
  items: z.array(reviewSchema),
  counts: z.object({ to_write: z.number().int(), received: z.number().int(), given: z.number().int() }),
});

/** GET /api/providers/:slug/reviews (public, published only). */
export const publicReviewsResponseSchema = z.object({
  items: z.array(reviewSchema),
  total: z.number().int(),
  rating: z.number(),
  page: z.number().int(),
});

export const disputeSchema = disputeSummarySchema.extend({
  description: z.string(),
  booking: bookingSchema,
  opened_by: personSchema,
  photos: z.array(z.object({ id: z.string(), url: z.string(), content_type: z.string() })),
  history: z.array(bookingEventSchema),
  /**
   * Admins only, while open (issue 18): what a split must add up to (pesewas): the money held, or
   * after completion what can still be taken back from earnings not matured; null once those
   * matured (only the provider outcome remains); 0 when no money went through Adwuma.
   */
  money_at_stake_minor: z.number().int().nullable().optional(),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const disputeResponseSchema = z.object({ dispute: disputeSchema });
export const adminDisputesResponseSchema = z.object({
  items: z.array(disputeSummarySchema.extend({ booking: bookingSchema, opened_by: personSchema })),
  total: z.number().int(),
  page: z.number().int(),
});
