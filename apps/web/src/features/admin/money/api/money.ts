import type {
  AdminMoneyOverview,
  AdminMoneyPaymentsPage,
  AdminPayoutRetry,
  AdminPayoutsPage,
  AdminRefund,
  AdminRefundsPage,
  PaymentPurpose,
  PaymentStatus,
  PayoutStatus,
  RefundStatus,
} from '@adwuma/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';

const base = '/api/admin/money';

export const moneyKeys = {
  all: ['admin', 'money'] as const,
  overview: () => ['admin', 'money', 'overview'] as const,
  payments: (status: string, purpose: string, page: number) =>
    ['admin', 'money', 'payments', status, purpose, page] as const,
  payouts: (status: string, page: number) => ['admin', 'money', 'payouts', status, page] as const,
  refunds: (status: string, page: number) => ['admin', 'money', 'refunds', status, page] as const,
};

function search(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const qs = query.toString();
  return qs ? `?${qs}` : '';
}

/** GET /api/admin/money: the ledger's figures and whether the books balance. */
export const adminMoneyOverviewQuery = () =>
  queryOptions({
    queryKey: moneyKeys.overview(),
    queryFn: ({ signal }) => api<AdminMoneyOverview>(base, { signal }),
    staleTime: 15_000,
  });

/** GET /api/admin/money/payments?status=&purpose=&page=. */
export const adminMoneyPaymentsQuery = (
  status: PaymentStatus | '',
  purpose: PaymentPurpose | '',
  page: number,
) =>
  queryOptions({
    queryKey: moneyKeys.payments(status, purpose, page),
    queryFn: ({ signal }) =>
      api<AdminMoneyPaymentsPage>(`${base}/payments${search({ status, purpose, page })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

/** GET /api/admin/money/payouts?status=&page=. */
export const adminPayoutsQuery = (status: PayoutStatus | '', page: number) =>
  queryOptions({
    queryKey: moneyKeys.payouts(status, page),
    queryFn: ({ signal }) => api<AdminPayoutsPage>(`${base}/payouts${search({ status, page })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

/** GET /api/admin/money/refunds?status=&page=. */
export const adminRefundsQuery = (status: RefundStatus | '', page: number) =>
  queryOptions({
    queryKey: moneyKeys.refunds(status, page),
    queryFn: ({ signal }) => api<AdminRefundsPage>(`${base}/refunds${search({ status, page })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

/**
 * POST /api/admin/money/payouts/:id/retry: sends a failed or reversed payout's money again, in a new
 * payout (null when none could start).
 */
export function useRetryPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<AdminPayoutRetry>(`${base}/payouts/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

/** POST /api/admin/money/refunds/:id/retry: asks the gateway again for a failed refund. */
export function useRetryRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ refund: AdminRefund }>(`${base}/refunds/${encodeURIComponent(id)}/retry`, {
        method: 'POST',
      }).then((r) => r.refund),
    onSuccess: () => client.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}
