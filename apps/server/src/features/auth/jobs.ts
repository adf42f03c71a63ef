import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import { AUTH_MAIL_QUEUE, type AuthMailJob, sendAuthMail } from './send-auth-mail.ts';
import { pruneSignInFailures } from './sign-in-throttle.ts';

/** Issue 29: sign-in failure counts quiet for a day are forgotten, hourly at minute 47. */
export const SIGN_IN_FAILURES_PRUNE_QUEUE = 'auth.sign-in-failures.prune';

export const authJobs: FeatureJobs<Deps> = [
  { queue: AUTH_MAIL_QUEUE, handler: (deps, job: AuthMailJob) => sendAuthMail(deps, job) },
  {
    queue: SIGN_IN_FAILURES_PRUNE_QUEUE,
    schedule: '47 * * * *',
    handler: (deps) => pruneSignInFailures(deps.database),
  },
];
