import { describe, expect, it } from 'vitest';
import { makeBooking } from '../quotes/test/fixtures.ts';
import { dayHeading, expiryText, formatDateRange } from './dates.ts';
import { groupBookings, nextBookings } from './group-bookings.ts';

// 23:30 in Accra is still the 22nd: Ghana keeps UTC all year.
const NOW = new Date('2026-11-22T23:30:00Z');

describe('groupBookings', () => {
  it('puts upcoming days first (soonest first), then the undated, then past days (latest first)', () => {
    const items = [
      makeBooking({ id: 'past-old', scheduled_date: '2026-10-01' }),
      makeBooking({ id: 'later', scheduled_date: '2026-12-05' }),
      makeBooking({ id: 'undated-old', scheduled_date: null, created_at: '2026-11-01T10:00:00Z' }),
      makeBooking({ id: 'today', scheduled_date: '2026-11-22' }),
      makeBooking({ id: 'past-recent', scheduled_date: '2026-11-21' }),
      makeBooking({ id: 'undated-new', scheduled_date: null, created_at: '2026-11-20T10:00:00Z' }),
      // A window that started before today and ends after it is still under way.
      makeBooking({ id: 'window', scheduled_date: '2026-11-20', scheduled_end_date: '2026-11-23' }),
      makeBooking({ id: 'today-2', scheduled_date: '2026-11-22', created_at: '2026-11-02T10:00:00Z' }),
    ];
    const agenda = groupBookings(items, NOW);
    expect(agenda.upcoming.map((d) => [d.date, d.items.map((b) => b.id)])).toEqual([
      ['2026-11-20', ['window']],
      ['2026-11-22', ['today', 'today-2']],
      ['2026-12-05', ['later']],
    ]);
    expect(agenda.undated.map((b) => b.id)).toEqual(['undated-new', 'undated-old']);
    expect(agenda.past.map((d) => d.date)).toEqual(['2026-11-21', '2026-10-01']);
  });

  it('the next bookings skip the past, the undated and the cancelled', () => {
    const items = [
      makeBooking({ id: 'a', scheduled_date: '2026-11-25' }),
      makeBooking({ id: 'b', scheduled_date: '2026-11-23', status: 'cancelled' }),
      makeBooking({ id: 'c', scheduled_date: null }),
      makeBooking({ id: 'd', scheduled_date: '2026-11-10' }),
      makeBooking({ id: 'e', scheduled_date: '2026-11-24' }),
      makeBooking({ id: 'f', scheduled_date: '2026-11-30' }),
      makeBooking({ id: 'g', scheduled_date: '2026-12-30' }),
    ];
    expect(nextBookings(items, 3, NOW).map((b) => b.id)).toEqual(['e', 'a', 'f']);
  });
});

describe('dates in Ghana time', () => {
  it('names days relative to today and writes ranges', () => {
    expect(dayHeading('2026-11-22', NOW)).toEqual({ label: 'Today', detail: 'Sunday 22 November' });
    expect(dayHeading('2026-11-23', NOW).label).toBe('Tomorrow');
    expect(dayHeading('2027-01-08', NOW)).toEqual({ label: 'Friday 8 January 2027', detail: null });
    expect(formatDateRange('2026-11-20', '2026-11-23', NOW)).toBe('Fri 20 Nov – Mon 23 Nov');
  });

  it('says when a request expires', () => {
    expect(expiryText('2026-11-25T23:30:00Z', NOW)).toBe('Expires in 3 days');
    expect(expiryText('2026-11-23T04:30:00Z', NOW)).toBe('Expires in 5 hours');
    expect(expiryText('2026-11-22T23:50:00Z', NOW)).toBe('Expires in less than an hour');
    expect(expiryText('2026-11-22T10:00:00Z', NOW)).toBe('Expired');
  });
});
