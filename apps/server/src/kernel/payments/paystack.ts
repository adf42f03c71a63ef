import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Currency, PaymentMethod } from '@adwuma/shared';
import { CHECKOUT_MESSAGES, MOBILE_MONEY_NETWORKS, type MobileMoneyNetwork } from '@adwuma/shared';
import type { PaystackConfig } from '../../config.ts';
import {
  GatewayError,
  headerValue,
  type NormalizedEvent,
  type PaymentGateway,
  type PaymentRef,
  type TransferOutcome,
  type VerifiedEvent,
  WebhookSignatureError,
} from './gateway.ts';

/**
 * Paystack (issue 17): cedi payments by card and by mobile money (MTN MoMo, Telecel Cash, AirtelTigo
 * Money) through its hosted checkout (transaction/initialize), verified server to server
 * (transaction/verify), saved cards charged for renewals (transaction/charge_authorization), refunds.
 * Plain fetch against config.baseUrl so tests point it at a local double (test/paystack-double.ts).
 */

const TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;
type SucceededEvent = Extract<NormalizedEvent, { kind: 'payment.succeeded' }>;
type FailedEvent = Extract<NormalizedEvent, { kind: 'payment.failed' }>;

export interface PaystackGatewayOptions {
  /** How long one call may take; tests shorten it. */
  timeoutMs?: number;
}

