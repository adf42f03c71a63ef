import type { SandboxCheckout, SandboxPay } from '@adwuma/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const sandboxPath = (reference: string) => `/api/payments/sandbox/${encodeURIComponent(reference)}`;

export const sandboxKeys = {
  one: (reference: string) => ['payments', 'sandbox', reference] as const,
};

/** GET /api/payments/sandbox/:reference: the TEST MODE checkout's amount, description and methods. */
export const sandboxCheckoutQuery = (reference: string) =>
  queryOptions({
    queryKey: sandboxKeys.one(reference),
    queryFn: ({ signal }) => api<SandboxCheckout>(sandboxPath(reference), { signal }),
    staleTime: 0,
  });

export type SandboxPayAnswer =
  | { status: 'succeeded'; redirect: string }
  | { status: 'declined'; message: string };

/** POST .../pay: approve (or decline) with a mobile-money PIN, or pay with a test card. */
export function paySandbox(reference: string, body: SandboxPay): Promise<SandboxPayAnswer> {
  return api<SandboxPayAnswer>(`${sandboxPath(reference)}/pay`, { method: 'POST', json: body });
}

/** POST .../cancel: the payer leaves; answers where to go back to in Adwuma. */
export function cancelSandbox(reference: string): Promise<{ redirect: string }> {
  return api<{ redirect: string }>(`${sandboxPath(reference)}/cancel`, { method: 'POST' });
}
