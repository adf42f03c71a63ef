import type { RefundStatus } from '@adwuma/shared';
import type { BadgeTone } from '../../components/ui/badge.tsx';

import { PAYMENT_STATUS_BADGES } from '../../lib/money-format.ts';

export { cedis, formatDay } from '../../lib/money-format.ts';

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

export const PAYMENT_STATUS = PAYMENT_STATUS_BADGES;

export const REFUND_STATUS: Record<RefundStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Refund on its way', tone: 'brand' },
  sent: { label: 'Refunded', tone: 'leaf' },
  failed: { label: 'Refund delayed: our team is on it', tone: 'danger' },
};
