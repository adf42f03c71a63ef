import { buildPath, ROUTES } from '../../lib/routes.ts';

/** A booking highlighted on `/schedule` (quotes link here after an acceptance). */
export const bookingPath = (id: string) => buildPath(ROUTES.schedule, undefined, { booking: id });

/** A booking's own page (`/bookings/:id`) with its actions. */
export const bookingPagePath = (id: string) => buildPath(ROUTES.booking, { id });

/** The quote request a booking came from, on the side the person is on. */
export const quoteRequestPath = (id: string, side: 'received' | 'sent') =>
  buildPath(ROUTES.serviceRequests, undefined, { tab: side, request: id });
