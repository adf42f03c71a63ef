import type {
  BillingCadence,
  Currency,
  PaidTierId,
  PaymentGatewayId,
  PaymentMethod,
  PaymentPurpose,
  PayoutMethodType,
} from '@adwuma/shared';

/**
 * A payment gateway (issue 17, decision 013): Stripe (USD cards), Paystack (GHS cards and mobile
 * money) and the embedded TEST MODE sandbox. Subscriptions (and, in issue 18, booking payments) talk
 * to this interface only; which gateway serves a currency is configuration (gateways.ts).
 *
 * Every gateway turns its webhooks into the same normalized events, so one processor applies them:
 * signature checked over the raw body first (verifyWebhook), the event stored once by its id, then
 * processed on the job queue (features/payments).
 */
export interface PaymentGateway {
  readonly id: PaymentGatewayId;
  /** TEST MODE: no real money moves (the sandbox; Stripe/Paystack test keys). */
  readonly testMode: boolean;
  readonly currencies: readonly Currency[];
  /** The methods its checkout offers for a currency. */
  methods(currency: Currency): PaymentMethod[];
  /**
   * Opens a hosted checkout for one payment (Stripe: a subscription-mode Checkout Session; Paystack:
   * an initialized transaction; sandbox: the in-app test checkout). Answers where to send the payer.
   */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Checks a webhook's signature over the raw body and parses it. Throws WebhookSignatureError on a
   * missing or wrong signature (or, for Stripe, a timestamp outside the 5-minute tolerance).
   */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): VerifiedEvent;
  /** What a verified event means for Adwuma: zero or more normalized events. */
  normalize(event: VerifiedEvent): NormalizedEvent[];
  /** Asks the gateway, server to server, what became of a payment (reconciliation, /payment-success). */
  verifyPayment(payment: PaymentRef): Promise<NormalizedEvent | null>;
  /**
   * Charges a saved card for a renewal (Paystack's charge_authorization; the sandbox's test card).
   * Answers the normalized outcome; a gateway that renews by itself (Stripe) does not implement it.
   */
  chargeSaved?(request: SavedChargeRequest): Promise<NormalizedEvent>;
  /** Stripe: change the running subscription's price (upgrade now with proration, downgrade later). */
  changeSubscription?(request: {
    gatewaySubscriptionId: string;
    priceTier: PaidTierId;
    cadence: BillingCadence;
    /** true: now, prorated and invoiced at once; false: from the next period. */
    immediately: boolean;
  }): Promise<void>;
  /** Stripe: cancel at the period end (or undo that). */
  setCancelAtPeriodEnd?(gatewaySubscriptionId: string, cancel: boolean): Promise<void>;
  /** Stripe: cancel at once (a duplicate subscription). */
  cancelNow?(gatewaySubscriptionId: string): Promise<void>;
  /**
   * Returns the money of a succeeded payment (a duplicate; a booking's refund); answers the refund's
   * reference. `refundAmountMinor` refunds part of it (booking refunds, issue 18), else all of it;
   * a refund larger than what is left of the payment is refused (GatewayError).
   */
  refund?(payment: RefundRequest): Promise<string>;
  /** Stripe's customer portal (change the card); null when the gateway has none. */
  portalUrl?(customerId: string, returnUrl: string): Promise<string>;
  // ---- transfers (issue 18: provider payouts; Paystack and the sandbox) -------------------------
  /** The banks (or mobile money networks) transfers can go to, in cedis. */
  listBanks?(type: PayoutMethodType): Promise<TransferBank[]>;
  /** The holder's name of an account; null when the gateway finds no such account. */
  resolveAccount?(account: TransferAccount): Promise<{ accountName: string } | null>;
  /** Registers a looked-up account as a transfer recipient; answers its code (Paystack RCP_...). */
  createRecipient?(account: TransferAccount & { accountName: string }): Promise<string>;
  /**
   * Sends money to a recipient from the balance. Answers what the gateway said at once (usually
   * pending: the outcome comes as a transfer.* webhook); a refusal throws a GatewayError with a status.
   */
  transfer?(request: TransferRequest): Promise<TransferOutcome>;
  /** What became of a transfer (reconciliation of payouts left pending); null when unknown. */
  verifyTransfer?(reference: string): Promise<TransferOutcome | null>;
}

/** Paystack's bank codes of Ghana's mobile money networks (the sandbox uses the same). */
export const MOMO_BANK_CODES = { mtn: 'MTN', vod: 'VOD', atl: 'ATL' } as const;

/** An account money is sent to: a mobile money wallet (bank code MTN, VOD, ATL) or a bank account. */
export interface TransferAccount {
  type: PayoutMethodType;
  bankCode: string;
  accountNumber: string;
}

export interface TransferBank {
  code: string;
  name: string;
}

