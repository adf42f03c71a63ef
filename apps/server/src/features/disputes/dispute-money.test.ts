import {
  type DisputeInput,
  disputeResponseSchema,
  ESCROW_ACCOUNTS,
  ESCROW_MESSAGES,
  toIsoDate,
} from '@adwuma/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAuditLog, bookingEvents, bookingRefunds, bookings, disputes } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeAdmin, signUp, type TestUser } from '../../test/auth.ts';
import {
  bookingBalances,
  bookingMovementKinds,
  expectBooksBalance,
  payBooking,
} from '../../test/booking-payments.ts';
import { bookingBetween } from '../../test/bookings.ts';
import { noticesOf, setTier } from '../../test/jobs.ts';
import { call } from '../../test/providers.ts';
import { DISPUTE_MONEY_MESSAGES, minimumShareWithAdvance } from './dispute-money.ts';

const input: DisputeInput = {
  reason: 'poor_quality',
  description: 'The tap still leaks after the visit and the cabinet under it is wet.',
};
const note = 'We looked at the photos and the messages.';

/**
 * Disputes move money (issue 18): the admin's resolution releases the held money to the provider,
 * refunds it to the customer, or splits it, with the amounts in the dispute, the history, the audit
 * log and the ledger; after completion a refund is taken back from earnings not yet matured, and
 * once they matured the resolution says it cannot.
 */
