import { ESCROW_LIMITS, formatMoney } from '@adwuma/shared';
import type { Notice } from '../notifications/index.ts';
import type { BookingRow } from './release.ts';

/** The booking-money notices' wording, in one place (payments applied, the unpaid release). */
export const bookingMoneyLink = (bookingId: string) => `/bookings/${bookingId}`;

const money = (minor: number) => formatMoney(minor, 'GHS');
const DUE_HOURS = ESCROW_LIMITS.paymentDueHours;

const billing = (userId: string, bookingId: string, title: string, body: string, mail = true): Notice => ({
  userId,
  kind: 'billing',
  title,
  body,
  link: bookingMoneyLink(bookingId),
  mail,
});

const withSms = (notices: Notice[]): Notice[] => notices.map((n) => ({ ...n, sms: true }));

/** The customer paid: both sides are told (the provider may start); by SMS too where chosen. */
export function paymentReceivedNotices(booking: BookingRow, amountMinor: number, receipt: string): Notice[] {
  return withSms([
    billing(
      booking.customer_id,
      booking.id,
      'Payment received',
      `We received ${money(amountMinor)} for "${booking.title}" (receipt ${receipt}). Adwuma holds it until the work is done, then pays the provider.`,
    ),
    billing(
      booking.provider_id,
      booking.id,
      'The customer has paid',
      `The customer paid ${money(amountMinor)} for "${booking.title}". Adwuma holds it until the work is done; you can start on the booking's day.`,
    ),
  ]);
}

/**
 * A payment that arrived for a booking already paid, or no longer waiting for one: refunded in full.
 * In the app only: the refunds feature mails "Refund issued" once the gateway has accepted it.
 */
export function paymentRefundedNotice(booking: BookingRow, amountMinor: number, duplicate: boolean): Notice {
  return billing(
    booking.customer_id,
    booking.id,
    'Payment refunded',
    duplicate
      ? `You paid for "${booking.title}" twice. It is already paid, so we are refunding the second payment of ${money(amountMinor)} to the way you paid.`
      : `"${booking.title}" was no longer waiting for a payment, so we are refunding your ${money(amountMinor)} to the way you paid.`,
    false,
  );
}

/** Not paid in time: the booking is released, both sides are told. */
export function unpaidReleasedNotices(booking: BookingRow): Notice[] {
  return [
    billing(
      booking.customer_id,
      booking.id,
      'Booking released: not paid',
      `"${booking.title}" was not paid within ${DUE_HOURS} hours of the hire, so it was cancelled and the provider is free again. Nothing was charged.`,
    ),
    billing(
      booking.provider_id,
      booking.id,
      'Booking released: not paid',
      `The customer did not pay for "${booking.title}" within ${DUE_HOURS} hours of the hire, so it was cancelled. Your time on that day is free again.`,
    ),
  ];
}
