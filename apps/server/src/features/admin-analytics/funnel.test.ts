import {
  experimentResultsSchema,
  FUNNEL_DEFAULT_DAYS,
  funnelAnalyticsSchema,
  marketplaceHealthSchema,
  toDay,
  variantConfidence,
} from '@adwuma/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * The funnel's known event set. The range 2026-11-01..07 (Accra days = UTC days) holds ten sessions:
 * A (google) visits, signs up and converts; B (google) looks around (and came once the day before the
 * range); C (facebook) converts on the waitlist at 23:59:59 on the last day; D (direct) at the first
 * instant of the range and again at 00:00:00 the day after it; E (direct) signs up; F..J one session
 * per other source (whatsapp twice). Two events carry no session: a google page view and a waitlist
 * conversion. The previous period 10-25..31 holds P1 (signs up at 23:59:59), P2 (at 00:00:00) and B.
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
      page_views: 14,
      signups: 2,
      conversions: 3,
      conversion_rate: 20,
      total_visitors: 10,
      total_conversions: 2,
      date_range: { start: '2026-11-01', end: '2026-11-07', days: 7 },
      utm_breakdown: [
        { source: 'google', page_views: 5 },
        { source: '(direct)', page_views: 2 },
        { source: 'whatsapp', page_views: 2 },
        { source: 'facebook', page_views: 1 },
        { source: 'instagram', page_views: 1 },
        { source: '(other)', page_views: 3 },
      ],
      funnel_breakdown: [
        { step: 'visited', sessions: 10, drop_off_percent: 0 },
        { step: 'signed_up', sessions: 2, drop_off_percent: 80 },
        { step: 'converted', sessions: 1, drop_off_percent: 50 },
      ],
      utm_performance: [
        { source: 'google', visitors: 2, signups: 1, conversions: 1, conversion_rate: 50 },
        { source: '(direct)', visitors: 2, signups: 1, conversions: 0, conversion_rate: 0 },
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
        { date: '2026-11-01', visitors: 2, page_views: 3, signups: 1, conversions: 1 },
        { date: '2026-11-02', visitors: 1, page_views: 2, signups: 0, conversions: 0 },
        { date: '2026-11-03', visitors: 1, page_views: 1, signups: 1, conversions: 0 },
        { date: '2026-11-04', visitors: 0, page_views: 1, signups: 0, conversions: 0 },
        { date: '2026-11-05', visitors: 1, page_views: 2, signups: 0, conversions: 1 },
        { date: '2026-11-06', visitors: 4, page_views: 4, signups: 0, conversions: 0 },
        { date: '2026-11-07', visitors: 1, page_views: 1, signups: 0, conversions: 1 },
      ],
      previous: {
        page_views: 3,
        signups: 1,
        conversions: 0,
        conversion_rate: 0,
        total_visitors: 3,
        total_conversions: 0,
        date_range: { start: '2026-10-25', end: '2026-10-31', days: 7 },
      },
    });
  });

  it('counts 23:59:59Z in its Accra day and 00:00:00Z in the next (one-day ranges)', async () => {
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
    const first = await funnel('?start=2026-11-01&end=2026-11-01');
    expect(first).toMatchObject({
      page_views: 3,
      total_visitors: 2,
      previous: { page_views: 2, signups: 1 },
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
