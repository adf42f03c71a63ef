import type { QuoteRequest } from '@adwuma/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { quoteRequestApiPath } from './get-quote-request.ts';
import { useRefreshQuoteRequests } from './get-quote-requests.ts';

/** POST /api/quote-requests/:id/cancel: the customer withdraws a request or lets a quote go. */
export function cancelQuoteRequest(id: string): Promise<QuoteRequest> {
  return api<{ request: QuoteRequest }>(`${quoteRequestApiPath(id)}/cancel`, { method: 'POST' }).then(
    (r) => r.request,
  );
}

export function useCancelQuoteRequest() {
  const refresh = useRefreshQuoteRequests();
  return useMutation({ mutationFn: cancelQuoteRequest, onSuccess: refresh });
}
