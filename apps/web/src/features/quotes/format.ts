import type { QuoteRequest } from '@adwuma/shared';
import { formatDay } from '../bookings/index.ts';

/** "Sat 14 Nov" or "Flexible date". */
export function formatPreferredDate(date: string | null): string {
  return date ? formatDay(date) : 'Flexible date';
}

/** "Asokwa, Kumasi"; null when no place was given. */
export function formatPlace(place: { city: string | null; address: string | null }): string | null {
  return [place.address, place.city].filter(Boolean).join(', ') || null;
}

/** Which side of a request the person is on. */
export function sideOf(request: QuoteRequest, userId: string | undefined): 'received' | 'sent' {
  return request.customer.id === userId ? 'sent' : 'received';
}
