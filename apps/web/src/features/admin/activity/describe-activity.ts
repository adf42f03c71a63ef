import {
  type ActivityItem,
  CURRENCIES,
  type Currency,
  formatMoney,
  ROLE_LABELS,
  type Role,
} from '@adwuma/shared';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;
const minor = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
const currencyOf = (value: unknown): Currency => CURRENCIES.find((c) => c === value) ?? 'GHS';
const money = (amount: unknown, currency?: unknown) => {
  const n = minor(amount);
  return n === null ? null : formatMoney(n, currencyOf(currency));
};
const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);
const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(', ');

/**
 * One line of the live feed, as a person would say it: "Ama Mensah posted a job: Fix kitchen sink,
 * Accra", "Payment received: GH₵ 450.00". Built from the trigger's facts (data), never from ids.
 */
export function describeActivity(item: ActivityItem): string {
  const { data } = item;
  const who = item.actor_name ?? text(data.name) ?? 'Someone';
  switch (item.kind) {
    case 'user_signed_up': {
      const role = text(data.role);
      const label = role && role in ROLE_LABELS ? ROLE_LABELS[role as Role].toLowerCase() : null;
      return label ? `${who} signed up as ${article(label)}` : `${who} signed up`;
    }
    case 'job_posted': {
      const what = joined(text(data.title), text(data.city));
      return what ? `${who} posted a job: ${what}` : `${who} posted a job`;
    }
    case 'bid_placed': {
      const price = money(data.price_minor);
      return price ? `${who} placed a bid of ${price}` : `${who} placed a bid`;
    }
    case 'booking_created': {
      const what = joined(text(data.title), money(data.price_minor), text(data.city));
      return what ? `${who} made a booking: ${what}` : `${who} made a booking`;
    }
    case 'review_written': {
      const rating = minor(data.rating);
      return rating === null ? `${who} wrote a review` : `${who} wrote a review: ${rating} of 5 stars`;
    }
    case 'report_filed': {
      const reason = text(data.reason)?.replaceAll('_', ' ') ?? null;
      return reason ? `${who} reported someone: ${reason}` : `${who} reported someone`;
    }
    case 'payment_received': {
      const amount = money(data.amount_minor, data.currency);
      const head = amount ? `Payment received: ${amount}` : 'Payment received';
      return item.actor_name ? `${head} from ${item.actor_name}` : head;
    }
    default:
      return who;
  }
}
