/**
 * Spec 4 "Verification": session statuses, the ranking of several sessions, the displayed status and
 * the document status derived from `upload_status`. Pure functions; the server and the web app use
 * the same ones.
 */

export const VERIFICATION_SESSION_STATUSES = [
  'pending',
  'documents_submitted',
  'pending_admin_approval',
  'in_review',
  'admin_approved',
  'admin_rejected',
] as const;
export type VerificationSessionStatus = (typeof VERIFICATION_SESSION_STATUSES)[number];

/** Sessions still waiting for an admin's decision (the review queue). */
export const AWAITING_REVIEW_STATUSES = [
  'pending',
  'documents_submitted',
  'pending_admin_approval',
  'in_review',
] as const satisfies readonly VerificationSessionStatus[];

/** Decided sessions: a second decision is refused. */
export const DECIDED_STATUSES = ['admin_approved', 'admin_rejected'] as const;

export function isAwaitingReview(status: string | null | undefined): boolean {
  return (AWAITING_REVIEW_STATUSES as readonly (string | null | undefined)[]).includes(status);
}

export function isDecided(status: string | null | undefined): boolean {
  return (DECIDED_STATUSES as readonly (string | null | undefined)[]).includes(status);
}

/** Spec 4: admin_approved 1, admin_rejected 2, pending_admin_approval and documents_submitted 3,
 * in_review 4, pending 5, unknown 6. */
export function sessionRank(status: string | null | undefined): number {
  switch (status) {
    case 'admin_approved':
      return 1;
    case 'admin_rejected':
      return 2;
    case 'pending_admin_approval':
    case 'documents_submitted':
      return 3;
    case 'in_review':
      return 4;
    case 'pending':
      return 5;
    default:
      return 6;
  }
}

export interface RankableSession {
  status: string | null;
  updated_at: Date | string;
}

const time = (value: Date | string) => (value instanceof Date ? value.getTime() : Date.parse(value));

/** The session that counts among several: best rank, ties to the latest update (spec 4). */
export function pickSession<T extends RankableSession>(sessions: readonly T[]): T | null {
  let best: T | null = null;
  for (const session of sessions) {
    if (
      best === null ||
      sessionRank(session.status) < sessionRank(best.status) ||
      (sessionRank(session.status) === sessionRank(best.status) &&
        time(session.updated_at) > time(best.updated_at))
    ) {
      best = session;
    }
  }
  return best;
}

/** What the provider sees. */
export const DISPLAYED_STATUSES = ['pending', 'in_review', 'admin_approved', 'admin_rejected'] as const;
export type DisplayedVerificationStatus = (typeof DISPLAYED_STATUSES)[number];

/** Spec 4 document statuses (from upload_status). */
export const DOCUMENT_STATUSES = ['uploading', 'uploaded', 'submitted', 'approved', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The stored upload_status values of provider_documents. */
export const UPLOAD_STATUSES = ['uploaded', 'processing', 'verified', 'rejected'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** Spec 4: uploaded→uploaded, verified→approved, rejected→rejected, processing→submitted, else uploading. */
export function documentStatusFromUpload(uploadStatus: string | null | undefined): DocumentStatus {
  switch (uploadStatus) {
    case 'uploaded':
      return 'uploaded';
    case 'verified':
      return 'approved';
    case 'rejected':
      return 'rejected';
    case 'processing':
      return 'submitted';
    default:
      return 'uploading';
  }
}

/**
 * Spec 4: with a session, documents_submitted and pending_admin_approval show as in_review and an
 * unknown status as pending. Without one: in_review if all documents are processing, verified or
 * rejected (and there is at least one), else pending.
 */
export function displayedVerificationStatus(
  sessionStatus: string | null | undefined,
  documentUploadStatuses: readonly (string | null | undefined)[],
): DisplayedVerificationStatus {
  if (sessionStatus !== null && sessionStatus !== undefined) {
    switch (sessionStatus) {
      case 'documents_submitted':
      case 'pending_admin_approval':
      case 'in_review':
        return 'in_review';
      case 'admin_approved':
        return 'admin_approved';
      case 'admin_rejected':
        return 'admin_rejected';
      default:
        return 'pending';
    }
  }
  const settled = ['processing', 'verified', 'rejected'];
  return documentUploadStatuses.length > 0 && documentUploadStatuses.every((s) => settled.includes(s ?? ''))
    ? 'in_review'
    : 'pending';
}

/** Words for the displayed status, shown on the id step, the profile and the admin queue. */
export const DISPLAYED_STATUS_LABELS: Record<DisplayedVerificationStatus, string> = {
  pending: 'Not yet reviewed',
  in_review: 'In review',
  admin_approved: 'Verified',
  admin_rejected: 'Rejected',
};

/** Why a provider's documents cannot be changed now, or null when they can. */
export type VerificationEditBlock = 'underReview' | 'alreadyVerified';

/**
 * Uploads, removals and submissions are refused while the session that counts (spec 4 ranking) waits
 * for an admin — in_review, documents_submitted, pending_admin_approval, or pending once submitted —
 * and for good once it is admin_approved. Allowed without a session, after admin_rejected, and for a
 * pending session that was never submitted.
 */
export function verificationEditBlock(
  session: { status: string | null; submitted_at: Date | string | null } | null | undefined,
): VerificationEditBlock | null {
  if (!session) return null;
  switch (session.status) {
    case 'admin_approved':
      return 'alreadyVerified';
    case 'in_review':
    case 'documents_submitted':
    case 'pending_admin_approval':
      return 'underReview';
    case 'pending':
      return session.submitted_at ? 'underReview' : null;
    default:
      return null;
  }
}
