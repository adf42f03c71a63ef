import { randomBytes } from 'node:crypto';
import {
  type BookingPayAnswer,
  CHECKOUT_MESSAGES,
  ESCROW_MESSAGES,
  type PaymentMethod,
} from '@adwuma/shared';
import { and, eq } from 'drizzle-orm';
import { bookings, payments } from '../../db/schema.ts';
import { GatewayError, type PaymentGateway } from '../../kernel/payments/gateway.ts';
import { AppError, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import type { BookingPaymentRow } from './apply.ts';

export const BOOKING_NOT_FOUND_MESSAGE = 'This booking does not exist.';

/** How long a second pay request waits for the checkout another one is opening. */
const OPENING_WAIT_MS = 10_000;

const newReference = () => `adw_${randomBytes(12).toString('hex')}`;

/** The gateway that takes cedis (Paystack, or the sandbox in TEST MODE); 503 without one. */
export function ghsGateway(deps: Deps): PaymentGateway {
  const gateway = deps.payments.forCurrency('GHS');
  if (gateway) return gateway;
  const message = deps.payments.all().length
    ? CHECKOUT_MESSAGES.currencyUnavailable
    : CHECKOUT_MESSAGES.notConfigured;
  throw new AppError(503, 'PAYMENTS_UNAVAILABLE', message);
}

function gatewayFailure(error: unknown): AppError {
  const message = error instanceof GatewayError ? error.message : 'The payment gateway did not answer.';
  const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
  return new AppError(502, 'GATEWAY_ERROR', `${sentence} Please try again.`);
}

/** The booking's open checkout, if any. */
export async function pendingPayment(deps: Deps, bookingId: string): Promise<BookingPaymentRow | null> {
  const [row] = await deps.database.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.booking_id, bookingId),
        eq(payments.purpose, 'booking'),
        eq(payments.status, 'pending'),
      ),
    );
  return row ?? null;
}

/**
 * POST /api/bookings/:id/pay: the customer pays the booking's price (from the database, never the
 * browser) through the cedi gateway. Refused: anyone but the booking's parties 404, the provider 403,
 * a booking not waiting for a payment 409. One open checkout per booking (a partial unique index,
 * checked under the booking's row lock): a second request answers the open one, so two taps at
 * once never charge twice. The gateway is called after the payment row commits; if it fails, the
 * payment is marked failed and the customer can try again.
 */
export async function payForBooking(
  deps: Deps,
  payer: { id: string; email: string },
  bookingId: string,
  input: { method?: PaymentMethod | undefined },
): Promise<BookingPayAnswer> {
  const db = deps.database.db;
  const opened = await db
    .transaction(async (tx) => {
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
      if (!booking || (booking.customer_id !== payer.id && booking.provider_id !== payer.id))
        throw notFound(BOOKING_NOT_FOUND_MESSAGE);
      if (booking.customer_id !== payer.id) throw forbidden(ESCROW_MESSAGES.onlyCustomerPays);
      if (booking.payment_status !== 'awaiting_payment' || booking.status === 'cancelled')
        throw conflict(ESCROW_MESSAGES.notAwaitingPayment);
      const gateway = ghsGateway(deps);
      if (input.method && !gateway.methods('GHS').includes(input.method)) {
        throw new AppError(400, 'VALIDATION_ERROR', `method: ${input.method} is not offered in GHS`, {
          fields: [{ field: 'method', message: 'Not offered in GHS' }],
        });
      }
      const [open] = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.booking_id, booking.id),
            eq(payments.purpose, 'booking'),
            eq(payments.status, 'pending'),
          ),
        );
      if (open) return { payment: open, booking, gateway, created: false };
      const [row] = await tx
        .insert(payments)
        .values({
          user_id: payer.id,
          purpose: 'booking',
          booking_id: booking.id,
          gateway: gateway.id,
          reference: newReference(),
          amount_minor: booking.price_minor,
          currency: 'GHS',
          method: input.method ?? null,
          return_to: `/bookings/${booking.id}`,
          test_mode: gateway.testMode,
        })
        .returning();
      return { payment: row!, booking, gateway, created: true };
    })
    .catch(async (error) => {
      // The partial unique index is the last line of defence behind the row lock.
      const open = isUniqueViolation(error) ? await pendingPayment(deps, bookingId) : null;
      if (!open) throw error;
      return { payment: open, booking: null, gateway: null, created: false as const };
    });

  if (!opened.created) return openCheckout(deps, opened.payment);
  const { payment, booking, gateway } = opened;

  const back = `${deps.config.publicUrl}/bookings/${booking.id}?payment=${payment.id}`;
  try {
    const session = await gateway.createCheckout({
      paymentId: payment.id,
      reference: payment.reference,
      userId: payer.id,
      email: payer.email,
      tier: null,
      cadence: null,
      currency: 'GHS',
      amountMinor: payment.amount_minor,
      description: `Adwuma booking: ${booking.title}`.slice(0, 200),
      method: payment.method,
      successUrl: back,
      cancelUrl: back,
      customerId: null,
      purpose: 'booking',
      bookingId: booking.id,
    });
    if (!session.url) throw new GatewayError(CHECKOUT_MESSAGES.noUrl, gateway.id);
    await db
      .update(payments)
      .set({ reference: session.reference, checkout_url: session.url, updated_at: new Date() })
      .where(eq(payments.id, payment.id));
    return { url: session.url, payment_id: payment.id };
  } catch (error) {
    deps.log.warn({ err: error, paymentId: payment.id }, 'booking checkout could not be opened');
    await db
      .update(payments)
      .set({
        status: 'failed',
        failure_reason: (error as Error).message.slice(0, 300),
        updated_at: new Date(),
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
    throw gatewayFailure(error);
  }
}

/**
 * The open checkout of a booking: its URL, or (while another request is still opening it at the
 * gateway) the URL once it is there. A checkout that failed meanwhile lets the caller try again.
 */
async function openCheckout(deps: Deps, payment: BookingPaymentRow): Promise<BookingPayAnswer> {
  const deadline = Date.now() + OPENING_WAIT_MS;
  let row: BookingPaymentRow | null = payment;
  for (;;) {
    if (row?.checkout_url) return { url: row.checkout_url, payment_id: row.id };
    if (row?.status !== 'pending' || Date.now() > deadline)
      throw conflict('Your checkout is still being opened. Please try again in a moment.');
    await new Promise((resolve) => setTimeout(resolve, 100));
    [row = null] = await deps.database.db.select().from(payments).where(eq(payments.id, payment.id));
  }
}
