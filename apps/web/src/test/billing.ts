import type { Payment, PaymentStatusAnswer, PricingAnswer } from '@adwuma/shared';

/** GET /api/pricing as a server with the TEST MODE sandbox answers it (the default prices). */
export const PRICING: PricingAnswer = {
  prices: {
    pro: { monthly: { GHS: 15_000, USD: 1200 }, annual: { GHS: 150_000, USD: 12_000 } },
    premium: { monthly: { GHS: 60_000, USD: 4900 }, annual: { GHS: 600_000, USD: 49_000 } },
  },
  currencies: [
    { currency: 'GHS', available: true, gateway: 'sandbox', methods: ['mobile_money', 'card'] },
    { currency: 'USD', available: true, gateway: 'sandbox', methods: ['card'] },
  ],
  test_mode: true,
};

/** A paid Pro month in cedis by mobile money (a billing history row). */
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
  return {
    ...makePayment(),
    tier_now: 'pro',
    return_to: null,
    payer: { name: 'Efua Asante', email: 'efua@example.com' },
    ...overrides,
  };
}
