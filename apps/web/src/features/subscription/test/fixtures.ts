import type { SubscriptionView } from '@adwuma/shared';

import { makePayment } from '../../../test/billing.ts';

export { makePayment, makePaymentStatus, PRICING } from '../../../test/billing.ts';

/** A Pro subscription paid monthly in cedis by mobile money, renewing on 25 Dec 2026. */
export function makeView(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    tier: 'pro',
    status: 'active',
    subscribed: true,
    cadence: 'monthly',
    currency: 'GHS',
    amount_minor: 15_000,
    gateway: 'sandbox',
    payment_method: 'mobile_money',
    current_period_start: '2026-11-25T10:00:00.000Z',
    current_period_end: '2026-12-25T10:00:00.000Z',
    cancel_at_period_end: false,
    pending_tier: null,
    grace_until: null,
    renewal: 'pay_link',
    pending_payment: null,
    can_manage_card: false,
    test_mode: true,
    payments: [
      makePayment(),
      makePayment({
        id: 'pay-0',
        status: 'failed',
        receipt_number: null,
        paid_at: null,
        created_at: '2026-11-24T08:00:00.000Z',
        method: 'card',
        method_label: 'Visa ••• 0002',
        failure_reason: 'Your card was declined.',
      }),
    ],
    ...overrides,
  };
}

export const STARTER_VIEW: Partial<SubscriptionView> = {
  tier: 'starter',
  subscribed: false,
  cadence: null,
  currency: null,
  amount_minor: null,
  gateway: null,
  payment_method: null,
  current_period_start: null,
  current_period_end: null,
  renewal: 'none',
  payments: [],
};