export interface TransferRequest {
  /** Our payout's reference (lowercase letters, digits, _ and -; Paystack takes it as given). */
  reference: string;
  recipientCode: string;
  amountMinor: number;
  currency: Currency;
  /** Shown on the recipient's statement. */
  reason: string;
}

export interface TransferOutcome {
  status: 'pending' | 'success' | 'failed' | 'reversed';
  transferCode: string | null;
  reason: string | null;
}

export interface CheckoutRequest {
  /** Our payment id: the gateway carries it back in metadata. */
  paymentId: string;
  /** The reference the gateway should use when it lets us choose (Paystack, sandbox). */
  reference: string;
  userId: string;
  email: string;
  /** The plan bought; null for a booking payment (purpose 'booking', issue 18). */
  tier: PaidTierId | null;
  cadence: BillingCadence | null;
  currency: Currency;
  amountMinor: number;
  /** "Adwuma Pro, monthly"; a booking payment: the caller's description of the booking. */
  description: string;
  method: PaymentMethod | null;
  successUrl: string;
  cancelUrl: string;
  /** Stripe: the customer to reuse. */
  customerId: string | null;
  /** An upgrade of a running Stripe subscription is not a checkout (see changeSubscription). */
  purpose: PaymentPurpose;
  /** The booking a booking payment pays for (carried in metadata). */
  bookingId?: string | null;
}

export interface CheckoutSession {
  /** What the gateway calls this payment (Stripe's cs_..., the Paystack/sandbox reference). */
  reference: string;
  url: string;
  customerId?: string;
}

export interface PaymentRef {
  id: string;
  reference: string;
  amountMinor: number;
  currency: Currency;
  gatewayData: Record<string, unknown>;
}

/** A payment to refund, in full or (refundAmountMinor) in part. */
export type RefundRequest = PaymentRef & { refundAmountMinor?: number };

export interface SavedChargeRequest {
  paymentId: string;
  reference: string;
  email: string;
  authorizationCode: string;
  amountMinor: number;
  currency: Currency;
}

/** A webhook whose signature checked out. */
export interface VerifiedEvent {
  /** Unique per gateway: Stripe's evt_..., Paystack's `${event}:${data.id}`, the sandbox's id. */
  id: string;
  type: string;
  /** When the gateway created the event (orders subscription state changes). */
  createdAt: Date;
  payload: Record<string, unknown>;
}

/**
 * What Adwuma acts on. `reference` finds our payment (gateway + reference); Stripe renewals carry
 * the gateway subscription id instead, with the period they paid.
 */
export type NormalizedEvent =
  | {
      kind: 'payment.succeeded';
      reference: string | null;
      /** Our payment id from metadata, when the gateway carried it. */
      paymentId: string | null;
      amountMinor: number;
      currency: Currency;
      method: PaymentMethod | null;
      methodLabel: string | null;
      /** A reusable card authorization (Paystack, sandbox cards). */
      authorizationCode: string | null;
      customerId: string | null;
      gatewaySubscriptionId: string | null;
      /** Stripe: the period the payment covers (else Adwuma computes it). */
      periodStart: Date | null;
      periodEnd: Date | null;
      /** A renewal Stripe charged by itself (no payment row of ours yet). */
      renewal: boolean;
      occurredAt: Date;
      gatewayData: Record<string, unknown>;
    }
  | {
      kind: 'payment.failed';
      reference: string | null;
      paymentId: string | null;
      gatewaySubscriptionId: string | null;
      reason: string;
      /** The payer gave up (cancelled the checkout) rather than being declined. */
      cancelled?: boolean;
      occurredAt: Date;
    }
  | { kind: 'payment.pending'; reference: string | null; paymentId: string | null; occurredAt: Date }
  | {
      /** Stripe's subscription state: tier from the price, period, cancel at period end. */
      kind: 'subscription.updated';
      gatewaySubscriptionId: string;
      customerId: string | null;
      tier: PaidTierId | null;
      cadence: BillingCadence | null;
      status: 'active' | 'past_due' | 'canceled' | 'other';
      periodStart: Date | null;
      periodEnd: Date | null;
      cancelAtPeriodEnd: boolean;
      occurredAt: Date;
    }
  | { kind: 'subscription.deleted'; gatewaySubscriptionId: string; occurredAt: Date }
  | TransferEvent;

/** A payout's transfer settled, failed, or was reversed after it settled (issue 18). */
export interface TransferEvent {
  kind: 'transfer.succeeded' | 'transfer.failed' | 'transfer.reversed';
  /** Our payout's reference. */
  reference: string;
  transferCode: string | null;
  reason: string | null;
  occurredAt: Date;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A gateway refused or failed a call: the message is safe to show. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly gateway: PaymentGatewayId,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** A header's single value. */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
