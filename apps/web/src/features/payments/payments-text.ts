import { formatMoney, type PaymentStatus, type RefundStatus } from '@adwuma/shared';
import type { BadgeTone } from '../../components/ui/badge.tsx';

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Accra',
});

/** "25 Nov 2026". */
export const formatDay = (iso: string) => DAY.format(new Date(iso));
export const cedis = (minor: number) => formatMoney(minor, 'GHS');

export const PAYMENTS_TEXT = {
  title: 'Payments',
  eyebrow: 'Account',
  lead: 'What you paid for bookings, and any refunds. Adwuma holds each payment until you confirm the work.',
  list: 'Your payments',
  empty: 'No payments yet. When you pay for a booking, it shows here.',
  findProviders: 'Find a provider',
  amount: 'Amount',
  method: 'Paid with',
  receipt: 'Receipt number',
  refunded: 'Refunded',
  refunds: 'Refunds',
  viewBooking: 'View booking',
  with: (name: string) => `with ${name}`,
} as const;

export const PAYMENT_STATUS: Record<PaymentStatus, { label: string; tone: BadgeTone }> = {
  succeeded: { label: 'Paid', tone: 'leaf' },
  pending: { label: 'Pending', tone: 'brand' },
  failed: { label: 'Failed', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  superseded: { label: 'Replaced', tone: 'neutral' },
  refunded: { label: 'Refunded', tone: 'neutral' },
};

export const REFUND_STATUS: Record<RefundStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Refund on its way', tone: 'brand' },
  sent: { label: 'Refunded', tone: 'leaf' },
  failed: { label: 'Refund delayed: our team is on it', tone: 'danger' },
};
