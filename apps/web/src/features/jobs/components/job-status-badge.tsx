import { BID_STATUS_LABELS, type BidStatus, JOB_STATUS_LABELS, type JobStatus } from '@adwuma/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { useJobsText } from '../i18n.ts';

const JOB_TONES: Record<JobStatus, BadgeTone> = {
  open: 'leaf',
  hired: 'brand',
  closed: 'neutral',
  cancelled: 'danger',
  expired: 'neutral',
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  const { t } = useJobsText();
  return (
    <Badge tone={JOB_TONES[status]}>
      {t(`status.${status}`, { defaultValue: JOB_STATUS_LABELS[status] })}
    </Badge>
  );
}

const BID_TONES: Record<BidStatus, BadgeTone> = {
  active: 'leaf',
  withdrawn: 'neutral',
  accepted: 'brand',
  declined: 'neutral',
};

export function BidStatusBadge({ status }: { status: BidStatus }) {
  const { t } = useJobsText();
  return (
    <Badge tone={BID_TONES[status]}>
      {t(`bidStatus.${status}`, { defaultValue: BID_STATUS_LABELS[status] })}
    </Badge>
  );
}
