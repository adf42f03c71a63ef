import type { QuoteRequest } from '@adwuma/shared';
import type { TFunction } from 'i18next';
import { formatDay } from '../bookings/index.ts';

/** "Sat 14 Nov" or "Flexible date". */
export function formatPreferredDate(
  date: string | null,
  t?: TFunction,
  day: (iso: string) => string = formatDay,
): string {
  return date ? day(date) : t ? t('card.flexibleDate') : 'Flexible date';
}

/** "Asokwa, Kumasi"; null when no place was given. */
export function formatPlace(place: { city: string | null; address: string | null }): string | null {
  return [place.address, place.city].filter(Boolean).join(', ') || null;
}

/** Which side of a request the person is on. */
export function sideOf(request: QuoteRequest, userId: string | undefined): 'received' | 'sent' {
  return request.customer.id === userId ? 'sent' : 'received';
}
