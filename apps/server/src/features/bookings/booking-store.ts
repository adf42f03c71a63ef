import { paymentDueAt } from '@adwuma/shared';
import type { Tx } from '../../db/client.ts';
import { bookingEvents, bookings } from '../../db/schema.ts';

export interface NewBooking {
  customerId: string;
  providerId: string;
  source: 'bid' | 'quote';
  jobId?: string | null;
  bidId?: string | null;
  quoteRequestId?: string | null;
  serviceId?: string | null;
  title: string;
  /** Pesewas. */
  price: number;
  scheduledDate: string | null;
  scheduledEndDate?: string | null;
  city: string | null;
  address: string | null;
  latitude?: number | null;
  longitude?: number | null;
  /** The hire's moment (the payment deadline runs from it); default now. */
  now?: Date;
}

/**
 * Creates the booking of a hire inside the caller's transaction. The customer then pays its price
 * (issue 18): it waits for the payment until payment_due_at, a free booking waits for nothing. The unique job_id and
 * quote_request_id make a second booking for the same job or request fail (23505) rather than
 * exist: callers lock the job or request row first, so that failure is a last line of defence.
 */
export async function createBooking(tx: Tx, b: NewBooking): Promise<string> {
  const paid = b.price > 0;
  const [row] = await tx
    .insert(bookings)
    .values({
      customer_id: b.customerId,
      provider_id: b.providerId,
      source: b.source,
      job_id: b.jobId ?? null,
      bid_id: b.bidId ?? null,
      quote_request_id: b.quoteRequestId ?? null,
      service_id: b.serviceId ?? null,
      title: b.title,
      price_minor: b.price,
      scheduled_date: b.scheduledDate,
      scheduled_end_date: b.scheduledEndDate ?? null,
      city: b.city,
      address: b.address,
      latitude: b.latitude ?? null,
      longitude: b.longitude ?? null,
      status: 'scheduled',
      payment_status: paid ? 'awaiting_payment' : 'not_required',
      payment_due_at: paid ? paymentDueAt(b.now ?? new Date()) : null,
    })
    .returning({ id: bookings.id });
  // The booking's history starts with the hire, by the customer who made it.
  await tx.insert(bookingEvents).values({
    booking_id: row!.id,
    actor_id: b.customerId,
    actor_role: 'customer',
    action: 'create',
    from_status: null,
    to_status: 'scheduled',
    details: { source: b.source },
  });
  return row!.id;
}
