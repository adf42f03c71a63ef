/**
 * Booking money endpoints' bodies and answers (issue 18): paying for a booking, payout settings,
 * the provider's earnings, the customer's payments, materials, and the admin's money pages.
 */
import { z } from 'zod';
import { CURRENCIES } from '../money.ts';
import { TIER_IDS } from '../tiers.ts';
import { BOOKING_PAYMENT_STATUSES, PAYOUT_METHOD_TYPES, PAYOUT_STATUSES, REFUND_STATUSES } from './escrow.ts';
import {
  MOBILE_MONEY_NETWORKS,
  PAYMENT_GATEWAYS,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
} from './rules.ts';

const NETWORK_IDS = MOBILE_MONEY_NETWORKS.map((n) => n.id) as ['mtn', 'vod', 'atl'];

// ---- paying for a booking ------------------------------------------------------------------------

/** POST /api/bookings/:id/pay — the amount is the booking's, never the browser's. */
export const bookingPayRequestSchema = z.strictObject({
  method: z.enum(PAYMENT_METHODS, { error: 'Choose card or mobile_money' }).optional(),
});
export const bookingPayAnswerSchema = z.object({ url: z.string(), payment_id: z.string() });
export type BookingPayAnswer = z.infer<typeof bookingPayAnswerSchema>;

/** The money part of a booking's detail (both parties see it). */
export const bookingMoneySchema = z.object({
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
  amount_minor: z.number().int(),
  currency: z.literal('GHS'),
  /** When an unpaid booking is released; null once paid. */
  payment_due_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** Still held by Adwuma for this booking. */
  held_minor: z.number().int(),
  refunded_minor: z.number().int(),
  advance_minor: z.number().int(),
  /** A checkout opened and not finished (the customer may continue it). */
  pending_payment_id: z.string().nullable(),
  /** Provider side only (null for the customer): commission and earnings, once fixed. */
  commission_minor: z.number().int().nullable(),
  earnings_minor: z.number().int().nullable(),
  earnings_available_at: z.string().nullable(),
  /** Provider side: the most they may still take as a materials advance (0 when none). */
  advance_cap_minor: z.number().int(),
  test_mode: z.boolean(),
});
export type BookingMoney = z.infer<typeof bookingMoneySchema>;

// ---- payout settings ---------------------------------------------------------------------------

export const payoutLookupRequestSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('mobile_money'),
      network: z.enum(NETWORK_IDS, { error: 'Choose MTN, Telecel or AirtelTigo' }),
      account_number: z.string({ error: 'Enter the mobile money number' }).max(20),
    }),
    z.strictObject({
      type: z.literal('bank'),
      bank_code: z.string({ error: 'Choose a bank' }).min(1, { error: 'Choose a bank' }).max(20),
      account_number: z
        .string({ error: 'Enter the account number' })
        .regex(/^\d{6,20}$/, { error: 'Enter the account number (digits only)' }),
    }),
  ],
  { error: 'Choose mobile money or bank' },
);
export type PayoutLookupRequest = z.infer<typeof payoutLookupRequestSchema>;

/** POST /api/payouts/lookup: the account holder's name, shown before saving. */
export const payoutLookupAnswerSchema = z.object({
  account_name: z.string(),
  account_number: z.string(),
  /** A token binding the save to this lookup (the name cannot be edited in between). */
  confirmation: z.string(),
});
export type PayoutLookupAnswer = z.infer<typeof payoutLookupAnswerSchema>;

/** PUT /api/payouts/settings: saves the looked-up account. */
export const payoutSaveRequestSchema = z.strictObject({ confirmation: z.string().min(1).max(2000) });

export const payoutSettingsSchema = z.object({
  method: z
    .object({
      type: z.enum(PAYOUT_METHOD_TYPES),
      network: z.enum(NETWORK_IDS).nullable(),
      bank_code: z.string().nullable(),
      /** "MTN MoMo •••• 4567" */
      label: z.string(),
      account_name: z.string(),
      updated_at: z.string(),
    })
    .nullable(),
  /** Payouts wait until then after a change (null when not held). */
  hold_until: z.string().nullable(),
  banks: z.array(z.object({ code: z.string(), name: z.string() })),
  test_mode: z.boolean(),
});
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;

// ---- earnings (provider) ----------------------------------------------------------------------

