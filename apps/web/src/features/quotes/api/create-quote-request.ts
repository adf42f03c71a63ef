import type { QuoteRequest, QuoteRequestInput } from '@adwuma/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { QUOTE_REQUESTS_API, useRefreshQuoteRequests } from './get-quote-requests.ts';

/** POST /api/quote-requests: a customer asks a provider for a price on one of their services. */
export function createQuoteRequest(input: QuoteRequestInput): Promise<QuoteRequest> {
  return api<{ request: QuoteRequest }>(QUOTE_REQUESTS_API, { method: 'POST', json: input }).then(
    (r) => r.request,
  );
}

export function useCreateQuoteRequest() {
  const refresh = useRefreshQuoteRequests();
  return useMutation({ mutationFn: createQuoteRequest, onSuccess: refresh });
}
