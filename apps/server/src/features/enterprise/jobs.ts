import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import { ENTERPRISE_MAIL_QUEUE, sendLeadConfirmation } from './enterprise-leads.ts';

export const enterpriseJobs: FeatureJobs<Deps> = [
  {
    queue: ENTERPRISE_MAIL_QUEUE,
    handler: (deps, { leadId }: { leadId: string }) => sendLeadConfirmation(deps, leadId),
  },
];
