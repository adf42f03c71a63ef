import { z } from 'zod';
import { TIER_IDS } from '../tiers.ts';
import { BID_STATUSES } from './bids.ts';
import { JOB_STATUSES, JOB_WHEN_TYPES } from './jobs.ts';
import { QUOTE_STATUSES } from './quotes.ts';

/**
 * The answers of the jobs, bids, quote-request and booking endpoints (issue 7). Money in pesewas,
 * timestamps ISO strings, dates "YYYY-MM-DD".
 */

export const jobPhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

/** The person on the other side, as much as a card needs. */
export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
});

/** A provider as a customer compares them on a bid or a quote. */
export const bidderSchema = personSchema.extend({
  /** Public profile slug; null when the provider is not listed. */
  slug: z.string().nullable(),
  verified: z.boolean(),
  rating: z.number(),
  total_reviews: z.number().int(),
  city: z.string().nullable(),
});

export const bidSchema = z.object({
  id: z.string(),
  job_id: z.string(),
  status: z.enum(BID_STATUSES),
  price: z.number().int(),
  message: z.string(),
  earliest_start: z.string().nullable(),
  duration_minutes: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  provider: bidderSchema,
  /** Kilometres from the provider's base to the job; null when either has no point. */
  distance_km: z.number().nullable(),
});
export type Bid = z.infer<typeof bidSchema>;

