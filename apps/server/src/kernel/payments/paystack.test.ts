import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargeSuccessEvent,
  type PaystackDouble,
  type PaystackDoubleRequest,
  type PaystackDoubleTransaction,
  signPaystackEvent,
  startPaystackDouble,
  transferEvent,
} from '../../test/paystack-double.ts';
import {
  type CheckoutRequest,
  GatewayError,
  type NormalizedEvent,
  type PaymentGateway,
  WebhookSignatureError,
} from './gateway.ts';
import { createPaystackGateway } from './paystack.ts';

const secretKey = `sk_test_${randomBytes(20).toString('hex')}`;
let double: PaystackDouble;
let gateway: PaymentGateway;

beforeAll(async () => {
  double = await startPaystackDouble({ secretKey });
  gateway = createPaystackGateway({ secretKey, baseUrl: double.url });
});
afterAll(() => double.close());

function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const paymentId = randomUUID();
  return {
    paymentId,
    reference: `adw_${randomUUID().replaceAll('-', '')}`,
    userId: randomUUID(),
    email: `provider-${paymentId.slice(0, 8)}@example.com`,
    tier: 'pro',
    cadence: 'monthly',
    currency: 'GHS',
    amountMinor: 15_000,
    description: 'Adwuma Pro, monthly',
    method: null,
    successUrl: 'http://localhost:5173/payment-success?payment=1',
    cancelUrl: 'http://localhost:5173/payment-cancelled?payment=1',
    customerId: null,
    purpose: 'subscription',
    ...overrides,
  };
}

/** An initialized transaction at the double, and the request that opened it. */
async function opened(overrides: Partial<CheckoutRequest> = {}) {
  const request = checkout(overrides);
  const session = await gateway.createCheckout(request);
  return { request, session, transaction: double.transactions.get(request.reference)! };
}

const refOf = (request: CheckoutRequest) => ({
  id: request.paymentId,
  reference: request.reference,
  amountMinor: request.amountMinor,
  currency: request.currency,
  gatewayData: {},
});

function webhook(transaction: PaystackDoubleTransaction, key = secretKey) {
  const { body, header } = signPaystackEvent(chargeSuccessEvent(transaction), key);
  return { raw: Buffer.from(body), headers: { 'x-paystack-signature': header } };
}

function normalizedWebhook(transaction: PaystackDoubleTransaction): NormalizedEvent[] {
  const { raw, headers } = webhook(transaction);
  return gateway.normalize(gateway.verifyWebhook(raw, headers));
}

/** The last request the double received that matches. */
function lastRequest(matches: (request: PaystackDoubleRequest) => boolean): PaystackDoubleRequest {
  const found = double.requests.filter(matches).at(-1);
  if (!found) throw new Error('No such request reached the Paystack double');
  return found;
}

/** A throwaway local server answering every request with `handler`. */
async function localServer(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, close };
}

