import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import { ORPHANS_CLEANUP_CRON, ORPHANS_CLEANUP_QUEUE, removeOrphanedDocuments } from './cleanup-orphans.ts';
import { sendDecisionMail, VERIFICATION_MAIL_QUEUE } from './send-decision-mail.ts';

export const verificationJobs: FeatureJobs<Deps> = [
  {
    queue: ORPHANS_CLEANUP_QUEUE,
    schedule: ORPHANS_CLEANUP_CRON,
    handler: async (deps) => {
      await removeOrphanedDocuments(deps);
    },
  },
  {
    queue: VERIFICATION_MAIL_QUEUE,
    handler: (deps, { auditId }: { auditId: string }) => sendDecisionMail(deps, auditId),
  },
];
