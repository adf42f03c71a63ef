import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  type Currency,
  MOBILE_MONEY_NETWORKS,
  type PaymentMethod,
  SANDBOX_CARDS,
  SANDBOX_MESSAGES,
  type SandboxCheckout,
  type SandboxPay,
} from '@adwuma/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxTransactions, sandboxTransfers } from '../../db/schema.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import {
  type CheckoutRequest,
  type CheckoutSession,
  GatewayError,
  headerValue,
  MOMO_BANK_CODES,
  type NormalizedEvent,
  type PaymentGateway,
  type PaymentRef,
  type RefundRequest,
  type SavedChargeRequest,
  type TransferAccount,
  type TransferOutcome,
  type VerifiedEvent,
  WebhookSignatureError,
} from './gateway.ts';
import { signTimestamped, verifyTimestamped } from './signature.ts';

/** The header the sandbox signs its webhooks in (`t=<unix>,v1=<hex HMAC-SHA256>`). */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** Where the in-app hosted test checkout lives. */
export const sandboxCheckoutPath = (reference: string) => `/pay/test/${reference}`;

export type SandboxPayOutcome =
  | { status: 'succeeded'; redirect: string }
  | { status: 'declined'; message: string };

/** Hands a signed webhook to Adwuma's webhook intake (the same code the real gateways' webhooks run). */
export type WebhookDelivery = (rawBody: Buffer, headers: Record<string, string>) => Promise<void>;

export interface SandboxGateway extends PaymentGateway {
  readonly id: 'sandbox';
  readonly webhookSecret: string;
  /** The hosted checkout page's view of a payment; null when unknown. */
  checkout(reference: string): Promise<SandboxCheckout | null>;
  /** The payer approves or declines (mobile-money prompt with a PIN, or a test card). */
  pay(reference: string, input: SandboxPay): Promise<SandboxPayOutcome>;
  /** The payer leaves the checkout: the payment is cancelled. */
  cancel(reference: string): Promise<{ redirect: string }>;
}

/**
 * Sandbox payout accounts (TEST MODE): an account number ending in 0000 is not found at lookup,
 * 9999 takes the transfer and then fails it, 8888 succeeds and is then reversed; any other succeeds.
 */
export const SANDBOX_ACCOUNTS = {
  notFound: '0000',
  transferFails: '9999',
  transferReversed: '8888',
} as const;

const SANDBOX_BANKS = [
  { code: 'SB-ABSA', name: 'Absa Bank Ghana' },
  { code: 'SB-CAL', name: 'CalBank' },
  { code: 'SB-ECO', name: 'Ecobank Ghana' },
  { code: 'SB-FBL', name: 'Fidelity Bank Ghana' },
  { code: 'SB-GCB', name: 'GCB Bank' },
  { code: 'SB-STANBIC', name: 'Stanbic Bank Ghana' },
] as const;

const SANDBOX_NAMES = [
  'Kwame Mensah',
  'Ama Owusu',
  'Kofi Boateng',
  'Akosua Asante',
  'Yaw Darko',
  'Efua Addo',
];

/** The made-up holder of a sandbox account (the same name for the same number). */
export function sandboxAccountName(accountNumber: string): string {
  const digest = createHash('sha256').update(accountNumber).digest();
  return SANDBOX_NAMES[digest[0]! % SANDBOX_NAMES.length]!;
}

const TRANSFER_KINDS = {
  'transfer.success': 'transfer.succeeded',
  'transfer.failed': 'transfer.failed',
  'transfer.reversed': 'transfer.reversed',
} as const;

const transferCodeOf = (reference: string) =>
  `TRF_sb_${createHash('sha256').update(reference).digest('hex').slice(0, 16)}`;

const transferFailure = (accountNumber: string) =>
  `The account ending ${accountNumber.slice(-4)} could not receive the transfer.`;

