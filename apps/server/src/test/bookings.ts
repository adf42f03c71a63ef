import { eq } from 'drizzle-orm';
import { bookings } from '../db/schema.ts';
import { createBooking } from '../features/bookings/booking-store.ts';
import type { TestApp } from './app.ts';
import { inDays } from './jobs.ts';

export interface BookingSetup {
  /** Default 'completed'. */
  status?: 'scheduled' | 'in_progress' | 'awaiting_confirmation' | 'completed' | 'cancelled';
  /** When it completed, in days before now (completed bookings only); default 1. */
  completedDaysAgo?: number;
  title?: string;
  /** Pesewas; default GH₵ 300. */
  price?: number;
}

/**
 * A booking between a customer and a provider, written straight to the database as a hire makes it
 * (createBooking), then put in `status` directly — independent of the lifecycle endpoints.
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
  if (status !== 'scheduled') {
    const completedAt =
      status === 'completed' ? new Date(Date.now() - (setup.completedDaysAgo ?? 1) * 86_400_000) : null;
    await db
      .update(bookings)
      .set({
        status,
        completed_at: completedAt,
        started_at: new Date(Date.now() - 3 * 86_400_000),
        cancelled_at: status === 'cancelled' ? new Date() : null,
      })
      .where(eq(bookings.id, id));
  }
  return id;
}
