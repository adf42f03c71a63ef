import {
  experimentResultsSchema,
  FUNNEL_DEFAULT_DAYS,
  funnelAnalyticsSchema,
  marketplaceHealthSchema,
  toDay,
  variantConfidence,
} from '@adwuma/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Tx } from '../../db/client.ts';
import { eventTracking } from '../../db/schema.ts';
import { ADMIN_FORBIDDEN_MESSAGE } from '../../kernel/http/session.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeAdmin, signUp, type TestUser } from '../../test/auth.ts';
import { call } from '../../test/providers.ts';

type EventRow = typeof eventTracking.$inferInsert;

/** One event: [type, session (null: none), utm_source (null: direct), page, instant]. */
function ev(
  event_type: EventRow['event_type'],
  session_id: string | null,
  utm_source: string | null,
  page_path: string,
  at: string,
  event_data?: Record<string, unknown>,
): EventRow {
  return {
    event_type,
    session_id,
    utm_source,
    page_path,
    created_at: new Date(at),
    event_data: event_data ?? null,
  };
}

/**
 * The funnel's known event set. A session counts, whole, on the Accra day (= UTC day) of its first
 * event, for the first source it carried. The range 2026-11-01..07 holds nine sessions: A (google)
 * visits, signs up and converts; C (facebook) converts on the waitlist at 23:59:59 on the last day;
 * D (direct) starts at the first instant of the range and comes back at 00:00:00 the day after it
 * (both page views count on 11-01); E (direct) signs up; F..J one session per other source (whatsapp
 * twice). B (google) looks around on 11-02 but started on 10-31, so it counts, with its 11-02 page
 * views, in the previous period. Two events carry no session: a google page view and a waitlist
 * conversion. The previous period 10-25..31 holds P1 (signs up at 23:59:59), P2 (at 00:00:00) and B;
 * X comes one second before it, K at the first instant after the range.
 */
const FUNNEL_EVENTS: EventRow[] = [
  ev('page_view', 'sA', 'google', '/', '2026-11-01T10:00:00Z'),
  ev('page_view', 'sA', 'google', '/auth', '2026-11-01T10:05:00Z'),
  ev('user_signup', 'sA', 'google', '/auth', '2026-11-01T10:06:00Z'),
  ev('conversion', 'sA', 'google', '/auth', '2026-11-01T10:06:01Z'),
  ev('page_view', 'sB', 'google', '/', '2026-11-02T09:00:00Z'),
  ev('page_view', 'sB', 'google', '/search', '2026-11-02T09:10:00Z'),
  ev('page_view', 'sC', 'facebook', '/landing', '2026-11-07T23:59:59Z'),
  ev('conversion', 'sC', 'facebook', '/landing', '2026-11-07T23:59:59Z'),
  ev('page_view', 'sD', null, '/', '2026-11-01T00:00:00Z'),
  ev('page_view', 'sD', null, '/', '2026-11-08T00:00:00Z'),
  ev('page_view', 'sE', null, '/auth', '2026-11-03T12:00:00Z'),
  ev('user_signup', 'sE', null, '/auth', '2026-11-03T12:01:00Z'),
  ev('page_view', null, 'google', '/', '2026-11-04T08:00:00Z'),
  ev('conversion', null, null, '/landing', '2026-11-05T08:00:00Z'),
  ev('page_view', 'sF', 'whatsapp', '/', '2026-11-05T15:00:00Z'),
  ev('page_view', 'sF', 'whatsapp', '/search', '2026-11-05T15:02:00Z'),
  ev('page_view', 'sG', 'instagram', '/', '2026-11-06T10:00:00Z'),
  ev('page_view', 'sH', 'tiktok', '/', '2026-11-06T11:00:00Z'),
  ev('page_view', 'sI', 'twitter', '/', '2026-11-06T12:00:00Z'),
  ev('page_view', 'sJ', 'newsletter', '/', '2026-11-06T13:00:00Z'),
  // The previous period, and one second before it.
  ev('page_view', 'sP1', 'google', '/', '2026-10-31T23:59:58Z'),
  ev('user_signup', 'sP1', 'google', '/auth', '2026-10-31T23:59:59Z'),
  ev('page_view', 'sP2', null, '/', '2026-10-25T00:00:00Z'),
  ev('page_view', 'sB', 'google', '/', '2026-10-31T12:00:00Z'),
  ev('page_view', 'sX', null, '/', '2026-10-24T23:59:59Z'),
  // The first instant after the range.
  ev('page_view', 'sK', null, '/', '2026-11-08T00:00:00Z'),
];

