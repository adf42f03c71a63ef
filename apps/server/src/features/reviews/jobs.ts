import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import { publishDueReviews, REVIEWS_PUBLISH_CRON, REVIEWS_PUBLISH_QUEUE } from './publish-reviews.ts';

export const reviewJobs: FeatureJobs<Deps> = [
  {
    queue: REVIEWS_PUBLISH_QUEUE,
    schedule: REVIEWS_PUBLISH_CRON,
    handler: async (deps) => {
      await publishDueReviews(deps);
    },
  },
];
