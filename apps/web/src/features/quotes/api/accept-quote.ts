import type { Booking, quoteAcceptResponseSchema } from '@adwuma/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { bookingKeys } from '../../bookings/index.ts';
import { quoteRequestApiPath } from './get-quote-request.ts';
import { useRefreshQuoteRequests } from './get-quote-requests.ts';

/**
 * POST /api/quote-requests/:id/accept: the customer takes the quote; the server answers the accepted
 * request and the booking it made (this hands on the booking).
 */
export function acceptQuote(id: string): Promise<Booking> {
  return api<z.infer<typeof quoteAcceptResponseSchema>>(`${quoteRequestApiPath(id)}/accept`, {
    method: 'POST',
  }).then((r) => r.booking);
}

export function useAcceptQuote() {
  const refresh = useRefreshQuoteRequests([bookingKeys.all]);
  return useMutation({ mutationFn: acceptQuote, onSuccess: refresh });
}
