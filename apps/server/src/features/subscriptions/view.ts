import {
  ADMIN_PAGE_SIZE,
  type AdminSubscription,
  CURRENCIES,
  type Payment,
  type PaymentStatusAnswer,
  type PricingAnswer,
  priceTable,
  type SubscriptionStatus,
  type SubscriptionView,
  TIER_IDS,
  type TierId,
} from '@adwuma/shared';
import { and, count, desc, eq, gt, ilike, ne, or, type SQL } from 'drizzle-orm';
import { authUsers, payments, profiles, subscriptions } from '../../db/schema.ts';
import { askGatewayAboutPending } from '../../kernel/payments/settle.ts';
import { providerTier } from '../../kernel/provider-tier.ts';
import { notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { asPlanPayment, type PaymentRow } from './apply.ts';
import { applyPaymentEvent, finishAfterCommit, newAfterCommit } from './events.ts';

/** Billing history shown on /subscription. */
const HISTORY_LIMIT = 50;

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    purpose: row.purpose,
    status: row.status,
    gateway: row.gateway,
    amount_minor: row.amount_minor,
    currency: row.currency,
    tier: row.tier,
    cadence: row.cadence,
    method: row.method,
    method_label: row.method_label,
    receipt_number: row.receipt_number,
    failure_reason: row.failure_reason,
    test_mode: row.test_mode,
    created_at: row.created_at.toISOString(),
    paid_at: row.paid_at?.toISOString() ?? null,
    period_start: row.period_start?.toISOString() ?? null,
    period_end: row.period_end?.toISOString() ?? null,
  };
}

/** GET /api/pricing: both currencies' prices and what can be paid here. */
export function pricing(deps: Deps): PricingAnswer {
  const currencies = CURRENCIES.map((currency) => {
    const gateway = deps.payments.forCurrency(currency);
    return {
      currency,
      available: gateway !== null,
      gateway: gateway?.id ?? null,
      methods: gateway?.methods(currency) ?? [],
    };
  });
  return {
    prices: priceTable(deps.config.payments.ghsPrices),
    currencies,
    test_mode: deps.payments.all().some((g) => g.testMode),
  };
}

/** GET /api/subscription: the caller's plan, renewal, open checkout and billing history. */
export async function subscriptionView(deps: Deps, userId: string): Promise<SubscriptionView> {
  const db = deps.database.db;
  const [[sub], history, [open]] = await Promise.all([
    db.select().from(subscriptions).where(eq(subscriptions.user_id, userId)),
    db
      .select()
      .from(payments)
      .where(
        and(eq(payments.user_id, userId), ne(payments.status, 'superseded'), ne(payments.purpose, 'booking')),
      )
      .orderBy(desc(payments.created_at))
      .limit(HISTORY_LIMIT),
    db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.user_id, userId),
          eq(payments.status, 'pending'),
          ne(payments.purpose, 'booking'),
          gt(payments.created_at, new Date(Date.now() - 24 * 60 * 60 * 1000)),
        ),
      )
      .orderBy(desc(payments.created_at))
      .limit(1),
  ]);
  const paid = !!sub?.subscribed && sub.subscription_tier !== 'starter';
  const gateway = sub?.gateway ? deps.payments.byId(sub.gateway) : null;
  let renewal: SubscriptionView['renewal'] = 'none';
  if (paid && !sub.cancel_at_period_end && sub.pending_tier !== 'starter') {
    renewal = sub.gateway === 'stripe' || sub.authorization_code ? 'automatic' : 'pay_link';
  }
  return {
    tier: sub?.subscription_tier ?? 'starter',
    status: sub?.status ?? 'active',
    subscribed: paid,
    cadence: paid ? sub.cadence : null,
    currency: paid ? sub.currency : null,
    amount_minor: paid ? sub.amount_minor : null,
    gateway: paid ? sub.gateway : null,
    payment_method: paid ? sub.payment_method : null,
    current_period_start: paid ? (sub.current_period_start?.toISOString() ?? null) : null,
    current_period_end: paid ? (sub.subscription_end?.toISOString() ?? null) : null,
    cancel_at_period_end: paid ? sub.cancel_at_period_end : false,
    pending_tier: paid ? sub.pending_tier : null,
    grace_until: paid && sub.status === 'past_due' ? (sub.grace_until?.toISOString() ?? null) : null,
    renewal,
    pending_payment: open?.checkout_url ? { id: open.id, url: open.checkout_url } : null,
    can_manage_card: paid && sub.gateway === 'stripe' && !!sub.stripe_customer_id,
    test_mode: gateway ? gateway.testMode : deps.payments.all().some((g) => g.testMode),
    payments: history.flatMap((row) => {
      const plan = asPlanPayment(row);
      return plan ? [toPayment(plan)] : [];
    }),
  };
}

/** How long a pending payment waits before /payment-success asks the gateway itself. */
const VERIFY_AFTER_MS = 8_000;

/**
 * GET /api/payments/:id: the payer's own payment (an admin's too). While it is pending, the gateway
 * is asked server to server at most every few seconds, so a payer whose webhook is late still sees
 * the outcome; the answer never trusts the browser's return.
 */
