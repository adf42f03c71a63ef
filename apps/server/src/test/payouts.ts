import type { EarningsAnswer, PayoutStatus } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { bookings, payouts } from '../db/schema.ts';
import type { TestApp } from './app.ts';
import type { TestUser } from './auth.ts';
import { payBooking } from './booking-payments.ts';
import { bookingBetween } from './bookings.ts';
import { call } from './providers.ts';

/** Looks a payout account up and saves it through the API (both 200); answers the settings. */
export async function savePayoutMethod(
  t: TestApp,
  provider: TestUser,
  account: Record<string, unknown> = { type: 'mobile_money', network: 'mtn', account_number: '024 412 4567' },
) {
  const lookup = await call(t, 'POST', '/api/payouts/lookup', provider.cookie, account);
  expect(lookup.statusCode, lookup.body).toBe(200);
  const saved = await call(t, 'PUT', '/api/payouts/settings', provider.cookie, {
    confirmation: lookup.json().confirmation,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json();
}

/** The provider's GET /api/earnings. */
export async function earningsOf(t: TestApp, provider: TestUser): Promise<EarningsAnswer> {
  const res = await call(t, 'GET', '/api/earnings', provider.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * A booking the customer paid (sandbox checkout, approved, its webhook applied) and, unless
 * `complete` is false, the provider started and marked done and the customer confirmed: its money
 * released (H2's flow through the real endpoints). Answers the booking row.
 */
export async function paidBooking(
  t: TestApp,
  customer: TestUser,
  provider: TestUser,
  options: { price?: number; title?: string; complete?: boolean } = {},
) {
  const id = await bookingBetween(t, customer.id, provider.id, {
    status: 'scheduled',
    price: options.price ?? 30_000,
    ...(options.title ? { title: options.title } : {}),
  });
  await payBooking(t, customer, id);
  if (options.complete !== false) {
    for (const [who, action] of [
      [provider, 'start'],
      [provider, 'mark-done'],
      [customer, 'confirm'],
    ] as const) {
      const res = await call(t, 'POST', `/api/bookings/${id}/${action}`, who.cookie, {});
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
    }
  }
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

/** Waits (polling the database, no sleeps) until the payout reaches `status` through its webhook. */
export function waitForPayout(t: TestApp, payoutId: string, status: PayoutStatus) {
  return vi.waitFor(
    async () => {
      const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, payoutId));
      expect(row?.status).toBe(status);
      return row!;
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** The provider's payouts, oldest first. */
export async function payoutsOf(t: TestApp, providerId: string) {
  const rows = await t.database.db.select().from(payouts).where(eq(payouts.provider_id, providerId));
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}
