import type { CheckoutAnswer, PaymentStatus, SandboxPay } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { payments, subscriptions } from '../db/schema.ts';
import type { TestApp } from './app.ts';
import type { TestUser } from './auth.ts';
import { call } from './providers.ts';

export const MOMO_APPROVE: SandboxPay = {
  method: 'mobile_money',
  network: 'mtn',
  phone: '024 412 3456',
  decision: 'approve',
  pin: '1234',
};
export const CARD_APPROVE: SandboxPay = {
  method: 'card',
  number: '4242 4242 4242 4242',
  expiry: '12/30',
  cvc: '123',
};
export const CARD_DECLINE: SandboxPay = {
  method: 'card',
  number: '4000 0000 0000 0002',
  expiry: '12/30',
  cvc: '123',
};

/** The sandbox reference at the end of a checkout URL (/pay/test/<reference>). */
export const referenceOf = (answer: CheckoutAnswer) => answer.url.split('/').pop()!;

export async function checkout(
  t: TestApp,
  user: TestUser,
  body: Record<string, unknown> = { tier: 'pro', currency: 'ghs' },
): Promise<CheckoutAnswer> {
  const res = await call(t, 'POST', '/api/create-checkout-session', user.cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function sandboxPay(
  t: TestApp,
  user: TestUser,
  answer: CheckoutAnswer,
  pay: SandboxPay = MOMO_APPROVE,
) {
  return call(t, 'POST', `/api/payments/sandbox/${referenceOf(answer)}/pay`, user.cookie, pay);
}

/** Waits (no sleeps: polls the database) until the payment reaches `status` through the job queue. */
export async function waitForPayment(t: TestApp, paymentId: string, status: PaymentStatus) {
  return vi.waitFor(
    async () => {
      const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
      expect(row?.status).toBe(status);
      return row!;
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** Buys a plan in the sandbox end to end: checkout, approve, the webhook applied. */
export async function buyPlan(
  t: TestApp,
  user: TestUser,
  body: Record<string, unknown> = { tier: 'pro', currency: 'ghs' },
  pay: SandboxPay = MOMO_APPROVE,
) {
  const answer = await checkout(t, user, body);
  const res = await sandboxPay(t, user, answer, pay);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe('succeeded');
  return waitForPayment(t, answer.payment_id, 'succeeded');
}

/**
 * Readers the payment tests share, bound to the file's app (created in beforeAll, hence the getter):
 * the caller's GET /api/subscription answer, and a payment's and a subscription's row.
 */
export function paymentReaders(app: () => TestApp) {
  return {
    subscriptionOf: async (user: TestUser) => {
      const res = await call(app(), 'GET', '/api/subscription', user.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().subscription;
    },
    paymentRow: async (id: string) => {
      const [row] = await app().database.db.select().from(payments).where(eq(payments.id, id));
      return row!;
    },
    subscriptionRow: async (userId: string) => {
      const [row] = await app()
        .database.db.select()
        .from(subscriptions)
        .where(eq(subscriptions.user_id, userId));
      return row;
    },
  };
}
