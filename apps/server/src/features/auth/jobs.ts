import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import { AUTH_MAIL_QUEUE, type AuthMailJob, sendAuthMail } from './send-auth-mail.ts';

export const authJobs: FeatureJobs<Deps> = [
  { queue: AUTH_MAIL_QUEUE, handler: (deps, job: AuthMailJob) => sendAuthMail(deps, job) },
];