export async function paymentStatus(
  deps: Deps,
  caller: { id: string; isAdmin: boolean },
  paymentId: string,
): Promise<PaymentStatusAnswer> {
  const db = deps.database.db;
  const find = async () => {
    const [found] = await db.select().from(payments).where(eq(payments.id, paymentId));
    const row = asPlanPayment(found);
    if (!row || (row.user_id !== caller.id && !caller.isAdmin))
      throw notFound('This payment does not exist.');
    return row;
  };
  let row = await find();
  if (
    row.status === 'pending' &&
    row.gateway !== 'sandbox' &&
    Date.now() - row.updated_at.getTime() > VERIFY_AFTER_MS
  ) {
    await db.update(payments).set({ updated_at: new Date() }).where(eq(payments.id, row.id));
    try {
      await verifyPendingPayment(deps, row);
    } catch (error) {
      deps.log.warn({ err: error, paymentId: row.id }, 'verifying a pending payment failed');
    }
    row = await find();
  }
  const [[payer], tierNow] = await Promise.all([
    db
      .select({ name: profiles.full_name, email: authUsers.email })
      .from(authUsers)
      .leftJoin(profiles, eq(profiles.id, authUsers.id))
      .where(eq(authUsers.id, row.user_id)),
    providerTier(db, row.user_id),
  ]);
  return {
    ...toPayment(row),
    tier_now: tierNow,
    return_to: row.return_to,
    payer: { name: payer?.name ?? null, email: payer?.email ?? '' },
  };
}

/**
 * Asks the gateway what became of a pending payment and applies the answer exactly as a webhook's
 * (reconciliation and /payment-success). Answers whether it changed.
 */
export async function verifyPendingPayment(
  deps: Deps,
  payment: typeof payments.$inferSelect,
): Promise<boolean> {
  const event = await askGatewayAboutPending(deps, payment);
  if (!event) return false;
  const after = newAfterCommit();
  await deps.database.db.transaction((tx) => applyPaymentEvent(tx, deps, payment.gateway, event, after));
  await finishAfterCommit(deps, after);
  return true;
}

export interface AdminSubscriptionFilter {
  tier?: TierId;
  status?: SubscriptionStatus;
  q?: string;
  page: number;
}

/** The admin's subscriptions list, and how many providers are on each tier. */
export async function adminSubscriptions(deps: Deps, filter: AdminSubscriptionFilter) {
  const db = deps.database.db;
  const where: SQL[] = [];
  if (filter.tier) where.push(eq(subscriptions.subscription_tier, filter.tier));
  if (filter.status) where.push(eq(subscriptions.status, filter.status));
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(profiles.full_name, like), ilike(authUsers.email, like))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const base = () =>
    db
      .select({
        user_id: subscriptions.user_id,
        full_name: profiles.full_name,
        email: authUsers.email,
        tier: subscriptions.subscription_tier,
        status: subscriptions.status,
        gateway: subscriptions.gateway,
        currency: subscriptions.currency,
        cadence: subscriptions.cadence,
        amount_minor: subscriptions.amount_minor,
        current_period_end: subscriptions.subscription_end,
        cancel_at_period_end: subscriptions.cancel_at_period_end,
        updated_at: subscriptions.updated_at,
      })
      .from(subscriptions)
      .innerJoin(authUsers, eq(authUsers.id, subscriptions.user_id))
      .leftJoin(profiles, eq(profiles.id, subscriptions.user_id));
  const [rows, [total], tiers, [providers]] = await Promise.all([
    base()
      .where(condition)
      .orderBy(desc(subscriptions.updated_at))
      .limit(ADMIN_PAGE_SIZE)
      .offset((filter.page - 1) * ADMIN_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(subscriptions)
      .innerJoin(authUsers, eq(authUsers.id, subscriptions.user_id))
      .leftJoin(profiles, eq(profiles.id, subscriptions.user_id))
      .where(condition),
    db
      .select({ tier: subscriptions.subscription_tier, n: count() })
      .from(subscriptions)
      .where(ne(subscriptions.subscription_tier, 'starter'))
      .groupBy(subscriptions.subscription_tier),
    db.select({ n: count() }).from(profiles).where(eq(profiles.role, 'service_provider')),
  ]);
  const counts = Object.fromEntries(TIER_IDS.map((t) => [t, 0])) as Record<TierId, number>;
  for (const t of tiers) counts[t.tier] = Number(t.n);
  const paid = counts.pro + counts.premium + counts.enterprise;
  // Every provider without a paid plan is on Starter, with or without a subscription row.
  counts.starter = Math.max(Number(providers?.n ?? 0) - paid, 0);
  const subscriptionsOut: AdminSubscription[] = rows.map((r) => ({
    ...r,
    current_period_end: r.current_period_end?.toISOString() ?? null,
    updated_at: r.updated_at.toISOString(),
  }));
  return {
    subscriptions: subscriptionsOut,
    total: Number(total?.n ?? 0),
    page: filter.page,
    page_size: ADMIN_PAGE_SIZE,
    counts,
  };
}
