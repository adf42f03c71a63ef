import { formatMoney } from '@adwuma/shared';
import type { Party } from '../../kernel/booking-parties.ts';
import type { Notice } from '../notifications/index.ts';
import type { BookingRow } from './booking-view.ts';

/** Where a notice about a booking opens: the schedule, on that booking. */
export const bookingLink = (id: string) => `/schedule?booking=${id}`;

export type Side = 'customer' | 'provider';

export interface People {
  customer: Party;
  provider: Party;
}

const other = (side: Side): Side => (side === 'customer' ? 'provider' : 'customer');
const nameOf = (p: People, side: Side) =>
  side === 'provider' ? p.provider.bidder.name : p.customer.person.name;
const userOf = (row: BookingRow, side: Side) => (side === 'provider' ? row.provider_id : row.customer_id);
const money = (minor: number) => formatMoney(minor, 'GHS');

function when(date: string, time: string | null): string {
  return time ? `${date} at ${time}` : date;
}

/** A notice to the side that did not act. */
function toOther(row: BookingRow, actor: Side, title: string, body: string, mail: boolean): Notice {
  return { userId: userOf(row, other(actor)), kind: 'booking', title, body, link: bookingLink(row.id), mail };
}

export function startedNotice(row: BookingRow, p: People): Notice {
  return toOther(
    row,
    'provider',
    'Work has started',
    `${nameOf(p, 'provider')} started "${row.title}".`,
    false,
  );
}

export function doneNotice(row: BookingRow, p: People): Notice {
  return toOther(
    row,
    'provider',
    'Please confirm the work is done',
    `${nameOf(p, 'provider')} marked "${row.title}" as done. Confirm it, or open a dispute if something is wrong; it completes by itself after 72 hours.`,
    true,
  );
}

export function confirmedNotice(row: BookingRow, p: People): Notice {
  return toOther(
    row,
    'customer',
    'Booking completed',
    `${nameOf(p, 'customer')} confirmed "${row.title}" is done. Your earnings: ${money(row.earnings_minor ?? 0)}. You can now review each other.`,
    true,
  );
}

/** To both sides: the booking completed by itself 72 hours after it was marked done. */
export function autoCompletedNotices(row: BookingRow): Notice[] {
  const base = { kind: 'booking', link: bookingLink(row.id), mail: true, title: 'Booking completed' };
  return [
    {
      ...base,
      userId: row.customer_id,
      body: `"${row.title}" completed automatically 72 hours after it was marked done. You can now review the provider.`,
    },
    {
      ...base,
      userId: row.provider_id,
      body: `"${row.title}" completed automatically. Your earnings: ${money(row.earnings_minor ?? 0)}. You can now review the customer.`,
    },
  ];
}

export function cancelledNotice(row: BookingRow, actor: Side, p: People): Notice {
  const late = row.late_cancellation
    ? ' This was a late cancellation (less than 24 hours before the start).'
    : '';
  return toOther(
    row,
    actor,
    'Booking cancelled',
    `${nameOf(p, actor)} cancelled "${row.title}". Their reason: "${row.cancel_reason ?? ''}".${late}`,
    true,
  );
}

export function proposedNotice(row: BookingRow, actor: Side, p: People): Notice {
  const note = row.proposed_note ? ` Their note: "${row.proposed_note}"` : '';
  return toOther(
    row,
    actor,
    'New date proposed',
    `${nameOf(p, actor)} proposes to move "${row.title}" to ${when(row.proposed_date!, row.proposed_start_time)}.${note} Accept or decline it.`,
    true,
  );
}

export function rescheduleAnsweredNotice(
  row: BookingRow,
  actor: Side,
  p: People,
  answer: 'accepted' | 'declined' | 'withdrew',
): Notice {
  const title =
    answer === 'accepted'
      ? 'New date accepted'
      : answer === 'declined'
        ? 'New date declined'
        : 'Proposed date withdrawn';
  const body =
    answer === 'accepted'
      ? `${nameOf(p, actor)} accepted: "${row.title}" is now on ${when(row.scheduled_date!, row.start_time)}.`
      : answer === 'declined'
        ? `${nameOf(p, actor)} declined the new date for "${row.title}": it stays as planned.`
        : `${nameOf(p, actor)} withdrew the new date they proposed for "${row.title}".`;
  return toOther(row, actor, title, body, answer === 'accepted');
}

/** To both sides, the day before: mail and in-app. */
export function reminderNotices(row: BookingRow, p: People): Notice[] {
  const at = row.start_time ? ` at ${row.start_time}` : '';
  const place = row.city ? ` in ${row.city}` : '';
  const base = { kind: 'booking', link: bookingLink(row.id), mail: true, title: 'Booking tomorrow' };
  return [
    {
      ...base,
      userId: row.customer_id,
      body: `Reminder: "${row.title}" with ${nameOf(p, 'provider')} is tomorrow${at}${place}.`,
    },
    {
      ...base,
      userId: row.provider_id,
      body: `Reminder: "${row.title}" for ${nameOf(p, 'customer')} is tomorrow${at}${place}.`,
    },
  ];
}