async function gatewayError(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

describe('the Paystack gateway', () => {
  it('says what it is: GHS, cards and mobile money, test mode from an sk_test_ key', () => {
    expect(gateway.id).toBe('paystack');
    expect(gateway.currencies).toEqual(['GHS']);
    expect(gateway.methods('GHS')).toEqual(['card', 'mobile_money']);
    expect(gateway.methods('USD')).toEqual([]);
    expect(gateway.testMode).toBe(true);
    expect(createPaystackGateway({ secretKey: 'sk_live_abc', baseUrl: double.url }).testMode).toBe(false);
  });

  describe('createCheckout', () => {
    it('initializes a transaction in pesewas with our reference and metadata, and answers its checkout URL', async () => {
      const request = checkout({
        method: 'mobile_money',
        tier: 'premium',
        cadence: 'annual',
        amountMinor: 600_000,
      });
      const session = await gateway.createCheckout(request);

      const sent = lastRequest((r) => r.path === '/transaction/initialize');
      expect(sent.method).toBe('POST');
      expect(sent.headers.authorization).toBe(`Bearer ${secretKey}`);
      expect(sent.body).toEqual({
        email: request.email,
        amount: 600_000,
        currency: 'GHS',
        reference: request.reference,
        callback_url: request.successUrl,
        channels: ['mobile_money'],
        metadata: {
          payment_id: request.paymentId,
          user_id: request.userId,
          tier: 'premium',
          cadence: 'annual',
          purpose: 'subscription',
          cancel_action: request.cancelUrl,
        },
      });
      const transaction = double.transactions.get(request.reference)!;
      expect(session).toEqual({
        reference: request.reference,
        url: `${double.url}/checkout/${transaction.access_code}`,
      });
    });

    it('offers card only for a card checkout, and both channels when no method was chosen', async () => {
      const card = await opened({ method: 'card' });
      const any = await opened({ method: null });
      expect(card.transaction.channels).toEqual(['card']);
      expect(any.transaction.channels).toEqual(['card', 'mobile_money']);
    });

    it('refuses a dollar checkout without calling Paystack', async () => {
      const before = double.requests.length;
      const error = await gatewayError(gateway.createCheckout(checkout({ currency: 'USD' })));
      expect(error.gateway).toBe('paystack');
      expect(double.requests).toHaveLength(before);
    });

    it('passes on Paystack refusing the initialization (a reference used twice)', async () => {
      const { request } = await opened();
      const error = await gatewayError(gateway.createCheckout(checkout({ reference: request.reference })));
      expect(error.message).toBe('Duplicate Transaction Reference');
      expect(error.status).toBe(400);
    });

    it('answers "No checkout URL received" when Paystack answers without one', async () => {
      const server = await localServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({ status: true, message: 'Authorization URL created', data: { reference: 'x' } }),
        );
      });
      try {
        const odd = createPaystackGateway({ secretKey, baseUrl: server.url });
        const error = await gatewayError(odd.createCheckout(checkout()));
        expect(error.message).toBe('No checkout URL received');
      } finally {
        await server.close();
      }
    });
  });

  describe('verifyWebhook', () => {
    it('accepts a body signed with the secret key and names the event by type and transaction id', async () => {
      const { transaction } = await opened();
      double.pay(transaction.reference, { channel: 'mobile_money' });
      const { raw, headers } = webhook(transaction);

      const event = gateway.verifyWebhook(raw, headers);
      expect(event.id).toBe(`charge.success:${transaction.id}`);
      expect(event.type).toBe('charge.success');
      expect(event.createdAt.toISOString()).toBe(transaction.paid_at);
      expect((event.payload.data as { reference: string }).reference).toBe(transaction.reference);
      // The same event delivered again has the same id (stored once).
      expect(gateway.verifyWebhook(raw, headers).id).toBe(event.id);
      // Header values may arrive as arrays.
      expect(
        gateway.verifyWebhook(raw, { 'x-paystack-signature': [headers['x-paystack-signature']] }).id,
      ).toBe(event.id);
    });

    it('falls back to the reference when the event carries no transaction id', () => {
      const { body, header } = signPaystackEvent(
        {
          event: 'charge.success',
          data: { reference: 'ref-without-id', created_at: '2026-01-02T03:04:05.000Z' },
        },
        secretKey,
      );
      const event = gateway.verifyWebhook(Buffer.from(body), { 'x-paystack-signature': header });
      expect(event.id).toBe('charge.success:ref-without-id');
      expect(event.createdAt.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    });

    it('refuses a missing signature, a wrong one, another key, and a body changed after signing', async () => {
      const { transaction } = await opened();
      double.pay(transaction.reference, { channel: 'card' });
      const { raw, headers } = webhook(transaction);
      const signature = headers['x-paystack-signature'];

      expect(() => gateway.verifyWebhook(raw, {})).toThrow(WebhookSignatureError);
      expect(() => gateway.verifyWebhook(raw, { 'x-paystack-signature': '' })).toThrow(WebhookSignatureError);
      expect(() => gateway.verifyWebhook(raw, { 'x-paystack-signature': 'f'.repeat(128) })).toThrow(
        WebhookSignatureError,
      );
      expect(() =>
        gateway.verifyWebhook(raw, webhook(transaction, `sk_test_${'0'.repeat(40)}`).headers),
      ).toThrow(WebhookSignatureError);
      // A valid signature with junk after it (Buffer.from(hex) would silently drop the junk).
      expect(() => gateway.verifyWebhook(raw, { 'x-paystack-signature': `${signature}zz` })).toThrow(
        WebhookSignatureError,
      );
      const tampered = Buffer.from(
        raw.toString('utf8').replace(`"amount":${transaction.amount}`, '"amount":1'),
      );
      expect(tampered.equals(raw)).toBe(false);
      expect(() => gateway.verifyWebhook(tampered, headers)).toThrow(WebhookSignatureError);
    });

    it('refuses a correctly signed body that is not an event', () => {
      for (const body of ['not json', '[1,2]', '{"data":{"id":1}}']) {
        const header = createHmac('sha512', secretKey).update(body).digest('hex');
        expect(() => gateway.verifyWebhook(Buffer.from(body), { 'x-paystack-signature': header })).toThrow(
          WebhookSignatureError,
        );
      }
    });
  });

  describe('normalize', () => {
    it('turns a mobile-money charge.success into a succeeded payment without a reusable authorization', async () => {
      const { request, transaction } = await opened({ method: 'mobile_money' });
      double.pay(transaction.reference, { channel: 'mobile_money', network: 'mtn', phone: '0244554567' });

      expect(normalizedWebhook(transaction)).toEqual([
        {
          kind: 'payment.succeeded',
          reference: request.reference,
          paymentId: request.paymentId,
          amountMinor: 15_000,
          currency: 'GHS',
          method: 'mobile_money',
          methodLabel: 'MTN MoMo ••• 4567',
          authorizationCode: null,
          customerId: transaction.customer_code,
          gatewaySubscriptionId: null,
          periodStart: null,
          periodEnd: null,
          renewal: false,
          occurredAt: new Date(transaction.paid_at!),
          gatewayData: { transaction_id: transaction.id },
        },
      ]);
    });

    it('names the Telecel and AirtelTigo networks, and never saves a mobile-money authorization', async () => {
      const telecel = (await opened()).transaction;
      double.pay(telecel.reference, {
        channel: 'mobile_money',
        network: 'vod',
        phone: '0201112222',
        reusable: true,
      });
      const airteltigo = (await opened()).transaction;
      double.pay(airteltigo.reference, { channel: 'mobile_money', network: 'atl', phone: '0271113333' });

      const [a] = normalizedWebhook(telecel);
      const [b] = normalizedWebhook(airteltigo);
      expect(a).toMatchObject({ methodLabel: 'Telecel Cash ••• 2222', authorizationCode: null });
      expect(b).toMatchObject({ methodLabel: 'AirtelTigo Money ••• 3333', authorizationCode: null });
    });

    it('keeps the authorization of a reusable card only', async () => {
      const reusable = (await opened({ method: 'card' })).transaction;
      double.pay(reusable.reference, { channel: 'card' });
      const once = (await opened({ method: 'card' })).transaction;
      double.pay(once.reference, { channel: 'card', reusable: false, brand: 'mastercard', last4: '1234' });

      const [a] = normalizedWebhook(reusable);
      const [b] = normalizedWebhook(once);
      expect(a).toMatchObject({
        method: 'card',
        methodLabel: 'Visa ••• 4081',
        authorizationCode: reusable.authorization!.authorization_code,
      });
      expect(a).toMatchObject({ authorizationCode: expect.stringMatching(/^AUTH_/) });
      expect(b).toMatchObject({
        method: 'card',
        methodLabel: 'Mastercard ••• 1234',
        authorizationCode: null,
      });
    });

    it('reads our payment id from metadata sent back as a JSON string', async () => {
      const { request, transaction } = await opened();
      double.pay(transaction.reference, { channel: 'mobile_money' });
      transaction.metadata = JSON.stringify(transaction.metadata);

      const [event] = normalizedWebhook(transaction);
      expect(event).toMatchObject({ kind: 'payment.succeeded', paymentId: request.paymentId });
    });

    it('ignores every other event', () => {
      for (const type of [
        'charge.dispute.create',
        // transfer.success / .failed / .reversed are payouts' (issue 18), tested below.
        'customeridentification.success',
        'refund.processed',
        'subscription.create',
      ]) {
        const { body, header } = signPaystackEvent(
          { event: type, data: { id: 1, reference: 'r' } },
          secretKey,
        );
        const event = gateway.verifyWebhook(Buffer.from(body), { 'x-paystack-signature': header });
        expect(gateway.normalize(event)).toEqual([]);
      }
    });
  });

  describe('verifyPayment', () => {
    it('answers a paid transaction as succeeded', async () => {
      const { request, transaction } = await opened();
      double.pay(transaction.reference, { channel: 'mobile_money', network: 'vod', phone: '0509998888' });

      const event = await gateway.verifyPayment(refOf(request));
      expect(event).toMatchObject({
        kind: 'payment.succeeded',
        reference: request.reference,
        paymentId: request.paymentId,
        amountMinor: 15_000,
        currency: 'GHS',
        method: 'mobile_money',
        methodLabel: 'Telecel Cash ••• 8888',
        authorizationCode: null,
        renewal: false,
        gatewayData: { transaction_id: transaction.id },
      });
      const sent = lastRequest((r) => r.path.startsWith('/transaction/verify/'));
      expect(sent).toMatchObject({ method: 'GET', path: `/transaction/verify/${request.reference}` });
    });

    it('answers a declined one as failed with Paystack’s reason', async () => {
      const { request, transaction } = await opened();
      double.fail(transaction.reference, 'Insufficient Funds');
      expect(await gateway.verifyPayment(refOf(request))).toMatchObject({
        kind: 'payment.failed',
        reference: request.reference,
        paymentId: request.paymentId,
        gatewaySubscriptionId: null,
        reason: 'Insufficient Funds',
      });
    });

    it('answers nothing while the payment is undecided: abandoned (never tried), ongoing, pending', async () => {
      const { request, transaction } = await opened();
      expect(transaction.status).toBe('abandoned');
      expect(await gateway.verifyPayment(refOf(request))).toBeNull();
      double.setStatus(transaction.reference, 'ongoing');
      expect(await gateway.verifyPayment(refOf(request))).toBeNull();
      double.setStatus(transaction.reference, 'pending');
      expect(await gateway.verifyPayment(refOf(request))).toBeNull();
    });

    it('answers nothing for a reference Paystack does not know', async () => {
      const request = checkout();
      expect(await gateway.verifyPayment(refOf(request))).toBeNull();
    });

    it('answers a reversed transaction as failed', async () => {
      const { request, transaction } = await opened();
      double.pay(transaction.reference, { channel: 'card' });
      double.setStatus(transaction.reference, 'reversed');
      expect(await gateway.verifyPayment(refOf(request))).toMatchObject({
        kind: 'payment.failed',
        reason: 'The payment was reversed',
      });
    });
  });

  describe('chargeSaved', () => {
    /** A card paid through checkout: its saved authorization. */
    async function savedCard() {
      const { request, transaction } = await opened({ method: 'card' });
      double.pay(transaction.reference, { channel: 'card' });
      return { email: request.email, code: transaction.authorization!.authorization_code };
    }

    const renewal = (card: { email: string; code: string }) => ({
      paymentId: randomUUID(),
      reference: `adw_${randomUUID().replaceAll('-', '')}`,
      email: card.email,
      authorizationCode: card.code,
      amountMinor: 15_000,
      currency: 'GHS' as const,
    });

    it('charges a saved card and answers the succeeded payment', async () => {
      const card = await savedCard();
      const request = renewal(card);
      const event = await gateway.chargeSaved!(request);

      expect(event).toMatchObject({
        kind: 'payment.succeeded',
        reference: request.reference,
        paymentId: request.paymentId,
        amountMinor: 15_000,
        currency: 'GHS',
        method: 'card',
        methodLabel: 'Visa ••• 4081',
        authorizationCode: card.code,
      });
      const sent = lastRequest((r) => r.path === '/transaction/charge_authorization');
      expect(sent.body).toEqual({
        authorization_code: card.code,
        email: card.email,
        amount: 15_000,
        currency: 'GHS',
        reference: request.reference,
        metadata: { payment_id: request.paymentId },
      });
    });

    it('answers a declined card as failed, and a charge still in progress as pending', async () => {
      const card = await savedCard();
      double.chargeOutcome(card.code, 'failed', 'Insufficient Funds');
      const declined = renewal(card);
      expect(await gateway.chargeSaved!(declined)).toMatchObject({
        kind: 'payment.failed',
        reference: declined.reference,
        paymentId: declined.paymentId,
        reason: 'Insufficient Funds',
      });

      double.chargeOutcome(card.code, 'pending');
      const waiting = renewal(card);
      expect(await gateway.chargeSaved!(waiting)).toMatchObject({
        kind: 'payment.pending',
        reference: waiting.reference,
        paymentId: waiting.paymentId,
      });
    });

    it('answers an authorization Paystack will not charge (mobile money) as a failed payment', async () => {
      const { request, transaction } = await opened();
      double.pay(transaction.reference, { channel: 'mobile_money' });
      const event = await gateway.chargeSaved!(
        renewal({ email: request.email, code: transaction.authorization!.authorization_code }),
      );
      expect(event).toMatchObject({ kind: 'payment.failed', reason: 'Authorization code is not reusable' });
    });

    it('asks Paystack what became of a retried charge instead of charging twice', async () => {
      const card = await savedCard();
      const request = renewal(card);
      await gateway.chargeSaved!(request);
      const charges = double.requests.filter((r) => r.path === '/transaction/charge_authorization').length;

      const again = await gateway.chargeSaved!(request);
      expect(again).toMatchObject({ kind: 'payment.succeeded', reference: request.reference });
      expect([...double.transactions.values()].filter((t) => t.reference === request.reference)).toHaveLength(
        1,
      );
      expect(double.requests.filter((r) => r.path === '/transaction/charge_authorization')).toHaveLength(
        charges + 1,
      );
      expect(double.requests.at(-1)!.path).toBe(`/transaction/verify/${request.reference}`);
    });
  });

  describe('refund', () => {
    it('refunds a paid transaction by reference and answers the refund id', async () => {
      const { request, transaction } = await opened();
      double.pay(transaction.reference, { channel: 'mobile_money' });

      const id = await gateway.refund!(refOf(request));
      expect(id).toMatch(/^\d+$/);
      expect(double.refunds).toContainEqual({ id: Number(id), reference: request.reference, amount: 15_000 });
      expect(lastRequest((r) => r.path === '/refund').body).toEqual({
        transaction: request.reference,
      });
    });

    it('passes on Paystack refusing to refund an unpaid transaction', async () => {
      const { request } = await opened();
      const error = await gatewayError(gateway.refund!(refOf(request)));
      expect(error.status).toBe(400);
    });
  });

  describe('failures', () => {
    it('a wrong secret key is a GatewayError carrying Paystack’s message, never a crash or a silent null', async () => {
      const wrong = createPaystackGateway({ secretKey: `sk_test_${'1'.repeat(40)}`, baseUrl: double.url });
      const error = await gatewayError(wrong.createCheckout(checkout()));
      expect(error).toMatchObject({ message: 'Invalid key', status: 401, gateway: 'paystack' });

      const { request } = await opened();
      const verifying = await gatewayError(wrong.verifyPayment(refOf(request)));
      expect(verifying.status).toBe(401);
    });

    it('a Paystack that does not answer in time is a GatewayError', async () => {
      const impatient = createPaystackGateway({ secretKey, baseUrl: double.url }, { timeoutMs: 100 });
      double.stall();
      try {
        const error = await gatewayError(impatient.verifyPayment(refOf(checkout())));
        expect(error.message).toBe('Paystack did not answer in time');
      } finally {
        double.stall(false);
      }
    });

    it('a Paystack that cannot be reached is a GatewayError', async () => {
      const server = await localServer((_req, res) => res.end());
      await server.close();
      const unreachable = createPaystackGateway({ secretKey, baseUrl: server.url });
      const error = await gatewayError(unreachable.createCheckout(checkout()));
      expect(error.message).toBe('Paystack could not be reached');
    });

    it('an answer that is not JSON is a GatewayError naming the status', async () => {
      const server = await localServer((_req, res) => {
        res.writeHead(502, { 'Content-Type': 'text/html' });
        res.end('<html>Bad gateway</html>');
      });
      try {
        const odd = createPaystackGateway({ secretKey, baseUrl: server.url });
        const error = await gatewayError(odd.verifyPayment(refOf(checkout())));
        expect(error).toMatchObject({ message: 'Paystack answered 502', status: 502 });
      } finally {
        await server.close();
      }
    });
  });
});

