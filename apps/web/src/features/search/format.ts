import { formatMoney, type PriceType, priceLabel } from '@adwuma/shared';

/** "From GH₵ 80", "GH₵ 150 / hour"; null when there is no published price. */
export function startingPrice(minor: number | null, priceType: PriceType | null): string | null {
  if (minor === null) return null;
  return priceLabel(priceType ?? 'fixed', formatMoney(minor, 'GHS'));
}

export { formatRating, reviewCount } from '@adwuma/shared';

/** "Replies in about 15 min" / "about 3 h" / "about 2 days". */
export function formatResponseTime(minutes: number): string {
  if (minutes < 60) return `Replies in about ${Math.max(5, Math.round(minutes / 5) * 5)} min`;
  if (minutes < 24 * 60) return `Replies in about ${Math.round(minutes / 60)} h`;
  const days = Math.round(minutes / (24 * 60));
  return `Replies in about ${days} day${days === 1 ? '' : 's'}`;
}

/** "June 2025". */
export function formatMonthYear(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Accra',
  });
}

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
