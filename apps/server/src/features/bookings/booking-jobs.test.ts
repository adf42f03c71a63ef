import { toIsoDate } from '@adwuma/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { markBookingPaid } from '../../test/booking-payments.ts';
import { noticesOf, setTier } from '../../test/jobs.ts';
import {
  autoCompleteBookings,
  BOOKINGS_AUTO_COMPLETE_CRON,
  BOOKINGS_AUTO_COMPLETE_QUEUE,
  BOOKINGS_REMINDERS_CRON,
  BOOKINGS_REMINDERS_QUEUE,
  sendBookingReminders,
} from './booking-jobs.ts';
import { createBooking } from './booking-store.ts';

const HOUR = 3_600_000;

describe('booking jobs: auto-completion and reminders', () => {
  let t: TestApp;
  let provider: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    provider = await signUp(t, { name: 'Yaw Asante', role: 'explorer' });
    customer = await signUp(t, { name: 'Efua Owusu' });
  });
  afterAll(() => t.close());

  async function book(set: Partial<typeof bookings.$inferInsert>): Promise<string> {
    const id = await t.database.db.transaction((tx) =>
      createBooking(tx, {
        customerId: customer.id,
        providerId: provider.id,
        source: 'quote',
        title: 'Rewire the kitchen',
        price: 80_000,
        scheduledDate: toIsoDate(new Date()),
        city: 'Kumasi',
        address: null,
      }),
    );
    // Paid (issue 18), as a booking that could be marked done is.
    await markBookingPaid(t, id);
    await t.database.db.update(bookings).set(set).where(eq(bookings.id, id));
    return id;
  }

  it('schedules both jobs on the queue (UTC = Accra)', async () => {
    const { rows } = await t.database.executeSql(
      'select name, cron from pgboss.schedule where name = any($1) order by name',
      [[BOOKINGS_AUTO_COMPLETE_QUEUE, BOOKINGS_REMINDERS_QUEUE]],
    );
    expect(rows).toEqual([
      { name: BOOKINGS_AUTO_COMPLETE_QUEUE, cron: BOOKINGS_AUTO_COMPLETE_CRON },
      { name: BOOKINGS_REMINDERS_QUEUE, cron: BOOKINGS_REMINDERS_CRON },
    ]);
  });

  it('completes bookings marked done 72 h ago, fixing earnings, telling both; younger ones wait', async () => {
    const now = new Date();
    await setTier(t, provider.id, 'premium');
    const due = await book({
      status: 'awaiting_confirmation',
      done_marked_at: new Date(now.getTime() - 73 * HOUR),
    });
    const young = await book({
      status: 'awaiting_confirmation',
      done_marked_at: new Date(now.getTime() - 71 * HOUR),
    });
    const frozen = await book({ status: 'disputed', done_marked_at: new Date(now.getTime() - 100 * HOUR) });

    const completed = await autoCompleteBookings(t.app.deps, now);
    expect(completed).toContain(due);
    expect(completed).not.toContain(young);
    const rows = await t.database.db
      .select()
      .from(bookings)
      .where(inArray(bookings.id, [due, young, frozen]));
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[due]).toMatchObject({
      status: 'completed',
      tier_at_completion: 'premium',
      commission_percent: 5,
      commission_minor: 4_000,
      earnings_minor: 76_000,
    });
    expect(byId[due]!.completed_at?.getTime()).toBe(now.getTime());
    expect(byId[young]!.status).toBe('awaiting_confirmation');
    expect(byId[frozen]!.status).toBe('disputed');
    const events = await t.database.db.select().from(bookingEvents).where(eq(bookingEvents.booking_id, due));
    expect(events.filter((e) => e.action !== 'create')).toMatchObject([
      { action: 'auto_complete', actor_role: 'system', actor_id: null, to_status: 'completed' },
    ]);
    for (const user of [customer, provider])
      expect(
        (await noticesOf(t, user.id, 'booking')).some((n) => n.link === `/schedule?booking=${due}`),
      ).toBe(true);

    expect(await autoCompleteBookings(t.app.deps, now)).not.toContain(due);
    await setTier(t, provider.id, 'starter');
  });

  it('reminds both sides the day before, once per date', async () => {
    const now = new Date();
    const tomorrow = toIsoDate(new Date(now.getTime() + 24 * HOUR));
    const due = await book({ scheduled_date: tomorrow, start_time: '09:30' });
    const cancelled = await book({ scheduled_date: tomorrow, status: 'cancelled' });
    const later = await book({ scheduled_date: toIsoDate(new Date(now.getTime() + 48 * HOUR)) });

    const first = await sendBookingReminders(t.app.deps, now);
    expect(first).toContain(due);
    expect(first).not.toContain(cancelled);
    expect(first).not.toContain(later);
    for (const user of [customer, provider]) {
      const sent = (await noticesOf(t, user.id, 'booking')).filter(
        (n) => n.link === `/schedule?booking=${due}`,
      );
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ title: 'Booking tomorrow' });
      expect(sent[0]!.body).toContain('at 09:30');
    }
    expect(await sendBookingReminders(t.app.deps, now)).not.toContain(due);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, due));
    expect(row!.reminder_sent_for).toBe(tomorrow);
    const again = (await noticesOf(t, customer.id, 'booking')).filter(
      (n) => n.link === `/schedule?booking=${due}`,
    );
    expect(again).toHaveLength(1);
  });
});
