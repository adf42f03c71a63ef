import { QUOTE_LIVE_STATUSES, QUOTE_MESSAGES, type QuoteRequest, type QuoteStatus } from '@adwuma/shared';
import { and, count, desc, eq, gt, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bookings, quoteRequests } from '../../db/schema.ts';
import { loadParties, type Party, partyOf } from '../../kernel/booking-parties.ts';
import { notFound } from '../../lib/errors.ts';

export type QuoteRow = typeof quoteRequests.$inferSelect;
/** received: the caller is the provider; sent: the caller is the customer. */
export type QuoteBox = 'received' | 'sent';

/** How many requests one listing answers (newest first). */
export const QUOTE_LIST_MAX = 200;

/**
 * The status people see: a pending or quoted request past its expiry is expired even before the
 * scheduled job has written it, so nothing depends on when that job last ran.
 */
export function effectiveStatus(row: Pick<QuoteRow, 'status' | 'expires_at'>, now: Date): QuoteStatus {
  const { status } = row;
  if ((status === 'pending' || status === 'quoted') && row.expires_at.getTime() <= now.getTime())
    return 'expired';
  return status;
}

export function toQuoteRequest(
  row: QuoteRow,
  bookingId: string | null,
  parties: Map<string, Party>,
  now: Date,
): QuoteRequest {
  return {
    id: row.id,
    status: effectiveStatus(row, now),
    service: { id: row.service_id, title: row.service_title, category: row.category_slug },
    details: row.details,
    preferred_date: row.preferred_date,
    city: row.city,
    address: row.address,
    quote_price: row.quote_price_minor,
    quote_message: row.quote_message,
    decline_message: row.decline_message,
    responded_at: row.responded_at?.toISOString() ?? null,
    expires_at: row.expires_at.toISOString(),
    created_at: row.created_at.toISOString(),
    customer: partyOf(parties, row.customer_id).person,
    provider: partyOf(parties, row.provider_id).bidder,
    booking_id: bookingId,
  };
}

/** The condition "has this status as people see it" (see effectiveStatus). */
function statusIs(status: QuoteStatus, now: Date): SQL {
  if (status === 'pending' || status === 'quoted')
    return and(eq(quoteRequests.status, status), gt(quoteRequests.expires_at, now))!;
  if (status === 'expired')
    return or(
      eq(quoteRequests.status, 'expired'),
      and(inArray(quoteRequests.status, [...QUOTE_LIVE_STATUSES]), lte(quoteRequests.expires_at, now)),
    )!;
  return eq(quoteRequests.status, status);
}

const boxOf = (box: QuoteBox, userId: string): SQL =>
  box === 'received' ? eq(quoteRequests.provider_id, userId) : eq(quoteRequests.customer_id, userId);

async function mapRows(
  db: Db | Tx,
  rows: { request: QuoteRow; booking_id: string | null }[],
  now: Date,
): Promise<QuoteRequest[]> {
  const parties = await loadParties(
    db,
    rows.flatMap((r) => [r.request.customer_id, r.request.provider_id]),
  );
  return rows.map((r) => toQuoteRequest(r.request, r.booking_id, parties, now));
}

function selectWithBooking(db: Db | Tx) {
  return db
    .select({ request: quoteRequests, booking_id: bookings.id })
    .from(quoteRequests)
    .leftJoin(bookings, eq(bookings.quote_request_id, quoteRequests.id));
}

/** The caller's requests in one box, newest first, optionally of one status. */
export async function listQuoteRequests(
  db: Db,
  userId: string,
  box: QuoteBox,
  status: QuoteStatus | undefined,
  now: Date = new Date(),
): Promise<QuoteRequest[]> {
  const rows = await selectWithBooking(db)
    .where(and(boxOf(box, userId), status ? statusIs(status, now) : undefined))
    .orderBy(desc(quoteRequests.created_at), desc(quoteRequests.id))
    .limit(QUOTE_LIST_MAX);
  return mapRows(db, rows, now);
}

/** The tab badges: received requests waiting for the caller's answer, sent ones with a live quote. */
export async function quoteCounts(
  db: Db,
  userId: string,
  now: Date = new Date(),
): Promise<{ received_pending: number; sent_quoted: number }> {
  const [[received], [sent]] = await Promise.all([
    db
      .select({ n: count() })
      .from(quoteRequests)
      .where(and(boxOf('received', userId), statusIs('pending', now))),
    db
      .select({ n: count() })
      .from(quoteRequests)
      .where(and(boxOf('sent', userId), statusIs('quoted', now))),
  ]);
  return { received_pending: Number(received?.n ?? 0), sent_quoted: Number(sent?.n ?? 0) };
}

/** One request of which the caller is the customer or the provider; 404 for anyone else. */
export async function findQuoteRequest(
  db: Db | Tx,
  id: string,
  userId: string,
  now: Date = new Date(),
): Promise<QuoteRequest> {
  const rows = await selectWithBooking(db).where(
    and(
      eq(quoteRequests.id, id),
      or(eq(quoteRequests.customer_id, userId), eq(quoteRequests.provider_id, userId)),
    ),
  );
  if (rows.length === 0) throw notFound(QUOTE_MESSAGES.notFound);
  const [request] = await mapRows(db, rows, now);
  return request!;
}
