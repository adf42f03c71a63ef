import { DEFAULT_GHS_PRICES, type MarketplaceHealth, marketplaceHealthSchema, toDay } from '@adwuma/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authUsers,
  bookings,
  jobBids,
  jobs,
  profiles,
  reviews,
  searchMisses,
  subscriptions,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp } from '../../test/auth.ts';
import { bookingBetween } from '../../test/bookings.ts';
import { postJob } from '../../test/jobs.ts';
import { call } from '../../test/providers.ts';
import { createWorld, type World } from '../../test/world.ts';
import { monthlyMinor } from './health-query.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

/**
 * GET /api/admin/analytics/health on the authorization world (two onboarded providers, a customer's
 * job with a bid, a scheduled booking and a completed one under dispute, a pending Pro checkout)
 * plus, written straight to the database: jobs without bids or with a late one, reviews, paid plans
 * in both currencies and things from 40 days ago that the default 30-day range leaves out.
 */
describe('admin analytics: marketplace health', () => {
  let t: TestApp;
  let world: World;
  let health: MarketplaceHealth;

  const search = async (query: string) => {
    const res = await call(t, 'GET', `/api/search?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { total: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    world = await createWorld(t);
    const { db } = t.database;
    const { customer, otherCustomer, provider, otherProvider, admin } = world.users;

    // A provider who signed up 40 days ago, and booked: outside the range.
    const early = await signUp(t, { role: 'explorer', name: 'Efua Early' });
    await db
      .update(authUsers)
      .set({ createdAt: daysAgo(40) })
      .where(eq(authUsers.id, early.id));
    await db.update(profiles).set({ verified: true }).where(eq(profiles.id, provider.id));

    // Jobs: the world's (bid within seconds, now hired), one without a bid, one whose bid came 30 h
    // later, and one posted 40 days ago.
    await db
      .update(jobs)
      .set({ status: 'hired', hired_bid_id: world.ids.bid })
      .where(eq(jobs.id, world.ids.job));
    await postJob(t, customer, { title: 'Paint the front gate' });
    const late = await postJob(t, otherCustomer, { title: 'Tile the bathroom floor' });
    await db
      .update(jobs)
      .set({ created_at: new Date(Date.now() - 31 * HOUR) })
      .where(eq(jobs.id, late.id));
    await db.insert(jobBids).values({
      job_id: late.id,
      provider_id: otherProvider.id,
      price_minor: 50_000,
      message: 'I can tile it over two days with my own cutter.',
      created_at: new Date(Date.now() - HOUR),
    });
    const old = await postJob(t, customer, { title: 'Fix the old roof' });
    await db
      .update(jobs)
      .set({ created_at: daysAgo(40) })
      .where(eq(jobs.id, old.id));

    // A booking completed 40 days ago (paid now: its payment counts, its completion does not).
    const oldBooking = await bookingBetween(t, otherCustomer.id, otherProvider.id, { completedDaysAgo: 40 });
    await db.insert(reviews).values([
      {
        booking_id: world.ids.booking,
        author_id: customer.id,
        subject_id: provider.id,
        author_role: 'customer',
        rating: 5,
        text: 'Quick and tidy work.',
      },
      {
        booking_id: world.ids.booking,
        author_id: provider.id,
        subject_id: customer.id,
        author_role: 'provider',
        rating: 4,
        text: 'Clear instructions, paid on time.',
      },
      {
        booking_id: oldBooking,
        author_id: otherCustomer.id,
        subject_id: otherProvider.id,
        author_role: 'customer',
        rating: 1,
        text: 'Came late and left a mess.',
        created_at: daysAgo(40),
      },
    ]);

    // Plans: Premium monthly (no price stored: the cedi list price), Pro annual in cedis, Pro
    // monthly in dollars, and a past-due Pro that is not active.
    const plan = (userId: string, values: Partial<typeof subscriptions.$inferInsert>) =>
      db
        .insert(subscriptions)
        .values({ user_id: userId, subscribed: true, ...values })
        .onConflictDoUpdate({ target: subscriptions.user_id, set: { subscribed: true, ...values } });
    await plan(otherProvider.id, { subscription_tier: 'premium' });
    await plan(customer.id, {
      subscription_tier: 'pro',
      cadence: 'annual',
      currency: 'GHS',
      amount_minor: 150_000,
    });
    await plan(otherCustomer.id, {
      subscription_tier: 'pro',
      cadence: 'monthly',
      currency: 'USD',
      amount_minor: 1_200,
    });
    await plan(admin.id, {
      subscription_tier: 'pro',
      cadence: 'monthly',
      currency: 'GHS',
      amount_minor: 15_000,
      status: 'past_due',
    });

    // Searches that found nothing (and some that did, or were not on page 1).
    expect((await search('q=xylophone%20tuning')).total).toBe(0);
    expect((await search('q=%20%20Xylophone%20%20Tuning%20')).total).toBe(0);
    expect((await search('category=tailoring&near=Tamale&lat=9.4008&lng=-0.8393')).total).toBe(0);
    expect((await search('q=plumbing')).total).toBeGreaterThan(0);
    expect((await search('q=xylophone%20tuning&page=2')).total).toBe(0);
    expect((await search('')).total).toBeGreaterThan(0);
    await db.insert(searchMisses).values([
      { day: toDay(daysAgo(1)), query: 'xylophone tuning', count: 4, last_seen: daysAgo(1) },
      { day: toDay(daysAgo(40)), query: 'xylophone tuning', count: 100, last_seen: daysAgo(40) },
      { day: toDay(daysAgo(40)), query: 'drone pilot', count: 100, last_seen: daysAgo(40) },
    ]);

    const res = await call(t, 'GET', '/api/admin/analytics/health', world.users.admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    health = marketplaceHealthSchema.parse(res.json());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('covers the last 30 days by default', () => {
    expect(health.date_range).toEqual({
      start: toDay(daysAgo(29)),
      end: toDay(new Date()),
      days: 30,
    });
  });

  it('follows the providers who signed up in the range through activation', () => {
    expect(health.provider_activation).toEqual([
      { step: 'signed_up', providers: 2 },
      { step: 'onboarded', providers: 2 },
      { step: 'verified', providers: 1 },
      { step: 'first_bid', providers: 2 },
      { step: 'first_booking', providers: 2 },
    ]);
  });

  it('measures job liquidity on the jobs posted in the range', () => {
    expect(health.jobs).toEqual({
      posted: 3,
      bid_within_24h_percent: 33.3,
      // The world's bid came within seconds, the late one after 30 hours: the median is halfway.
      median_hours_to_first_bid: 15,
      fill_rate_percent: 33.3,
    });
  });

  it('counts completions, disputes and reviews in the range', () => {
    expect(health.bookings_completed).toBe(1);
    expect(health.disputes_opened).toBe(1);
    expect(health.reviews).toBe(2);
    expect(health.average_rating).toBe(4.5);
  });

  it('shows GMV, commission, take rate and MRR per paid tier in cedis', async () => {
    const [paid] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.payment_status, 'released'));
    expect(paid!.n, 'both completed bookings were paid and released').toBe(2);
    expect(health.money).toEqual({
      currency: 'GHS',
      // Two bookings of GH₵ 300 paid now; the Starter commission of 18 % released on each.
      gmv_minor: 60_000,
      commission_minor: 10_800,
      take_rate_percent: 18,
      subscriptions: [
        { tier: 'pro', active: 2, mrr_minor: 12_500 + DEFAULT_GHS_PRICES.pro.monthly },
        { tier: 'premium', active: 1, mrr_minor: DEFAULT_GHS_PRICES.premium.monthly },
      ],
      mrr_minor: 12_500 + DEFAULT_GHS_PRICES.pro.monthly + DEFAULT_GHS_PRICES.premium.monthly,
    });
  });

  it('converts a plan to its monthly cedi figure', () => {
    const prices = { pro: { monthly: 100, annual: 1_000 }, premium: { monthly: 400, annual: 4_000 } };
    const row = { tier: 'pro' as const, cadence: 'monthly', currency: 'GHS', amount_minor: 90 };
    expect(monthlyMinor(row, prices)).toBe(90);
    expect(monthlyMinor({ ...row, cadence: 'annual', amount_minor: 1_200 }, prices)).toBe(100);
    expect(monthlyMinor({ ...row, currency: 'USD', amount_minor: 1_200 }, prices)).toBe(100);
    expect(monthlyMinor({ ...row, currency: 'USD', cadence: 'annual' }, prices)).toBe(83);
    expect(monthlyMinor({ ...row, currency: null, cadence: null, amount_minor: null }, prices)).toBe(100);
  });

  it('sums the searches that found nothing per query, category and place, once per search', () => {
    expect(health.searches_without_results.map(({ last_seen: _, ...rest }) => rest)).toEqual([
      { query: 'xylophone tuning', category: null, city: null, count: 6 },
      { query: '', category: 'tailoring', city: 'Tamale', count: 1 },
    ]);
    const [first] = health.searches_without_results;
    expect(Date.now() - Date.parse(first!.last_seen)).toBeLessThan(10 * 60_000);
  });

  it('never fails a search when the miss cannot be recorded', async () => {
    const { db } = t.database;
    await db.execute(sql`alter table search_misses rename to search_misses_away`);
    try {
      expect((await search('q=theremin%20lessons')).total).toBe(0);
    } finally {
      await db.execute(sql`alter table search_misses_away rename to search_misses`);
    }
    const rows = await db.select().from(searchMisses).where(eq(searchMisses.query, 'theremin lessons'));
    expect(rows).toEqual([]);
  });
});
