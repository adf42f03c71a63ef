import { z } from 'zod';
import { optionalSafeText } from '../schemas/common.ts';
import {
  DOCUMENT_TYPES,
  GHANA_CARD_MESSAGE,
  isValidGhanaCardNumber,
  normalizeGhanaCardNumber,
} from './documents.ts';
import { DISPLAYED_STATUSES, DOCUMENT_STATUSES, VERIFICATION_SESSION_STATUSES } from './status.ts';

/** The Ghana Card number field: spaces dropped, upper-cased, then GHA-123456789-0. */
export const ghanaCardNumberField = z
  .string({ error: GHANA_CARD_MESSAGE })
  .transform((value) => normalizeGhanaCardNumber(value))
  .refine(isValidGhanaCardNumber, { message: GHANA_CARD_MESSAGE });

// ---- Provider side ----------------------------------------------------------------------------------

/** One stored document as the provider (and the admin) sees it. */
export const providerDocumentSchema = z.object({
  id: z.string(),
  document_type: z.enum(DOCUMENT_TYPES),
  filename: z.string(),
  file_size: z.number().int(),
  mime_type: z.string(),
  upload_status: z.string(),
  /** Spec 4 document status derived from upload_status. */
  status: z.enum(DOCUMENT_STATUSES),
  created_at: z.string(),
  /** A signed URL valid 3600 s (private bucket). */
  url: z.string(),
  url_expires_at: z.string(),
});
export type ProviderDocument = z.infer<typeof providerDocumentSchema>;

export const verificationSessionSchema = z.object({
  id: z.string(),
  verification_type: z.string(),
  status: z.enum(VERIFICATION_SESSION_STATUSES).or(z.string()),
  ghana_card_number: z.string().nullable(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  review_note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VerificationSessionView = z.infer<typeof verificationSessionSchema>;

/** GET /api/verification: everything the id step shows. */
export const verificationStateSchema = z.object({
  documents: z.array(providerDocumentSchema),
  /** The session that counts (spec 4 ranking), or null. */
  session: verificationSessionSchema.nullable(),
  /** Spec 4 displayed status. */
  displayedStatus: z.enum(DISPLAYED_STATUSES),
  /** Profile flags set on approval. */
  verified: z.boolean(),
  /** Uploads and removals are allowed (not while in review, not once approved). */
  canEdit: z.boolean(),
  /** All three kinds are present and the documents can be submitted. */
  canSubmit: z.boolean(),
  /** True when the documents came from the spec's fallback table document_verifications. */
  fallback: z.boolean(),
});
export type VerificationState = z.infer<typeof verificationStateSchema>;

/** POST /api/verification/submit. */
export const submitVerificationSchema = z.strictObject({
  ghana_card_number: ghanaCardNumberField,
});
export type SubmitVerificationRequest = z.input<typeof submitVerificationSchema>;

// ---- Admin side -------------------------------------------------------------------------------------

export const reviewQueueQuerySchema = z.object({
  /** 'awaiting' (default) = every status still waiting for a decision; or one status. */
  status: z.enum(['awaiting', 'all', ...VERIFICATION_SESSION_STATUSES]).default('awaiting'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ReviewQueueQuery = z.input<typeof reviewQueueQuerySchema>;

export const reviewQueueItemSchema = z.object({
  id: z.string(),
  status: z.string(),
  displayedStatus: z.enum(DISPLAYED_STATUSES),
  provider: z.object({
    id: z.string(),
    full_name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    city: z.string().nullable(),
    verified: z.boolean(),
  }),
  ghana_card_number: z.string().nullable(),
  document_count: z.number().int(),
  submitted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  reviewer_id: z.string().nullable(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

export const reviewQueueSchema = z.object({
  items: z.array(reviewQueueItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

export const reviewDetailSchema = reviewQueueItemSchema.extend({
  documents: z.array(providerDocumentSchema),
  review_note: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;

export const REVIEW_NOTE_MAX = 1000;
export const REVIEW_NOTE_REQUIRED = 'Say why the documents are rejected';

/** POST /api/admin/verification/:id/decision. A note is required on reject. */
export const reviewDecisionSchema = z
  .strictObject({
    decision: z.enum(['approve', 'reject']),
    note: optionalSafeText({ maxLength: REVIEW_NOTE_MAX }),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'reject' && !value.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: REVIEW_NOTE_REQUIRED });
    }
  });
export type ReviewDecisionRequest = z.input<typeof reviewDecisionSchema>;
