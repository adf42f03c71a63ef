import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import {
  ESCROW_MESSAGES,
  type MobileMoneyNetwork,
  momoNumber,
  type PaymentGatewayId,
  type PayoutLookupAnswer,
  type PayoutLookupRequest,
  type PayoutMethodType,
  type PayoutSettings,
  payoutHoldUntil,
} from '@adwuma/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { notifications, payoutSettings } from '../../db/schema.ts';
import {
  GatewayError,
  MOMO_BANK_CODES,
  type PaymentGateway,
  type TransferBank,
} from '../../kernel/payments/gateway.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { resolveAuthSecret } from '../../plugins/auth.ts';
import type { Deps } from '../../types.ts';
import { insertNotices, type Notice, sendNoticeMails } from '../notifications/index.ts';
import { methodLabelOf } from './balances.ts';
import { payoutMethodChangedNotice } from './notices.ts';

/** A lookup's confirmation is good this long: the provider saves what they saw, nothing else. */
const CONFIRMATION_TTL_MS = 15 * 60_000;
/** The bank list changes rarely: asked of the gateway at most hourly. */
const BANKS_TTL_MS = 60 * 60_000;

export const PAYOUT_MESSAGES = {
  unavailable: 'Payouts are not available on this server yet.',
  chooseBank: 'Choose a bank from the list',
  confirmationInvalid: 'Look the account up again: this confirmation has expired or is not valid.',
} as const;

/** What a lookup found, carried (signed) by its confirmation token to the save. */
interface LookedUp {
  /** provider, gateway, type, network, bank code and name, account number and name, expiry (ms). */
  p: string;
  g: PaymentGatewayId;
  t: PayoutMethodType;
  n: MobileMoneyNetwork | null;
  b: string;
  bn: string | null;
  a: string;
  nm: string;
  e: number;
}

// ---- the confirmation token (HMAC-SHA256 with a key derived from the app secret) ----------------

const keys = new WeakMap<Database, Promise<Buffer>>();

function confirmationKey(deps: Deps): Promise<Buffer> {
  let key = keys.get(deps.database);
  if (!key) {
    key = resolveAuthSecret(deps.database, deps.config.authSecret).then((secret) =>
      Buffer.from(hkdfSync('sha256', secret, 'adwuma', 'adwuma/payout-confirmation/v1', 32)),
    );
    keys.set(deps.database, key);
  }
  return key;
}

async function sign(deps: Deps, account: LookedUp): Promise<string> {
  const body = Buffer.from(JSON.stringify(account)).toString('base64url');
  const mac = createHmac('sha256', await confirmationKey(deps))
    .update(body)
    .digest('base64url');
  return `${body}.${mac}`;
}

async function verify(deps: Deps, token: string, providerId: string, now: Date): Promise<LookedUp> {
  const invalid = () => fieldError('confirmation', PAYOUT_MESSAGES.confirmationInvalid);
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) throw invalid();
  const expected = createHmac('sha256', await confirmationKey(deps))
    .update(body)
    .digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let account: LookedUp;
  try {
    account = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (account.p !== providerId || !(account.e > now.getTime())) throw invalid();
  return account;
}

// ---- gateway calls -------------------------------------------------------------------------------

/** The gateway payouts go through (cedis): Paystack when configured, else the sandbox. */
function payoutGateway(deps: Deps): PaymentGateway | null {
  const gateway = deps.payments.forCurrency('GHS');
  return gateway?.resolveAccount && gateway.createRecipient && gateway.transfer ? gateway : null;
}

async function atGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const message = error instanceof GatewayError ? error.message : 'The payment gateway did not answer';
    const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
    throw new AppError(502, 'GATEWAY_ERROR', `${sentence} Please try again.`);
  }
}

const bankCache = new WeakMap<PaymentGateway, { at: number; banks: TransferBank[] }>();

/** The banks a payout can go to (cached an hour per gateway). */
async function banksOf(gateway: PaymentGateway): Promise<TransferBank[]> {
  const cached = bankCache.get(gateway);
  if (cached && Date.now() - cached.at < BANKS_TTL_MS) return cached.banks;
  const banks = (await gateway.listBanks?.('bank')) ?? [];
  bankCache.set(gateway, { at: Date.now(), banks });
  return banks;
}

// ---- the endpoints' services ---------------------------------------------------------------------

/**
 * POST /api/payouts/lookup: checks the number (mobile money: a Ghana number of the chosen network)
 * or the bank (one the gateway transfers to), asks the gateway whose account it is, and answers the
 * holder's name with a confirmation token binding a save to exactly this account (15 minutes).
 */
