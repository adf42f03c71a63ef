import type { EarningsAnswer } from '@adwuma/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type { EarningsAnswer, EarningsBooking, Payout } from '@adwuma/shared';

export const EARNINGS_API = {
  earnings: '/api/earnings',
  /** The statement as a CSV download (a plain link: the browser saves it with the session cookie). */
  statement: '/api/earnings/statement.csv',
} as const;

export const earningsKeys = { all: ['earnings'] as const };

/** GET /api/earnings: the provider's balances, per-booking earnings and payouts. */
export const earningsQuery = () =>
  queryOptions({
    queryKey: earningsKeys.all,
    queryFn: ({ signal }) => api<EarningsAnswer>(EARNINGS_API.earnings, { signal }),
    staleTime: 30_000,
  });
