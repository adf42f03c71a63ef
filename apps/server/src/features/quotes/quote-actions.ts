import {
  type Booking,
  canChangeQuoteStatus,
  checkFutureDate,
  QUOTE_LIMITS,
  QUOTE_MESSAGES,
  type QuoteRequest,
  type QuoteStatus,
  type quoteAnswerSchema,
  type quoteDeclineSchema,
  quoteExpiresAt,
  type quoteRequestInputSchema,
} from '@adwuma/shared';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { providerSearch, providerServices, quoteRequests } from '../../db/schema.ts';
import { loadParties, partyOf } from '../../kernel/booking-parties.ts';
import { conflict, fieldError, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { createBooking, findBooking } from '../bookings/index.ts';
import { insertNotices, type Notice, sendNoticeMails } from '../notifications/index.ts';
import { expireLapsedRequests } from './expire-quotes.ts';
import {
  acceptedNotices,
  cancelledNotice,
  declinedNotice,
  quotedNotice,
  requestedNotice,
} from './quote-notices.ts';
import { findQuoteRequest, type QuoteRow } from './quote-view.ts';

export type QuoteRequestValues = z.output<typeof quoteRequestInputSchema>;
export type QuoteAnswerValues = z.output<typeof quoteAnswerSchema>;
export type QuoteDeclineValues = z.output<typeof quoteDeclineSchema>;

/** Refusals the shared QUOTE_MESSAGES do not word (the side of a request acting out of turn). */
export const QUOTE_ACTION_MESSAGES = {
  providerOnly: 'Only the provider who received this request can do this.',
  customerOnly: 'Only the customer who sent this request can do this.',
  alreadyAccepted: 'You have already accepted this quote.',
  notCancellable: 'This request can no longer be cancelled.',
} as const;

type Side = 'customer' | 'provider';

async function peopleOf(tx: Tx, row: QuoteRow) {
  const parties = await loadParties(tx, [row.customer_id, row.provider_id]);
  return { customer: partyOf(parties, row.customer_id), provider: partyOf(parties, row.provider_id) };
}

/** Serialises one customer's requests, so the pending-per-provider limit holds under a race. */
async function lockCustomer(tx: Tx, customerId: string): Promise<void> {
  await tx.execute(sql`select id from profiles where id = ${customerId} for update`);
}

/**
 * A customer asks the provider of a published service (of a listed provider) for a quote. Refused:
 * one's own service (403), a missing, unpublished or unlisted service (404), a preferred date in
 * the past (400), more than QUOTE_LIMITS.pendingPerPairMax live pending requests to that provider
 * (409). The provider gets an in-app notice and a mail.
 */
export async function requestQuote(
  deps: Deps,
  log: FastifyBaseLogger,
  customerId: string,
  input: QuoteRequestValues,
  now: Date = new Date(),
): Promise<QuoteRequest> {
  if (input.preferred_date) {
    const problem = checkFutureDate(input.preferred_date, now);
    if (problem) throw fieldError('preferred_date', problem);
  }
  const { db } = deps.database;
  const { id, mailIds } = await db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const [found] = await tx
      .select({ service: providerServices, listed: providerSearch.listed })
      .from(providerServices)
      .leftJoin(providerSearch, eq(providerSearch.provider_id, providerServices.provider_id))
      .where(eq(providerServices.id, input.service_id));
    if (found?.service.provider_id === customerId) throw forbidden(QUOTE_MESSAGES.ownService);
    if (found?.service.status !== 'published' || found.listed !== true)
      throw notFound(QUOTE_MESSAGES.serviceUnavailable);
    const { service } = found;

    const [pending] = await tx
      .select({ n: count() })
      .from(quoteRequests)
      .where(
        and(
          eq(quoteRequests.customer_id, customerId),
          eq(quoteRequests.provider_id, service.provider_id),
          eq(quoteRequests.status, 'pending'),
          gt(quoteRequests.expires_at, now),
        ),
      );
    if (Number(pending?.n ?? 0) >= QUOTE_LIMITS.pendingPerPairMax) throw conflict(QUOTE_MESSAGES.tooMany);

    const [row] = await tx
      .insert(quoteRequests)
      .values({
        customer_id: customerId,
        provider_id: service.provider_id,
        service_id: service.id,
        service_title: service.title,
        category_slug: service.category_slug,
        details: input.details,
        preferred_date: input.preferred_date ?? null,
        city: input.city ?? null,
        address: input.address ?? null,
        status: 'pending',
        expires_at: quoteExpiresAt(now),
        created_at: now,
        updated_at: now,
      })
      .returning();
    const mailIds = await insertNotices(tx, [requestedNotice(row!, await peopleOf(tx, row!))]);
    return { id: row!.id, mailIds };
  });
  await sendNoticeMails(deps, mailIds, log);
  return findQuoteRequest(db, id, customerId, now);
}

/** 404 unless the user is a party of the request; 403 when they are the other side. */
function checkSide(row: QuoteRow | undefined, userId: string, side: Side): QuoteRow {
  if (!row || (row.customer_id !== userId && row.provider_id !== userId))
    throw notFound(QUOTE_MESSAGES.notFound);
  const mine: Side = row.provider_id === userId ? 'provider' : 'customer';
  if (mine !== side)
    throw forbidden(
      side === 'provider' ? QUOTE_ACTION_MESSAGES.providerOnly : QUOTE_ACTION_MESSAGES.customerOnly,
    );
  return row;
}

/**
 * For routes whose guard depends on the side (answering needs an onboarded provider): a stranger
 * gets 404 and the wrong side 403 before that guard speaks. The action checks again under its lock.
 */
