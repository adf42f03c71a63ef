import {
  ADMIN_PAGE_SIZE,
  type AdminMoneyPaymentsPage,
  type AdminPayout,
  type AdminPayoutsPage,
  type AdminRefund,
  type AdminRefundsPage,
  type PaymentPurpose,
  type PaymentStatus,
  type PayoutStatus,
  type RefundStatus,
} from '@adwuma/shared';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authUsers, bookingRefunds, payments, payouts, profiles } from '../../db/schema.ts';

const iso = (value: Date | null) => value?.toISOString() ?? null;
const offsetOf = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;
/** The user's profile name, else their account name. */
const nameOf = (userId: SQL) =>
  sql<string | null>`coalesce((select p.full_name from profiles p where p.id = ${userId}),
    (select u.name from auth_users u where u.id = ${userId}))`;

export interface PaymentsFilter {
  status?: PaymentStatus;
  purpose?: PaymentPurpose;
  page: number;
}

/** Every payment (booking and plan), newest first. */
export async function paymentsPage(db: Db, filter: PaymentsFilter): Promise<AdminMoneyPaymentsPage> {
  const where = and(
    filter.status ? eq(payments.status, filter.status) : undefined,
    filter.purpose ? eq(payments.purpose, filter.purpose) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        payment: payments,
        full_name: profiles.full_name,
        name: authUsers.name,
        email: authUsers.email,
      })
      .from(payments)
      .leftJoin(authUsers, eq(authUsers.id, payments.user_id))
      .leftJoin(profiles, eq(profiles.id, payments.user_id))
      .where(where)
      .orderBy(desc(payments.created_at), desc(payments.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(filter.page)),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  return {
    items: rows.map(({ payment: p, full_name, name, email }) => ({
      id: p.id,
      purpose: p.purpose,
      status: p.status,
      gateway: p.gateway,
      amount_minor: p.amount_minor,
      currency: p.currency,
      refunded_minor: p.refunded_minor,
      payer_id: p.user_id,
      payer_name: full_name ?? name ?? null,
      payer_email: email ?? null,
      booking_id: p.booking_id,
      tier: p.tier,
      method_label: p.method_label,
      receipt_number: p.receipt_number,
      failure_reason: p.failure_reason,
      test_mode: p.test_mode,
      created_at: p.created_at.toISOString(),
      paid_at: iso(p.paid_at),
    })),
    page: filter.page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(total?.n ?? 0),
  };
}

// ---- payouts ---------------------------------------------------------------------------------------

// Drizzle leaves a single table's columns unqualified, which a subquery would read as its own:
// the outer row is named explicitly.
const outer = {
  provider: sql.raw('"payouts"."provider_id"'),
  created: sql.raw('"payouts"."created_at"'),
  customer: sql.raw('"booking_refunds"."customer_id"'),
};

/**
 * This payout's place in its provider's run of tries: 1 + the provider's earlier failed or reversed
 * payouts since their last paid one (a failed payout's money goes back to the available balance and
 * the next payout sends it again).
 */
const payoutAttempts = sql<number>`1 + (select count(*)::int from payouts q
  where q.provider_id = ${outer.provider} and q.created_at < ${outer.created}
    and q.status in ('failed', 'reversed')
    and not exists (select 1 from payouts r where r.provider_id = ${outer.provider}
      and r.status = 'paid' and r.created_at > q.created_at and r.created_at < ${outer.created}))`;

/** A later payout of the same provider exists: it sent this failed payout's money again. */
const payoutSuperseded = sql<boolean>`exists (select 1 from payouts later
  where later.provider_id = ${outer.provider} and later.created_at > ${outer.created})`;

const payoutColumns = {
  payout: payouts,
  provider_name: nameOf(outer.provider),
  attempts: payoutAttempts,
  superseded: payoutSuperseded,
};

function toAdminPayout(row: {
  payout: typeof payouts.$inferSelect;
  provider_name: string | null;
  attempts: number;
  superseded: boolean;
}): AdminPayout {
  const p = row.payout;
  return {
    id: p.id,
    provider_id: p.provider_id,
    provider_name: row.provider_name ?? null,
    amount_minor: p.amount_minor,
    status: p.status,
    method_label: p.method_label,
    failure_reason: p.failure_reason,
    gateway: p.gateway,
    attempts: Number(row.attempts ?? 1),
    superseded: (p.status === 'failed' || p.status === 'reversed') && row.superseded === true,
    created_at: p.created_at.toISOString(),
    settled_at: iso(p.settled_at),
  };
}

export async function payoutsPage(
  db: Db,
  filter: { status?: PayoutStatus; page: number },
): Promise<AdminPayoutsPage> {
  const where = filter.status ? eq(payouts.status, filter.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(payoutColumns)
      .from(payouts)
      .where(where)
      .orderBy(desc(payouts.created_at), desc(payouts.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(filter.page)),
    db.select({ n: count() }).from(payouts).where(where),
  ]);
  return {
    items: rows.map(toAdminPayout),
    page: filter.page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(total?.n ?? 0),
  };
}

export async function adminPayout(db: Db, id: string): Promise<AdminPayout | null> {
  const [row] = await db.select(payoutColumns).from(payouts).where(eq(payouts.id, id));
  return row ? toAdminPayout(row) : null;
}

// ---- refunds ---------------------------------------------------------------------------------------

const refundColumns = { refund: bookingRefunds, customer_name: nameOf(outer.customer) };

function toAdminRefund(row: {
  refund: typeof bookingRefunds.$inferSelect;
  customer_name: string | null;
}): AdminRefund {
  const r = row.refund;
  return {
    id: r.id,
    booking_id: r.booking_id,
    customer_name: row.customer_name ?? null,
    amount_minor: r.amount_minor,
    status: r.status,
    reason: r.reason,
    failure_reason: r.failure_reason,
    created_at: r.created_at.toISOString(),
    attempts: r.attempts,
    sent_at: iso(r.sent_at),
  };
}

export async function refundsPage(
  db: Db,
  filter: { status?: RefundStatus; page: number },
): Promise<AdminRefundsPage> {
  const where = filter.status ? eq(bookingRefunds.status, filter.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(refundColumns)
      .from(bookingRefunds)
      .where(where)
      .orderBy(desc(bookingRefunds.created_at), desc(bookingRefunds.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(filter.page)),
    db.select({ n: count() }).from(bookingRefunds).where(where),
  ]);
  return {
    items: rows.map(toAdminRefund),
    page: filter.page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(total?.n ?? 0),
  };
}

export async function adminRefund(db: Db, id: string): Promise<AdminRefund | null> {
  const [row] = await db.select(refundColumns).from(bookingRefunds).where(eq(bookingRefunds.id, id));
  return row ? toAdminRefund(row) : null;
}
