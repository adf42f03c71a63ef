import type { Payment, PaymentStatusAnswer, SubscriptionView } from '@adwuma/shared';

export { PRICING } from '../../../test/pricing.ts';

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'pay-1',
    purpose: 'subscription',
    status: 'succeeded',
    gateway: 'sandbox',
    amount_minor: 15_000,
    currency: 'GHS',
    tier: 'pro',
    cadence: 'monthly',
    method: 'mobile_money',
    method_label: 'MTN MoMo ••• 4567',
    receipt_number: 'ADW-2026-000042',
    failure_reason: null,
    test_mode: true,
    created_at: '2026-11-25T09:58:00.000Z',
    paid_at: '2026-11-25T10:00:00.000Z',
    period_start: '2026-11-25T10:00:00.000Z',
    period_end: '2026-12-25T10:00:00.000Z',
    ...overrides,
  };
}

export function makePaymentStatus(overrides: Partial<PaymentStatusAnswer> = {}): PaymentStatusAnswer {
  return { ...makePayment(), tier_now: 'pro', return_to: null, ...overrides };
}

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
