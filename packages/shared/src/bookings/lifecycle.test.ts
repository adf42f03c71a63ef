import { describe, expect, it } from 'vitest';
import {
  autoCompleteAt,
  availableBookingActions,
  BOOKING_ACTIONS,
  BOOKING_MESSAGES,
  BOOKING_STATUSES,
  BOOKING_TRANSITIONS,
  bookingDayReached,
  bookingStart,
  cancellationPolicy,
  checkBookingTransition,
  computeEarnings,
  rangesOverlap,
  rescheduleInputSchema,
  tooEarlyFor,
} from './lifecycle.ts';

describe('the booking transition table', () => {
  it('is complete: every action names its states, actors and result', () => {
    for (const action of BOOKING_ACTIONS) {
      const t = BOOKING_TRANSITIONS[action];
      expect(t.from.length, action).toBeGreaterThan(0);
      for (const s of t.from) expect(BOOKING_STATUSES).toContain(s);
    }
  });
  it.each([
    ['scheduled', 'start', 'provider', 'in_progress'],
    ['scheduled', 'mark_done', 'provider', 'awaiting_confirmation'],
    ['in_progress', 'mark_done', 'provider', 'awaiting_confirmation'],
    ['awaiting_confirmation', 'confirm', 'customer', 'completed'],
    ['awaiting_confirmation', 'auto_complete', 'system', 'completed'],
    ['scheduled', 'cancel', 'customer', 'cancelled'],
    ['in_progress', 'cancel', 'provider', 'cancelled'],
    ['completed', 'open_dispute', 'customer', 'disputed'],
    ['scheduled', 'propose_reschedule', 'provider', null],
  ] as const)('%s --%s by %s--> %s', (from, action, actor, to) => {
    expect(checkBookingTransition(from, action, actor)).toEqual({ ok: true, to });
  });
  it('refuses the wrong actor before the wrong state', () => {
    expect(checkBookingTransition('scheduled', 'confirm', 'provider')).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: BOOKING_MESSAGES.wrongActor('confirm'),
    });
    expect(checkBookingTransition('scheduled', 'start', 'customer').ok).toBe(false);
    expect(checkBookingTransition('awaiting_confirmation', 'auto_complete', 'customer').ok).toBe(false);
  });
  it('refuses transitions from the wrong state, and everything on a disputed booking', () => {
    expect(checkBookingTransition('completed', 'cancel', 'customer')).toMatchObject({
      ok: false,
      code: 'CONFLICT',
    });
    expect(checkBookingTransition('cancelled', 'start', 'provider')).toMatchObject({
      ok: false,
      code: 'CONFLICT',
    });
    expect(checkBookingTransition('scheduled', 'confirm', 'customer')).toMatchObject({
      ok: false,
      code: 'CONFLICT',
    });
    expect(checkBookingTransition('scheduled', 'open_dispute', 'customer').ok).toBe(false);
    expect(checkBookingTransition('disputed', 'confirm', 'customer')).toEqual({
      ok: false,
      code: 'CONFLICT',
      message: BOOKING_MESSAGES.frozen,
    });
  });
  it('lists what each side may do', () => {
    expect(availableBookingActions('scheduled', 'provider')).toEqual([
      'start',
      'mark_done',
      'cancel',
      'propose_reschedule',
      'accept_reschedule',
      'decline_reschedule',
    ]);
    expect(availableBookingActions('awaiting_confirmation', 'customer')).toEqual(['confirm', 'open_dispute']);
    expect(availableBookingActions('cancelled', 'customer')).toEqual([]);
  });
});

