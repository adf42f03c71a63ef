import type { BillingCadence, Currency } from '@adwuma/shared';
import { buildPath, ROUTES } from '../../lib/routes.ts';

/** /pricing in a currency and cadence (`?currency=usd&cadence=annual`), as the pricing page reads them. */
export function pricingPath(choice: { currency?: Currency; cadence?: BillingCadence } = {}): string {
  return buildPath(ROUTES.pricing, undefined, {
    currency: choice.currency?.toLowerCase(),
    cadence: choice.cadence === 'annual' ? 'annual' : undefined,
  });
}

/** Where a payment's result is shown (the gateways' success and cancel URLs point here). */
export const paymentSuccessPath = (paymentId: string) =>
  buildPath(ROUTES.paymentSuccess, undefined, { payment: paymentId });
export const paymentCancelledPath = (paymentId: string) =>
  buildPath(ROUTES.paymentCancelled, undefined, { payment: paymentId });