/** The account a sandbox recipient code stands for (the code carries it). */
function recipientAccount(code: string): TransferAccount | null {
  if (!code.startsWith('RCP_sb_')) return null;
  try {
    const { t, b, a } = JSON.parse(Buffer.from(code.slice(7), 'base64url').toString('utf8'));
    if ((t !== 'mobile_money' && t !== 'bank') || typeof b !== 'string' || typeof a !== 'string') return null;
    return { type: t, bankCode: b, accountNumber: a };
  } catch {
    return null;
  }
}

const CHECKOUT_NOT_FOUND = () => new AppError(404, 'NOT_FOUND', 'This checkout does not exist.');
const NOT_OPEN = () => new AppError(409, 'CONFLICT', SANDBOX_MESSAGES.notOpen);

/**
 * The embedded TEST MODE gateway (issue 17): an in-app hosted checkout that keeps its own books
 * (sandbox_transactions, like a real gateway's side) and tells Adwuma what happened only through
 * webhooks signed with its secret, delivered into the same intake as Stripe's and Paystack's.
 */
export function createSandboxGateway(options: {
  database: Database;
  /** The app's secret; the webhook secret is derived from it. */
  secret: string;
  publicUrl: string;
  deliver: WebhookDelivery;
}): SandboxGateway {
  const { database, publicUrl, deliver } = options;
  const db = database.db;
  const webhookSecret = createHmac('sha256', options.secret).update('adwuma-sandbox-webhook').digest('hex');

  /** Same-site URLs become paths, so the payer stays on the host they use. */
  const local = (url: string) => (url.startsWith(publicUrl) ? url.slice(publicUrl.length) || '/' : url);

  async function load(reference: string) {
    const [row] = await db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, reference));
    return row ?? null;
  }

  async function send(type: string, data: Record<string, unknown>) {
    const event = { id: `evt_sb_${randomUUID()}`, type, created: Math.floor(Date.now() / 1000), data };
    const body = JSON.stringify(event);
    await deliver(Buffer.from(body), {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signTimestamped(body, webhookSecret),
    });
  }

  type Row = typeof sandboxTransactions.$inferSelect;
  const succeededData = (row: Row) => ({
    reference: row.reference,
    amount_minor: row.amount_minor,
    currency: row.currency,
    method: row.method,
    method_label: row.method_label,
    authorization_code: row.authorization_code,
    metadata: row.metadata,
    paid_at: row.paid_at?.toISOString() ?? null,
  });

  function succeeded(data: Record<string, unknown>, occurredAt: Date): NormalizedEvent {
    const metadata = (data.metadata ?? {}) as Record<string, string>;
    return {
      kind: 'payment.succeeded',
      reference: String(data.reference),
      paymentId: metadata.payment_id ?? null,
      amountMinor: Number(data.amount_minor),
      currency: data.currency as Currency,
      method: (data.method as PaymentMethod | null) ?? null,
      methodLabel: (data.method_label as string | null) ?? null,
      authorizationCode: (data.authorization_code as string | null) ?? null,
      customerId: null,
      gatewaySubscriptionId: null,
      periodStart: null,
      periodEnd: null,
      renewal: false,
      occurredAt,
      gatewayData: {},
    };
  }

  return {
    id: 'sandbox',
    testMode: true,
    currencies: ['GHS', 'USD'],
    webhookSecret,
    methods: (currency) => (currency === 'GHS' ? ['mobile_money', 'card'] : ['card']),

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const methods = request.method ? [request.method] : this.methods(request.currency);
      await db.insert(sandboxTransactions).values({
        reference: request.reference,
        amount_minor: request.amountMinor,
        currency: request.currency,
        email: request.email,
        description: request.description,
        methods,
        success_url: local(request.successUrl),
        cancel_url: local(request.cancelUrl),
        metadata: {
          payment_id: request.paymentId,
          user_id: request.userId,
          ...(request.tier ? { tier: request.tier } : {}),
          ...(request.cadence ? { cadence: request.cadence } : {}),
          ...(request.bookingId ? { booking_id: request.bookingId } : {}),
          purpose: request.purpose,
        },
      });
      return { reference: request.reference, url: sandboxCheckoutPath(request.reference) };
    },

    verifyWebhook(rawBody, headers): VerifiedEvent {
      verifyTimestamped(rawBody, headerValue(headers, SANDBOX_SIGNATURE_HEADER), webhookSecret);
      let event: { id?: unknown; type?: unknown; created?: unknown; data?: unknown };
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookSignatureError('The body is not JSON');
      }
      if (typeof event.id !== 'string' || typeof event.type !== 'string') {
        throw new WebhookSignatureError('The event has no id or type');
      }
      return {
        id: event.id,
        type: event.type,
        createdAt: new Date(Number(event.created ?? 0) * 1000),
        payload: event as Record<string, unknown>,
      };
    },

    normalize(event): NormalizedEvent[] {
      const data = (event.payload.data ?? {}) as Record<string, unknown>;
      const metadata = (data.metadata ?? {}) as Record<string, string>;
      switch (event.type) {
        case 'charge.succeeded':
          return [succeeded(data, event.createdAt)];
        case 'transfer.success':
        case 'transfer.failed':
        case 'transfer.reversed':
          return [
            {
              kind: TRANSFER_KINDS[event.type],
              reference: String(data.reference),
              transferCode: typeof data.transfer_code === 'string' ? data.transfer_code : null,
              reason: typeof data.reason === 'string' ? data.reason : null,
              occurredAt: event.createdAt,
            },
          ];
        case 'checkout.cancelled':
          return [
            {
              kind: 'payment.failed',
              reference: String(data.reference),
              paymentId: metadata.payment_id ?? null,
              gatewaySubscriptionId: null,
              reason: 'You cancelled the payment.',
              cancelled: true,
              occurredAt: event.createdAt,
            },
          ];
        default:
          return [];
      }
    },

    async verifyPayment(payment: PaymentRef): Promise<NormalizedEvent | null> {
      const row = await load(payment.reference);
      if (!row) return null;
      if (row.status === 'succeeded') return succeeded(succeededData(row), row.paid_at ?? new Date());
      if (row.status === 'abandoned') {
        return {
          kind: 'payment.failed',
          reference: row.reference,
          paymentId: row.metadata.payment_id ?? null,
          gatewaySubscriptionId: null,
          reason: 'You cancelled the payment.',
          cancelled: true,
          occurredAt: new Date(),
        };
      }
      return null;
    },

    async chargeSaved(request: SavedChargeRequest): Promise<NormalizedEvent> {
      const [card] = await db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.authorization_code, request.authorizationCode))
        .limit(1);
      if (!card) {
        return {
          kind: 'payment.failed',
          reference: request.reference,
          paymentId: request.paymentId,
          gatewaySubscriptionId: null,
          reason: 'The saved card was declined.',
          occurredAt: new Date(),
        };
      }
      const paidAt = new Date();
      const [row] = await db
        .insert(sandboxTransactions)
        .values({
          reference: request.reference,
          status: 'succeeded',
          amount_minor: request.amountMinor,
          currency: request.currency,
          email: request.email,
          description: 'Renewal',
          methods: ['card'],
          success_url: '/subscription',
          cancel_url: '/subscription',
          metadata: { payment_id: request.paymentId },
          method: 'card',
          method_label: card.method_label,
          authorization_code: null,
          paid_at: paidAt,
        })
        .onConflictDoNothing()
        .returning();
      const charged = row ?? (await load(request.reference))!;
      return succeeded(
        { ...succeededData(charged), authorization_code: request.authorizationCode },
        charged.paid_at ?? paidAt,
      );
    },

    // ---- transfers (issue 18): payouts to a test account, decided by its last four digits --------

    async listBanks(type) {
      return type === 'mobile_money'
        ? MOBILE_MONEY_NETWORKS.map((n) => ({ code: MOMO_BANK_CODES[n.id], name: n.name }))
        : SANDBOX_BANKS.map((b) => ({ ...b }));
    },

    async resolveAccount(account) {
      const known =
        account.type === 'mobile_money'
          ? Object.values(MOMO_BANK_CODES).includes(account.bankCode as never)
          : SANDBOX_BANKS.some((b) => b.code === account.bankCode);
      if (!known || account.accountNumber.endsWith(SANDBOX_ACCOUNTS.notFound)) return null;
      return { accountName: sandboxAccountName(account.accountNumber) };
    },

    async createRecipient(account) {
      const payload = { t: account.type, b: account.bankCode, a: account.accountNumber };
      return `RCP_sb_${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    },

    async transfer(request) {
      const account = recipientAccount(request.recipientCode);
      if (!account) throw new GatewayError('Unknown transfer recipient', 'sandbox', 400);
      if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0)
        throw new GatewayError('Invalid transfer amount', 'sandbox', 400);
      const [row] = await db
        .insert(sandboxTransfers)
        .values({
          reference: request.reference,
          amount_minor: request.amountMinor,
          currency: request.currency,
          recipient_code: request.recipientCode,
          account_number: account.accountNumber,
        })
        .onConflictDoNothing()
        .returning();
      // The same reference twice (a retried call): what the first one became, nothing sent again.
      if (!row) return (await transferOutcome(request.reference))!;
      // Like a real gateway, the outcome comes later, as a signed webhook after this call answered.
      setImmediate(() => {
        void settleTransfer(row.reference, account.accountNumber).catch(() => {
          // The app may be shutting down; the payout stays pending and reconciliation asks verifyTransfer.
        });
      });
      return { status: 'pending', transferCode: transferCodeOf(row.reference), reason: null };
    },

    verifyTransfer(reference) {
      return transferOutcome(reference);
    },

    /**
     * Gives back all or part (refundAmountMinor) of a paid transaction: its refunded total is kept
     * on its row (metadata.refunded_minor) by one conditional update, so two refunds at once can
     * never give back more than was paid; a refund larger than what is left is refused.
     */
    async refund(payment: RefundRequest): Promise<string> {
      const refunded = sql`coalesce((${sandboxTransactions.metadata}->>'refunded_minor')::integer, 0)`;
      const left = sql`${sandboxTransactions.amount_minor} - ${refunded}`;
      const amount =
        payment.refundAmountMinor === undefined ? left : sql`${payment.refundAmountMinor}::integer`;
      const [row] = await db
        .update(sandboxTransactions)
        .set({
          metadata: sql`jsonb_set(${sandboxTransactions.metadata}, '{refunded_minor}', to_jsonb((${refunded} + ${amount})::text))`,
        })
        .where(
          and(
            eq(sandboxTransactions.reference, payment.reference),
            eq(sandboxTransactions.status, 'succeeded'),
            sql`${amount} > 0`,
            sql`${amount} <= ${left}`,
          ),
        )
        .returning({ reference: sandboxTransactions.reference });
      if (row) return `sbrf_${randomUUID()}`;
      const found = await load(payment.reference);
      if (!found) throw new GatewayError('The sandbox has no such payment', 'sandbox', 404);
      if (found.status !== 'succeeded')
        throw new GatewayError('Only a paid payment can be refunded', 'sandbox', 400);
      throw new GatewayError('The refund is larger than what is left of the payment', 'sandbox', 400);
    },

    async checkout(reference) {
      const row = await load(reference);
      if (!row) return null;
      return {
        id: row.reference,
        status: row.status === 'open' ? 'pending' : row.status === 'succeeded' ? 'succeeded' : 'cancelled',
        amount_minor: row.amount_minor,
        currency: row.currency,
        description: row.description,
        email: row.email,
        methods: row.methods,
        success_url: row.success_url,
        cancel_url: row.cancel_url,
        failure_reason: row.last_decline,
      };
    },

    async pay(reference, input) {
      const row = await load(reference);
      if (!row) throw CHECKOUT_NOT_FOUND();
      if (row.status !== 'open') throw NOT_OPEN();
      if (!row.methods.includes(input.method)) {
        throw fieldError('method', 'This checkout does not take that payment method');
      }
      let label: string;
      if (input.method === 'card') {
        const number = input.number.replace(/[\s-]/g, '');
        if (number === SANDBOX_CARDS.decline) return decline(row.reference, SANDBOX_MESSAGES.cardDeclined);
        if (number !== SANDBOX_CARDS.approve) throw fieldError('number', SANDBOX_MESSAGES.unknownCard);
        label = `Visa ••• ${number.slice(-4)}`;
      } else {
        if (input.decision === 'decline') return decline(row.reference, SANDBOX_MESSAGES.promptDeclined);
        if (!/^\d{4}$/.test(input.pin ?? '')) throw fieldError('pin', SANDBOX_MESSAGES.pinInvalid);
        const digits = input.phone.replace(/\D/g, '');
        if (digits.length < 9) throw fieldError('phone', 'Enter your mobile money number');
        const network = MOBILE_MONEY_NETWORKS.find((n) => n.id === input.network)!;
        label = `${network.name} ••• ${digits.slice(-4)}`;
      }
      const [paid] = await db
        .update(sandboxTransactions)
        .set({
          status: 'succeeded',
          method: input.method,
          method_label: label,
          authorization_code: input.method === 'card' ? `AUTH_sb_${randomBytes(8).toString('hex')}` : null,
          paid_at: new Date(),
        })
        .where(and(eq(sandboxTransactions.reference, reference), eq(sandboxTransactions.status, 'open')))
        .returning();
      // Two taps at once: only the one that changed the row delivers the webhook.
      if (!paid) throw NOT_OPEN();
      await send('charge.succeeded', succeededData(paid));
      return { status: 'succeeded', redirect: paid.success_url };
    },

    async cancel(reference) {
      const row = await load(reference);
      if (!row) throw CHECKOUT_NOT_FOUND();
      if (row.status !== 'open')
        return { redirect: row.status === 'succeeded' ? row.success_url : row.cancel_url };
      const [left] = await db
        .update(sandboxTransactions)
        .set({ status: 'abandoned' })
        .where(and(eq(sandboxTransactions.reference, reference), eq(sandboxTransactions.status, 'open')))
        .returning();
      if (!left) return { redirect: row.cancel_url };
      await send('checkout.cancelled', { reference, metadata: row.metadata });
      return { redirect: row.cancel_url };
    },
  };

  async function transferOutcome(reference: string): Promise<TransferOutcome | null> {
    const [row] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.reference, reference));
    if (!row) return null;
    return {
      status: row.status,
      transferCode: transferCodeOf(row.reference),
      reason: row.status === 'failed' ? transferFailure(row.account_number) : null,
    };
  }

  /** The account decides: 9999 fails, 8888 succeeds and is then reversed, any other succeeds. */
  async function settleTransfer(reference: string, accountNumber: string) {
    const move = async (from: string, to: 'success' | 'failed' | 'reversed', reason: string | null) => {
      const [row] = await db
        .update(sandboxTransfers)
        .set({ status: to })
        .where(and(eq(sandboxTransfers.reference, reference), eq(sandboxTransfers.status, from as 'pending')))
        .returning();
      if (!row) return;
      await send(`transfer.${to}`, {
        reference,
        transfer_code: transferCodeOf(reference),
        amount_minor: row.amount_minor,
        currency: row.currency,
        status: to,
        reason,
      });
    };
    if (accountNumber.endsWith(SANDBOX_ACCOUNTS.transferFails)) {
      await move('pending', 'failed', transferFailure(accountNumber));
      return;
    }
    await move('pending', 'success', null);
    if (accountNumber.endsWith(SANDBOX_ACCOUNTS.transferReversed))
      await move('success', 'reversed', 'The receiving account returned the transfer.');
  }

  async function decline(reference: string, message: string): Promise<SandboxPayOutcome> {
    await db
      .update(sandboxTransactions)
      .set({ declines: sql`${sandboxTransactions.declines} + 1`, last_decline: message })
      .where(eq(sandboxTransactions.reference, reference));
    return { status: 'declined', message };
  }
}
