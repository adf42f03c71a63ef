import type { DisputeOutcome } from '@adwuma/shared';
import { Badge } from '../../../components/ui/badge.tsx';

export const OUTCOME_LABELS: Record<DisputeOutcome, string> = {
  customer: 'In favour of the customer',
  provider: 'In favour of the provider',
  split: 'Split between both sides',
};

/** Open, or resolved with its outcome. */
export function DisputeStatusBadge({
  status,
  outcome,
}: {
  status: 'open' | 'resolved';
  outcome: DisputeOutcome | null;
}) {
  if (status === 'open') return <Badge tone="danger">Open</Badge>;
  return <Badge tone="leaf">Resolved{outcome ? ` · ${outcome}` : ''}</Badge>;
}
