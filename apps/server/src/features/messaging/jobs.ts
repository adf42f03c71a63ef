import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import { MESSAGE_MAIL_CRON, MESSAGE_MAIL_QUEUE, sendMessageMails } from './message-mail.ts';

export const messagingJobs: FeatureJobs<Deps> = [
  {
    queue: MESSAGE_MAIL_QUEUE,
    schedule: MESSAGE_MAIL_CRON,
    handler: async (deps) => {
      await sendMessageMails(deps);
    },
  },
];
