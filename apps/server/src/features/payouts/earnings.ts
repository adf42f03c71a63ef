import {
  type EarningsAnswer,
  type EarningsBooking,
  ESCROW_LIMITS,
  PAYOUT_DELAY_DAYS,
  type Payout,
} from '@adwuma/shared';
import { and, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { bookings, ledgerEntries, payoutSettings, payouts, profiles } from '../../db/schema.ts';
import { providerTier } from '../../kernel/provider-tier.ts';
import { csvLine } from '../../lib/csv.ts';
import { providerBalances } from './balances.ts';
import { PAYOUTS_CRON } from './payout-run.ts';

const BOOKINGS_LISTED = 200;
const PAYOUTS_LISTED = 100;
const CRON_MINUTES = Number(/^\*\/(\d+) /.exec(PAYOUTS_CRON)?.[1] ?? 15);

/** The first payout run at or after `at` (the cron runs every 15 minutes, on the quarter hour). */
function nextRunAt(at: Date): Date {
  const step = CRON_MINUTES * 60_000;
  return new Date(Math.ceil(at.getTime() / step) * step);
}

/** The provider's bookings whose money went through Adwuma, newest first. */
async function earningBookings(db: Db, providerId: string, limit: number) {
  const customer = alias(profiles, 'customer');
  return db
    .select({ booking: bookings, customerName: customer.full_name })
    .from(bookings)
    .leftJoin(customer, eq(customer.id, bookings.customer_id))
    .where(
      and(
        eq(bookings.provider_id, providerId),
        or(
          inArray(bookings.payment_status, ['held', 'released', 'partially_refunded']),
          isNotNull(bookings.earnings_minor),
        ),
      ),
    )
    .orderBy(
      desc(sql`coalesce(${bookings.completed_at}, ${bookings.paid_at}, ${bookings.created_at})`),
      desc(bookings.id),
    )
    .limit(limit);
}

function toEarningsBooking(row: Awaited<ReturnType<typeof earningBookings>>[number]): EarningsBooking {
  const b = row.booking;
  return {
    booking_id: b.id,
    title: b.title,
    customer_name: row.customerName,
    completed_at: b.completed_at?.toISOString() ?? null,
    price_minor: b.price_minor,
    commission_percent: b.commission_percent,
    commission_minor: b.commission_minor,
    earnings_minor: b.earnings_minor,
    advance_minor: b.advance_minor,
    payment_status: b.payment_status,
    earnings_state: b.earnings_matured_at ? 'available' : b.earnings_available_at ? 'pending' : 'held',
    earnings_available_at: b.earnings_available_at?.toISOString() ?? null,
  };
}

function toPayout(p: typeof payouts.$inferSelect): Payout {
  return {
    id: p.id,
    amount_minor: p.amount_minor,
    status: p.status,
    method_label: p.method_label,
    failure_reason: p.failure_reason,
    created_at: p.created_at.toISOString(),
    settled_at: p.settled_at?.toISOString() ?? null,
  };
}

/**
 * GET /api/earnings: money held for the provider's paid bookings not yet done, earnings waiting for
 * the payout delay, available, in flight and paid out; when the next payout can go; the bookings
 * and the payouts. Balances come from the ledger, never from stored totals.
 */
export async function earningsView(
  deps: { database: { db: Db } },
  providerId: string,
  now = new Date(),
): Promise<EarningsAnswer> {
  const db = deps.database.db;
  const [tier, balances, [held], [paid], [settings], rows, payoutRows, [nextMaturity]] = await Promise.all([
    providerTier(db, providerId),
    providerBalances(db, providerId),
    db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount_minor}), 0)` })
      .from(bookings)
      .innerJoin(ledgerEntries, sql`${ledgerEntries.account} = 'held:booking:' || ${bookings.id}`)
      .where(and(eq(bookings.provider_id, providerId), eq(bookings.payment_status, 'held'))),
    db
      .select({ total: sql<string>`coalesce(sum(${payouts.amount_minor}), 0)` })
      .from(payouts)
      .where(and(eq(payouts.provider_id, providerId), eq(payouts.status, 'paid'))),
    db.select().from(payoutSettings).where(eq(payoutSettings.provider_id, providerId)),
    earningBookings(db, providerId, BOOKINGS_LISTED),
    db
      .select()
      .from(payouts)
      .where(eq(payouts.provider_id, providerId))
      .orderBy(desc(payouts.created_at), desc(payouts.id))
      .limit(PAYOUTS_LISTED),
    db
      .select({ at: sql<Date | string | null>`min(${bookings.earnings_available_at})` })
      .from(bookings)
      .where(
        and(
          eq(bookings.provider_id, providerId),
          isNull(bookings.earnings_matured_at),
          gt(bookings.earnings_available_at, now),
        ),
      ),
  ]);
  const holdUntil = settings?.hold_until && settings.hold_until > now ? settings.hold_until : null;

  // When money can next leave: now if enough is available, else when the next earnings mature;
  // never before a hold or a backoff ends. None without a payout method or anything to pay.
  let nextPayoutAt: Date | null = null;
  const inFlight = payoutRows.some((p) => p.status === 'pending');
  if (settings && !inFlight) {
    const maturity = nextMaturity?.at ? new Date(nextMaturity.at) : null;
    let at = balances.availableMinor >= ESCROW_LIMITS.minPayoutMinor ? now : maturity;
    if (at) {
      for (const later of [holdUntil, settings.next_attempt_at]) if (later && later > at) at = later;
      nextPayoutAt = nextRunAt(at);
    }
  }

  return {
    tier,
    payout_delay_days: PAYOUT_DELAY_DAYS[tier],
    held_minor: -Number(held?.total ?? 0),
    pending_minor: balances.pendingMinor,
    available_minor: balances.availableMinor,
    in_flight_minor: balances.inFlightMinor,
    paid_out_minor: Number(paid?.total ?? 0),
    next_payout_at: nextPayoutAt?.toISOString() ?? null,
    has_payout_method: Boolean(settings),
    hold_until: holdUntil?.toISOString() ?? null,
    bookings: rows.map(toEarningsBooking),
    payouts: payoutRows.map(toPayout),
  };
}

// ---- the CSV statement -----------------------------------------------------------------------------

const CSV_HEADER = [
  'Type',
  'Date',
  'Reference',
  'Description',
  'Customer',
  'Price (GHS)',
  'Commission %',
  'Commission (GHS)',
  'Materials advance (GHS)',
  'Earnings (GHS)',
  'Payout (GHS)',
  'Status',
];

/** Pesewas as cedis with two decimals ("1234.50"); empty when unknown. */
const cedis = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));
const day = (date: Date | null) => date?.toISOString().slice(0, 10) ?? '';

export { csvCell } from '../../lib/csv.ts';

/**
 * GET /api/earnings/statement.csv: the per-booking breakdown and the payouts, one header row, amounts
 * in cedis with two decimals. Starts with a byte-order mark so spreadsheets read it as UTF-8 (₵, •).
 */
export async function earningsStatement(deps: { database: { db: Db } }, providerId: string): Promise<string> {
  const db = deps.database.db;
  const [rows, payoutRows] = await Promise.all([
    earningBookings(db, providerId, 10_000),
    db
      .select()
      .from(payouts)
      .where(eq(payouts.provider_id, providerId))
      .orderBy(desc(payouts.created_at), desc(payouts.id)),
  ]);
  const lines = [csvLine(CSV_HEADER)];
  for (const { booking: b, customerName } of rows) {
    const state = b.earnings_matured_at ? 'available' : b.earnings_available_at ? 'pending' : 'held';
    lines.push(
      csvLine([
        'Booking',
        day(b.completed_at ?? b.paid_at ?? b.created_at),
        b.id,
        b.title,
        customerName ?? '',
        cedis(b.price_minor),
        b.commission_percent === null ? '' : String(b.commission_percent),
        cedis(b.commission_minor),
        cedis(b.advance_minor),
        cedis(b.earnings_minor),
        '',
        state,
      ]),
    );
  }
  for (const p of payoutRows) {
    lines.push(
      csvLine([
        p.advance ? 'Payout (materials advance)' : 'Payout',
        day(p.settled_at ?? p.created_at),
        p.id,
        p.method_label,
        '',
        '',
        '',
        '',
        '',
        '',
        cedis(p.amount_minor),
        p.failure_reason ? `${p.status}: ${p.failure_reason}` : p.status,
      ]),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
