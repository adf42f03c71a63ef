import { randomUUID } from 'node:crypto';
import {
  advancePaid,
  bookingPaid,
  bookingReleased,
  earningsMatured,
  paymentReceived,
  paymentRefunded,
  payoutReturned,
  payoutSettled,
  payoutStarted,
  refundOwed,
  refundSent,
  releaseSplit,
} from '@adwuma/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  bookingRefunds,
  ledgerTransactions,
  payments,
  payoutSettings,
  payouts,
} from '../../db/schema.ts';
import { ADMIN_FORBIDDEN_MESSAGE } from '../../kernel/http/session.ts';
import { recordMovement } from '../../kernel/payments/ledger.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeAdmin, signUp, type TestUser } from '../../test/auth.ts';
import { payBooking } from '../../test/booking-payments.ts';
import { bookingBetween } from '../../test/bookings.ts';
import { call } from '../../test/providers.ts';
import { moneyFigures } from './money-figures.ts';
import { ADMIN_MONEY_MESSAGES } from './retry.ts';

/** Entries as the overview reads them: (transaction, currency, account, signed amount, date). */
type FixtureEntry = [string, 'GHS' | 'USD', string, number, string];

function fixture(rows: FixtureEntry[]): SQL {
  const values = rows.map(
    ([tx, currency, account, amount, at]) =>
      sql`(${tx}::text, ${currency}::text, ${account}::text, ${amount}::bigint, ${at}::timestamptz)`,
  );
  return sql`(select * from (values ${sql.join(values, sql`, `)}) as f(transaction_id, currency, account, amount_minor, created_at))`;
}

