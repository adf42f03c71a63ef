import type { Database } from '../db/client.ts';
import { seedReferenceData } from '../db/seed.ts';
import { createJobQueue } from '../plugins/jobs.ts';
import { silentLogger } from './logger.ts';

/** Makes a database a ready template: migrations, reference data and the job queue's schema. */
export async function prepareTemplate(database: Database): Promise<void> {
  await database.migrate();
  await seedReferenceData(database);
  const jobs = createJobQueue({ database, log: silentLogger, runWorkers: false });
  await jobs.start();
  await jobs.stop();
}
