import type { PricingAnswer } from '@adwuma/shared';

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