describe('admin money pages', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let provider: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, customer, provider] = await Promise.all([
      signUp(t, { name: 'Chief Admin' }),
      signUp(t, { name: 'Ama Mensah' }),
      signUp(t, { role: 'explorer', name: 'Yaw Boateng' }),
    ]);
    await makeAdmin(t, admin.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ROUTES = [
    ['GET', '/api/admin/money'],
    ['GET', '/api/admin/money/payments?status=nonsense'],
    ['GET', '/api/admin/money/payouts?status=nonsense'],
    ['GET', '/api/admin/money/refunds?page=zero'],
    ['POST', '/api/admin/money/payouts/not-an-id/retry'],
    ['POST', '/api/admin/money/refunds/not-an-id/retry'],
  ] as const;

  it('refuses everyone but the admin, before looking at the input', async () => {
    for (const [method, url] of ROUTES) {
      let res = await call(t, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      for (const user of [customer, provider]) {
        res = await call(t, method, url, user.cookie);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error.message).toBe(ADMIN_FORBIDDEN_MESSAGE);
      }
      res = await call(t, method, url, admin.cookie);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(
        method === 'GET' && url === '/api/admin/money' ? 200 : 400,
      );
    }
  });

  it('shows an empty ledger as balanced, with nothing held and no revenue', async () => {
    const res = await call(t, 'GET', '/api/admin/money', admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      books_balance: true,
      unbalanced_transactions: 0,
      held_minor: 0,
      providers_pending_minor: 0,
      providers_available_minor: 0,
      in_flight_minor: 0,
      refunds_due_minor: 0,
      commission_minor: 0,
      revenue_by_month: [],
      usd_subscriptions_by_month: [],
    });
  });

  it('derives held, owed and revenue from movements written through the ledger', async () => {
    const { db } = t.database;
    const [b1, b2, b3] = [randomUUID(), randomUUID(), randomUUID()];
    const payoutId = randomUUID();
    const release = releaseSplit({ amountMinor: 30_000, tier: 'starter' });
    expect(release).toMatchObject({ commissionMinor: 5_400, pendingMinor: 24_600 });
    await db.transaction(async (tx) => {
      for (const [booking, amount] of [
        [b1, 30_000],
        [b2, 20_000],
        [b3, 10_000],
      ] as const) {
        await recordMovement(
          tx,
          bookingPaid({
            key: `t:${booking}:paid`,
            gateway: 'sandbox',
            bookingId: booking,
            amountMinor: amount,
          }),
          null,
          { bookingId: booking },
        );
      }
      // b1 is done: commission and earnings, 10_000 of them matured and paid out.
      await recordMovement(
        tx,
        bookingReleased({ key: `t:${b1}:release`, bookingId: b1, providerId: provider.id, release }),
        null,
      );
      await recordMovement(
        tx,
        earningsMatured({ key: `t:${b1}:matured`, providerId: provider.id, amountMinor: 10_000 }),
        null,
      );
      await recordMovement(
        tx,
        payoutStarted({ key: `t:${payoutId}:sent`, providerId: provider.id, amountMinor: 7_000 }),
        null,
        { payoutId },
      );
      await recordMovement(
        tx,
        payoutSettled({
          key: `t:${payoutId}:settled`,
          providerId: provider.id,
          gateway: 'sandbox',
          amountMinor: 4_000,
        }),
        null,
      );
      // b3 cancelled: its money is owed back, part of it already sent.
      await recordMovement(
        tx,
        refundOwed({ key: `t:${b3}:owed`, bookingId: b3, customerId: customer.id, amountMinor: 10_000 }),
        null,
      );
      await recordMovement(
        tx,
        refundSent({ key: `t:${b3}:sent`, customerId: customer.id, gateway: 'sandbox', amountMinor: 6_000 }),
        null,
      );
      // Plans: GH₵ 150 paid, GH₵ 50 of it refunded; $12 paid in dollars.
      await recordMovement(
        tx,
        paymentReceived({
          idempotencyKey: 't:plan',
          gateway: 'sandbox',
          currency: 'GHS',
          amountMinor: 15_000,
        }),
        null,
      );
      await recordMovement(
        tx,
        paymentRefunded({
          idempotencyKey: 't:plan:refund',
          gateway: 'sandbox',
          currency: 'GHS',
          amountMinor: 5_000,
        }),
        null,
      );
      await recordMovement(
        tx,
        paymentReceived({
          idempotencyKey: 't:plan:usd',
          gateway: 'stripe',
          currency: 'USD',
          amountMinor: 1_200,
        }),
        null,
      );
    });
    const [first] = await db.select({ at: ledgerTransactions.created_at }).from(ledgerTransactions).limit(1);
    const month = first!.at.toISOString().slice(0, 7);

    const res = await call(t, 'GET', '/api/admin/money', admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      books_balance: true,
      unbalanced_transactions: 0,
      held_minor: 20_000,
      providers_pending_minor: 24_600 - 10_000,
      providers_available_minor: 10_000 - 7_000,
      in_flight_minor: 7_000 - 4_000,
      refunds_due_minor: 10_000 - 6_000,
      commission_minor: 5_400,
      revenue_by_month: [{ month, commission_minor: 5_400, subscriptions_minor: 10_000 }],
      usd_subscriptions_by_month: [{ month, subscriptions_minor: 1_200 }],
    });
  });

  it('the database refuses an unbalanced transaction, so the check is proven on a fixture', async () => {
    const { db } = t.database;
    await expect(
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(ledgerTransactions)
          .values({ idempotency_key: `t:bad:${randomUUID()}`, kind: 'test', currency: 'GHS' })
          .returning();
        await tx.execute(
          sql`insert into ledger_entries (transaction_id, account, currency, amount_minor) values (${row!.id}, 'held:booking:x', 'GHS', 100)`,
        );
      }),
    ).rejects.toThrow();

    const balanced = await moneyFigures(
      db,
      fixture([
        ['a', 'GHS', 'gateway:sandbox', 10_000, '2026-10-31T23:59:00Z'],
        ['a', 'GHS', 'held:booking:1', -10_000, '2026-10-31T23:59:00Z'],
        ['b', 'GHS', 'held:booking:1', 10_000, '2026-11-01T00:00:00Z'],
        ['b', 'GHS', 'revenue:commission', -1_800, '2026-11-01T00:00:00Z'],
        ['b', 'GHS', 'provider:p:pending', -8_200, '2026-11-01T00:00:00Z'],
        ['c', 'GHS', 'gateway:sandbox', 15_000, '2026-10-05T10:00:00Z'],
        ['c', 'GHS', 'revenue:subscriptions', -15_000, '2026-10-05T10:00:00Z'],
        ['d', 'GHS', 'refunds:subscriptions', 15_000, '2026-11-02T10:00:00Z'],
        ['d', 'GHS', 'gateway:sandbox', -15_000, '2026-11-02T10:00:00Z'],
        // An account whose name merely resembles one (in_flight's `_` is not a wildcard).
        ['e', 'GHS', 'provider:p:inXflight', 500, '2026-11-02T10:00:00Z'],
        ['e', 'GHS', 'provider:p:in_flight', -500, '2026-11-02T10:00:00Z'],
      ]),
    );
    expect(balanced).toMatchObject({
      books_balance: true,
      unbalanced_transactions: 0,
      held_minor: 0,
      providers_pending_minor: 8_200,
      in_flight_minor: 500,
      commission_minor: 1_800,
      revenue_by_month: [
        { month: '2026-11', commission_minor: 1_800, subscriptions_minor: -15_000 },
        { month: '2026-10', commission_minor: 0, subscriptions_minor: 15_000 },
      ],
    });

    const unbalanced = await moneyFigures(
      db,
      fixture([
        ['a', 'GHS', 'gateway:sandbox', 10_000, '2026-11-01T00:00:00Z'],
        ['a', 'GHS', 'held:booking:1', -9_999, '2026-11-01T00:00:00Z'],
        // Sums to zero only across currencies: each currency's side is unbalanced.
        ['b', 'GHS', 'gateway:sandbox', 1_200, '2026-11-01T00:00:00Z'],
        ['b', 'USD', 'revenue:subscriptions', -1_200, '2026-11-01T00:00:00Z'],
        ['c', 'GHS', 'gateway:sandbox', 500, '2026-11-01T00:00:00Z'],
        ['c', 'GHS', 'held:booking:2', -500, '2026-11-01T00:00:00Z'],
      ]),
    );
    expect(unbalanced.books_balance).toBe(false);
    expect(unbalanced.unbalanced_transactions).toBe(2);
  });

  describe('lists', () => {
    let bookingId: string;
    let bookingPayment: string;
    let failedPayout: string;
    let paidPayout: string;
    let failedRefund: string;
    let sentRefund: string;

    beforeAll(async () => {
      const { db } = t.database;
      bookingId = await bookingBetween(t, customer.id, provider.id, { status: 'scheduled' });
      const [pay] = await db
        .insert(payments)
        .values({
          user_id: customer.id,
          purpose: 'booking',
          gateway: 'sandbox',
          reference: `ref-${randomUUID()}`,
          status: 'succeeded',
          amount_minor: 30_000,
          currency: 'GHS',
          booking_id: bookingId,
          refunded_minor: 5_000,
          method_label: 'MTN MoMo •••• 3456',
          test_mode: true,
          paid_at: new Date(),
        })
        .returning();
      bookingPayment = pay!.id;
      await db.insert(payments).values({
        user_id: provider.id,
        purpose: 'subscription',
        gateway: 'sandbox',
        reference: `ref-${randomUUID()}`,
        status: 'failed',
        amount_minor: 15_000,
        currency: 'GHS',
        tier: 'pro',
        cadence: 'monthly',
        failure_reason: 'Declined',
      });
      const rows = await db
        .insert(payouts)
        .values([
          {
            provider_id: provider.id,
            gateway: 'sandbox',
            reference: `po-${randomUUID()}`,
            amount_minor: 7_000,
            status: 'failed',
            method_label: 'MTN MoMo •••• 9999',
            failure_reason: 'The network refused the transfer',
            failed_at: new Date(),
          },
          {
            provider_id: provider.id,
            gateway: 'sandbox',
            reference: `po-${randomUUID()}`,
            amount_minor: 4_000,
            status: 'paid',
            method_label: 'MTN MoMo •••• 4567',
            settled_at: new Date(),
          },
        ])
        .returning();
      [failedPayout, paidPayout] = rows.map((r) => r.id) as [string, string];
      const refunds = await db
        .insert(bookingRefunds)
        .values([
          {
            booking_id: bookingId,
            payment_id: bookingPayment,
            customer_id: customer.id,
            amount_minor: 3_000,
            reason: 'Cancelled in time',
            status: 'failed',
            failure_reason: 'Gateway refused',
            attempts: 1,
          },
          {
            booking_id: bookingId,
            payment_id: bookingPayment,
            customer_id: customer.id,
            amount_minor: 2_000,
            reason: 'Dispute split',
            status: 'sent',
            attempts: 1,
            sent_at: new Date(),
          },
        ])
        .returning();
      [failedRefund, sentRefund] = refunds.map((r) => r.id) as [string, string];
    });

    it('lists booking and plan payments with the payer, filtered by purpose and status', async () => {
      let res = await call(t, 'GET', '/api/admin/money/payments', admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const all = res.json();
      expect(all).toMatchObject({ page: 1, pageSize: 20 });
      expect(all.total).toBeGreaterThanOrEqual(2);
      const booking = all.items.find((p: { id: string }) => p.id === bookingPayment);
      expect(booking).toMatchObject({
        purpose: 'booking',
        status: 'succeeded',
        amount_minor: 30_000,
        refunded_minor: 5_000,
        payer_id: customer.id,
        payer_name: 'Ama Mensah',
        payer_email: customer.email,
        booking_id: bookingId,
        tier: null,
        test_mode: true,
      });
      res = await call(t, 'GET', '/api/admin/money/payments?purpose=booking', admin.cookie);
      expect(res.json().items.every((p: { purpose: string }) => p.purpose === 'booking')).toBe(true);
      expect(res.json().items.map((p: { id: string }) => p.id)).toContain(bookingPayment);
      res = await call(
        t,
        'GET',
        '/api/admin/money/payments?status=failed&purpose=subscription',
        admin.cookie,
      );
      expect(res.json().items).toHaveLength(1);
      expect(res.json().items[0]).toMatchObject({
        payer_name: 'Yaw Boateng',
        tier: 'pro',
        failure_reason: 'Declined',
      });
      res = await call(t, 'GET', '/api/admin/money/payments?page=2', admin.cookie);
      expect(res.json()).toMatchObject({ items: [], page: 2 });
    });

    it('lists payouts and refunds, the failed ones by their status', async () => {
      let res = await call(t, 'GET', '/api/admin/money/payouts?status=failed', admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ total: 1, page: 1, pageSize: 20 });
      expect(res.json().items[0]).toMatchObject({
        id: failedPayout,
        provider_id: provider.id,
        provider_name: 'Yaw Boateng',
        amount_minor: 7_000,
        status: 'failed',
        failure_reason: 'The network refused the transfer',
        gateway: 'sandbox',
        settled_at: null,
      });
      res = await call(t, 'GET', '/api/admin/money/payouts', admin.cookie);
      expect(
        res
          .json()
          .items.map((p: { id: string }) => p.id)
          .sort(),
      ).toEqual([failedPayout, paidPayout].sort());

      res = await call(t, 'GET', '/api/admin/money/refunds?status=failed', admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items).toEqual([
        expect.objectContaining({
          id: failedRefund,
          booking_id: bookingId,
          customer_name: 'Ama Mensah',
          amount_minor: 3_000,
          status: 'failed',
          failure_reason: 'Gateway refused',
          attempts: 1,
          sent_at: null,
        }),
      ]);
      res = await call(t, 'GET', '/api/admin/money/refunds', admin.cookie);
      expect(res.json().total).toBe(2);
    });

    it('retries only what exists and failed: 404 unknown, 409 otherwise, nothing audited', async () => {
      const { db } = t.database;
      for (const kind of ['payouts', 'refunds'] as const) {
        const res = await call(t, 'POST', `/api/admin/money/${kind}/${randomUUID()}/retry`, admin.cookie);
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().error.message).toBe(
          kind === 'payouts' ? ADMIN_MONEY_MESSAGES.payoutNotFound : ADMIN_MONEY_MESSAGES.refundNotFound,
        );
      }
      let res = await call(t, 'POST', `/api/admin/money/payouts/${paidPayout}/retry`, admin.cookie);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(ADMIN_MONEY_MESSAGES.payoutNotFailed);
      res = await call(t, 'POST', `/api/admin/money/refunds/${sentRefund}/retry`, admin.cookie);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(ADMIN_MONEY_MESSAGES.refundNotFailed);
      expect(await db.select().from(adminAuditLog)).toEqual([]);
    });
  });
  describe('retrying', () => {
    /** A provider whose available balance came back from a failed payout of `amount`. */
    async function failedPayoutOf(providerId: string, amount: number): Promise<string> {
      const { db } = t.database;
      const booking = randomUUID();
      const [row] = await db
        .insert(payouts)
        .values({
          provider_id: providerId,
          gateway: 'sandbox',
          reference: `po_${randomUUID().replaceAll('-', '')}`,
          amount_minor: amount,
          status: 'failed',
          method_label: 'MTN MoMo •••• 4567',
          failure_reason: 'The account ending 9999 could not receive the transfer.',
          failed_at: new Date(),
        })
        .returning();
      const id = row!.id;
      await db.transaction(async (tx) => {
        await recordMovement(
          tx,
          bookingPaid({
            key: `t:${booking}:paid`,
            gateway: 'sandbox',
            bookingId: booking,
            amountMinor: amount,
          }),
          null,
        );
        await recordMovement(
          tx,
          advancePaid({ key: `t:${booking}:advance`, bookingId: booking, providerId, amountMinor: amount }),
          null,
        );
        await recordMovement(
          tx,
          payoutStarted({ key: `t:${id}:sent`, providerId, amountMinor: amount }),
          null,
          {
            payoutId: id,
          },
        );
        await recordMovement(
          tx,
          payoutReturned({
            key: `t:${id}:returned`,
            providerId,
            gateway: 'sandbox',
            amountMinor: amount,
            wasSettled: false,
          }),
          null,
          { payoutId: id },
        );
      });
      return id;
    }

    const auditOf = (targetId: string) =>
      t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.target_id, targetId));

    it("sends a failed payout's money again in a new payout, and audits who did it", async () => {
      const { db } = t.database;
      const payee = await signUp(t, { role: 'explorer', name: 'Kwame Mensah' });
      const sandbox = t.app.deps.payments.byId('sandbox')!;
      const account = { type: 'mobile_money' as const, bankCode: 'MTN', accountNumber: '0241234567' };
      await db.insert(payoutSettings).values({
        provider_id: payee.id,
        type: 'mobile_money',
        network: 'mtn',
        account_number: account.accountNumber,
        account_name: 'Kwame Mensah',
        gateway: 'sandbox',
        recipient_code: await sandbox.createRecipient!({ ...account, accountName: 'Kwame Mensah' }),
        failures: 1,
        // The automatic retry would wait; the admin's does not.
        next_attempt_at: new Date(Date.now() + 60 * 60_000),
      });
      const failed = await failedPayoutOf(payee.id, 7_000);

      const res = await call(t, 'POST', `/api/admin/money/payouts/${failed}/retry`, admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.payout).toMatchObject({ id: failed, status: 'failed', superseded: true, attempts: 1 });
      expect(body.new_payout).toMatchObject({
        provider_id: payee.id,
        provider_name: 'Kwame Mensah',
        amount_minor: 7_000,
        attempts: 2,
        superseded: false,
      });
      expect(['pending', 'paid']).toContain(body.new_payout.status);
      expect(await auditOf(failed)).toEqual([
        expect.objectContaining({
          admin_id: admin.id,
          action: 'payout.retry',
          target_type: 'payout',
          details: expect.objectContaining({ new_payout_id: body.new_payout.id, amount_minor: 7_000 }),
        }),
      ]);
      const list = await call(t, 'GET', '/api/admin/money/payouts?status=failed', admin.cookie);
      expect(list.json().items.find((p: { id: string }) => p.id === failed)).toMatchObject({
        superseded: true,
      });
      const overview = await call(t, 'GET', '/api/admin/money', admin.cookie);
      expect(overview.json().books_balance).toBe(true);
    });

    it('says when nothing could be sent (no payout method), and still audits the try', async () => {
      const payee = await signUp(t, { role: 'explorer', name: 'Abena Owusu' });
      const failed = await failedPayoutOf(payee.id, 2_000);
      const res = await call(t, 'POST', `/api/admin/money/payouts/${failed}/retry`, admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ payout: { id: failed, superseded: false }, new_payout: null });
      expect(await auditOf(failed)).toEqual([
        expect.objectContaining({
          action: 'payout.retry',
          details: expect.objectContaining({ new_payout_id: null }),
        }),
      ]);
    });

    it('asks the gateway again for a failed refund, and audits who did it', async () => {
      const { db } = t.database;
      const payer = await signUp(t, { name: 'Esi Badu' });
      const bookingId = await bookingBetween(t, payer.id, provider.id, {
        status: 'scheduled',
        price: 20_000,
      });
      const payment = await payBooking(t, payer, bookingId);
      const [row] = await db
        .insert(bookingRefunds)
        .values({
          booking_id: bookingId,
          payment_id: payment.id,
          customer_id: payer.id,
          amount_minor: 5_000,
          reason: 'Cancelled in time',
          status: 'failed',
          failure_reason: 'The gateway could not be reached.',
        })
        .returning();
      const refundId = row!.id;
      await db.transaction((tx) =>
        recordMovement(
          tx,
          refundOwed({ key: `t:${refundId}:owed`, bookingId, customerId: payer.id, amountMinor: 5_000 }),
          payment.id,
          { bookingId, refundId },
        ),
      );

      const res = await call(t, 'POST', `/api/admin/money/refunds/${refundId}/retry`, admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().refund).toMatchObject({
        id: refundId,
        status: 'sent',
        failure_reason: null,
        attempts: 1,
        customer_name: 'Esi Badu',
      });
      expect(res.json().refund.sent_at).not.toBeNull();
      expect(await auditOf(refundId)).toEqual([
        expect.objectContaining({
          admin_id: admin.id,
          action: 'refund.retry',
          target_type: 'refund',
          details: expect.objectContaining({ booking_id: bookingId, amount_minor: 5_000, status: 'sent' }),
        }),
      ]);
      const again = await call(t, 'POST', `/api/admin/money/refunds/${refundId}/retry`, admin.cookie);
      expect(again.statusCode).toBe(409);
    });
  });
});
