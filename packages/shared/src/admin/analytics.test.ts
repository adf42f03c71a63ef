import { describe, expect, it } from 'vitest';
import {
  conversionRate,
  daysOf,
  FUNNEL_DEFAULT_DAYS,
  FUNNEL_MAX_DAYS,
  funnelAnalyticsSchema,
  percentChange,
  previousRange,
  rangeInstants,
  resolveRange,
  toDay,
} from './analytics.ts';

const NOW = new Date('2026-11-27T18:30:00Z');

describe('resolveRange', () => {
  it('defaults to the last 30 days ending today (Accra = UTC)', () => {
    expect(resolveRange({}, NOW)).toEqual({
      start: '2026-10-29',
      end: '2026-11-27',
      days: FUNNEL_DEFAULT_DAYS,
    });
  });

  it('takes today from the UTC date, even one second before midnight', () => {
    expect(resolveRange({}, new Date('2026-11-27T23:59:59Z'))).toMatchObject({ end: '2026-11-27' });
    expect(resolveRange({}, new Date('2026-11-28T00:00:00Z'))).toMatchObject({ end: '2026-11-28' });
  });

  it('with only an end, covers the 30 days ending then', () => {
    expect(resolveRange({ end: '2026-03-31' }, NOW)).toEqual({
      start: '2026-03-02',
      end: '2026-03-31',
      days: 30,
    });
  });

  it('with only a start, runs from then to today', () => {
    expect(resolveRange({ start: '2026-11-20' }, NOW)).toEqual({
      start: '2026-11-20',
      end: '2026-11-27',
      days: 8,
    });
  });

  it('counts both ends: one day when start = end', () => {
    expect(resolveRange({ start: '2026-11-01', end: '2026-11-01' }, NOW)).toEqual({
      start: '2026-11-01',
      end: '2026-11-01',
      days: 1,
    });
  });

  it('refuses a date that does not exist, naming the field', () => {
    expect(resolveRange({ start: '2026-02-30' }, NOW)).toEqual({
      field: 'start',
      message: '2026-02-30 is not a date',
    });
    expect(resolveRange({ start: '2026-11-01', end: '2026-13-01' }, NOW)).toEqual({
      field: 'end',
      message: '2026-13-01 is not a date',
    });
  });

  it('checks the given dates before counting a default start from them', () => {
    expect(resolveRange({ end: '6819-33-98' }, NOW)).toEqual({
      field: 'end',
      message: '6819-33-98 is not a date',
    });
    expect(resolveRange({ start: '2026-11-01', end: '6819-33-98' }, NOW)).toEqual({
      field: 'end',
      message: '6819-33-98 is not a date',
    });
    expect(resolveRange({ start: '6819-33-98', end: '2026-11-01' }, NOW)).toEqual({
      field: 'start',
      message: '6819-33-98 is not a date',
    });
  });

  it('refuses a range starting before 2000 (its previous period would leave the calendar)', () => {
    expect(resolveRange({ end: '0000-01-10' }, NOW)).toEqual({
      field: 'end',
      message: 'Choose a date from 2000-01-01 on',
    });
    expect(resolveRange({ start: '1999-12-31', end: '2000-01-05' }, NOW)).toEqual({
      field: 'start',
      message: 'Choose a date from 2000-01-01 on',
    });
    expect(resolveRange({ start: '2000-01-01', end: '2000-01-05' }, NOW)).toMatchObject({ days: 5 });
  });

  it('refuses a start in the future', () => {
    expect(resolveRange({ start: '2026-11-28' }, NOW)).toEqual({
      field: 'start',
      message: 'The start date is in the future',
    });
  });

  it('refuses an end before the start', () => {
    expect(resolveRange({ start: '2026-11-10', end: '2026-11-09' }, NOW)).toEqual({
      field: 'end',
      message: 'The end date is before the start date',
    });
  });

  it('allows at most 366 days', () => {
    expect(resolveRange({ start: '2024-01-01', end: '2024-12-31' }, NOW)).toMatchObject({
      days: FUNNEL_MAX_DAYS,
    });
    expect(resolveRange({ start: '2025-01-01', end: '2026-01-02' }, NOW)).toEqual({
      field: 'end',
      message: 'Choose at most 366 days',
    });
  });
});

describe('previousRange', () => {
  it('is the same number of days just before the range', () => {
    expect(previousRange({ start: '2026-11-01', end: '2026-11-07', days: 7 })).toEqual({
      start: '2026-10-25',
      end: '2026-10-31',
      days: 7,
    });
  });

  it('crosses month and leap-year boundaries', () => {
    expect(previousRange({ start: '2024-03-01', end: '2024-03-01', days: 1 })).toEqual({
      start: '2024-02-29',
      end: '2024-02-29',
      days: 1,
    });
  });
});

describe('rangeInstants and daysOf', () => {
  it('covers the days half-open, from midnight to the midnight after the end', () => {
    const { from, to } = rangeInstants({ start: '2026-11-01', end: '2026-11-07', days: 7 });
    expect(from.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(to.toISOString()).toBe('2026-11-08T00:00:00.000Z');
  });

  it('lists every day of the range in order', () => {
    expect(daysOf({ start: '2026-02-27', end: '2026-03-02', days: 4 })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('toDay is the UTC calendar day', () => {
    expect(toDay(new Date('2026-11-07T23:59:59Z'))).toBe('2026-11-07');
  });
});

describe('conversionRate', () => {
  it('is a percentage with one decimal', () => {
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 3)).toBe(66.7);
    expect(conversionRate(5, 5)).toBe(100);
  });

  it('is 0 when nobody visited', () => {
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(3, 0)).toBe(0);
  });
});

describe('percentChange', () => {
  it('is the change against the previous period, one decimal', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(2, 3)).toBe(-33.3);
  });

  it('is 0 from nothing to nothing, and null from nothing to something', () => {
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(5, 0)).toBeNull();
  });
});

describe('funnelAnalyticsSchema', () => {
  it('refuses a negative or fractional count', () => {
    const totals = {
      page_views: 1,
      signups: 0,
      conversions: 0,
      conversion_rate: 0,
      total_visitors: 1,
      total_conversions: 0,
    };
    const range = { start: '2026-11-01', end: '2026-11-01', days: 1 };
    const answer = {
      ...totals,
      date_range: range,
      utm_breakdown: [],
      funnel_breakdown: [],
      utm_performance: [],
      top_converting_pages: [],
      time_series: [],
      previous: { ...totals, date_range: range },
    };
    expect(funnelAnalyticsSchema.safeParse(answer).success).toBe(true);
    expect(funnelAnalyticsSchema.safeParse({ ...answer, page_views: -1 }).success).toBe(false);
    expect(funnelAnalyticsSchema.safeParse({ ...answer, signups: 0.5 }).success).toBe(false);
  });
});