export const payoutSchema = z.object({
  id: z.string(),
  amount_minor: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  method_label: z.string(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const earningsBookingSchema = z.object({
  booking_id: z.string(),
  title: z.string(),
  customer_name: z.string().nullable(),
  completed_at: z.string().nullable(),
  price_minor: z.number().int(),
  commission_percent: z.number().int().nullable(),
  commission_minor: z.number().int().nullable(),
  earnings_minor: z.number().int().nullable(),
  advance_minor: z.number().int(),
  payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
  /** pending (held or waiting for the delay), available, or paid_out. */
  earnings_state: z.enum(['held', 'pending', 'available']),
  earnings_available_at: z.string().nullable(),
});
export type EarningsBooking = z.infer<typeof earningsBookingSchema>;

/** GET /api/earnings */
export const earningsSchema = z.object({
  tier: z.enum(TIER_IDS),
  payout_delay_days: z.number().int(),
  /** Held for work not yet done (paid bookings not completed). */
  held_minor: z.number().int(),
  /** Earned, waiting for the payout delay. */
  pending_minor: z.number().int(),
  available_minor: z.number().int(),
  in_flight_minor: z.number().int(),
  paid_out_minor: z.number().int(),
  next_payout_at: z.string().nullable(),
  has_payout_method: z.boolean(),
  hold_until: z.string().nullable(),
  bookings: z.array(earningsBookingSchema),
  payouts: z.array(payoutSchema),
});
export type EarningsAnswer = z.infer<typeof earningsSchema>;

// ---- materials ---------------------------------------------------------------------------------

/** POST /api/bookings/:id/materials/advance (Pro, Premium). */
export const advanceRequestSchema = z.strictObject({
  amount_minor: z
    .number({ error: 'Enter an amount' })
    .int({ error: 'Enter an amount in pesewas' })
    .positive({ error: 'Enter an amount above zero' }),
});

export const materialReceiptSchema = z.object({
  id: z.string(),
  amount_minor: z.number().int(),
  description: z.string(),
  image_url: z.string(),
  created_at: z.string(),
});
export type MaterialReceipt = z.infer<typeof materialReceiptSchema>;

/** GET /api/bookings/:id/materials (both parties), and the answer of the advance and receipt posts. */
export const materialsSchema = z.object({
  advance_minor: z.number().int(),
  receipts_minor: z.number().int(),
  /** Newest first; the photos are signed URLs valid for an hour. */
  receipts: z.array(materialReceiptSchema),
});
export type Materials = z.infer<typeof materialsSchema>;

// ---- customer payments ---------------------------------------------------------------------------

export const customerPaymentSchema = z.object({
  id: z.string(),
  booking_id: z.string().nullable(),
  title: z.string(),
  provider_name: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  amount_minor: z.number().int(),
  refunded_minor: z.number().int(),
  method_label: z.string().nullable(),
  receipt_number: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunds: z.array(
    z.object({
      id: z.string(),
      amount_minor: z.number().int(),
      status: z.enum(REFUND_STATUSES),
      reason: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type CustomerPayment = z.infer<typeof customerPaymentSchema>;

/** GET /api/payments (the signed-in customer's booking payments, newest first). */
export const customerPaymentsSchema = z.object({ items: z.array(customerPaymentSchema) });

// ---- admin ---------------------------------------------------------------------------------------

export const adminMoneyOverviewSchema = z.object({
  /** Every currency's entries sum to zero, and every transaction balances. */
  books_balance: z.boolean(),
  unbalanced_transactions: z.number().int(),
  held_minor: z.number().int(),
  providers_pending_minor: z.number().int(),
  providers_available_minor: z.number().int(),
  in_flight_minor: z.number().int(),
  refunds_due_minor: z.number().int(),
  commission_minor: z.number().int(),
  /** Platform revenue by month (commission and subscriptions, GHS), newest first. */
  revenue_by_month: z.array(
    z.object({
      month: z.string(),
      commission_minor: z.number().int(),
      subscriptions_minor: z.number().int(),
    }),
  ),
  /** Subscriptions paid in dollars (Stripe), net of refunds, by month, newest first (cents). */
  usd_subscriptions_by_month: z.array(z.object({ month: z.string(), subscriptions_minor: z.number().int() })),
});
export type AdminMoneyOverview = z.infer<typeof adminMoneyOverviewSchema>;

export const adminPayoutSchema = payoutSchema.extend({
  provider_id: z.string(),
  provider_name: z.string().nullable(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  /** This payout's place in its provider's run of tries since their last paid payout (1 = first). */
  attempts: z.number().int(),
  /** Failed or reversed, and a later payout of this provider already sent the money again. */
  superseded: z.boolean(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

/** GET /api/admin/money/payouts: newest first, ADMIN_PAGE_SIZE a page. */
export const adminPayoutsPageSchema = z.object({
  items: z.array(adminPayoutSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminPayoutsPage = z.infer<typeof adminPayoutsPageSchema>;

/** POST /api/admin/money/payouts/:id/retry: the payout retried, and the new payout sending its money (null when none could start). */
export const adminPayoutRetrySchema = z.object({
  payout: adminPayoutSchema,
  new_payout: adminPayoutSchema.nullable(),
});
export type AdminPayoutRetry = z.infer<typeof adminPayoutRetrySchema>;

export const adminRefundSchema = z.object({
  id: z.string(),
  booking_id: z.string(),
  customer_name: z.string().nullable(),
  amount_minor: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  /** Times the gateway was asked; when it accepted. */
  attempts: z.number().int(),
  sent_at: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** GET /api/admin/money/refunds: newest first, ADMIN_PAGE_SIZE a page. */
export const adminRefundsPageSchema = z.object({
  items: z.array(adminRefundSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminRefundsPage = z.infer<typeof adminRefundsPageSchema>;

/** One payment of any purpose (booking or plan), for the admin's payments list. */
export const adminMoneyPaymentSchema = z.object({
  id: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  status: z.enum(PAYMENT_STATUSES),
  gateway: z.enum(PAYMENT_GATEWAYS),
  amount_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  refunded_minor: z.number().int(),
  payer_id: z.string(),
  payer_name: z.string().nullable(),
  payer_email: z.string().nullable(),
  booking_id: z.string().nullable(),
  tier: z.enum(TIER_IDS).nullable(),
  method_label: z.string().nullable(),
  receipt_number: z.string().nullable(),
  failure_reason: z.string().nullable(),
  test_mode: z.boolean(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type AdminMoneyPayment = z.infer<typeof adminMoneyPaymentSchema>;

/** GET /api/admin/money/payments: newest first, ADMIN_PAGE_SIZE a page. */
export const adminMoneyPaymentsPageSchema = z.object({
  items: z.array(adminMoneyPaymentSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminMoneyPaymentsPage = z.infer<typeof adminMoneyPaymentsPageSchema>;

/** Dispute resolution that moves money: a split names both amounts (pesewas). */
export const disputeSplitSchema = z.strictObject({
  provider_minor: z.number().int().nonnegative(),
  customer_minor: z.number().int().nonnegative(),
});
