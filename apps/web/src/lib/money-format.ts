import { formatMoney, type PaymentStatus } from '@adwuma/shared';
import type { BadgeTone } from '../components/ui/badge.tsx';

// Amounts and dates on the money pages (booking money, payments, earnings, payouts), in Accra time.

const ZONE = 'Africa/Accra';
const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: ZONE,
});
const MOMENT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: ZONE,
});

/** "25 Nov 2026". */
export const formatDay = (iso: string) => DAY.format(new Date(iso));
/** "Wed 25 Nov, 14:00" (Accra time). */
export const formatMoment = (iso: string) => MOMENT.format(new Date(iso)).replace(' at ', ', ');
/** Cedis, as everywhere: "GH₵ 450.00". */
export const cedis = (minor: number) => formatMoney(minor, 'GHS');

/** A payment's status as its badge reads, wherever payments are listed (plans, bookings, admin). */
export const PAYMENT_STATUS_BADGES: Record<PaymentStatus, { label: string; tone: BadgeTone }> = {
  succeeded: { label: 'Paid', tone: 'leaf' },
  pending: { label: 'Pending', tone: 'brand' },
  failed: { label: 'Failed', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  superseded: { label: 'Replaced', tone: 'neutral' },
  refunded: { label: 'Refunded', tone: 'neutral' },
};