describe('booking times and policy', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('completes by itself 72 hours after marked done', () => {
    expect(autoCompleteAt(now).toISOString()).toBe('2026-11-25T10:00:00.000Z');
  });
  it('starts on its date at its time (Accra = UTC), or at the start of the day', () => {
    expect(bookingStart({ scheduled_date: '2026-11-24', start_time: '09:30' })?.toISOString()).toBe(
      '2026-11-24T09:30:00.000Z',
    );
    expect(bookingStart({ scheduled_date: '2026-11-24', start_time: null })?.toISOString()).toBe(
      '2026-11-24T00:00:00.000Z',
    );
    expect(bookingStart({ scheduled_date: null, start_time: null })).toBeNull();
  });
  it('cancelling is free until 24 hours before the start', () => {
    expect(cancellationPolicy(new Date('2026-11-23T10:00:00Z'), now).free).toBe(true);
    const late = cancellationPolicy(new Date('2026-11-23T09:59:00Z'), now);
    expect(late.free).toBe(false);
    expect(late.hours_before_start).toBe(23);
    expect(cancellationPolicy(null, now).free).toBe(true);
  });
  it('a late cancellation of a paid booking says what it costs the side that reads it', () => {
    const start = new Date('2026-11-23T09:59:00Z');
    const plain = cancellationPolicy(start, now).message;
    expect(cancellationPolicy(start, now, { paid: false, side: 'customer' }).message).toBe(plain);
    expect(cancellationPolicy(start, now, { paid: true, side: 'customer' }).message).toBe(
      `${plain} 10 % of the price goes to the provider; the rest is refunded to you.`,
    );
    expect(cancellationPolicy(start, now, { paid: true, side: 'provider' }).message).toBe(
      `${plain} The customer gets a full refund.`,
    );
    // In time it stays free, paid or not.
    expect(
      cancellationPolicy(new Date('2026-11-25T10:00:00Z'), now, { paid: true, side: 'customer' }).message,
    ).toBe('Cancelling is free until 24 hours before the start.');
  });
  it('detects overlapping ranges; touching ends do not overlap', () => {
    const at = (h: number) => new Date(Date.UTC(2026, 10, 24, h));
    expect(rangesOverlap(at(9), at(11), at(10), at(12))).toBe(true);
    expect(rangesOverlap(at(9), at(10), at(10), at(11))).toBe(false);
    expect(rangesOverlap(at(9), at(12), at(10), at(11))).toBe(true);
  });
  it('checks a proposed change', () => {
    expect(
      rescheduleInputSchema.safeParse({ scheduled_date: '2026-12-01', start_time: '25:00' }).success,
    ).toBe(false);
    expect(
      rescheduleInputSchema.safeParse({ scheduled_date: '2026-12-01', duration_minutes: 5 }).success,
    ).toBe(false);
    expect(
      rescheduleInputSchema.safeParse({
        scheduled_date: '2026-12-01',
        start_time: '08:30',
        duration_minutes: 120,
      }).success,
    ).toBe(true);
  });
});

describe('earnings at completion', () => {
  it('uses the tier at that moment: commission rounded to the pesewa, the rest is the provider’s', () => {
    expect(computeEarnings(45_000, 'starter')).toEqual({
      tier: 'starter',
      commission_percent: 18,
      earnings_share_percent: 82,
      commission_minor: 8_100,
      earnings_minor: 36_900,
    });
    expect(computeEarnings(12_345, 'pro')).toMatchObject({ commission_minor: 1_235, earnings_minor: 11_110 });
    expect(computeEarnings(10_000, 'premium').earnings_minor).toBe(9_500);
  });
});

describe('the booking day (start and mark done on the day or later)', () => {
  const now = new Date('2026-03-10T09:00:00Z');
  it('is reached on the date, after it, or without a date; not the day before (Accra = UTC)', () => {
    expect(bookingDayReached('2026-03-10', now)).toBe(true);
    expect(bookingDayReached('2026-03-09', now)).toBe(true);
    expect(bookingDayReached(null, now)).toBe(true);
    expect(bookingDayReached('2026-03-11', now)).toBe(false);
    expect(bookingDayReached('2026-03-11', new Date('2026-03-10T23:59:59Z'))).toBe(false);
    expect(bookingDayReached('2026-03-11', new Date('2026-03-11T00:00:00Z'))).toBe(true);
  });
  it('refuses start and mark_done before the day with their messages, and nothing else', () => {
    expect(tooEarlyFor('mark_done', '2026-03-11', now)).toBe(
      'The booking can be marked as done on its day or later.',
    );
    expect(tooEarlyFor('start', '2026-03-11', now)).toBe(BOOKING_MESSAGES.tooEarlyToStart);
    expect(tooEarlyFor('mark_done', '2026-03-10', now)).toBeNull();
    expect(tooEarlyFor('cancel', '2026-03-11', now)).toBeNull();
    expect(tooEarlyFor('propose_reschedule', '2026-03-11', now)).toBeNull();
  });
});
