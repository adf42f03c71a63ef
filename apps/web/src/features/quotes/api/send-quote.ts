import type { QuoteAnswer, QuoteRequest } from '@adwuma/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { quoteRequestApiPath } from './get-quote-request.ts';
import { useRefreshQuoteRequests } from './get-quote-requests.ts';

/** POST /api/quote-requests/:id/quote: the provider answers with a price (pesewas) and a message. */
export function sendQuote(id: string, answer: QuoteAnswer): Promise<QuoteRequest> {
  return api<{ request: QuoteRequest }>(`${quoteRequestApiPath(id)}/quote`, {
    method: 'POST',
    json: answer,
  }).then((r) => r.request);
}

export function useSendQuote() {
  const refresh = useRefreshQuoteRequests();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: QuoteAnswer }) => sendQuote(id, answer),
    onSuccess: refresh,
  });
}