const exposure = (session: string | null, variant: string, at: string, experiment = 'landing_hero') =>
  ev('ab_test', session, null, '/', at, { experiment, variant });

/**
 * The experiment's known events (2026-10-01..07): control seen by c1..c4 (c1 twice), c1 converts,
 * c4 converts only after the range; local seen by l1, l2, both convert; an exposure without a
 * session, a variant and an experiment nobody defined are ignored.
 */
const EXPERIMENT_EVENTS: EventRow[] = [
  exposure('c1', 'control', '2026-10-01T10:00:00Z'),
  exposure('c1', 'control', '2026-10-02T10:00:00Z'),
  exposure('c2', 'control', '2026-10-02T11:00:00Z'),
  exposure('c3', 'control', '2026-10-03T11:00:00Z'),
  exposure('c4', 'control', '2026-10-07T23:00:00Z'),
  exposure('l1', 'local', '2026-10-01T12:00:00Z'),
  exposure('l2', 'local', '2026-10-04T12:00:00Z'),
  exposure(null, 'local', '2026-10-04T12:00:00Z'),
  exposure('z1', 'shouty', '2026-10-04T12:00:00Z'),
  exposure('z2', 'control', '2026-10-04T12:00:00Z', 'pricing_page'),
  ev('conversion', 'c1', null, '/auth', '2026-10-01T10:30:00Z'),
  ev('conversion', 'c4', null, '/auth', '2026-10-08T00:00:00Z'),
  ev('conversion', 'l1', null, '/auth', '2026-10-01T12:30:00Z'),
  ev('conversion', 'l2', null, '/auth', '2026-10-05T12:30:00Z'),
  ev('conversion', 'z2', null, '/auth', '2026-10-05T12:30:00Z'),
];

const zeroTotals = {
  page_views: 0,
  signups: 0,
  conversions: 0,
  conversion_rate: 0,
  total_visitors: 0,
  total_conversions: 0,
};

