import { buildPath, ROUTES } from '../../lib/routes.ts';

/** A booking on `/schedule` (highlighted there). */
export const bookingPath = (id: string) => buildPath(ROUTES.schedule, undefined, { booking: id });

/** The quote request a booking came from, on the side the person is on. */
export const quoteRequestPath = (id: string, side: 'received' | 'sent') =>
  buildPath(ROUTES.serviceRequests, undefined, { tab: side, request: id });
