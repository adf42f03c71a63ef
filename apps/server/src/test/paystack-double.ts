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

/** A transfer recipient (POST /transferrecipient). */
export interface PaystackDoubleRecipient {
  id: number;
  recipient_code: string;
  type: string;
  name: string;
  account_number: string;
  bank_code: string;
  currency: string;
}

export type PaystackTransferStatus = 'pending' | 'success' | 'failed' | 'reversed' | 'otp';

/** A transfer from the balance (POST /transfer). */
export interface PaystackDoubleTransfer {
  id: number;
  reference: string;
  transfer_code: string;
  amount: number;
  currency: string;
  reason: string;
  recipient: PaystackDoubleRecipient;
  status: PaystackTransferStatus;
  created_at: string;
  updated_at: string;
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
  /** While on, requests are handled (their effects happen) but the answer is lost: the connection drops. */
  loseAnswers(on?: boolean): void;
  /** Transfer recipients by code, and transfers by reference. */
  recipients: Map<string, PaystackDoubleRecipient>;
  transfers: Map<string, PaystackDoubleTransfer>;
  /** Accounts bank/resolve does not find (by account number); any other resolves. */
  missingAccounts: Set<string>;
  /** The holder bank/resolve answers for an account number (default "Kwame Mensah"). */
  accountNames: Map<string, string>;
  /** What the next POST /transfer answers: a status (default pending), or a refusal message (400). */
  transferAnswer(answer: PaystackTransferStatus | { refuse: string }): void;
  /** The transfer's outcome at Paystack (what the webhook then reports). */
  setTransferStatus(reference: string, status: PaystackTransferStatus): PaystackDoubleTransfer;
  /** The next `times` refund requests are refused with `message` (a 400, as Paystack refuses). */
  refuseRefunds(times: number, message?: string): void;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};
const refuse = (res: http.ServerResponse, status: number, message: string) =>
  json(res, status, { status: false, message });

/** GET /bank answers (Ghana): mobile money networks and a few GhIPSS banks. */
const DOUBLE_BANKS = {
  mobile_money: [
    { name: 'MTN Mobile Money', code: 'MTN' },
    { name: 'Vodafone Cash', code: 'VOD' },
    { name: 'AirtelTigo Money', code: 'ATL' },
  ],
  ghipss: [
    { name: 'Absa Bank Ghana Ltd', code: '030100' },
    { name: 'Ecobank Ghana Ltd', code: '130100' },
    { name: 'GCB Bank Limited', code: '040100' },
  ],
} as const;

const NETWORK_BANK = { mtn: ['MTN', 'Mtn'], vod: ['VOD', 'Vodafone'], atl: ['ATL', 'AirtelTigo'] } as const;

