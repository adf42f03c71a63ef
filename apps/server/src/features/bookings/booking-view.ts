import type { Booking } from '@adwuma/shared';
import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { loadParties, type Party, partyOf } from '../../kernel/booking-parties.ts';
import { notFound } from '../../lib/errors.ts';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingRole = Booking['role'];

export const BOOKING_NOT_FOUND = 'Booking not found';
/** How many bookings one listing answers (newest first). */
export const BOOKINGS_LIST_MAX = 200;

/**
 * A booking as `viewerId` sees it (the API shape of bookingSchema): both people, the provider as a
 * card, and `role`, the viewer's side. `parties` comes from loadParties with both ids.
 */
export function toBooking(row: BookingRow, parties: Map<string, Party>, viewerId: string): Booking {
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    title: row.title,
    price: row.price_minor,
    currency: 'GHS',
    scheduled_date: row.scheduled_date,
    scheduled_end_date: row.scheduled_end_date,
    start_time: row.start_time,
    duration_minutes: row.duration_minutes,
    city: row.city,
    address: row.address,
    job_id: row.job_id,
    quote_request_id: row.quote_request_id,
    created_at: row.created_at.toISOString(),
    customer: partyOf(parties, row.customer_id).person,
    provider: partyOf(parties, row.provider_id).bidder,
    role: row.provider_id === viewerId ? 'provider' : 'customer',
  };
}

/** Maps rows with their people loaded in one query. */
export async function toBookings(db: Db | Tx, rows: BookingRow[], viewerId: string): Promise<Booking[]> {
  const parties = await loadParties(
    db,
    rows.flatMap((r) => [r.customer_id, r.provider_id]),
  );
  return rows.map((r) => toBooking(r, parties, viewerId));
}

const sideOf = (userId: string, role?: BookingRole): SQL =>
  role === 'customer'
    ? eq(bookings.customer_id, userId)
    : role === 'provider'
      ? eq(bookings.provider_id, userId)
      : or(eq(bookings.customer_id, userId), eq(bookings.provider_id, userId))!;

/** The user's bookings on one side or both, newest first. */
export async function listBookings(db: Db, userId: string, role?: BookingRole): Promise<Booking[]> {
  const rows = await db
    .select()
    .from(bookings)
    .where(sideOf(userId, role))
    .orderBy(desc(bookings.created_at), desc(bookings.id))
    .limit(BOOKINGS_LIST_MAX);
  return toBookings(db, rows, userId);
}

/** One booking of which the user is either side; 404 for anyone else. */
export async function findBooking(db: Db | Tx, id: string, userId: string): Promise<Booking> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), sideOf(userId)));
  if (!row) throw notFound(BOOKING_NOT_FOUND);
  const [booking] = await toBookings(db, [row], userId);
  return booking!;
}