describe('dispute resolutions that move money', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, { name: 'Esi Admin' });
    await makeAdmin(t, admin.id);
  });
  afterAll(() => t.close());

  interface Case {
    customer: TestUser;
    provider: TestUser;
    bookingId: string;
    disputeId: string;
  }

  /**
   * A fresh pair, a booking of GH₵ 300 today, paid through the sandbox; `completed`: confirmed first
   * (the money released at completion), else in progress. Then the customer opens a dispute.
   */
  async function disputed(
    stage: 'in_progress' | 'completed',
    beforeDispute?: (c: Omit<Case, 'disputeId'>) => Promise<void>,
  ): Promise<Case> {
    const provider = await signUp(t, { name: 'Kwabena Ofori', role: 'explorer' });
    const customer = await signUp(t, { name: 'Ama Mensah' });
    const bookingId = await bookingBetween(t, customer.id, provider.id, {
      status: 'scheduled',
      price: 30_000,
    });
    await t.database.db
      .update(bookings)
      .set({ scheduled_date: toIsoDate(new Date()) })
      .where(eq(bookings.id, bookingId));
    await payBooking(t, customer, bookingId);
    await vi.waitFor(async () => expect((await bookingRow(bookingId)).payment_status).toBe('held'));
    const started = new Date();
    await t.database.db
      .update(bookings)
      .set(
        stage === 'completed'
          ? { status: 'awaiting_confirmation', started_at: started, done_marked_at: started }
          : { status: 'in_progress', started_at: started },
      )
      .where(eq(bookings.id, bookingId));
    if (stage === 'completed') {
      const res = await call(t, 'POST', `/api/bookings/${bookingId}/confirm`, customer.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect((await bookingRow(bookingId)).payment_status).toBe('released');
    }
    await beforeDispute?.({ customer, provider, bookingId });
    const res = await call(t, 'POST', `/api/bookings/${bookingId}/disputes`, customer.cookie, input);
    expect(res.statusCode, res.body).toBe(201);
    return { customer, provider, bookingId, disputeId: disputeResponseSchema.parse(res.json()).dispute.id };
  }

  const bookingRow = async (id: string) =>
    (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const disputeRow = async (id: string) =>
    (await t.database.db.select().from(disputes).where(eq(disputes.id, id)))[0]!;
  const resolve = (c: Case, body: Record<string, unknown>) =>
    call(t, 'POST', `/api/admin/disputes/${c.disputeId}/resolve`, admin.cookie, { note, ...body });

  async function resolveOk(c: Case, body: Record<string, unknown>) {
    const res = await resolve(c, body);
    expect(res.statusCode, res.body).toBe(200);
    return disputeResponseSchema.parse(res.json()).dispute;
  }

  /** Balances of one booking's movements, by account. */
  const bookingLedger = (bookingId: string) => bookingBalances(t, bookingId);

  const kindsOf = (bookingId: string) => bookingMovementKinds(t, bookingId);

  async function auditOf(disputeId: string) {
    const [row] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.target_type, 'dispute'), eq(adminAuditLog.target_id, disputeId)))
      .orderBy(desc(adminAuditLog.created_at));
    return row;
  }

  async function resolutionEvent(bookingId: string) {
    const [row] = await t.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.booking_id, bookingId), eq(bookingEvents.action, 'resolve_dispute')));
    return row;
  }

  async function sentRefund(bookingId: string) {
    return vi.waitFor(
      async () => {
        const rows = await t.database.db
          .select()
          .from(bookingRefunds)
          .where(eq(bookingRefunds.booking_id, bookingId));
        expect(rows).toHaveLength(1);
        expect(rows[0]!.status).toBe('sent');
        return rows[0]!;
      },
      { timeout: 15_000, interval: 50 },
    );
  }

  const pending = (c: Case) => ESCROW_ACCOUNTS.pending(c.provider.id);

  /** What the admin's dispute page says a split must add up to. */
  async function stakeOf(c: Case) {
    const res = await call(t, 'GET', `/api/admin/disputes/${c.disputeId}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const dispute = disputeResponseSchema.parse(res.json()).dispute;
    // The parties never see it.
    const theirs = await call(t, 'GET', `/api/disputes/${c.disputeId}`, c.customer.cookie);
    expect(theirs.json().dispute).not.toHaveProperty('money_at_stake_minor');
    return dispute.money_at_stake_minor;
  }

  it('in the provider’s favour: everything held is released (commission and pending earnings)', async () => {
    const c = await disputed('in_progress');
    const dispute = await resolveOk(c, { in_favour_of: 'provider' });
    expect(dispute).toMatchObject({ status: 'resolved', in_favour_of: 'provider' });

    const ledger = await bookingLedger(c.bookingId);
    expect(ledger.get(ESCROW_ACCOUNTS.held(c.bookingId))).toBe(0);
    expect(ledger.get(pending(c))).toBe(-24_600);
    expect(ledger.get(ESCROW_ACCOUNTS.commission)).toBe(-5_400);
    expect(await kindsOf(c.bookingId)).toEqual(['booking_payment', 'booking_release']);
    expect(await bookingRow(c.bookingId)).toMatchObject({
      status: 'completed',
      payment_status: 'released',
      tier_at_completion: 'starter',
      commission_minor: 5_400,
      earnings_minor: 24_600,
    });
    expect(await disputeRow(c.disputeId)).toMatchObject({ provider_minor: 30_000, customer_minor: 0 });
    expect((await auditOf(c.disputeId))!.details).toMatchObject({
      in_favour_of: 'provider',
      provider_minor: 30_000,
      customer_minor: 0,
      payment_status: 'released',
      refund_ids: [],
    });
    expect((await resolutionEvent(c.bookingId))!.details).toMatchObject({
      provider_minor: 30_000,
      customer_minor: 0,
    });
    await expectBooksBalance(t);
  });

  it('in the customer’s favour: everything held is refunded through the gateway', async () => {
    const c = await disputed('in_progress');
    await resolveOk(c, { in_favour_of: 'customer' });
    const refund = await sentRefund(c.bookingId);
    expect(refund).toMatchObject({ amount_minor: 30_000, created_by: admin.id });

    const ledger = await bookingLedger(c.bookingId);
    expect(ledger.get(ESCROW_ACCOUNTS.held(c.bookingId))).toBe(0);
    expect(ledger.get(ESCROW_ACCOUNTS.refundsDue(c.customer.id))).toBe(0);
    expect(ledger.get(pending(c))).toBeUndefined();
    expect(await kindsOf(c.bookingId)).toEqual(['booking_payment', 'refund_owed', 'refund_sent']);
    expect(await bookingRow(c.bookingId)).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      refunded_minor: 30_000,
    });
    expect(await disputeRow(c.disputeId)).toMatchObject({ provider_minor: 0, customer_minor: 30_000 });
    expect((await auditOf(c.disputeId))!.details).toMatchObject({
      in_favour_of: 'customer',
      customer_minor: 30_000,
      refund_ids: [refund.id],
    });
    const [notice] = (await noticesOf(t, c.customer.id, 'dispute')).filter(
      (n) => n.title === 'Your dispute was resolved',
    );
    expect(notice!.body).toContain('GH₵ 300.00 is refunded to the customer');
  });

  it('a split releases the provider’s share and refunds the customer’s', async () => {
    const c = await disputed('in_progress');
    const dispute = await resolveOk(c, {
      in_favour_of: 'split',
      provider_minor: 10_000,
      customer_minor: 20_000,
    });
    expect(dispute.in_favour_of).toBe('split');
    const refund = await sentRefund(c.bookingId);
    expect(refund.amount_minor).toBe(20_000);

    const ledger = await bookingLedger(c.bookingId);
    expect(ledger.get(ESCROW_ACCOUNTS.held(c.bookingId))).toBe(0);
    expect(ledger.get(ESCROW_ACCOUNTS.commission)).toBe(-1_800);
    expect(ledger.get(pending(c))).toBe(-8_200);
    expect(ledger.get(ESCROW_ACCOUNTS.refundsDue(c.customer.id))).toBe(0);
    expect(await bookingRow(c.bookingId)).toMatchObject({
      status: 'completed',
      payment_status: 'partially_refunded',
      refunded_minor: 20_000,
      commission_minor: 1_800,
      earnings_minor: 8_200,
    });
    expect(await disputeRow(c.disputeId)).toMatchObject({ provider_minor: 10_000, customer_minor: 20_000 });
    expect((await auditOf(c.disputeId))!.details).toMatchObject({
      in_favour_of: 'split',
      provider_minor: 10_000,
      customer_minor: 20_000,
    });
    const [notice] = (await noticesOf(t, c.provider.id, 'dispute')).filter(
      (n) => n.title === 'Your dispute was resolved',
    );
    expect(notice!.body).toContain(
      'with a split: GH₵ 100.00 to the provider, GH₵ 200.00 back to the customer',
    );
    await expectBooksBalance(t);
  });

  it('a split that does not add up to what is held, or lacks an amount, is a 400 naming the field', async () => {
    const c = await disputed('in_progress');
    expect(await stakeOf(c)).toBe(30_000);
    let res = await resolve(c, { in_favour_of: 'split', provider_minor: 10_000, customer_minor: 10_000 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      { field: 'customer_minor', message: DISPUTE_MONEY_MESSAGES.mismatch(30_000) },
    ]);
    expect(DISPUTE_MONEY_MESSAGES.mismatch(30_000)).toContain(ESCROW_MESSAGES.splitMismatch);
    res = await resolve(c, { in_favour_of: 'split', provider_minor: 40_000, customer_minor: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe('provider_minor');
    res = await resolve(c, { in_favour_of: 'split', provider_minor: 10_000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe('customer_minor');
    res = await resolve(c, { in_favour_of: 'split', provider_minor: 10_000.5, customer_minor: 19_999.5 });
    expect(res.statusCode).toBe(400);

    // Nothing moved; the dispute is still open and can be resolved.
    expect((await disputeRow(c.disputeId)).status).toBe('open');
    expect(await kindsOf(c.bookingId)).toEqual(['booking_payment']);
    await resolveOk(c, { in_favour_of: 'split', provider_minor: 30_000, customer_minor: 0 });
    expect(await bookingRow(c.bookingId)).toMatchObject({ status: 'completed', payment_status: 'released' });
  });

  it('after completion, the customer’s refund is taken back from earnings not yet matured', async () => {
    const c = await disputed('completed');
    expect((await bookingLedger(c.bookingId)).get(pending(c))).toBe(-24_600);
    await resolveOk(c, { in_favour_of: 'customer' });
    const refund = await sentRefund(c.bookingId);
    expect(refund.amount_minor).toBe(30_000);

    const ledger = await bookingLedger(c.bookingId);
    expect(ledger.get(pending(c))).toBe(0);
    expect(ledger.get(ESCROW_ACCOUNTS.commission)).toBe(0);
    expect(ledger.get(ESCROW_ACCOUNTS.refundsDue(c.customer.id))).toBe(0);
    expect(ledger.get(ESCROW_ACCOUNTS.gateway('sandbox'))).toBe(0);
    expect(await kindsOf(c.bookingId)).toEqual([
      'booking_payment',
      'booking_release',
      'refund_sent',
      'release_reversed',
    ]);
    expect(await bookingRow(c.bookingId)).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      commission_minor: 0,
      earnings_minor: 0,
    });
    expect(await disputeRow(c.disputeId)).toMatchObject({ provider_minor: 0, customer_minor: 30_000 });
    await expectBooksBalance(t);
  });

  it('after completion, a split takes the customer’s share from pending earnings and commission in proportion', async () => {
    const c = await disputed('completed');
    // Released at completion: the pending earnings and the commission can still be taken back.
    expect(await stakeOf(c)).toBe(30_000);
    await resolveOk(c, { in_favour_of: 'split', provider_minor: 20_000, customer_minor: 10_000 });
    expect((await sentRefund(c.bookingId)).amount_minor).toBe(10_000);
    const ledger = await bookingLedger(c.bookingId);
    expect(ledger.get(pending(c))).toBe(-16_400);
    expect(ledger.get(ESCROW_ACCOUNTS.commission)).toBe(-3_600);
    expect(await bookingRow(c.bookingId)).toMatchObject({
      status: 'completed',
      payment_status: 'partially_refunded',
      commission_minor: 3_600,
      earnings_minor: 16_400,
    });
  });

  it('once the earnings matured, a refund is refused with a clear 409; the provider outcome still resolves', async () => {
    const c = await disputed('completed');
    await t.database.db
      .update(bookings)
      .set({ earnings_matured_at: new Date() })
      .where(eq(bookings.id, c.bookingId));
    expect(await stakeOf(c)).toBeNull();
    for (const body of [
      { in_favour_of: 'customer' },
      { in_favour_of: 'split', provider_minor: 20_000, customer_minor: 10_000 },
    ]) {
      const res = await resolve(c, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(DISPUTE_MONEY_MESSAGES.matured);
    }
    expect((await disputeRow(c.disputeId)).status).toBe('open');
    await resolveOk(c, { in_favour_of: 'provider' });
    expect(await disputeRow(c.disputeId)).toMatchObject({ provider_minor: null, customer_minor: null });
    expect(await kindsOf(c.bookingId)).toEqual(['booking_payment', 'booking_release']);
    expect((await bookingRow(c.bookingId)).status).toBe('completed');
  });
  it('refuses a split whose provider share cannot carry the commission on a materials advance', async () => {
    const advance = 12_000; // Pro: 40 % of GH₵ 300
    const c = await disputed('in_progress', async ({ provider, bookingId }) => {
      await setTier(t, provider.id, 'pro');
      const res = await call(t, 'POST', `/api/bookings/${bookingId}/materials/advance`, provider.cookie, {
        amount_minor: advance,
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    const held = 30_000 - advance;
    const minimum = minimumShareWithAdvance(advance, 'pro');
    expect(minimum).toBe(1_333); // 10 % of (1,333 + 12,000) is 1,333: the share carries the commission
    const res = await resolve(c, { in_favour_of: 'split', provider_minor: 100, customer_minor: held - 100 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details.fields[0]).toMatchObject({
      field: 'provider_minor',
      message: DISPUTE_MONEY_MESSAGES.belowAdvance(advance, minimum),
    });
    expect((await disputeRow(c.disputeId)).status).toBe('open');
    await resolveOk(c, { in_favour_of: 'split', provider_minor: minimum, customer_minor: held - minimum });
    const ledger = await bookingLedger(c.bookingId);
    expect(ledger.get(ESCROW_ACCOUNTS.held(c.bookingId)) ?? 0).toBe(0);
    await expectBooksBalance(t);
  });
});
