import type { BookingMoney, BookingPayAnswer, MaterialReceipt, PaymentMethod } from '@adwuma/shared';
import { pollInterval } from '@adwuma/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { dataSaverEnabled } from '../../../lib/data-saver.ts';
import { bookingKeys } from '../../bookings/index.ts';

export type { BookingMoney, MaterialReceipt } from '@adwuma/shared';

const bookingPath = (id: string) => `/api/bookings/${encodeURIComponent(id)}`;

export const BOOKING_MONEY_API = {
  money: (id: string) => `${bookingPath(id)}/money`,
  pay: (id: string) => `${bookingPath(id)}/pay`,
  materials: (id: string) => `${bookingPath(id)}/materials`,
  advance: (id: string) => `${bookingPath(id)}/materials/advance`,
  receipts: (id: string) => `${bookingPath(id)}/materials/receipts`,
} as const;

/**
 * Under the bookings' keys: a lifecycle step (start, confirm, cancel) invalidates `bookings`, so the
 * money part is read again with it (a cancellation shows its refund at once).
 */
export const moneyKeys = {
  money: (id: string) => [...bookingKeys.all, 'money', id] as const,
  materials: (id: string) => [...bookingKeys.all, 'materials', id] as const,
};

/** GET /api/bookings/:id/money: where the booking's money is, as its party (or an admin) sees it. */
export const bookingMoneyQuery = (id: string) =>
  queryOptions({
    queryKey: moneyKeys.money(id),
    queryFn: ({ signal }) => api<BookingMoney>(BOOKING_MONEY_API.money(id), { signal }),
    staleTime: 15_000,
  });

/** How often the page asks again after coming back from the gateway, and for how long. */
export const MONEY_POLL_MS = 1500;
export const MONEY_POLL_LIMIT_MS = 60_000;

/**
 * The booking's money. With `paymentId` (back from the gateway, `?payment=`), it is asked again every
 * 1.5 s while that checkout is still open and the booking waits for its payment, for up to a minute:
 * the redirect proves nothing, only the server's verified word counts.
 */
export function useBookingMoney(id: string, paymentId: string | null = null) {
  const [deadline, setDeadline] = useState(() => Date.now() + MONEY_POLL_LIMIT_MS);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!paymentId) return;
    setTimedOut(false);
    const timer = window.setTimeout(() => setTimedOut(true), Math.max(0, deadline - Date.now()));
    return () => window.clearTimeout(timer);
  }, [paymentId, deadline]);

  const query = useQuery({
    ...bookingMoneyQuery(id),
    enabled: Boolean(id),
    refetchInterval: (q) =>
      paymentId && !timedOut && confirming(q.state.data, paymentId)
        ? pollInterval(MONEY_POLL_MS, dataSaverEnabled())
        : false,
  });

  const checkAgain = () => {
    setDeadline(Date.now() + MONEY_POLL_LIMIT_MS);
    void query.refetch();
  };
  const waiting = Boolean(paymentId) && confirming(query.data, paymentId);
  return { ...query, waiting, timedOut: waiting && timedOut, checkAgain };
}

/** The checkout the customer came back from is still open and the booking still unpaid. */
export function confirming(money: BookingMoney | undefined, paymentId: string | null): boolean {
  return (
    Boolean(money && paymentId) &&
    money?.payment_status === 'awaiting_payment' &&
    money.pending_payment_id === paymentId
  );
}

/** POST /api/bookings/:id/pay: the checkout's address (the amount is the booking's, never ours). */
export const payBooking = (id: string, method: PaymentMethod) =>
  api<Partial<BookingPayAnswer> | undefined>(BOOKING_MONEY_API.pay(id), {
    method: 'POST',
    json: { method },
  });

/** POST /api/bookings/:id/materials/advance (Pro, Premium): paid out at once. */
export function useTakeAdvance(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amountMinor: number) =>
      api<unknown>(BOOKING_MONEY_API.advance(id), { method: 'POST', json: { amount_minor: amountMinor } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKeys.money(id) }),
  });
}

/** GET /api/bookings/:id/materials: the provider's material receipts, newest first. */
export const materialsQuery = (id: string) =>
  queryOptions({
    queryKey: moneyKeys.materials(id),
    queryFn: ({ signal }) =>
      api<{ items?: MaterialReceipt[]; receipts?: MaterialReceipt[] }>(BOOKING_MONEY_API.materials(id), {
        signal,
      }).then((r) => r.items ?? r.receipts ?? []),
    // The photos are signed URLs valid for an hour.
    staleTime: 5 * 60_000,
  });

export interface ReceiptInput {
  file: File;
  amountMinor: number;
  description: string;
}

/**
 * POST /api/bookings/:id/materials/receipts (Starter): multipart, the text fields first and the photo
 * last in the field `file`, as every upload of the API.
 */
export function useAddReceipt(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReceiptInput) => {
      const body = new FormData();
      body.append('amount_minor', String(input.amountMinor));
      body.append('description', input.description);
      body.append('file', input.file);
      return api<unknown>(BOOKING_MONEY_API.receipts(id), { method: 'POST', body });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moneyKeys.materials(id) }),
        queryClient.invalidateQueries({ queryKey: moneyKeys.money(id) }),
      ]),
  });
}