export const jobSchema = z.object({
  id: z.string(),
  status: z.enum(JOB_STATUSES),
  title: z.string(),
  category: z.string(),
  category_name: z.string(),
  description: z.string(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  when_type: z.enum(JOB_WHEN_TYPES),
  date_start: z.string().nullable(),
  date_end: z.string().nullable(),
  budget_min: z.number().int().nullable(),
  budget_max: z.number().int().nullable(),
  currency: z.literal('GHS'),
  photos: z.array(jobPhotoSchema),
  bids_count: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
  customer: personSchema,
  /** The booking made when the job was hired. */
  booking_id: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/**
 * GET /api/jobs/:id. The owner sees every bid (`bids`); a provider sees their own bid (`my_bid`)
 * and, while it is open, may bid (`can_bid` with the reason when not).
 */
export const jobDetailResponseSchema = z.object({
  job: jobSchema,
  viewer: z.enum(['owner', 'provider']),
  bids: z.array(bidSchema).nullable(),
  my_bid: bidSchema.nullable(),
  can_bid: z.boolean(),
  cannot_bid_reason: z.string().nullable(),
  /**
   * For a provider: kilometres from their base to the job (rounded as on the board); null for the
   * owner, and when either has no map point.
   */
  distance_km: z.number().nullable(),
});
export type JobDetailResponse = z.infer<typeof jobDetailResponseSchema>;

/** GET /api/jobs/mine?status=: one status only (an open job past its expiry counts as expired). */
export const myJobsQuerySchema = z.object({
  status: z.enum(JOB_STATUSES, { error: 'Unknown job status' }).optional(),
});

/** GET /api/jobs/mine: the customer's jobs, newest first, by status. */
export const myJobsResponseSchema = z.object({
  items: z.array(jobSchema),
  counts: z.record(z.enum(JOB_STATUSES), z.number().int()),
});

export const JOB_BOARD_PAGE_SIZE = 20;
export const JOB_POSTED_SINCE = [1, 3, 7, 30] as const;

/** GET /api/jobs (the board, providers only). Every filter optional. */
export const jobBoardQuerySchema = z.object({
  q: z.string().max(200, { error: 'Search text is too long (200 characters at most)' }).optional(),
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/, { error: 'Unknown category' })
    .optional(),
  /** Only jobs within this many km of the provider's base. */
  distance: z.coerce
    .number({ error: 'Distance must be a number of km' })
    .int({ error: 'Distance must be a whole number of km' })
    .min(1, { error: 'Distance must be between 1 and 500 km' })
    .max(500, { error: 'Distance must be between 1 and 500 km' })
    .optional(),
  /** Only jobs whose budget reaches at least this (pesewas). */
  budget_min: z.coerce
    .number({ error: 'Budget must be an amount' })
    .int({ error: 'Budget must be an amount' })
    .min(0, { error: 'Budget cannot be negative' })
    .max(100_000_000, { error: 'Budget is too large' })
    .optional(),
  posted_since: z.coerce
    .number()
    .refine((d) => (JOB_POSTED_SINCE as readonly number[]).includes(d), {
      error: 'Posted since must be 1, 3, 7 or 30 days',
    })
    .optional(),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int({ error: 'Page must be a whole number' })
    .min(1, { error: 'Page must be between 1 and 50' })
    .max(50, { error: 'Page must be between 1 and 50' })
    .default(1),
});
export type JobBoardQuery = z.input<typeof jobBoardQuerySchema>;

/** A job in a list (the board, "My bids"): the description shortened to an excerpt. */
export const jobSummarySchema = jobSchema.omit({ description: true }).extend({ excerpt: z.string() });
export type JobSummary = z.infer<typeof jobSummarySchema>;

export const jobBoardItemSchema = jobSummarySchema.extend({
  excerpt: z.string(),
  distance_km: z.number().nullable(),
  /** In one of the provider's categories and within their service radius. */
  matches: z.boolean(),
  my_bid_status: z.enum(BID_STATUSES).nullable(),
});
export type JobBoardItem = z.infer<typeof jobBoardItemSchema>;

export const bidAllowanceSchema = z.object({
  tier: z.enum(TIER_IDS),
  limit: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
  allowed: z.boolean(),
  resets_at: z.string(),
});

export const jobBoardResponseSchema = z.object({
  items: z.array(jobBoardItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  allowance: bidAllowanceSchema,
});
export type JobBoardResponse = z.infer<typeof jobBoardResponseSchema>;

/** POST /api/jobs, PATCH /api/jobs/:id, cancel, close and the photo changes: the job as its owner sees it. */
export const jobResponseSchema = z.object({ job: jobSchema });

/** POST /api/jobs/:id/bids, PATCH /api/bids/:id, withdraw: the bid and the month's allowance after it. */
export const bidResponseSchema = z.object({ bid: bidSchema, allowance: bidAllowanceSchema });

/** POST /api/jobs/:id/bids/:bidId/accept: the hired job, the accepted bid and the booking made. */
export const hireResponseSchema = z.object({ job: jobSchema, bid: bidSchema, booking_id: z.string() });

/** GET /api/bids/mine: the provider's bids (newest activity first) with their jobs ("My bids"). */
export const myBidsResponseSchema = z.object({
  items: z.array(z.object({ bid: bidSchema, job: jobSummarySchema })),
  counts: z.record(z.enum(BID_STATUSES), z.number().int()),
  allowance: bidAllowanceSchema,
});

export const quoteRequestSchema = z.object({
  id: z.string(),
  status: z.enum(QUOTE_STATUSES),
  /** Title and category as they were when asked; id null once the provider deleted the service. */
  service: z.object({ id: z.string().nullable(), title: z.string(), category: z.string() }),
  details: z.string(),
  preferred_date: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  quote_price: z.number().int().nullable(),
  quote_message: z.string().nullable(),
  decline_message: z.string().nullable(),
  responded_at: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
  customer: personSchema,
  provider: bidderSchema,
  booking_id: z.string().nullable(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export const quoteRequestsResponseSchema = z.object({
  items: z.array(quoteRequestSchema),
  counts: z.object({ received_pending: z.number().int(), sent_quoted: z.number().int() }),
});

/** One quote request: GET /api/quote-requests/:id and the answer of every action on it. */
export const quoteRequestResponseSchema = z.object({ request: quoteRequestSchema });

export const BOOKING_SOURCES = ['bid', 'quote'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

/** A booking as created by hiring (issue 7); its lifecycle is issue 8's. */
export const bookingSchema = z.object({
  id: z.string(),
  status: z.string(),
  source: z.enum(BOOKING_SOURCES),
  title: z.string(),
  price: z.number().int(),
  currency: z.literal('GHS'),
  scheduled_date: z.string().nullable(),
  scheduled_end_date: z.string().nullable(),
  /** "HH:MM" (Accra = UTC) once a time is agreed; null for a date-only booking. */
  start_time: z.string().nullable(),
  duration_minutes: z.number().int().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  job_id: z.string().nullable(),
  quote_request_id: z.string().nullable(),
  created_at: z.string(),
  customer: personSchema,
  provider: bidderSchema,
  /** Which side the caller is on. */
  role: z.enum(['customer', 'provider']),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingsResponseSchema = z.object({ items: z.array(bookingSchema) });
export const bookingResponseSchema = z.object({ booking: bookingSchema });

/** POST /api/quote-requests/:id/accept: the accepted request and the booking it made. */
export const quoteAcceptResponseSchema = quoteRequestResponseSchema.extend({ booking: bookingSchema });
