import { BOOKING_LIMITS, checkBookingTransition, toIsoDate } from '@adwuma/shared';
import { and, asc, eq, inArray, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import { bookings } from '../../db/schema.ts';
import { loadParties, partyOf } from '../../kernel/booking-parties.ts';
import { eachDueBooking } from '../../kernel/due-bookings.ts';
import type { Deps } from '../../types.ts';
import { insertNotices, sendNoticeMails } from '../notifications/index.ts';
import { applyStep, completionPatch } from './booking-lifecycle.ts';
import { autoCompletedNotices, reminderNotices } from './booking-notices.ts';

export const BOOKINGS_AUTO_COMPLETE_QUEUE = 'bookings-auto-complete';
/** Every 15 minutes (UTC): a booking completes at most 15 minutes after its 72 hours. */
export const BOOKINGS_AUTO_COMPLETE_CRON = '*/15 * * * *';
export const BOOKINGS_REMINDERS_QUEUE = 'bookings-reminders';
/** Daily at 08:00 UTC = 08:00 in Accra: the day-before reminders. */
export const BOOKINGS_REMINDERS_CRON = '0 8 * * *';

const BATCH = 100;

/**
 * Completes bookings marked done 72 hours or more ago that the customer has not confirmed, one
 * short transaction each under the row lock (a confirmation or dispute meanwhile wins): earnings are
 * fixed by the provider's tier now, the history says 'system', both sides are told in-app and by
 * mail. Answers the ids it completed.
 */
export async function autoCompleteBookings(deps: Deps, now: Date = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - BOOKING_LIMITS.autoCompleteHours * 3_600_000);
  const due: SQL = and(eq(bookings.status, 'awaiting_confirmation'), lte(bookings.done_marked_at, cutoff))!;
  return eachDueBooking(
    deps,
    due,
    bookings.done_marked_at,
    async (tx, row) => {
      const check = checkBookingTransition(row.status, 'auto_complete', 'system');
      if (!check.ok) return null;
      const patch = await completionPatch(tx, row, now);
      const after = await applyStep(
        tx,
        row,
        { id: null, role: 'system' },
        'auto_complete',
        check.to,
        patch,
        undefined,
        now,
      );
      return insertNotices(tx, autoCompletedNotices(after));
    },
    (mailIds) => sendNoticeMails(deps, mailIds, deps.log),
  );
}

/**
 * The day-before reminders: bookings scheduled or in progress on tomorrow's date (Accra = UTC)
 * not yet reminded for that date get `reminder_sent_for` set and both sides an in-app notice and a
 * mail, in the same transaction, so a second run sends nothing. Answers the ids reminded.
 */
export async function sendBookingReminders(deps: Deps, now: Date = new Date()): Promise<string[]> {
  const { db } = deps.database;
  const tomorrow = toIsoDate(new Date(now.getTime() + 86_400_000));
  const due: SQL = and(
    inArray(bookings.status, ['scheduled', 'in_progress']),
    eq(bookings.scheduled_date, tomorrow),
    or(isNull(bookings.reminder_sent_for), ne(bookings.reminder_sent_for, tomorrow)),
  )!;
  const reminded: string[] = [];
  for (;;) {
    const { ids, mailIds } = await db.transaction(async (tx) => {
      const targets = tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(due)
        .orderBy(asc(bookings.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(bookings)
        .set({ reminder_sent_for: tomorrow })
        .where(and(due, inArray(bookings.id, targets)))
        .returning();
      if (rows.length === 0) return { ids: [], mailIds: [] };
      const parties = await loadParties(
        tx,
        rows.flatMap((r) => [r.customer_id, r.provider_id]),
      );
      const notices = rows.flatMap((r) =>
        reminderNotices(r, {
          customer: partyOf(parties, r.customer_id),
          provider: partyOf(parties, r.provider_id),
        }),
      );
      return { ids: rows.map((r) => r.id), mailIds: await insertNotices(tx, notices) };
    });
    await sendNoticeMails(deps, mailIds, deps.log);
    reminded.push(...ids);
    if (ids.length < BATCH) return reminded;
  }
}