describe('Paystack transfers (issue 18)', () => {
  const account = { type: 'mobile_money' as const, bankCode: 'MTN', accountNumber: '0244124567' };

  it('lists mobile money networks and banks, and resolves an account (null when not found)', async () => {
    expect(await gateway.listBanks!('mobile_money')).toContainEqual({
      code: 'MTN',
      name: 'MTN Mobile Money',
    });
    const banks = await gateway.listBanks!('bank');
    expect(banks).toContainEqual({ code: '040100', name: 'GCB Bank Limited' });
    expect(lastRequest((r) => r.path === '/bank').headers.authorization).toBe(`Bearer ${secretKey}`);
    double.accountNames.set('0244124567', 'Akosua Asante');
    expect(await gateway.resolveAccount!(account)).toEqual({ accountName: 'Akosua Asante' });
    double.missingAccounts.add('0244120000');
    expect(await gateway.resolveAccount!({ ...account, accountNumber: '0244120000' })).toBeNull();
    expect(await gateway.resolveAccount!({ ...account, bankCode: 'NOPE' })).toBeNull();
  });

  it('creates a recipient, transfers from the balance, and verifies the transfer', async () => {
    const code = await gateway.createRecipient!({ ...account, accountName: 'Akosua Asante' });
    expect(double.recipients.get(code)).toMatchObject({
      type: 'mobile_money',
      bank_code: 'MTN',
      currency: 'GHS',
    });
    const reference = `po_${randomUUID().replaceAll('-', '')}`;
    const outcome = await gateway.transfer!({
      reference,
      recipientCode: code,
      amountMinor: 24_600,
      currency: 'GHS',
      reason: 'Adwuma earnings',
    });
    const sent = double.transfers.get(reference)!;
    expect(outcome).toEqual({ status: 'pending', transferCode: sent.transfer_code, reason: null });
    double.setTransferStatus(reference, 'success');
    expect(await gateway.verifyTransfer!(reference)).toMatchObject({ status: 'success' });
    double.setTransferStatus(reference, 'otp');
    expect(await gateway.verifyTransfer!(reference)).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/OTP/),
    });
    expect(await gateway.verifyTransfer!('po_unknown_reference_000')).toBeNull();
    // A refusal is a GatewayError with Paystack's status and message.
    double.transferAnswer({ refuse: 'Your balance is not enough to fulfil this request' });
    try {
      await expect(
        gateway.transfer!({
          reference: `${reference}x`,
          recipientCode: code,
          amountMinor: 1,
          currency: 'GHS',
          reason: 'x',
        }),
      ).rejects.toMatchObject({ status: 400, message: 'Your balance is not enough to fulfil this request' });
    } finally {
      double.transferAnswer('pending');
    }
  });

  it('normalizes transfer.success, transfer.failed and transfer.reversed webhooks', async () => {
    const code = await gateway.createRecipient!({ ...account, accountName: 'Akosua Asante' });
    const reference = `po_${randomUUID().replaceAll('-', '')}`;
    await gateway.transfer!({
      reference,
      recipientCode: code,
      amountMinor: 500,
      currency: 'GHS',
      reason: 'x',
    });
    const transfer = double.transfers.get(reference)!;
    const events = (['transfer.success', 'transfer.failed', 'transfer.reversed'] as const).map((type) => {
      const { body, header } = signPaystackEvent(transferEvent(transfer, type), secretKey);
      const verified = gateway.verifyWebhook(Buffer.from(body), { 'x-paystack-signature': header });
      expect(verified.id).toBe(`${type}:${transfer.id}`);
      return gateway.normalize(verified)[0];
    });
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'transfer.succeeded',
        reference,
        transferCode: transfer.transfer_code,
        reason: null,
      }),
      expect.objectContaining({
        kind: 'transfer.failed',
        reference,
        reason: 'The transfer failed at Paystack.',
      }),
      expect.objectContaining({
        kind: 'transfer.reversed',
        reference,
        reason: 'Paystack reversed the transfer.',
      }),
    ]);
  });
});
