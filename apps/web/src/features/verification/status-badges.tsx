import {
  DISPLAYED_STATUS_LABELS,
  type DisplayedVerificationStatus,
  type DocumentStatus,
  type VerificationSessionStatus,
} from '@adwuma/shared';
import { BadgeCheck, CircleDashed, Clock, Eye, type LucideIcon, Upload, XCircle } from 'lucide-react';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

const DISPLAYED: Record<DisplayedVerificationStatus, { tone: BadgeTone; icon: LucideIcon }> = {
  pending: { tone: 'neutral', icon: Clock },
  in_review: { tone: 'brand', icon: Eye },
  admin_approved: { tone: 'leaf', icon: BadgeCheck },
  admin_rejected: { tone: 'danger', icon: XCircle },
};

/** Spec 4 displayed status, in DISPLAYED_STATUS_LABELS words. */
export function DisplayedStatusBadge({
  status,
  className = '',
}: {
  status: DisplayedVerificationStatus;
  className?: string;
}) {
  const { tone, icon: Icon } = DISPLAYED[status];
  return (
    <Badge tone={tone} className={className}>
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {DISPLAYED_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The stored session statuses in words, for the admin queue's filter and detail. */
export const SESSION_STATUS_LABELS: Record<VerificationSessionStatus, string> = {
  pending: 'Pending',
  documents_submitted: 'Documents submitted',
  pending_admin_approval: 'Pending admin approval',
  in_review: 'In review',
  admin_approved: 'Approved',
  admin_rejected: 'Rejected',
};

export function sessionStatusLabel(status: string): string {
  return SESSION_STATUS_LABELS[status as VerificationSessionStatus] ?? status;
}

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus | 'missing', string> = {
  missing: 'Not uploaded',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
};

const DOCUMENT: Record<DocumentStatus | 'missing', { tone: BadgeTone; icon: LucideIcon | null }> = {
  missing: { tone: 'neutral', icon: CircleDashed },
  uploading: { tone: 'brand', icon: null },
  uploaded: { tone: 'leaf', icon: Upload },
  submitted: { tone: 'brand', icon: Clock },
  approved: { tone: 'leaf', icon: BadgeCheck },
  rejected: { tone: 'danger', icon: XCircle },
};

/** One document's spec 4 status (uploading / uploaded / submitted / approved / rejected). */
export function DocumentStatusBadge({ status }: { status: DocumentStatus | 'missing' }) {
  const { tone, icon: Icon } = DOCUMENT[status];
  return (
    <Badge tone={tone} className="shrink-0">
      {Icon ? <Icon aria-hidden="true" className="h-3.5 w-3.5" /> : <Spinner className="h-3.5 w-3.5" />}
      {DOCUMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