export async function lookupPayoutAccount(
  deps: Deps,
  providerId: string,
  input: PayoutLookupRequest,
  now = new Date(),
): Promise<PayoutLookupAnswer> {
  const gateway = payoutGateway(deps);
  if (!gateway) throw new AppError(503, 'PAYMENTS_UNAVAILABLE', PAYOUT_MESSAGES.unavailable);
  let account: Omit<LookedUp, 'nm' | 'e'>;
  if (input.type === 'mobile_money') {
    const number = momoNumber(input.network, input.account_number);
    if (!number.ok) throw fieldError('account_number', number.message);
    account = {
      p: providerId,
      g: gateway.id,
      t: 'mobile_money',
      n: input.network,
      b: MOMO_BANK_CODES[input.network],
      bn: null,
      a: number.number,
    };
  } else {
    const bank = (await atGateway(() => banksOf(gateway))).find((b) => b.code === input.bank_code);
    if (!bank) throw fieldError('bank_code', PAYOUT_MESSAGES.chooseBank);
    account = {
      p: providerId,
      g: gateway.id,
      t: 'bank',
      n: null,
      b: bank.code,
      bn: bank.name,
      a: input.account_number,
    };
  }
  const found = await atGateway(() =>
    gateway.resolveAccount!({ type: account.t, bankCode: account.b, accountNumber: account.a }),
  );
  if (!found) throw fieldError('account_number', ESCROW_MESSAGES.accountNotFound);
  const confirmed: LookedUp = { ...account, nm: found.accountName, e: now.getTime() + CONFIRMATION_TTL_MS };
  return {
    account_name: found.accountName,
    account_number: account.a,
    confirmation: await sign(deps, confirmed),
  };
}

/**
 * PUT /api/payouts/settings: saves the account a lookup confirmed, registered at the gateway as a
 * transfer recipient. A change of an existing method holds payouts for 24 hours and tells the
 * provider in the app and by mail (always: it guards against an account takeover); the first
 * method is not held.
 */
export async function savePayoutMethod(
  deps: Deps,
  providerId: string,
  confirmation: string,
  now = new Date(),
): Promise<PayoutSettings> {
  const account = await verify(deps, confirmation, providerId, now);
  const gateway = deps.payments.byId(account.g);
  if (!gateway?.createRecipient) throw new AppError(503, 'PAYMENTS_UNAVAILABLE', PAYOUT_MESSAGES.unavailable);
  const recipient = await atGateway(() =>
    gateway.createRecipient!({
      type: account.t,
      bankCode: account.b,
      accountNumber: account.a,
      accountName: account.nm,
    }),
  );
  const noticeIds: string[] = [];
  await deps.database.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(payoutSettings)
      .where(eq(payoutSettings.provider_id, providerId))
      .for('update');
    const same =
      existing &&
      existing.gateway === account.g &&
      existing.type === account.t &&
      existing.bank_code === account.b &&
      existing.account_number === account.a;
    const changed = Boolean(existing) && !same;
    const columns = {
      type: account.t,
      network: account.n,
      bank_code: account.b,
      bank_name: account.bn,
      account_number: account.a,
      account_name: account.nm,
      gateway: account.g,
      recipient_code: recipient,
      updated_at: now,
    };
    if (!existing) {
      await tx.insert(payoutSettings).values({ provider_id: providerId, ...columns, created_at: now });
      return;
    }
    await tx
      .update(payoutSettings)
      .set(
        changed
          ? { ...columns, hold_until: payoutHoldUntil(now), failures: 0, next_attempt_at: null }
          : columns,
      )
      .where(eq(payoutSettings.provider_id, providerId));
    if (changed) {
      const notice = payoutMethodChangedNotice({
        providerId,
        methodLabel: methodLabelOf({ network: account.n, bank_name: account.bn, account_number: account.a }),
        holdUntil: payoutHoldUntil(now),
      });
      noticeIds.push(...(await insertNoticeMailedAlways(tx, notice)));
    }
  });
  await sendNoticeMails(deps, noticeIds, deps.log);
  return payoutSettingsView(deps, providerId, now);
}

/** Stores a notice that goes out by mail whatever the user's mail choices (security notices). */
async function insertNoticeMailedAlways(tx: Tx, notice: Notice): Promise<string[]> {
  const ids = await insertNotices(tx, [notice]);
  const [row] = await tx
    .select({ id: notifications.id, email: notifications.email })
    .from(notifications)
    .where(and(eq(notifications.user_id, notice.userId), eq(notifications.title, notice.title)))
    .orderBy(desc(notifications.created_at))
    .limit(1);
  if (!row || row.email) return ids;
  await tx.update(notifications).set({ email: true }).where(eq(notifications.id, row.id));
  return [...ids.filter((id) => id !== row.id), row.id];
}

/** GET /api/payouts/settings: the saved method, a hold after a change, the banks to choose from. */
export async function payoutSettingsView(
  deps: Deps,
  providerId: string,
  now = new Date(),
): Promise<PayoutSettings> {
  const [row] = await deps.database.db
    .select()
    .from(payoutSettings)
    .where(eq(payoutSettings.provider_id, providerId));
  const gateway = payoutGateway(deps);
  let banks: TransferBank[] = [];
  if (gateway) {
    try {
      banks = await banksOf(gateway);
    } catch (error) {
      deps.log.warn({ err: error }, 'could not list the banks for payouts');
    }
  }
  return {
    method: row
      ? {
          type: row.type,
          network: row.network,
          bank_code: row.type === 'bank' ? row.bank_code : null,
          label: methodLabelOf(row),
          account_name: row.account_name,
          updated_at: row.updated_at.toISOString(),
        }
      : null,
    hold_until: row?.hold_until && row.hold_until > now ? row.hold_until.toISOString() : null,
    banks,
    test_mode: gateway?.testMode ?? false,
  };
}