export async function requireQuoteSide(db: Db, id: string, userId: string, side: Side): Promise<void> {
  const [row] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
  checkSide(row, userId, side);
}

/**
 * Runs one action on a request under its row lock: the caller must be `side` of it; a request past
 * its expiry is expired first (committed, the customer told) and the action refused with 409; a
 * status change the shared rule does not allow is refused with 409 and `refusal`'s message. `apply`
 * writes the change and answers the notices to send.
 */
async function act(
  deps: Deps,
  log: FastifyBaseLogger,
  id: string,
  userId: string,
  side: Side,
  to: QuoteStatus,
  refusal: (from: QuoteStatus) => string,
  apply: (tx: Tx, row: QuoteRow, now: Date) => Promise<Notice[]>,
): Promise<QuoteRequest> {
  const { db } = deps.database;
  const now = new Date();
  const { mailIds, error } = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(quoteRequests).where(eq(quoteRequests.id, id)).for('update');
    const row = checkSide(locked, userId, side);
    const lapsed = await expireLapsedRequests(tx, now, [row.id]);
    if (lapsed.expired > 0) {
      return { mailIds: await insertNotices(tx, lapsed.notices), error: conflict(QUOTE_MESSAGES.expired) };
    }
    const from = row.status;
    if (from === 'expired') throw conflict(QUOTE_MESSAGES.expired);
    if (!canChangeQuoteStatus(from, to)) throw conflict(refusal(from));
    return { mailIds: await insertNotices(tx, await apply(tx, row, now)), error: null };
  });
  await sendNoticeMails(deps, mailIds, log);
  if (error) throw error;
  return findQuoteRequest(db, id, userId, now);
}

async function update(tx: Tx, id: string, changes: Partial<typeof quoteRequests.$inferInsert>) {
  const [row] = await tx.update(quoteRequests).set(changes).where(eq(quoteRequests.id, id)).returning();
  return row!;
}

/** The provider answers a pending request with a price; the customer then has 7 days to accept. */
export function answerQuote(
  deps: Deps,
  log: FastifyBaseLogger,
  providerId: string,
  id: string,
  answer: QuoteAnswerValues,
): Promise<QuoteRequest> {
  return act(
    deps,
    log,
    id,
    providerId,
    'provider',
    'quoted',
    () => QUOTE_MESSAGES.notPending,
    async (tx, row, now) => {
      const quoted = await update(tx, row.id, {
        status: 'quoted',
        quote_price_minor: answer.price,
        quote_message: answer.message ?? null,
        responded_at: now,
        expires_at: quoteExpiresAt(now),
        updated_at: now,
      });
      return [quotedNotice(quoted, await peopleOf(tx, quoted))];
    },
  );
}

/** The provider declines a pending request, optionally with a note to the customer. */
export function declineQuote(
  deps: Deps,
  log: FastifyBaseLogger,
  providerId: string,
  id: string,
  input: QuoteDeclineValues | null | undefined,
): Promise<QuoteRequest> {
  return act(
    deps,
    log,
    id,
    providerId,
    'provider',
    'declined',
    () => QUOTE_MESSAGES.notPending,
    async (tx, row, now) => {
      const declined = await update(tx, row.id, {
        status: 'declined',
        decline_message: input?.message ?? null,
        responded_at: now,
        updated_at: now,
      });
      return [declinedNotice(declined, await peopleOf(tx, declined))];
    },
  );
}

/**
 * The customer accepts a live quote: the request becomes accepted and a booking is made with the
 * quoted price, the preferred date and the place, in one transaction under the request's row lock,
 * so concurrent accepts make exactly one booking (the others see "accepted" and get 409). Answers
 * the request and the booking.
 */
export async function acceptQuote(
  deps: Deps,
  log: FastifyBaseLogger,
  customerId: string,
  id: string,
): Promise<{ request: QuoteRequest; booking: Booking }> {
  const request = await act(
    deps,
    log,
    id,
    customerId,
    'customer',
    'accepted',
    (from) => (from === 'accepted' ? QUOTE_ACTION_MESSAGES.alreadyAccepted : QUOTE_MESSAGES.notQuoted),
    async (tx, row, now) => {
      const accepted = await update(tx, row.id, { status: 'accepted', updated_at: now });
      let bookingId: string;
      try {
        bookingId = await createBooking(tx, {
          customerId: row.customer_id,
          providerId: row.provider_id,
          source: 'quote',
          quoteRequestId: row.id,
          serviceId: row.service_id,
          title: row.service_title,
          price: row.quote_price_minor!,
          scheduledDate: row.preferred_date,
          city: row.city,
          address: row.address,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(QUOTE_ACTION_MESSAGES.alreadyAccepted);
        throw error;
      }
      return acceptedNotices(accepted, bookingId, await peopleOf(tx, accepted));
    },
  );
  return { request, booking: await findBooking(deps.database.db, request.booking_id!, customerId) };
}

/** The customer withdraws a pending or quoted request; the provider is told. */
export function cancelQuote(
  deps: Deps,
  log: FastifyBaseLogger,
  customerId: string,
  id: string,
): Promise<QuoteRequest> {
  return act(
    deps,
    log,
    id,
    customerId,
    'customer',
    'cancelled',
    () => QUOTE_ACTION_MESSAGES.notCancellable,
    async (tx, row, now) => {
      const cancelled = await update(tx, row.id, { status: 'cancelled', updated_at: now });
      return [cancelledNotice(cancelled, await peopleOf(tx, cancelled))];
    },
  );
}