export async function startPaystackDouble({ secretKey }: { secretKey: string }): Promise<PaystackDouble> {
  const transactions = new Map<string, PaystackDoubleTransaction>();
  const authorizations = new Map<string, { authorization: PaystackAuthorization; email: string }>();
  const outcomes = new Map<string, { status: 'success' | 'failed' | 'pending'; gatewayResponse: string }>();
  const refunds: PaystackDouble['refunds'] = [];
  const refundRefusals: string[] = [];
  const requests: PaystackDoubleRequest[] = [];
  let nextId = 4_000_000_000 + Math.floor(Math.random() * 1_000_000);
  let stalled = false;
  const recipients = new Map<string, PaystackDoubleRecipient>();
  const transfers = new Map<string, PaystackDoubleTransfer>();
  const missingAccounts = new Set<string>();
  const accountNames = new Map<string, string>();
  let nextTransfer: PaystackTransferStatus | { refuse: string } = 'pending';
  let losing = false;
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
    const refusal = refundRefusals.shift();
    if (refusal !== undefined) return refuse(res, 400, refusal);
    // `amount` refunds part of it (several parts may follow); the last part reverses the transaction.
    const left =
      transaction.amount -
      refunds.filter((r) => r.reference === transaction.reference).reduce((sum, r) => sum + r.amount, 0);
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0) return refuse(res, 400, 'Invalid Amount Sent');
    if (amount > left) return refuse(res, 400, 'Refund amount cannot be more than the unrefunded balance');
    if (amount === left) transaction.status = 'reversed';
    const created = { id: nextId++, reference: transaction.reference, amount };
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
        amount,
        fully_deducted: false,
        id: created.id,
        createdAt: now,
        updatedAt: now,
      },
    });
  }

  function banks(query: URLSearchParams, res: http.ServerResponse) {
    const type = query.get('type') === 'mobile_money' ? 'mobile_money' : 'ghipss';
    const list = DOUBLE_BANKS[type].map((b, i) => ({
      id: 300 + i,
      name: b.name,
      slug: b.name.toLowerCase().replace(/\W+/g, '-'),
      code: b.code,
      longcode: b.code,
      gateway: null,
      pay_with_bank: false,
      active: true,
      is_deleted: false,
      country: 'Ghana',
      currency: 'GHS',
      type,
    }));
    json(res, 200, { status: true, message: 'Banks retrieved', data: list });
  }

  function resolve(query: URLSearchParams, res: http.ServerResponse) {
    const number = query.get('account_number') ?? '';
    const bank = query.get('bank_code') ?? '';
    const known = Object.values(DOUBLE_BANKS).some((list) => list.some((b) => b.code === bank));
    if (!known) return refuse(res, 400, 'Unknown bank code');
    if (!number || missingAccounts.has(number))
      return refuse(res, 422, 'Could not resolve account name. Check parameters or try again.');
    json(res, 200, {
      status: true,
      message: 'Account number resolved',
      data: {
        account_number: number,
        account_name: accountNames.get(number) ?? 'Kwame Mensah',
        bank_id: 300,
      },
    });
  }

  function createRecipient(body: Record<string, unknown>, res: http.ServerResponse) {
    const type = String(body.type ?? '');
    if (!['mobile_money', 'ghipss'].includes(type)) return refuse(res, 400, 'Invalid recipient type');
    if (typeof body.name !== 'string' || !body.name) return refuse(res, 400, 'Name is required');
    if (typeof body.account_number !== 'string' || !body.account_number)
      return refuse(res, 400, 'Account number is required');
    const recipient: PaystackDoubleRecipient = {
      id: nextId++,
      recipient_code: `RCP_${token()}`,
      type,
      name: body.name,
      account_number: body.account_number,
      bank_code: String(body.bank_code ?? ''),
      currency: String(body.currency ?? 'GHS'),
    };
    recipients.set(recipient.recipient_code, recipient);
    json(res, 201, {
      status: true,
      message: 'Transfer recipient created successfully',
      data: {
        active: true,
        currency: recipient.currency,
        domain: 'test',
        id: recipient.id,
        name: recipient.name,
        recipient_code: recipient.recipient_code,
        type: recipient.type,
        details: {
          account_number: recipient.account_number,
          account_name: recipient.name,
          bank_code: recipient.bank_code,
        },
      },
    });
  }

  function transfer(body: Record<string, unknown>, res: http.ServerResponse) {
    if (body.source !== 'balance') return refuse(res, 400, 'Invalid transfer source');
    const recipient = recipients.get(String(body.recipient ?? ''));
    if (!recipient) return refuse(res, 400, 'Recipient specified is invalid');
    const amount = Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0) return refuse(res, 400, 'Invalid amount');
    const reference = typeof body.reference === 'string' && body.reference ? body.reference : token();
    if (transfers.has(reference)) return refuse(res, 400, 'Duplicate Transfer Reference');
    if (typeof nextTransfer === 'object') return refuse(res, 400, nextTransfer.refuse);
    const now = new Date().toISOString();
    const created: PaystackDoubleTransfer = {
      id: nextId++,
      reference,
      transfer_code: `TRF_${token()}`,
      amount,
      currency: String(body.currency ?? 'GHS'),
      reason: String(body.reason ?? ''),
      recipient,
      status: nextTransfer,
      created_at: now,
      updated_at: now,
    };
    transfers.set(reference, created);
    json(res, 200, { status: true, message: 'Transfer has been queued', data: transferView(created) });
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
      if (losing) {
        // Handled, but the caller never hears the answer.
        res.end = (() => {
          req.socket.destroy();
          return res;
        }) as typeof res.end;
      }

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
      const query = new URL(req.url ?? '/', 'http://double').searchParams;
      if (method === 'GET' && path === '/bank') return banks(query, res);
      if (method === 'GET' && path === '/bank/resolve') return resolve(query, res);
      if (method === 'POST' && path === '/transferrecipient') return createRecipient(fields, res);
      if (method === 'POST' && path === '/transfer') return transfer(fields, res);
      const verifyTransfer = /^\/transfer\/verify\/([^/]+)$/.exec(path);
      if (method === 'GET' && verifyTransfer) {
        const found = transfers.get(decodeURIComponent(verifyTransfer[1]!));
        if (!found) return refuse(res, 404, 'Transfer not found');
        return json(res, 200, { status: true, message: 'Transfer retrieved', data: transferView(found) });
      }
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
    loseAnswers(on = true) {
      losing = on;
    },
    recipients,
    transfers,
    missingAccounts,
    accountNames,
    transferAnswer(answer) {
      nextTransfer = answer;
    },
    setTransferStatus(reference, status) {
      const found = transfers.get(reference);
      if (!found) throw new Error(`The Paystack double has no transfer ${reference}`);
      return Object.assign(found, { status, updated_at: new Date().toISOString() });
    },
    refuseRefunds(times, message = 'Refund could not be processed: insufficient balance') {
      for (let i = 0; i < times; i++) refundRefusals.push(message);
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

/** A transfer as POST /transfer and GET /transfer/verify answer it. */
function transferView(t: PaystackDoubleTransfer) {
  return {
    id: t.id,
    domain: 'test',
    amount: t.amount,
    currency: t.currency,
    reference: t.reference,
    source: 'balance',
    source_details: null,
    reason: t.reason,
    status: t.status,
    failures: null,
    transfer_code: t.transfer_code,
    titan_code: null,
    transferred_at: t.status === 'success' ? t.updated_at : null,
    integration: 100_001,
    recipient: {
      active: true,
      currency: t.recipient.currency,
      domain: 'test',
      id: t.recipient.id,
      name: t.recipient.name,
      recipient_code: t.recipient.recipient_code,
      type: t.recipient.type,
      details: {
        account_number: t.recipient.account_number,
        account_name: t.recipient.name,
        bank_code: t.recipient.bank_code,
      },
    },
    session: { provider: null, id: null },
    created_at: t.created_at,
    updated_at: t.updated_at,
    createdAt: t.created_at,
    updatedAt: t.updated_at,
  };
}

/** The transfer.success / transfer.failed / transfer.reversed webhook Paystack sends for a transfer. */
export function transferEvent(
  transfer: PaystackDoubleTransfer,
  event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed',
) {
  return { event, data: transferView(transfer) };
}

/** A webhook body and its `x-paystack-signature` header: HMAC-SHA512 of the body with the secret key. */
export function signPaystackEvent(payload: object, secretKey: string): { body: string; header: string } {
  const body = JSON.stringify(payload);
  return { body, header: createHmac('sha512', secretKey).update(body).digest('hex') };
}
