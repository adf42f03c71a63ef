import {
  graceEndsAt,
  isPaidTier,
  type PaidTierId,
  planPrice,
  priceTable,
  RENEWAL_REMINDER_DAYS,
  stateAt,
} from '@adwuma/shared';
import { and, eq, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { authUsers, payments, subscriptions } from '../../db/schema.ts';
import type { Deps } from '../../types.ts';
import { insertNotices, type Notice } from '../notifications/index.ts';
import {
  type AfterCommit,
  lockSubscription,
  STARTER_COLUMNS,
  type SubscriptionRow,
  setPlanName,
} from './apply.ts';
import { openRenewal } from './checkout.ts';
import { applyPaymentEvent, finishAfterCommit, newAfterCommit } from './events.ts';
import { dateText, planEndedNotice, renewalUnpaidNotice, tierName } from './notices.ts';

export const SUBSCRIPTION_RENEWALS_QUEUE = 'subscriptions.renewals';
/** Every ten minutes: renewals are charged, reminded and ended close to their time. */
export const SUBSCRIPTION_RENEWALS_CRON = '*/10 * * * *';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Paid plans that Adwuma renews itself (Paystack, sandbox); Stripe renews its own and tells us. */
const selfRenewed = and(
  eq(subscriptions.subscribed, true),
  isNotNull(subscriptions.subscription_end),
  ne(subscriptions.gateway, 'stripe'),
);

/** Whether this period's renewal has not been tried yet (once per period end, across servers). */
const notYetTried = or(
  isNull(subscriptions.renewal_attempted_for),
  ne(subscriptions.renewal_attempted_for, subscriptions.subscription_end),
);

const wantsRenewal = and(
  eq(subscriptions.cancel_at_period_end, false),
  or(isNull(subscriptions.pending_tier), ne(subscriptions.pending_tier, 'starter')),
);

/** Claims a period's renewal for this run: only one server (and one run) gets it. */
async function claim(deps: Deps, sub: SubscriptionRow): Promise<boolean> {
  const claimed = await deps.database.db
    .update(subscriptions)
    .set({ renewal_attempted_for: sub.subscription_end })
    .where(and(eq(subscriptions.id, sub.id), notYetTried))
    .returning({ id: subscriptions.id });
  return claimed.length === 1;
}

async function emailOf(deps: Deps, sub: SubscriptionRow): Promise<string> {
  if (sub.email) return sub.email;
  const [user] = await deps.database.db
    .select({ email: authUsers.email })
    .from(authUsers)
    .where(eq(authUsers.id, sub.user_id));
  return user?.email ?? '';
}

/**
 * The renewal run (every ten minutes): saved cards are charged when their period ends; mobile-money
 * payers get a pay link RENEWAL_REMINDER_DAYS before; then every self-renewed plan whose period ended
 * moves on by the shared rules (stateAt): cancelled or downgraded plans change, unpaid ones are past
 * due for the grace period, then Starter. Answers what it did, for tests and logs.
 */
export async function runRenewals(deps: Deps, now = new Date()) {
  const db = deps.database.db;
  const done = { charged: 0, reminded: 0, transitions: 0 };

  // 1. Saved cards, at the period end.
  const dueCards = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        selfRenewed,
        wantsRenewal,
        notYetTried,
        isNotNull(subscriptions.authorization_code),
        lte(subscriptions.subscription_end, now),
      ),
    )
    .limit(200);
  for (const sub of dueCards) {
    if (!(await claim(deps, sub))) continue;
    await chargeSavedCard(deps, sub);
    done.charged++;
  }

  // 2. Mobile money: a pay link before the period ends.
  const dueLinks = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        selfRenewed,
        wantsRenewal,
        notYetTried,
        isNull(subscriptions.authorization_code),
        lte(subscriptions.subscription_end, new Date(now.getTime() + RENEWAL_REMINDER_DAYS * DAY_MS)),
      ),
    )
    .limit(200);
  for (const sub of dueLinks) {
    if (!(await claim(deps, sub))) continue;
    try {
      await sendPayLink(deps, sub);
      done.reminded++;
    } catch (error) {
      deps.log.error(
        { err: error, userId: sub.user_id },
        'renewal pay link could not be opened; retried next run',
      );
      await db.update(subscriptions).set({ renewal_attempted_for: null }).where(eq(subscriptions.id, sub.id));
    }
  }

  // 3. Periods that ended: cancel, downgrade, past due, expire.
  const ended = await db
    .select({ id: subscriptions.id, user_id: subscriptions.user_id })
    .from(subscriptions)
    .where(and(selfRenewed, lte(subscriptions.subscription_end, now)))
    .limit(500);
  for (const { user_id } of ended) {
    if (await moveOn(deps, user_id, now)) done.transitions++;
  }
  return done;
}

