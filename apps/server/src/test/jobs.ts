import {
  type Bid,
  type BidInput,
  bidResponseSchema,
  type Job,
  type JobInput,
  jobExpiresAt,
  jobResponseSchema,
  type TierId,
  toIsoDate,
} from '@adwuma/shared';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { jobs, notifications, subscriptions } from '../db/schema.ts';
import type { TestApp } from './app.ts';
import type { TestUser } from './auth.ts';
import { call } from './providers.ts';

/** A calendar date `days` from today (UTC, Ghana's time). */
export function inDays(days: number): string {
  return toIsoDate(new Date(Date.now() + days * 86_400_000));
}

/** A job as the post-job form sends it: a plumbing job in Kumasi next week, GH₵ 200–400. */
export function jobInput(extra: Partial<JobInput> = {}): JobInput {
  return {
    title: 'Fix a leaking kitchen tap',
    category: 'plumbing',
    description: 'The kitchen tap drips all night; it needs a new washer or cartridge fitted.',
    city: 'Kumasi',
    address: 'House 12, Asokwa Road',
    latitude: 6.6885,
    longitude: -1.6244,
    when_type: 'date',
    date_start: inDays(7),
    budget_min: 20_000,
    budget_max: 40_000,
    ...extra,
  };
}

export function bidInput(extra: Partial<BidInput> = {}): BidInput {
  return {
    price: 30_000,
    message: 'I can come with a new cartridge and fix it within the hour.',
    earliest_start: inDays(2),
    duration_minutes: 90,
    ...extra,
  };
}

/** Posts a job through the API (201 expected). */
export async function postJob(t: TestApp, customer: TestUser, extra: Partial<JobInput> = {}): Promise<Job> {
  const res = await call(t, 'POST', '/api/jobs', customer.cookie, jobInput(extra));
  expect(res.statusCode, res.body).toBe(201);
  return jobResponseSchema.parse(res.json()).job;
}

/** Bids through the API (201 expected). */
export async function placeBid(
  t: TestApp,
  provider: TestUser,
  jobId: string,
  extra: Partial<BidInput> = {},
): Promise<Bid> {
  const res = await call(t, 'POST', `/api/jobs/${jobId}/bids`, provider.cookie, bidInput(extra));
  expect(res.statusCode, res.body).toBe(201);
  return bidResponseSchema.parse(res.json()).bid;
}

/**
 * Open jobs written straight to the database (many at once, for the bid limits): plumbing in
 * Kumasi, posted now.
 */
export async function insertJobs(t: TestApp, customerId: string, n: number): Promise<string[]> {
  const now = new Date();
  const rows = await t.database.db
    .insert(jobs)
    .values(
      Array.from({ length: n }, (_, i): typeof jobs.$inferInsert => ({
        customer_id: customerId,
        title: `Seeded job ${i + 1}`,
        category_slug: 'plumbing',
        description: 'A seeded job for the bid limit tests, open for bids.',
        city: 'Kumasi',
        latitude: 6.6885,
        longitude: -1.6244,
        when_type: 'flexible',
        expires_at: jobExpiresAt(now),
        created_at: now,
        updated_at: now,
      })),
    )
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

/** Puts the user on a tier (what a paid subscription would do). */
export async function setTier(t: TestApp, userId: string, tier: TierId): Promise<void> {
  await t.database.db
    .insert(subscriptions)
    .values({ user_id: userId, subscription_tier: tier, subscribed: tier !== 'starter' })
    .onConflictDoUpdate({ target: subscriptions.user_id, set: { subscription_tier: tier } });
}

/** The user's in-app notices, newest first (optionally of one kind). */
export async function noticesOf(t: TestApp, userId: string, kind?: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(
      kind
        ? and(eq(notifications.user_id, userId), eq(notifications.kind, kind))
        : eq(notifications.user_id, userId),
    )
    .orderBy(desc(notifications.created_at));
}
