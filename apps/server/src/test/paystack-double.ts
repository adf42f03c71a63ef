import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the Paystack API on 127.0.0.1 (issue 17 tests): the endpoints the gateway uses
 * (transaction/initialize, transaction/verify/:reference, transaction/charge_authorization, refund),
 * their envelopes ({status, message, data}) and error answers, state in memory. Tests play the payer
 * with pay()/fail() and build the webhook Paystack would send with chargeSuccessEvent() and
 * signPaystackEvent().
 */

export type PaystackTransactionStatus =
  | 'abandoned'
  | 'ongoing'
  | 'pending'
  | 'processing'
  | 'queued'
  | 'success'
  | 'failed'
  | 'reversed';

/** Paystack's authorization object (what a payment method looks like to it). */
export interface PaystackAuthorization {
  authorization_code: string;
  bin: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  channel: 'card' | 'mobile_money';
  card_type: string;
  bank: string;
  country_code: string;
  brand: string;
  reusable: boolean;
  signature: string | null;
  account_name: string | null;
  mobile_money_number?: string;
}

export interface PaystackDoubleTransaction {
  id: number;
  reference: string;
  access_code: string;
  email: string;
  amount: number;
  currency: string;
  channels: string[];
  callback_url: string | null;
  /** As the caller sent it (an object, or a JSON string). */
  metadata: unknown;
  status: PaystackTransactionStatus;
  gateway_response: string;
  channel: 'card' | 'mobile_money' | null;
  authorization: PaystackAuthorization | null;
  customer_code: string;
  created_at: string;
  paid_at: string | null;
}

export interface PaystackDoubleRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body (null without one). */
  body: unknown;
}

export interface PayOptions {
  channel: 'card' | 'mobile_money';
  /** Default: true for a card, false for mobile money (as Paystack does). */
  reusable?: boolean;
  /** Mobile money network: Paystack's bank code MTN, VOD (Telecel) or ATL (AirtelTigo). Default mtn. */
  network?: 'mtn' | 'vod' | 'atl';
  /** Mobile money number. Default 0551234567. */
  phone?: string;
  /** Card: brand and last four digits. Default visa 4081 (Paystack's test card). */
  brand?: string;
  last4?: string;
}

export interface PaystackDouble {
  /** The base URL to give the gateway (PaystackConfig.baseUrl). */
  url: string;
  secretKey: string;
  /** Every transaction by reference (initialized, or created by charge_authorization). */
  transactions: Map<string, PaystackDoubleTransaction>;
  /** Saved authorizations charge_authorization accepts, by code (pay() adds them). */
  authorizations: Map<string, { authorization: PaystackAuthorization; email: string }>;
  refunds: { id: number; reference: string; amount: number }[];
  /** Every request received, in order (also refused ones). */
  requests: PaystackDoubleRequest[];
  /** The payer pays: the transaction succeeds with an authorization shaped like Paystack's. */
  pay(reference: string, options: PayOptions): PaystackDoubleTransaction;
  /** The payer's attempt is declined. */
  fail(reference: string, gatewayResponse?: string): PaystackDoubleTransaction;
  /** Any other state (ongoing while a MoMo prompt waits, pending, abandoned). */
  setStatus(
    reference: string,
    status: PaystackTransactionStatus,
    gatewayResponse?: string,
  ): PaystackDoubleTransaction;
  /** What the next charges of a saved authorization answer (default success "Approved"). */
  chargeOutcome(
    authorizationCode: string,
    status: 'success' | 'failed' | 'pending',
    gatewayResponse?: string,
  ): void;
  /** While on, requests are received (and logged) but never answered: timeouts. */
  stall(on?: boolean): void;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};
const refuse = (res: http.ServerResponse, status: number, message: string) =>
  json(res, status, { status: false, message });

const NETWORK_BANK = { mtn: ['MTN', 'Mtn'], vod: ['VOD', 'Vodafone'], atl: ['ATL', 'AirtelTigo'] } as const;