async function chargeSavedCard(deps: Deps, sub: SubscriptionRow) {
  const gateway = deps.payments.byId(sub.gateway!);
  if (!gateway?.chargeSaved || !isPaidTier(sub.subscription_tier)) return;
  const tier = (
    sub.pending_tier && isPaidTier(sub.pending_tier) ? sub.pending_tier : sub.subscription_tier
  ) as PaidTierId;
  const cadence = sub.cadence ?? 'monthly';
  const currency = sub.currency ?? 'GHS';
  const amount = planPrice(priceTable(deps.config.payments.ghsPrices), tier, cadence, currency);
  const reference = `renew_${sub.id.replace(/-/g, '')}_${sub.subscription_end!.getTime()}`;
  const [payment] = await deps.database.db
    .insert(payments)
    .values({
      user_id: sub.user_id,
      purpose: 'renewal',
      gateway: gateway.id,
      reference,
      amount_minor: amount,
      currency,
      tier,
      cadence,
      method: 'card',
      method_label: sub.method_label,
      test_mode: gateway.testMode,
      return_to: '/subscription',
    })
    .onConflictDoNothing()
    .returning();
  if (!payment) return;
  const after = newAfterCommit();
  let outcome: Awaited<ReturnType<NonNullable<typeof gateway.chargeSaved>>>;
  try {
    outcome = await gateway.chargeSaved({
      paymentId: payment.id,
      reference,
      email: await emailOf(deps, sub),
      authorizationCode: sub.authorization_code!,
      amountMinor: amount,
      currency,
    });
  } catch (error) {
    deps.log.warn(
      { err: error, paymentId: payment.id },
      'saved card charge failed to run; reconciliation will verify it',
    );
    return;
  }
  await deps.database.db.transaction((tx) => applyPaymentEvent(tx, deps, gateway.id, outcome, after));
  await finishAfterCommit(deps, after);
}

async function sendPayLink(deps: Deps, sub: SubscriptionRow) {
  const answer = await openRenewal(deps, { id: sub.user_id, email: await emailOf(deps, sub) }, sub);
  const after = newAfterCommit();
  await deps.database.db.transaction(async (tx) => {
    after.noticeIds.push(
      ...(await insertNotices(tx, [
        {
          userId: sub.user_id,
          kind: 'billing',
          title: `Renew ${tierName(sub.subscription_tier)} by ${dateText(sub.subscription_end!)}`,
          body: `Mobile money is not charged automatically. Pay for your next period on your subscription page to keep ${tierName(sub.subscription_tier)}.`,
          link: '/subscription',
          mail: true,
        },
      ])),
    );
  });
  await finishAfterCommit(deps, after);
  return answer;
}

/** One subscription past its period end, moved on by the shared rules; answers whether it changed. */
async function moveOn(deps: Deps, userId: string, now: Date): Promise<boolean> {
  const after: AfterCommit = newAfterCommit();
  const changed = await deps.database.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, userId);
    if (!sub.subscribed || !sub.subscription_end || sub.gateway === 'stripe') return false;
    const { state, events } = stateAt(
      {
        tier: sub.subscription_tier,
        status: sub.status,
        periodEnd: sub.subscription_end,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        pendingTier: sub.pending_tier,
      },
      now,
    );
    if (events.length === 0) return false;
    const notices: Notice[] = [];
    if (events.includes('cancelled') || events.includes('expired')) {
      await tx
        .update(subscriptions)
        .set({ ...STARTER_COLUMNS, updated_at: now })
        .where(eq(subscriptions.id, sub.id));
      notices.push(planEndedNotice(userId, sub.subscription_tier, events.includes('expired')));
    } else {
      const downgraded = events.includes('downgraded') && isPaidTier(state.tier);
      const price = downgraded
        ? planPrice(
            priceTable(deps.config.payments.ghsPrices),
            state.tier as PaidTierId,
            sub.cadence ?? 'monthly',
            sub.currency ?? 'GHS',
          )
        : sub.amount_minor;
      await tx
        .update(subscriptions)
        .set({
          subscription_tier: state.tier,
          pending_tier: state.pendingTier,
          status: state.status,
          amount_minor: price,
          grace_until: state.status === 'past_due' ? graceEndsAt(sub.subscription_end) : null,
          updated_at: now,
        })
        .where(eq(subscriptions.id, sub.id));
      if (events.includes('past_due')) {
        notices.push(renewalUnpaidNotice(userId, state.tier, graceEndsAt(sub.subscription_end)));
      }
    }
    after.noticeIds.push(...(await insertNotices(tx, notices)));
    const tierNow = events.includes('cancelled') || events.includes('expired') ? 'starter' : state.tier;
    if (tierNow !== sub.subscription_tier) await setPlanName(tx, userId, tierNow);
    return true;
  });
  await finishAfterCommit(deps, after);
  return changed;
}