export function createPaystackGateway(
  config: PaystackConfig,
  options: PaystackGatewayOptions = {},
): PaymentGateway {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;

  /** One API call: answers the envelope's `data` object; any refusal or failure is a GatewayError. */
  async function call(method: 'GET' | 'POST', path: string, body?: Json): Promise<Json> {
    return rec(await callData(method, path, body)) ?? {};
  }

  /** One API call: answers the envelope's `data` as it is (an object, or a list). */
  async function callData(method: 'GET' | 'POST', path: string, body?: Json): Promise<unknown> {
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${config.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${config.secretKey}`,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new GatewayError(
        timedOut ? 'Paystack did not answer in time' : 'Paystack could not be reached',
        'paystack',
      );
    }
    const envelope = parseObject(text);
    const message = str(envelope?.message);
    if (status < 200 || status >= 300 || envelope?.status !== true) {
      throw new GatewayError(message ?? `Paystack answered ${status}`, 'paystack', status);
    }
    return envelope.data;
  }

  async function verify(
    reference: string,
    fallbackPaymentId: string | null,
  ): Promise<NormalizedEvent | null> {
    let data: Json;
    try {
      data = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
    } catch (error) {
      // Paystack answers an unknown reference with 400 "Transaction reference not found" (404 too).
      if (error instanceof GatewayError && isNotFound(error)) return null;
      throw error;
    }
    switch (data.status) {
      case 'success':
        return succeeded(data, fallbackPaymentId);
      case 'failed':
        return failed(data, fallbackPaymentId, str(data.gateway_response) ?? 'The payment failed');
      case 'reversed':
        return failed(data, fallbackPaymentId, 'The payment was reversed');
      default:
        // abandoned, ongoing, pending, processing, queued: not decided yet (reconciliation cancels
        // payments left unpaid for long).
        return null;
    }
  }

  return {
    id: 'paystack',
    testMode: config.secretKey.startsWith('sk_test_'),
    currencies: ['GHS'],
    methods: (currency) => (currency === 'GHS' ? ['card', 'mobile_money'] : []),

    async createCheckout(request) {
      if (request.currency !== 'GHS') {
        throw new GatewayError('Paystack takes payments in cedis (GHS) only', 'paystack');
      }
      const data = await call('POST', '/transaction/initialize', {
        email: request.email,
        amount: request.amountMinor,
        currency: 'GHS',
        reference: request.reference,
        callback_url: request.successUrl,
        channels: request.method ? [request.method] : ['card', 'mobile_money'],
        metadata: {
          payment_id: request.paymentId,
          user_id: request.userId,
          tier: request.tier,
          cadence: request.cadence,
          ...(request.bookingId ? { booking_id: request.bookingId } : {}),
          purpose: request.purpose,
          // Paystack's checkout sends the payer here when they close it.
          cancel_action: request.cancelUrl,
        },
      });
      const url = str(data.authorization_url);
      if (!url) throw new GatewayError(CHECKOUT_MESSAGES.noUrl, 'paystack');
      return { reference: str(data.reference) ?? request.reference, url };
    },

    verifyWebhook(rawBody, headers) {
      const signature = headerValue(headers, 'x-paystack-signature')?.trim();
      if (!signature) throw new WebhookSignatureError('The signature header is missing');
      const expected = createHmac('sha512', config.secretKey).update(rawBody).digest();
      // Buffer.from(..., 'hex') stops at the first non-hex character: check the shape first.
      const given = /^[0-9a-f]+$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new WebhookSignatureError('The signature does not match the body');
      }
      // The body is Paystack's (the signature checked out) but unusable: refused like a bad one.
      const payload = parseObject(rawBody.toString('utf8'));
      if (!payload) throw new WebhookSignatureError('The webhook body is not a JSON object');
      const type = str(payload.event);
      if (!type) throw new WebhookSignatureError('The webhook has no event type');
      const data = rec(payload.data) ?? {};
      // Paystack events carry no id of their own: the transaction id names a charge's event.
      const subject =
        idOf(data.id) ?? str(data.reference) ?? createHash('sha256').update(rawBody).digest('hex');
      return {
        id: `${type}:${subject}`,
        type,
        createdAt: dateOf(data.paid_at) ?? dateOf(data.created_at) ?? dateOf(data.createdAt) ?? new Date(),
        payload,
      };
    },

    normalize(event: VerifiedEvent): NormalizedEvent[] {
      const transferKind = TRANSFER_KINDS[event.type as keyof typeof TRANSFER_KINDS];
      if (transferKind) {
        const data = rec(event.payload.data);
        const reference = str(data?.reference);
        if (!data || !reference) return [];
        return [
          {
            kind: transferKind,
            reference,
            transferCode: str(data.transfer_code),
            // `reason` is the narration we sent; Paystack names a failure in gateway_response when it does.
            reason:
              transferKind === 'transfer.succeeded'
                ? null
                : (str(data.gateway_response) ??
                  (transferKind === 'transfer.failed'
                    ? 'The transfer failed at Paystack.'
                    : 'Paystack reversed the transfer.')),
            occurredAt: dateOf(data.updated_at) ?? event.createdAt,
          },
        ];
      }
      // charge.success is the only payment outcome Paystack sends as a webhook; failures are found by
      // verifying (reconciliation) or answered by charge_authorization directly.
      if (event.type !== 'charge.success') return [];
      const data = rec(event.payload.data);
      if (!data) return [];
      return [succeeded(data, null, event.createdAt)];
    },

    verifyPayment(payment: PaymentRef) {
      return verify(payment.reference, payment.id);
    },

    async chargeSaved(request) {
      let data: Json;
      try {
        data = await call('POST', '/transaction/charge_authorization', {
          authorization_code: request.authorizationCode,
          email: request.email,
          amount: request.amountMinor,
          currency: request.currency,
          reference: request.reference,
          metadata: { payment_id: request.paymentId },
        });
      } catch (error) {
        if (!(error instanceof GatewayError) || error.status !== 400) throw error;
        // A retry after a lost answer: the first attempt may have charged the card. Ask, never guess.
        if (/duplicate/i.test(error.message)) {
          return (
            (await verify(request.reference, request.paymentId)) ??
            pending(request.reference, request.paymentId)
          );
        }
        // The authorization cannot be charged (invalid, not reusable, another email): a failed renewal.
        return {
          kind: 'payment.failed',
          reference: request.reference,
          paymentId: request.paymentId,
          gatewaySubscriptionId: null,
          reason: error.message,
          occurredAt: new Date(),
        };
      }
      if (data.status === 'success') return succeeded(data, request.paymentId);
      if (data.status === 'failed') {
        return failed(
          data,
          request.paymentId,
          str(data.gateway_response) ?? str(data.message) ?? 'The card was declined',
        );
      }
      return pending(str(data.reference) ?? request.reference, request.paymentId);
    },

    async listBanks(type) {
      const kind = type === 'mobile_money' ? 'mobile_money' : 'ghipss';
      const data = await callData('GET', `/bank?currency=GHS&type=${kind}&perPage=100`);
      if (!Array.isArray(data)) return [];
      return data
        .map(rec)
        .filter((b): b is Json => b !== null && b.active !== false && b.is_deleted !== true)
        .map((b) => ({ code: str(b.code) ?? '', name: str(b.name) ?? '' }))
        .filter((b) => b.code && b.name);
    },

    async resolveAccount(account) {
      const query = new URLSearchParams({
        account_number: account.accountNumber,
        bank_code: account.bankCode,
      });
      try {
        const data = await call('GET', `/bank/resolve?${query}`);
        const accountName = str(data.account_name);
        return accountName ? { accountName } : null;
      } catch (error) {
        // "Could not resolve account name. Check parameters or try again." (422), an unknown bank (400).
        if (error instanceof GatewayError && [400, 404, 422].includes(error.status ?? 0)) return null;
        throw error;
      }
    },

    async createRecipient(account) {
      const data = await call('POST', '/transferrecipient', {
        type: account.type === 'mobile_money' ? 'mobile_money' : 'ghipss',
        name: account.accountName,
        account_number: account.accountNumber,
        bank_code: account.bankCode,
        currency: 'GHS',
      });
      const code = str(data.recipient_code);
      if (!code) throw new GatewayError('No transfer recipient received', 'paystack');
      return code;
    },

    async transfer(request) {
      const data = await call('POST', '/transfer', {
        source: 'balance',
        amount: request.amountMinor,
        recipient: request.recipientCode,
        reference: request.reference,
        reason: request.reason,
        currency: request.currency,
      });
      return transferOutcome(data);
    },

    async verifyTransfer(reference) {
      try {
        return transferOutcome(await call('GET', `/transfer/verify/${encodeURIComponent(reference)}`));
      } catch (error) {
        if (error instanceof GatewayError && isNotFound(error)) return null;
        throw error;
      }
    },

    async refund(payment) {
      // `amount` (pesewas) refunds part of the transaction; without it Paystack refunds all of it.
      const data = await call('POST', '/refund', {
        transaction: payment.reference,
        ...(payment.refundAmountMinor === undefined ? {} : { amount: payment.refundAmountMinor }),
      });
      const id = idOf(data.id);
      if (!id) throw new GatewayError('No refund id received', 'paystack');
      return id;
    },
  };
}

const TRANSFER_KINDS = {
  'transfer.success': 'transfer.succeeded',
  'transfer.failed': 'transfer.failed',
  'transfer.reversed': 'transfer.reversed',
} as const;

/** A transfer as Paystack answers it (POST /transfer, GET /transfer/verify) in our terms. */
function transferOutcome(data: Json): TransferOutcome {
  const transferCode = str(data.transfer_code);
  const reason = str(data.gateway_response);
  switch (data.status) {
    case 'success':
      return { status: 'success', transferCode, reason: null };
    case 'reversed':
      return { status: 'reversed', transferCode, reason: reason ?? 'Paystack reversed the transfer.' };
    case 'failed':
    case 'rejected':
    case 'blocked':
    case 'abandoned':
      return {
        status: 'failed',
        transferCode,
        reason: reason ?? `The transfer was ${data.status} at Paystack.`,
      };
    case 'otp':
      // Never finalized without a person typing the OTP: a failure the operator must fix.
      return {
        status: 'failed',
        transferCode,
        reason: 'Paystack asks for an OTP for transfers: turn the transfer OTP off in its dashboard.',
      };
    default:
      // received, pending, queued, processing: the webhook tells.
      return { status: 'pending', transferCode, reason: null };
  }
}

function succeeded(data: Json, fallbackPaymentId: string | null, fallbackDate?: Date): SucceededEvent {
  const channel = str(data.channel);
  const authorization = rec(data.authorization) ?? {};
  const code = str(authorization.authorization_code);
  return {
    kind: 'payment.succeeded',
    reference: str(data.reference),
    paymentId: paymentIdOf(data) ?? fallbackPaymentId,
    amountMinor: integerOf(data.amount),
    currency: (str(data.currency) ?? '').toUpperCase() as Currency,
    method: methodOf(channel),
    methodLabel: methodLabel(channel, authorization),
    // Only a card can be charged again without the payer (mobile money asks for a PIN every time).
    authorizationCode: channel === 'card' && authorization.reusable === true && code ? code : null,
    customerId: str(rec(data.customer)?.customer_code),
    gatewaySubscriptionId: null,
    periodStart: null,
    periodEnd: null,
    renewal: false,
    occurredAt: dateOf(data.paid_at) ?? dateOf(data.paidAt) ?? fallbackDate ?? new Date(),
    gatewayData: { transaction_id: data.id ?? null },
  };
}

function failed(data: Json, fallbackPaymentId: string | null, reason: string): FailedEvent {
  return {
    kind: 'payment.failed',
    reference: str(data.reference),
    paymentId: paymentIdOf(data) ?? fallbackPaymentId,
    gatewaySubscriptionId: null,
    reason,
    occurredAt: dateOf(data.transaction_date) ?? dateOf(data.created_at) ?? new Date(),
  };
}

function pending(reference: string, paymentId: string | null): NormalizedEvent {
  return { kind: 'payment.pending', reference, paymentId, occurredAt: new Date() };
}

/** Our payment id from metadata, which Paystack may hand back as an object or as a JSON string. */
function paymentIdOf(data: Json): string | null {
  const metadata = typeof data.metadata === 'string' ? parseObject(data.metadata) : rec(data.metadata);
  return str(metadata?.payment_id);
}

function methodOf(channel: string | null): PaymentMethod | null {
  if (channel === 'card') return 'card';
  if (channel === 'mobile_money') return 'mobile_money';
  return null;
}

/** "MTN MoMo ••• 4567", "Visa ••• 4081": what the receipt and billing history show. */
function methodLabel(channel: string | null, authorization: Json): string | null {
  if (channel === 'mobile_money') {
    const network = networkOf(str(authorization.bank) ?? str(authorization.brand));
    const name = network
      ? MOBILE_MONEY_NETWORKS.find((n) => n.id === network)!.name
      : (str(authorization.bank) ?? 'Mobile money');
    const digits = (str(authorization.mobile_money_number) ?? str(authorization.last4) ?? '').replace(
      /\D/g,
      '',
    );
    return digits.length >= 4 ? `${name} ••• ${digits.slice(-4)}` : name;
  }
  if (channel === 'card') {
    const brand =
      (str(authorization.brand) ?? str(authorization.card_type) ?? '').trim().split(/\s+/)[0] ?? '';
    const name = brand ? brand[0]!.toUpperCase() + brand.slice(1).toLowerCase() : 'Card';
    const last4 = str(authorization.last4);
    return last4 && /^\d{4}$/.test(last4) ? `${name} ••• ${last4}` : name;
  }
  return null;
}

/** Paystack names Ghana's networks MTN, VOD (Telecel, formerly Vodafone) and ATL (AirtelTigo). */
function networkOf(bank: string | null): MobileMoneyNetwork | null {
  const value = (bank ?? '').toUpperCase();
  if (value.startsWith('MTN')) return 'mtn';
  if (/^(VOD|TELECEL|TCL)/.test(value)) return 'vod';
  if (/^(ATL|AIRTEL|TIGO)/.test(value)) return 'atl';
  return null;
}

function isNotFound(error: GatewayError): boolean {
  return error.status === 404 || (error.status === 400 && /not found/i.test(error.message));
}

function parseObject(text: string): Json | null {
  try {
    return rec(JSON.parse(text));
  } catch {
    return null;
  }
}

function rec(value: unknown): Json | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function idOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return str(value);
}

function integerOf(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) ? number : 0;
}

function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string' || !value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
