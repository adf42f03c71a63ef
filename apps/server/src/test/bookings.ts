import { eq } from 'drizzle-orm';
import { bookings } from '../db/schema.ts';
import { releaseOnCompletion } from '../features/booking-payments/index.ts';
import { createBooking } from '../features/bookings/booking-store.ts';
import type { TestApp } from './app.ts';
import { markBookingPaid } from './booking-payments.ts';
import { inDays } from './jobs.ts';

export interface BookingSetup {
  /** Default 'completed'. */
  status?: 'scheduled' | 'in_progress' | 'awaiting_confirmation' | 'completed' | 'cancelled';
  /** When it completed, in days before now (completed bookings only); default 1. */
  completedDaysAgo?: number;
  title?: string;
  /** Pesewas; default GH₵ 300. */
  price?: number;
  /**
   * Whether the customer paid (through the sandbox's signed event, markBookingPaid). Default: paid
   * once the work could have started (in progress, awaiting confirmation, completed).
   */
  paid?: boolean;
}

/**
 * A booking between a customer and a provider, written straight to the database as a hire makes it
 * (createBooking), paid (issue 18) when the work could have started, then put in `status` directly —
 * independent of the lifecycle endpoints. A completed one has its held money released at its
 * completion, as the lifecycle does.
 */
export async function bookingBetween(
  t: TestApp,
  customerId: string,
  providerId: string,
  setup: BookingSetup = {},
): Promise<string> {
  const { db } = t.database;
  const id = await db.transaction((tx) =>
    createBooking(tx, {
      customerId,
      providerId,
      source: 'bid',
      title: setup.title ?? 'Fix a leaking kitchen tap',
      price: setup.price ?? 30_000,
      scheduledDate: inDays(-3),
      city: 'Kumasi',
      address: 'House 12, Asokwa Road',
    }),
  );
  const status = setup.status ?? 'completed';
  if (setup.paid ?? (status !== 'scheduled' && status !== 'cancelled')) await markBookingPaid(t, id);
  if (status !== 'scheduled') {
    const completedAt =
      status === 'completed' ? new Date(Date.now() - (setup.completedDaysAgo ?? 1) * 86_400_000) : null;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(bookings)
        .set({
          status,
          completed_at: completedAt,
          started_at: new Date(Date.now() - 3 * 86_400_000),
          cancelled_at: status === 'cancelled' ? new Date() : null,
        })
        .where(eq(bookings.id, id))
        .returning();
      if (completedAt) await releaseOnCompletion(tx, row!, completedAt);
    });
  }
  return id;
}
