/**
 * The subscription and payment endpoints' bodies and answers (issue 17). The spec's
 * `create-checkout-session` (tier pro|premium, cadence monthly, currency usd; the answer's url is
 * followed) is extended with `cadence: monthly|annual` and `currency: ghs|usd`.
 */
import { z } from 'zod';
import { CURRENCIES } from '../money.ts';
import { TIER_IDS } from '../tiers.ts';
import {
  BILLING_CADENCES,
  MOBILE_MONEY_NETWORKS,
  PAID_TIER_IDS,
  PAYMENT_GATEWAYS,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  SUBSCRIPTION_STATUSES,
} from './rules.ts';

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

/** A path inside the app to come back to after paying ("/onboarding/review"); never another site. */
const returnPath = z
  .string()
  .max(200)
  .regex(/^\/(?!\/)[\w\-/?=&.%]*$/, { error: 'must be a path inside Adwuma, such as /subscription' });

export const checkoutRequestSchema = z.object({
  tier: z.preprocess(lower, z.enum(PAID_TIER_IDS, { error: 'Choose the pro or premium plan' })),
  cadence: z
    .preprocess(lower, z.enum(BILLING_CADENCES, { error: 'Choose monthly or annual' }))
    .default('monthly'),
  currency: z.preprocess(lower, z.enum(['ghs', 'usd'], { error: 'Choose ghs or usd' })).default('usd'),
  /** Mobile money or card; the gateway's checkout offers both when unset. */
  method: z.enum(PAYMENT_METHODS, { error: 'Choose card or mobile_money' }).optional(),
  return_to: returnPath.optional(),
});
export type CheckoutRequest = z.output<typeof checkoutRequestSchema>;

export const checkoutAnswerSchema = z.object({ url: z.string(), payment_id: z.string() });
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  status: z.enum(PAYMENT_STATUSES),
  gateway: z.enum(PAYMENT_GATEWAYS),
  amount_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  tier: z.enum(TIER_IDS),
  cadence: z.enum(BILLING_CADENCES),
  method: z.enum(PAYMENT_METHODS).nullable(),
  /** "MTN MoMo ••• 4567" or "Visa ••• 4242", when known. */
  method_label: z.string().nullable(),
  receipt_number: z.string().nullable(),
  failure_reason: z.string().nullable(),
  test_mode: z.boolean(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** The period this payment pays for (after success). */
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const subscriptionViewSchema = z.object({
  tier: z.enum(TIER_IDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  subscribed: z.boolean(),
  cadence: z.enum(BILLING_CADENCES).nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  /** The price of one period of the current plan. */
  amount_minor: z.number().int().nullable(),
  gateway: z.enum(PAYMENT_GATEWAYS).nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** A downgrade that takes effect at the period end. */
  pending_tier: z.enum(TIER_IDS).nullable(),
  /** Past due: the tier stays until then, then Starter. */
  grace_until: z.string().nullable(),
  /** How the next period is paid: charged automatically (saved card) or by a pay link (mobile money). */
  renewal: z.enum(['automatic', 'pay_link', 'none']),
  /** A checkout started and not finished: where to continue it. */
  pending_payment: z.object({ id: z.string(), url: z.string() }).nullable(),
  /** The card portal (Stripe) is available. */
  can_manage_card: z.boolean(),
  test_mode: z.boolean(),
  payments: z.array(paymentSchema),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const subscriptionResponseSchema = z.object({ subscription: subscriptionViewSchema });

export const changePlanRequestSchema = z.object({
  tier: z.preprocess(lower, z.enum(TIER_IDS, { error: 'Choose starter, pro or premium' })),
  cadence: z.preprocess(lower, z.enum(BILLING_CADENCES, { error: 'Choose monthly or annual' })).optional(),
});
export const changePlanAnswerSchema = z.discriminatedUnion('kind', [
  /** Upgrade: pay the prorated amount; the new tier starts when the payment is verified. */
  z.object({
    kind: z.literal('upgrade'),
    url: z.string(),
    payment_id: z.string(),
    due_minor: z.number().int(),
  }),
  /** Downgrade (or Starter = cancel): takes effect at the period end. */
  z.object({ kind: z.literal('downgrade'), effective_at: z.string() }),
]);
export type ChangePlanAnswer = z.infer<typeof changePlanAnswerSchema>;

/** GET /api/payments/:id: what /payment-success waits for. */
export const paymentStatusSchema = paymentSchema.extend({
  /** The tier in force for the payer now. */
  tier_now: z.enum(TIER_IDS),
  /** Where the payer wanted to go afterwards (onboarding). */
  return_to: z.string().nullable(),
  /** Who paid: the receipt's "Billed to" (also when an admin reads it). */
  payer: z.object({ name: z.string().nullable(), email: z.string() }),
});
export type PaymentStatusAnswer = z.infer<typeof paymentStatusSchema>;

/** GET /api/pricing: prices in both currencies, and how each can be paid here. */
export const pricingAnswerSchema = z.object({
  prices: z.record(
    z.enum(PAID_TIER_IDS),
    z.record(z.enum(BILLING_CADENCES), z.record(z.enum(CURRENCIES), z.number().int())),
  ),
  currencies: z.array(
    z.object({
      currency: z.enum(CURRENCIES),
      available: z.boolean(),
      gateway: z.enum(PAYMENT_GATEWAYS).nullable(),
      methods: z.array(z.enum(PAYMENT_METHODS)),
    }),
  ),
  test_mode: z.boolean(),
});
export type PricingAnswer = z.infer<typeof pricingAnswerSchema>;

// ---- the embedded sandbox checkout (TEST MODE) ------------------------------------------------------

export const sandboxCheckoutSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  description: z.string(),
  email: z.string(),
  methods: z.array(z.enum(PAYMENT_METHODS)),
  success_url: z.string(),
  cancel_url: z.string(),
  failure_reason: z.string().nullable(),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;

export const sandboxPaySchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('mobile_money'),
    network: z.enum(MOBILE_MONEY_NETWORKS.map((n) => n.id) as ['mtn', 'vod', 'atl'], {
      error: 'Choose MTN MoMo, Telecel Cash or AirtelTigo Money',
    }),
    phone: z.string().trim().min(9, { error: 'Enter your mobile money number' }).max(20),
    /** Approve with a 4-digit PIN, or decline the prompt. */
    decision: z.enum(['approve', 'decline']),
    pin: z.string().optional(),
  }),
  z.object({
    method: z.literal('card'),
    number: z.string().trim().min(12, { error: 'Enter the card number' }).max(23),
    expiry: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { error: 'Enter the expiry as MM/YY' }),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, { error: 'Enter the 3 or 4 digit CVC' }),
  }),
]);
export type SandboxPay = z.infer<typeof sandboxPaySchema>;

// ---- admin ------------------------------------------------------------------------------------------

export const adminSubscriptionSchema = z.object({
  user_id: z.string(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  tier: z.enum(TIER_IDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  gateway: z.enum(PAYMENT_GATEWAYS).nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  cadence: z.enum(BILLING_CADENCES).nullable(),
  amount_minor: z.number().int().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  updated_at: z.string(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
