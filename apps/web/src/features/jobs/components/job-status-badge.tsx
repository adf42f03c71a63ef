import { BID_STATUS_LABELS, type BidStatus, JOB_STATUS_LABELS, type JobStatus } from '@adwuma/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const JOB_TONES: Record<JobStatus, BadgeTone> = {
  open: 'leaf',
  hired: 'brand',
  closed: 'neutral',
  cancelled: 'danger',
  expired: 'neutral',
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <Badge tone={JOB_TONES[status]}>{JOB_STATUS_LABELS[status]}</Badge>;
}

const BID_TONES: Record<BidStatus, BadgeTone> = {
  active: 'leaf',
  withdrawn: 'neutral',
  accepted: 'brand',
  declined: 'neutral',
};

export function BidStatusBadge({ status }: { status: BidStatus }) {
  return <Badge tone={BID_TONES[status]}>{BID_STATUS_LABELS[status]}</Badge>;
}
