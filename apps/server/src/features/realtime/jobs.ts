import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import { pruneEvents } from './events.ts';

export const REALTIME_PRUNE_QUEUE = 'realtime-prune';

export const realtimeJobs: FeatureJobs<Deps> = [
  {
    queue: REALTIME_PRUNE_QUEUE,
    schedule: '17 3 * * *',
    handler: async (deps) => {
      await pruneEvents(deps.database.db);
    },
  },
];
