import type { CustomerPayment } from '@adwuma/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type { CustomerPayment } from '@adwuma/shared';

export const PAYMENTS_API = '/api/payments';

// Not under 'payments': checkout keeps one payment's status at ['payments', id].
export const customerPaymentKeys = { list: ['customer-payments', 'list'] as const };

/** GET /api/payments: the signed-in customer's booking payments with their refunds, newest first. */
export const customerPaymentsQuery = () =>
  queryOptions({
    queryKey: customerPaymentKeys.list,
    queryFn: ({ signal }) => api<{ items: CustomerPayment[] }>(PAYMENTS_API, { signal }).then((r) => r.items),
    staleTime: 30_000,
  });
