import type { PaymentStatusAnswer } from '@adwuma/shared';
import { pollInterval } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { dataSaverEnabled } from '../../../lib/data-saver.ts';

export const paymentApiPath = (id: string) => `/api/payments/${encodeURIComponent(id)}`;

export const paymentKeys = {
  one: (id: string) => ['payments', id] as const,
};

/** GET /api/payments/:id: the payment's status (and its receipt data once paid). */
export const paymentQuery = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.one(id),
    queryFn: ({ signal }) => api<PaymentStatusAnswer>(paymentApiPath(id), { signal }),
    staleTime: 0,
  });

/** How often /payment-success asks again while the gateway has not confirmed, and for how long. */
export const PAYMENT_POLL_MS = 1500;
export const PAYMENT_POLL_LIMIT_MS = 60_000;

/**
 * The payment, asked again every 1.5 s while it is pending, for up to a minute (then `timedOut`;
 * `checkAgain` asks once more and waits another minute). The tier changes only on the gateway's
 * verified word, so this page waits for the server rather than trusting the redirect.
 */
export function usePaymentStatus(id: string | null, { poll = true }: { poll?: boolean } = {}) {
  const [deadline, setDeadline] = useState(() => Date.now() + PAYMENT_POLL_LIMIT_MS);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!id || !poll) return;
    setTimedOut(false);
    const timer = window.setTimeout(() => setTimedOut(true), Math.max(0, deadline - Date.now()));
    return () => window.clearTimeout(timer);
  }, [id, poll, deadline]);

  const query = useQuery({
    ...paymentQuery(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (q) =>
      poll && !timedOut && q.state.data?.status === 'pending'
        ? pollInterval(PAYMENT_POLL_MS, dataSaverEnabled())
        : false,
  });

  const checkAgain = () => {
    setDeadline(Date.now() + PAYMENT_POLL_LIMIT_MS);
    void query.refetch();
  };

  return { ...query, timedOut: timedOut && query.data?.status === 'pending', checkAgain };
}
