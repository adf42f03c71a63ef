import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client.ts';
import { databaseUrlFor } from './database.ts';
import { prepareTemplate } from './template.ts';

/**
 * Creates a migrated template database on the Postgres server (TEST_DATABASE_URL); every test file
 * gets its own `CREATE DATABASE ... TEMPLATE` copy.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the api-postgres project');
  const name = `adwuma_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openPostgres(databaseUrlFor(adminUrl, name), 2);
  await prepareTemplate(database);
  await database.close();
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
