import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import { sendWelcomeEmail, WELCOME_MAIL_QUEUE } from './send-welcome-email.ts';

export const waitlistJobs: FeatureJobs<Deps> = [
  {
    queue: WELCOME_MAIL_QUEUE,
    handler: (deps, { subscriberId }: { subscriberId: string }) => sendWelcomeEmail(deps, subscriberId),
  },
];
