import type { QuoteRequest } from '@adwuma/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { quoteRequestApiPath } from './get-quote-request.ts';
import { useRefreshQuoteRequests } from './get-quote-requests.ts';

/** POST /api/quote-requests/:id/decline: the provider says no, with an optional message. */
export function declineQuoteRequest(id: string, message?: string): Promise<QuoteRequest> {
  return api<{ request: QuoteRequest }>(`${quoteRequestApiPath(id)}/decline`, {
    method: 'POST',
    json: message ? { message } : {},
  }).then((r) => r.request);
}

export function useDeclineQuoteRequest() {
  const refresh = useRefreshQuoteRequests();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message?: string }) => declineQuoteRequest(id, message),
    onSuccess: refresh,
  });
}