export async function startPaystackDouble({ secretKey }: { secretKey: string }): Promise<PaystackDouble> {
  const transactions = new Map<string, PaystackDoubleTransaction>();
  const authorizations = new Map<string, { authorization: PaystackAuthorization; email: string }>();
  const outcomes = new Map<string, { status: 'success' | 'failed' | 'pending'; gatewayResponse: string }>();
  const refunds: PaystackDouble['refunds'] = [];
  const requests: PaystackDoubleRequest[] = [];
  let nextId = 4_000_000_000 + Math.floor(Math.random() * 1_000_000);
  let stalled = false;
  let base = '';

  const token = () => randomBytes(6).toString('hex');
  const find = (reference: string) => {
    const transaction = transactions.get(reference);
    if (!transaction) throw new Error(`The Paystack double has no transaction ${reference}`);
    return transaction;
  };

  function initialize(body: Record<string, unknown>, res: http.ServerResponse) {
    const email = typeof body.email === 'string' && body.email.includes('@') ? body.email : null;
    if (!email) return refuse(res, 400, 'Invalid Email Address Passed');
    const amount = Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0) return refuse(res, 400, 'Invalid Amount Sent');
    const currency = typeof body.currency === 'string' ? body.currency : 'GHS';
    if (currency !== 'GHS') return refuse(res, 400, 'Currency not supported by merchant');
    const reference = typeof body.reference === 'string' && body.reference ? body.reference : token();
    if (transactions.has(reference)) return refuse(res, 400, 'Duplicate Transaction Reference');
    const access_code = token();
    transactions.set(reference, {
      id: nextId++,
      reference,
      access_code,
      email,
      amount,
      currency,
      channels: Array.isArray(body.channels) ? body.channels.map(String) : ['card', 'mobile_money'],
      callback_url: typeof body.callback_url === 'string' ? body.callback_url : null,
      metadata: body.metadata ?? null,
      // Paystack reports a transaction nobody has tried to pay yet as abandoned.
      status: 'abandoned',
      gateway_response: 'The transaction was not completed',
      channel: null,
      authorization: null,
      customer_code: `CUS_${token()}`,
      created_at: new Date().toISOString(),
      paid_at: null,
    });
    json(res, 200, {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `${base}/checkout/${access_code}`, access_code, reference },
    });
  }

  function chargeAuthorization(body: Record<string, unknown>, res: http.ServerResponse) {
    const code = typeof body.authorization_code === 'string' ? body.authorization_code : '';
    const saved = authorizations.get(code);
    if (!saved) return refuse(res, 400, 'Invalid Authorization code');
    if (!saved.authorization.reusable) return refuse(res, 400, 'Authorization code is not reusable');
    if (body.email !== saved.email) return refuse(res, 400, 'Email does not match Authorization code');
    const amount = Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0) return refuse(res, 400, 'Invalid Amount Sent');
    const reference = typeof body.reference === 'string' && body.reference ? body.reference : token();
    if (transactions.has(reference)) return refuse(res, 400, 'Duplicate Transaction Reference');
    const outcome = outcomes.get(code) ?? { status: 'success', gatewayResponse: 'Approved' };
    const now = new Date().toISOString();
    const transaction: PaystackDoubleTransaction = {
      id: nextId++,
      reference,
      access_code: token(),
      email: saved.email,
      amount,
      currency: typeof body.currency === 'string' ? body.currency : 'GHS',
      channels: [saved.authorization.channel],
      callback_url: null,
      metadata: body.metadata ?? null,
      status: outcome.status,
      gateway_response: outcome.gatewayResponse,
      channel: saved.authorization.channel,
      authorization: saved.authorization,
      customer_code: `CUS_${token()}`,
      created_at: now,
      paid_at: outcome.status === 'success' ? now : null,
    };
    transactions.set(reference, transaction);
    json(res, 200, { status: true, message: 'Charge attempted', data: transactionView(transaction) });
  }

  function refund(body: Record<string, unknown>, res: http.ServerResponse) {
    const key = String(body.transaction ?? '');
    const transaction = transactions.get(key) ?? [...transactions.values()].find((t) => String(t.id) === key);
    if (!transaction) return refuse(res, 404, 'Transaction not found');
    if (transaction.status === 'reversed') return refuse(res, 400, 'Transaction has been fully reversed');
    if (transaction.status !== 'success')
      return refuse(res, 400, 'Cannot refund a transaction that was not successful');
    transaction.status = 'reversed';
    const created = { id: nextId++, reference: transaction.reference, amount: transaction.amount };
    refunds.push(created);
    const now = new Date().toISOString();
    json(res, 200, {
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        transaction: {
          id: transaction.id,
          domain: 'test',
          reference: transaction.reference,
          amount: transaction.amount,
          paid_at: transaction.paid_at,
          channel: transaction.channel,
          currency: transaction.currency,
        },
        integration: 100_001,
        deducted_amount: 0,
        channel: null,
        merchant_note: `Refund for transaction ${transaction.reference}`,
        customer_note: `Refund for transaction ${transaction.reference}`,
        status: 'pending',
        refunded_by: 'api',
        expected_at: now,
        currency: transaction.currency,
        domain: 'test',
        amount: transaction.amount,
        fully_deducted: false,
        id: created.id,
        createdAt: now,
        updatedAt: now,
      },
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
      const path = (req.url ?? '/').split('?')[0]!;
      const method = req.method ?? 'GET';
      requests.push({ method, path, headers: req.headers, body });
      if (stalled) return; // never answered: the caller's timeout fires

      if (method === 'GET' && path.startsWith('/checkout/')) {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end('<!doctype html><title>Paystack test checkout</title><p>Paystack test checkout</p>');
      }
      const authorization = req.headers.authorization;
      if (!authorization) return refuse(res, 401, 'No Authorization Header was found');
      if (authorization !== `Bearer ${secretKey}`) return refuse(res, 401, 'Invalid key');

      const fields =
        body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      if (method === 'POST' && path === '/transaction/initialize') return initialize(fields, res);
      if (method === 'POST' && path === '/transaction/charge_authorization')
        return chargeAuthorization(fields, res);
      if (method === 'POST' && path === '/refund') return refund(fields, res);
      const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
      if (method === 'GET' && verify) {
        const transaction = transactions.get(decodeURIComponent(verify[1]!));
        if (!transaction) return refuse(res, 400, 'Transaction reference not found');
        return json(res, 200, {
          status: true,
          message: 'Verification successful',
          data: transactionView(transaction),
        });
      }
      refuse(res, 404, `The Paystack double does not serve ${method} ${path}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    secretKey,
    transactions,
    authorizations,
    refunds,
    requests,
    pay(reference, options) {
      const transaction = find(reference);
      const reusable = options.reusable ?? options.channel === 'card';
      let authorization: PaystackAuthorization;
      if (options.channel === 'card') {
        const brand = options.brand ?? 'visa';
        authorization = {
          authorization_code: `AUTH_${token()}`,
          bin: '408408',
          last4: options.last4 ?? '4081',
          exp_month: '12',
          exp_year: '2030',
          channel: 'card',
          card_type: `${brand} `,
          bank: 'TEST BANK',
          country_code: 'GH',
          brand,
          reusable,
          signature: `SIG_${token()}`,
          account_name: null,
        };
      } else {
        const phone = options.phone ?? '0551234567';
        const [bank, brand] = NETWORK_BANK[options.network ?? 'mtn'];
        authorization = {
          authorization_code: `AUTH_${token()}`,
          bin: phone.slice(0, 3),
          last4: phone.slice(-4),
          exp_month: '12',
          exp_year: '9999',
          channel: 'mobile_money',
          card_type: '',
          bank,
          country_code: 'GH',
          brand,
          reusable,
          signature: null,
          account_name: null,
          mobile_money_number: phone,
        };
      }
      Object.assign(transaction, {
        status: 'success',
        gateway_response: 'Approved',
        channel: options.channel,
        authorization,
        paid_at: new Date().toISOString(),
      });
      authorizations.set(authorization.authorization_code, { authorization, email: transaction.email });
      return transaction;
    },
    fail(reference, gatewayResponse = 'Declined') {
      return Object.assign(find(reference), {
        status: 'failed',
        gateway_response: gatewayResponse,
        paid_at: null,
      });
    },
    setStatus(reference, status, gatewayResponse) {
      const transaction = find(reference);
      transaction.status = status;
      if (gatewayResponse !== undefined) transaction.gateway_response = gatewayResponse;
      return transaction;
    },
    chargeOutcome(authorizationCode, status, gatewayResponse) {
      const fallback = { success: 'Approved', failed: 'Declined', pending: 'Transaction in progress' }[
        status
      ];
      outcomes.set(authorizationCode, { status, gatewayResponse: gatewayResponse ?? fallback });
    },
    stall(on = true) {
      stalled = on;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The transaction as transaction/verify and charge_authorization answer it. */
function transactionView(t: PaystackDoubleTransaction) {
  return {
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    message: null,
    gateway_response: t.gateway_response,
    paid_at: t.paid_at,
    created_at: t.created_at,
    channel: t.channel ?? 'card',
    currency: t.currency,
    ip_address: '127.0.0.1',
    metadata: t.metadata ?? '',
    log: null,
    fees: t.status === 'success' ? Math.round(t.amount * 0.0195) : null,
    fees_split: null,
    authorization: t.authorization ?? {},
    customer: {
      id: 900_000 + (t.id % 100_000),
      first_name: null,
      last_name: null,
      email: t.email,
      customer_code: t.customer_code,
      phone: null,
      metadata: null,
      risk_action: 'default',
      international_format_phone: null,
    },
    plan: null,
    split: {},
    order_id: null,
    paidAt: t.paid_at,
    createdAt: t.created_at,
    requested_amount: t.amount,
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
    transaction_date: t.created_at,
    plan_object: {},
    subaccount: {},
  };
}

/** The `charge.success` webhook Paystack sends for a (paid) transaction of the double. */
export function chargeSuccessEvent(transaction: PaystackDoubleTransaction) {
  const view = transactionView(transaction);
  return {
    event: 'charge.success',
    data: {
      id: view.id,
      domain: view.domain,
      status: view.status,
      reference: view.reference,
      amount: view.amount,
      message: null,
      gateway_response: view.gateway_response,
      paid_at: view.paid_at,
      created_at: view.created_at,
      channel: view.channel,
      currency: view.currency,
      ip_address: view.ip_address,
      metadata: view.metadata,
      fees_breakdown: null,
      log: null,
      fees: view.fees,
      fees_split: null,
      authorization: view.authorization,
      customer: view.customer,
      plan: {},
      subaccount: {},
      split: {},
      order_id: null,
      paidAt: view.paid_at,
      requested_amount: view.amount,
      pos_transaction_data: null,
      source: { type: 'web', source: 'checkout', entry_point: 'request_inline', identifier: null },
    },
  };
}

/** A webhook body and its `x-paystack-signature` header: HMAC-SHA512 of the body with the secret key. */
export function signPaystackEvent(payload: object, secretKey: string): { body: string; header: string } {
  const body = JSON.stringify(payload);
  return { body, header: createHmac('sha512', secretKey).update(body).digest('hex') };
}