describe('admin analytics: funnel and experiments', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, customer] = await Promise.all([signUp(t, { name: 'Chief Admin' }), signUp(t)]);
    await makeAdmin(t, admin.id);
    await t.database.db.insert(eventTracking).values([...FUNNEL_EVENTS, ...EXPERIMENT_EVENTS]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const funnel = async (query: string) => {
    const res = await call(t, 'GET', `/api/admin/analytics/funnel${query}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return funnelAnalyticsSchema.parse(res.json());
  };

  it('refuses everyone but the admin', async () => {
    for (const path of ['funnel', 'health', 'experiments']) {
      const url = `/api/admin/analytics/${path}?start=nonsense`;
      expect((await call(t, 'GET', url)).statusCode, url).toBe(401);
      const res = await call(t, 'GET', url, customer.cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toBe(ADMIN_FORBIDDEN_MESSAGE);
      expect((await call(t, 'GET', url, admin.cookie)).statusCode, url).toBe(400);
    }
  });

  it('refuses a bad range with a 400 naming the field', async () => {
    const cases: [string, string, string][] = [
      ['?start=yesterday', 'start', 'Use a date like 2026-11-01'],
      ['?start=2026-02-30', 'start', '2026-02-30 is not a date'],
      ['?start=2026-11-01&end=2026-13-01', 'end', '2026-13-01 is not a date'],
      ['?end=6819-33-98', 'end', '6819-33-98 is not a date'],
      ['?start=6819-33-98', 'start', '6819-33-98 is not a date'],
      ['?end=0001-01-10', 'end', 'Choose a date from 2000-01-01 on'],
      ['?start=2026-11-07&end=2026-11-01', 'end', 'The end date is before the start date'],
      ['?start=2024-01-01&end=2025-01-01', 'end', 'Choose at most 366 days'],
      [`?start=${toDay(new Date(Date.now() + 2 * 86_400_000))}`, 'start', 'The start date is in the future'],
    ];
    for (const path of ['funnel', 'health', 'experiments']) {
      for (const [query, field, message] of cases) {
        const res = await call(t, 'GET', `/api/admin/analytics/${path}${query}`, admin.cookie);
        expect(res.statusCode, `${path}${query}`).toBe(400);
        expect(res.json().error, `${path}${query}`).toMatchObject({
          code: 'VALIDATION_ERROR',
          details: { fields: [{ field, message }] },
        });
      }
    }
  });

  it('computes every field of the funnel on the known events', async () => {
    const result = await funnel('?start=2026-11-01&end=2026-11-07');
    expect(result).toEqual({
      // A 2 + C 1 + D 2 (one on 11-08) + E 1 + the sessionless google view 1 + F 2 + G..J 4.
      page_views: 13,
      signups: 2,
      conversions: 3,
      // Sessions with a conversion (A, C; not the sessionless one) of the nine visitors.
      conversion_rate: 22.2,
      total_visitors: 9,
      total_conversions: 2,
      date_range: { start: '2026-11-01', end: '2026-11-07', days: 7 },
      // Ties by name, "(direct)" first: the sessionless google view counts for google.
      utm_breakdown: [
        { source: '(direct)', page_views: 3 },
        { source: 'google', page_views: 3 },
        { source: 'whatsapp', page_views: 2 },
        { source: 'facebook', page_views: 1 },
        { source: 'instagram', page_views: 1 },
        { source: '(other)', page_views: 3 },
      ],
      funnel_breakdown: [
        { step: 'visited', sessions: 9, drop_off_percent: 0 },
        { step: 'signed_up', sessions: 2, drop_off_percent: 77.8 },
        { step: 'converted', sessions: 1, drop_off_percent: 50 },
      ],
      // By visitors, then page views: google's visitor is A alone (the sessionless view is nobody).
      utm_performance: [
        { source: '(direct)', visitors: 2, signups: 1, conversions: 0, conversion_rate: 0 },
        { source: 'google', visitors: 1, signups: 1, conversions: 1, conversion_rate: 100 },
        { source: 'whatsapp', visitors: 1, signups: 0, conversions: 0, conversion_rate: 0 },
        { source: 'facebook', visitors: 1, signups: 0, conversions: 1, conversion_rate: 100 },
        { source: 'instagram', visitors: 1, signups: 0, conversions: 0, conversion_rate: 0 },
        { source: '(other)', visitors: 3, signups: 0, conversions: 0, conversion_rate: 0 },
      ],
      top_converting_pages: [
        { page_path: '/landing', conversions: 2, page_views: 1 },
        { page_path: '/auth', conversions: 1, page_views: 2 },
      ],
      time_series: [
        { date: '2026-11-01', visitors: 2, page_views: 4, signups: 1, conversions: 1 },
        { date: '2026-11-02', visitors: 0, page_views: 0, signups: 0, conversions: 0 },
        { date: '2026-11-03', visitors: 1, page_views: 1, signups: 1, conversions: 0 },
        { date: '2026-11-04', visitors: 0, page_views: 1, signups: 0, conversions: 0 },
        { date: '2026-11-05', visitors: 1, page_views: 2, signups: 0, conversions: 1 },
        { date: '2026-11-06', visitors: 4, page_views: 4, signups: 0, conversions: 0 },
        { date: '2026-11-07', visitors: 1, page_views: 1, signups: 0, conversions: 1 },
      ],
      // P1 1, P2 1 and B 3 (its two 11-02 views included); X is a second too early.
      previous: {
        page_views: 5,
        signups: 1,
        conversions: 0,
        conversion_rate: 0,
        total_visitors: 3,
        total_conversions: 0,
        date_range: { start: '2026-10-25', end: '2026-10-31', days: 7 },
      },
    });
  });

  it('counts 23:59:59Z in its Accra day and 00:00:00Z in the next; a visit on its first day (one-day ranges)', async () => {
    const last = await funnel('?start=2026-11-07&end=2026-11-07');
    expect(last).toMatchObject({
      page_views: 1,
      conversions: 1,
      total_visitors: 1,
      total_conversions: 1,
      conversion_rate: 100,
      date_range: { start: '2026-11-07', end: '2026-11-07', days: 1 },
      time_series: [{ date: '2026-11-07', visitors: 1, page_views: 1, signups: 0, conversions: 1 }],
      top_converting_pages: [{ page_path: '/landing', conversions: 1, page_views: 1 }],
      previous: {
        page_views: 4,
        total_visitors: 4,
        date_range: { start: '2026-11-06', end: '2026-11-06', days: 1 },
      },
    });
    const next = await funnel('?start=2026-11-08&end=2026-11-08');
    expect(next).toMatchObject({
      page_views: 1,
      conversions: 0,
      total_visitors: 1,
      utm_breakdown: [{ source: '(direct)', page_views: 1 }],
      time_series: [{ date: '2026-11-08', visitors: 1, page_views: 1, signups: 0, conversions: 0 }],
      previous: { page_views: 1, conversions: 1, total_visitors: 1 },
    });
    // D's 00:00:00Z view on 11-08 stays with D, on 11-01; B's 11-02 views stay with B, on 10-31.
    const first = await funnel('?start=2026-11-01&end=2026-11-01');
    expect(first).toMatchObject({
      page_views: 4,
      total_visitors: 2,
      time_series: [{ date: '2026-11-01', visitors: 2, page_views: 4, signups: 1, conversions: 1 }],
      previous: { page_views: 4, signups: 1, total_visitors: 2 },
    });
  });

  it('answers an empty range with zeros and a day for each day', async () => {
    const result = await funnel('?start=2026-09-01&end=2026-09-30');
    expect(result).toMatchObject({
      ...zeroTotals,
      utm_breakdown: [],
      utm_performance: [],
      top_converting_pages: [],
      funnel_breakdown: [
        { step: 'visited', sessions: 0, drop_off_percent: 0 },
        { step: 'signed_up', sessions: 0, drop_off_percent: 0 },
        { step: 'converted', sessions: 0, drop_off_percent: 0 },
      ],
      previous: { ...zeroTotals, date_range: { start: '2026-08-02', end: '2026-08-31', days: 30 } },
    });
    expect(result.time_series).toHaveLength(30);
    expect(result.time_series[0]).toEqual({
      date: '2026-09-01',
      visitors: 0,
      page_views: 0,
      signups: 0,
      conversions: 0,
    });
    expect(result.time_series.at(-1)?.date).toBe('2026-09-30');
  });

  it('covers the last 30 days to today without a range', async () => {
    const result = await funnel('');
    const today = toDay(new Date());
    expect(result.date_range).toMatchObject({ end: today, days: FUNNEL_DEFAULT_DAYS });
    expect(result.time_series.at(-1)?.date).toBe(today);
    expect(result.time_series).toHaveLength(FUNNEL_DEFAULT_DAYS);
  });

  /**
   * Inserts the batches in order (each through the trigger) inside a transaction that is rolled
   * back, so the other tests' data stays; answers event_sessions as the trigger left it and as
   * adwuma_rebuild_event_sessions() makes it from all the events.
   */
  async function triggerAndRebuild(batches: EventRow[][]) {
    const snapshot = async (tx: Tx) =>
      rowsOf(
        await tx.execute(sql`
          select session_key, to_char(day, 'YYYY-MM-DD') as day, anonymous, utm_source, page_views, signups,
            conversions
          from event_sessions order by session_key collate "C"`),
      );
    const ROLLBACK = new Error('rollback');
    let byTrigger: Record<string, unknown>[] = [];
    let rebuilt: Record<string, unknown>[] = [];
    const before = await t.database.db.transaction(snapshot);
    await t.database.db
      .transaction(async (tx) => {
        for (const rows of batches) await tx.insert(eventTracking).values(rows);
        byTrigger = await snapshot(tx);
        await tx.execute(sql`select adwuma_rebuild_event_sessions()`);
        rebuilt = await snapshot(tx);
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    expect(await t.database.db.transaction(snapshot)).toEqual(before);
    return { byTrigger, rebuilt, row: (key: string) => byTrigger.find((r) => r.session_key === key) };
  }

  it('keeps event_sessions, insert by insert, equal to a rebuild from all events', async () => {
    // Sessions m1, m2, m4 and sessionless events in March 2025, one by one and in batches, in and
    // out of time order.
    const { byTrigger, rebuilt, row } = await triggerAndRebuild([
      [ev('page_view', 'm1', 'google', '/', '2025-03-10T12:00:00Z')],
      // Earlier than m1's first event: m1 now starts the day before.
      [ev('page_view', 'm1', 'google', '/search', '2025-03-09T23:59:59Z')],
      [ev('page_view', null, 'google', '/', '2025-03-10T08:00:00Z')],
      [
        ev('page_view', 'm2', null, '/', '2025-03-10T10:00:00Z'),
        ev('user_signup', 'm2', 'facebook', '/auth', '2025-03-10T10:05:00Z'),
        ev('conversion', 'm2', 'whatsapp', '/auth', '2025-03-10T10:06:00Z'),
        ev('conversion', null, null, '/landing', '2025-03-10T09:00:00Z'),
      ],
      [ev('user_signup', 'm1', 'google', '/auth', '2025-03-10T12:01:00Z')],
      [ev('page_view', null, 'tiktok', '/', '2025-03-11T00:00:00Z')],
      // A sessionless view earlier that day (same source) arrives late.
      [ev('page_view', null, 'google', '/pricing', '2025-03-10T07:00:00Z')],
      [
        ev('page_view', 'm4', null, '/', '2025-03-13T09:00:00Z'),
        ev('page_view', 'm4', null, '/', '2025-03-12T23:00:00Z'),
        ev('page_view', null, null, '/', '2025-03-13T23:59:59Z'),
      ],
    ]);
    expect(byTrigger).toEqual(rebuilt);
    // The funnel's own events (B's 10-31 view came after its 11-02 ones) are in both.
    expect(row('sB')).toMatchObject({ day: '2026-10-31', utm_source: 'google', page_views: 3 });
    expect(row('m1')).toEqual({
      session_key: 'm1',
      day: '2025-03-09',
      anonymous: false,
      utm_source: 'google',
      page_views: 2,
      signups: 1,
      conversions: 0,
    });
    expect(row('m2')).toMatchObject({
      day: '2025-03-10',
      utm_source: 'facebook',
      signups: 1,
      conversions: 1,
    });
    expect(row('m4')).toMatchObject({ day: '2025-03-12', utm_source: null, page_views: 2 });
    expect(row('~2025-03-10')).toMatchObject({
      anonymous: true,
      utm_source: 'google',
      page_views: 2,
      conversions: 1,
    });
    expect(row('~2025-03-11')).toMatchObject({ anonymous: true, utm_source: 'tiktok', page_views: 1 });
    expect(row('~2025-03-13')).toMatchObject({ anonymous: true, utm_source: null, page_views: 1 });
  });

  it('gives a session the source of its earliest event, also when that event arrives late', async () => {
    // The rebuild takes the first source by time; the trigger must agree when an earlier event
    // with another source is inserted after a later one (a phone's queued events sent late).
    const { byTrigger, rebuilt, row } = await triggerAndRebuild([
      [ev('page_view', 'm3', 'twitter', '/', '2025-03-12T15:00:00Z')],
      [ev('page_view', 'm3', 'instagram', '/jobs', '2025-03-12T14:00:00Z')],
      [ev('page_view', null, 'google', '/', '2025-03-14T08:00:00Z')],
      [ev('page_view', null, 'tiktok', '/pricing', '2025-03-14T07:00:00Z')],
    ]);
    expect(rebuilt.find((r) => r.session_key === 'm3')).toMatchObject({ utm_source: 'instagram' });
    expect(row('m3')).toMatchObject({ day: '2025-03-12', utm_source: 'instagram', page_views: 2 });
    expect(row('~2025-03-14')).toMatchObject({ utm_source: 'tiktok', page_views: 2 });
    expect(byTrigger).toEqual(rebuilt);
  });

  it('gives each variant its visitors, conversions and confidence against control', async () => {
    const res = await call(
      t,
      'GET',
      '/api/admin/analytics/experiments?start=2026-10-01&end=2026-10-07',
      admin.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const result = experimentResultsSchema.parse(res.json());
    const confidence = variantConfidence({ visitors: 4, conversions: 1 }, { visitors: 2, conversions: 2 });
    expect(confidence).toBeGreaterThan(0);
    expect(result.experiments).toEqual([
      {
        name: 'landing_hero',
        description: expect.any(String),
        variants: [
          { variant: 'control', visitors: 4, conversions: 1, conversion_rate: 25, confidence_percent: null },
          {
            variant: 'local',
            visitors: 2,
            conversions: 2,
            conversion_rate: 100,
            confidence_percent: confidence,
          },
        ],
      },
    ]);

    const empty = await call(
      t,
      'GET',
      '/api/admin/analytics/experiments?start=2026-09-01&end=2026-09-07',
      admin.cookie,
    );
    expect(experimentResultsSchema.parse(empty.json()).experiments[0]!.variants).toEqual([
      { variant: 'control', visitors: 0, conversions: 0, conversion_rate: 0, confidence_percent: null },
      { variant: 'local', visitors: 0, conversions: 0, conversion_rate: 0, confidence_percent: null },
    ]);
  });

  it('shows no money, no activation and no searches without payments or data', async () => {
    const res = await call(
      t,
      'GET',
      '/api/admin/analytics/health?start=2026-09-01&end=2026-09-30',
      admin.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(marketplaceHealthSchema.parse(res.json())).toEqual({
      date_range: { start: '2026-09-01', end: '2026-09-30', days: 30 },
      provider_activation: [
        { step: 'signed_up', providers: 0 },
        { step: 'onboarded', providers: 0 },
        { step: 'verified', providers: 0 },
        { step: 'first_bid', providers: 0 },
        { step: 'first_booking', providers: 0 },
      ],
      jobs: { posted: 0, bid_within_24h_percent: 0, median_hours_to_first_bid: null, fill_rate_percent: 0 },
      bookings_completed: 0,
      disputes_opened: 0,
      average_rating: null,
      reviews: 0,
      money: null,
      searches_without_results: [],
    });
  });
});
