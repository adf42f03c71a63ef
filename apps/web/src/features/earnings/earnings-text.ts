import type { EarningsBooking, Payout, PayoutStatus } from '@adwuma/shared';
import type { BadgeTone } from '../../components/ui/badge.tsx';
import { formatDay as formatDayOf } from '../../lib/money-format.ts';

const ZONE = 'Africa/Accra';
const MOMENT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: ZONE,
});

/** "25 Nov 2026". */
export const formatDay = (iso: string | null) => (iso ? formatDayOf(iso) : '');
/** "25 Nov, 14:00" (Accra time). */
export const formatMoment = (iso: string) => MOMENT.format(new Date(iso)).replace(' at ', ', ');
export { cedis } from '../../lib/money-format.ts';

export const EARNINGS_TEXT = {
  title: 'Earnings',
  eyebrow: 'Money',
  lead: 'What you earned on Adwuma, when it is paid out, and where it goes.',
  balances: 'Balances',
  held: 'Held for work not done',
  heldNote: 'Paid by customers, yours once they confirm the work.',
  pending: 'Pending',
  pendingNote: (days: number) => `Earned, available ${days} ${days === 1 ? 'day' : 'days'} after completion.`,
  available: 'Available',
  nextPayout: (when: string) => `Next payout ${when}`,
  noNextPayout: 'Paid out automatically once available.',
  paidOut: 'Paid out',
  inFlight: (amount: string) => `${amount} on its way`,
  delay: (plan: string, days: number) =>
    `On ${plan}, earnings become available ${days} ${days === 1 ? 'day' : 'days'} after the customer confirms the work.`,
  fasterPayouts: 'Get paid faster',
  statement: 'Download statement (CSV)',
  addMethod: 'Add payout method',
  addMethodTitle: 'Add a payout method',
  heldUntil: (when: string) => `Payouts resume on ${when}`,
  payoutSettings: 'Payout settings',
  bookings: 'Earnings by booking',
  noBookings: 'No paid bookings yet. Your earnings show here once customers pay for bookings.',
  payouts: 'Payouts',
  noPayouts: 'No payouts yet.',
  retrying: 'We try again automatically.',
  providersOnly: 'Earnings are for service providers',
  col: {
    booking: 'Booking',
    completed: 'Completed',
    price: 'Price',
    commission: 'Commission',
    earnings: 'Earnings',
    status: 'Status',
    date: 'Date',
    amount: 'Amount',
    method: 'Paid to',
  },
  advance: (amount: string) => `Advance ${amount}`,
  notCompleted: 'Not completed',
} as const;

export const PAYOUT_STATUS: Record<PayoutStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Sending', tone: 'brand' },
  paid: { label: 'Paid', tone: 'leaf' },
  failed: { label: 'Failed', tone: 'danger' },
  reversed: { label: 'Returned', tone: 'danger' },
};

/**
 * Where a booking's earnings are: held (work not done), waiting for the payout delay, or past it
 * ("Released": in the available balance or already paid out; payouts carry whole balances, not
 * bookings).
 */
export function earningsState(b: EarningsBooking): { label: string; tone: BadgeTone } {
  if (b.earnings_state === 'held') return { label: 'Held', tone: 'brand' };
  if (b.earnings_state === 'available') return { label: 'Released', tone: 'leaf' };
  return {
    label: b.earnings_available_at ? `Available on ${formatDay(b.earnings_available_at)}` : 'Pending',
    tone: 'neutral',
  };
}

/** The date a payout is listed under: when it was paid, else when it was sent. */
export const payoutDate = (p: Payout) => p.settled_at ?? p.created_at;
