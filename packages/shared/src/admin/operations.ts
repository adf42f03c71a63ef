import { z } from 'zod';

/** Issue 19: enterprise leads as a small pipeline, grouped logs and the live activity feed. */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
};
export const LEAD_NOTES_MAX = 5000;

/** "YYYY-MM-DD" naming a day that exists (not 2026-02-30), so the database never refuses it. */
function isCalendarDate(s: string): boolean {
  const time = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === s;
}

/** GET /api/admin/enterprise-leads querystring (the .csv export takes status and q: every match). */
export const adminLeadsQuerySchema = z.object({
  page: z.coerce.number({ error: 'Must be a page number' }).int().min(1).max(100_000).default(1),
  status: z.enum(LEAD_STATUSES, { error: 'Choose new, contacted, qualified, won or lost' }).optional(),
  q: z.string().trim().max(254).optional(),
});

/** PATCH /api/admin/enterprise-leads/:id — any subset; owner_id must be an admin (null clears). */
export const adminLeadUpdateSchema = z
  .strictObject({
    status: z.enum(LEAD_STATUSES, { error: 'Choose new, contacted, qualified, won or lost' }).optional(),
    owner_id: z.string().min(1).nullable().optional(),
    notes: z
      .string()
      .max(LEAD_NOTES_MAX, { error: `Keep notes under ${LEAD_NOTES_MAX} characters` })
      .optional(),
    follow_up_on: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-12-01' })
      .refine(isCalendarDate, { error: 'Use a real date like 2026-12-01' })
      .nullable()
      .optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to change' });
export type AdminLeadUpdate = z.infer<typeof adminLeadUpdateSchema>;

export const adminLeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  team_size: z.string(),
  needs: z.string(),
  status: z.enum(LEAD_STATUSES),
  owner_id: z.string().nullable(),
  owner_email: z.string().nullable(),
  notes: z.string(),
  follow_up_on: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminLead = z.infer<typeof adminLeadSchema>;

/** Frontend errors grouped by message and route (GET /api/admin/logs?kind=frontend_groups). */
export const adminErrorGroupSchema = z.object({
  message: z.string(),
  route_path: z.string().nullable(),
  error_type: z.string(),
  /** The worst severity seen in the group. */
  severity: z.string(),
  count: z.number().int(),
  users: z.number().int(),
  first_seen: z.string(),
  last_seen: z.string(),
  /** The newest report's id, to open its stack. */
  latest_id: z.string(),
});

/** Filters of GET /api/admin/logs. */
export const adminLogsQuerySchema = z.object({
  kind: z
    .enum(['frontend_groups', 'frontend', 'security', 'audit'], {
      error: 'Choose frontend_groups, frontend, security or audit',
    })
    .default('frontend_groups'),
  page: z.coerce.number({ error: 'Must be a page number' }).int().min(1).max(100_000).default(1),
  /** Text in the message / event type / action. */
  q: z.string().trim().max(254).optional(),
  severity: z.enum(['critical', 'high', 'medium', 'low']).optional(),
  since_days: z.coerce.number().int().min(1).max(366).optional(),
  /** One frontend report by its id (kind=frontend): the stack behind a grouped error. */
  id: z.uuid({ error: 'id must be a report id' }).optional(),
});

/** What the live feed shows. Written by database triggers, so no feature can forget to. */
export const ACTIVITY_KINDS = [
  'user_signed_up',
  'job_posted',
  'bid_placed',
  'booking_created',
  'review_written',
  'report_filed',
  'payment_received',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_LABELS: Record<ActivityKind, string> = {
  user_signed_up: 'Sign-up',
  job_posted: 'Job posted',
  bid_placed: 'Bid placed',
  booking_created: 'Booking',
  review_written: 'Review',
  report_filed: 'Report',
  payment_received: 'Payment',
};

export const activityItemSchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** The person who did it, when known. */
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  /** The job, bid, booking, review, report or payment id (the user id for sign-ups). */
  subject_id: z.string(),
  /** Kind-specific facts: title, city, amount_minor, rating, reason, role… never secrets. */
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** GET /api/admin/activity?kinds=a,b&before=<id>: newest first, 50 a page. */
export const ACTIVITY_PAGE_SIZE = 50;
export const adminActivityQuerySchema = z.object({
  kinds: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const kinds = v.split(',').filter(Boolean);
      for (const k of kinds)
        if (!(ACTIVITY_KINDS as readonly string[]).includes(k)) {
          ctx.addIssue({ code: 'custom', message: `Unknown activity kind ${k}` });
          return z.NEVER;
        }
      return kinds as ActivityKind[];
    }),
  before: z.string().regex(/^\d+$/, { error: 'before must be an activity id' }).optional(),
});
export const adminActivityPageSchema = z.object({ items: z.array(activityItemSchema), hasMore: z.boolean() });
