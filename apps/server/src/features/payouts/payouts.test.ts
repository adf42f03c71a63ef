import { randomUUID } from 'node:crypto';
import { ESCROW_MESSAGES, releaseSplit } from '@adwuma/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bookings,
  ledgerTransactions,
  notificationPreferences,
  paymentEvents,
  payoutSettings,
  payouts,
} from '../../db/schema.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../../kernel/payments/sandbox.ts';
import { signTimestamped } from '../../kernel/payments/signature.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser, uniqueIp, waitForMail } from '../../test/auth.ts';
import { expectBooksBalance, payBooking } from '../../test/booking-payments.ts';
import { bookingBetween } from '../../test/bookings.ts';
import { makeImage } from '../../test/documents.ts';
import { noticesOf, setTier } from '../../test/jobs.ts';
import { earningsOf, paidBooking, payoutsOf, savePayoutMethod, waitForPayout } from '../../test/payouts.ts';
import { call } from '../../test/providers.ts';
import { csvCell } from './earnings.ts';
import { matureEarnings, runPayouts } from './payout-run.ts';
import { savePayoutMethod as savePayoutMethodAt } from './settings.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
const MOMO = (number: string, network = 'mtn') => ({ type: 'mobile_money', network, account_number: number });

/**
 * Payouts through the TEST MODE sandbox (issue 18): payout settings looked up and confirmed, a change
 * held for 24 hours and mailed; earnings maturing after the tier's delay (injected clock); payouts
 * paid, failed (0…9999) with backoff, reversed (…8888) by the sandbox's signed webhooks; two runs at
 * once; replays; the CSV statement; materials advances and receipts; who may see what.
 */
describe('payouts (sandbox)', () => {
  let t: TestApp;
  let customer: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ rateLimitPerMinute: 0 });
    customer = await signUp(t, { name: 'Ama Mensah' });
  });
  afterAll(() => t?.close());

  const provider = (name = 'Kwabena Owusu') => signUp(t, { role: 'explorer', name });
  const deps = () => t.app.deps;

  /** The provider's earnings from a completed GH₵ 300 booking, matured (their delay passed). */
  async function availableEarnings(p: TestUser, price = 30_000) {
    const booking = await paidBooking(t, customer, p, { price });
    const at = new Date(booking.earnings_available_at!.getTime() + MINUTE);
    await matureEarnings(deps(), at);
    return { booking, at, earnings: releaseSplit({ amountMinor: price, tier: 'starter' }).earningsMinor };
  }

  describe('payout settings', () => {
    it('validates the number and network, looks the name up, and saves the first method without a hold', async () => {
      const p = await provider();
      let res = await call(t, 'POST', '/api/payouts/lookup', p.cookie, MOMO('020 123 4567'));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields).toEqual([
        { field: 'account_number', message: 'That number is not on MTN MoMo.' },
      ]);
      res = await call(t, 'POST', '/api/payouts/lookup', p.cookie, MOMO('12345'));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields[0].field).toBe('account_number');
      res = await call(t, 'POST', '/api/payouts/lookup', p.cookie, MOMO('024 412 0000'));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields).toEqual([
        { field: 'account_number', message: ESCROW_MESSAGES.accountNotFound },
      ]);
      res = await call(t, 'POST', '/api/payouts/lookup', p.cookie, {
        type: 'bank',
        bank_code: 'NO-SUCH-BANK',
        account_number: '1234567890',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields[0].field).toBe('bank_code');

      // Nothing saved by a lookup.
      res = await call(t, 'GET', '/api/payouts/settings', p.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ method: null, hold_until: null, test_mode: true });
      expect(res.json().banks.length).toBeGreaterThan(2);

      res = await call(t, 'POST', '/api/payouts/lookup', p.cookie, MOMO('+233 24 412 4567'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ account_number: '0244124567' });
      expect(res.json().account_name).toMatch(/\w+ \w+/);
      const settings = await savePayoutMethod(t, p, MOMO('0244124567'));
      expect(settings.method).toMatchObject({
        type: 'mobile_money',
        network: 'mtn',
        label: 'MTN MoMo •••• 4567',
        account_name: res.json().account_name,
      });
      expect(settings.hold_until).toBeNull();
      expect(await noticesOf(t, p.id, 'billing')).toEqual([]);

      // A bank account from the gateway's list.
      const bank = settings.banks[0];
      const q = await provider();
      const saved = await savePayoutMethod(t, q, {
        type: 'bank',
        bank_code: bank.code,
        account_number: '0012345678',
      });
      expect(saved.method).toMatchObject({
        type: 'bank',
        bank_code: bank.code,
        label: `${bank.name} •••• 5678`,
      });
    });

    it('saves only an untouched, fresh confirmation of the same provider', async () => {
      const p = await provider();
      const other = await provider('Yaw Boateng');
      const res = await call(t, 'POST', '/api/payouts/lookup', p.cookie, MOMO('0554124567'));
      const { confirmation } = res.json() as { confirmation: string };
      const [body, mac] = confirmation.split('.');
      const edited = JSON.parse(Buffer.from(body!, 'base64url').toString());
      edited.nm = 'Somebody Else';
      for (const [who, token] of [
        [other, confirmation],
        [p, `${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${mac}`],
        [p, 'not-a-token'],
      ] as const) {
        const put = await call(t, 'PUT', '/api/payouts/settings', who.cookie, { confirmation: token });
        expect(put.statusCode, put.body).toBe(400);
        expect(put.json().error.details.fields[0].field).toBe('confirmation');
      }
      // 15 minutes later the confirmation has expired.
      await expect(
        savePayoutMethodAt(deps(), p.id, confirmation, new Date(Date.now() + 16 * MINUTE)),
      ).rejects.toMatchObject({ statusCode: 400 });
      const [row] = await t.database.db
        .select()
        .from(payoutSettings)
        .where(eq(payoutSettings.provider_id, p.id));
      expect(row).toBeUndefined();
    });

    it('a change of method holds payouts for 24 hours and is mailed even with billing mail turned off', async () => {
      const p = await provider();
      await savePayoutMethod(t, p, MOMO('0244124567'));
      await t.database.db
        .insert(notificationPreferences)
        .values({ user_id: p.id, kind: 'billing', in_app: true, email: false, push: false });
      const before = Date.now();
      const changed = await savePayoutMethod(t, p, MOMO('020 555 7788', 'vod'));
      expect(changed.method.label).toBe('Telecel Cash •••• 7788');
      const hold = new Date(changed.hold_until).getTime();
      expect(hold).toBeGreaterThanOrEqual(before + DAY);
      expect(hold).toBeLessThanOrEqual(Date.now() + DAY);
      const [notice] = await noticesOf(t, p.id, 'billing');
      expect(notice).toMatchObject({ title: 'Your payout method changed' });
      expect(notice!.body).toContain('Telecel Cash •••• 7788');
      expect(notice!.body).toContain('payouts resume after 24 hours');
      const [mail] = await waitForMail(t, p.email, 'notice-billing');
      expect(mail!.subject).toBe('Your payout method changed');
      expect(mail!.text_body).toContain('Telecel Cash •••• 7788');

      // Saving the same account again is no change: no new hold, no notice.
      await savePayoutMethod(t, p, MOMO('0205557788', 'vod'));
      expect(await noticesOf(t, p.id, 'billing')).toHaveLength(1);
    });
  });

  describe('maturity and payouts', () => {
    it('earnings wait for the tier’s delay, then are paid out to MoMo by the webhook', async () => {
      const p = await provider();
      await savePayoutMethod(t, p);
      const booking = await paidBooking(t, customer, p);
      const { earningsMinor, commissionMinor } = releaseSplit({ amountMinor: 30_000, tier: 'starter' });
      expect(booking).toMatchObject({ payment_status: 'released', earnings_minor: earningsMinor });
      expect(
        booking.earnings_available_at!.getTime() - booking.completed_at!.getTime(),
      ).toBeGreaterThanOrEqual(7 * DAY - MINUTE);
      let earnings = await earningsOf(t, p);
      expect(earnings).toMatchObject({
        tier: 'starter',
        payout_delay_days: 7,
        held_minor: 0,
        pending_minor: earningsMinor,
        available_minor: 0,
        paid_out_minor: 0,
        has_payout_method: true,
      });
      expect(earnings.bookings).toEqual([
        expect.objectContaining({
          booking_id: booking.id,
          price_minor: 30_000,
          commission_minor: commissionMinor,
          earnings_minor: earningsMinor,
          earnings_state: 'pending',
        }),
      ]);
      expect(new Date(earnings.next_payout_at!).getTime()).toBeGreaterThanOrEqual(
        booking.earnings_available_at!.getTime(),
      );

      // Not a minute before the delay.
      const due = booking.earnings_available_at!.getTime();
      await matureEarnings(deps(), new Date(due - MINUTE));
      expect((await earningsOf(t, p)).pending_minor).toBe(earningsMinor);
      expect(await runPayouts(deps(), new Date(due - MINUTE), { providerId: p.id })).toEqual([]);

      const at = new Date(due + MINUTE);
      await matureEarnings(deps(), at);
      await matureEarnings(deps(), at); // once
      earnings = await earningsOf(t, p);
      expect(earnings).toMatchObject({ pending_minor: 0, available_minor: earningsMinor });
      expect(earnings.bookings[0]!.earnings_state).toBe('available');

      const [payoutId] = await runPayouts(deps(), at, { providerId: p.id });
      expect(payoutId).toBeDefined();
      // In flight until the webhook (which may already have come) says it is paid.
      earnings = await earningsOf(t, p);
      expect(earnings.available_minor).toBe(0);
      expect(earnings.in_flight_minor + earnings.paid_out_minor).toBe(earningsMinor);
      const paid = await waitForPayout(t, payoutId!, 'paid');
      expect(paid).toMatchObject({
        amount_minor: earningsMinor,
        method_label: 'MTN MoMo •••• 4567',
        test_mode: true,
      });
      earnings = await earningsOf(t, p);
      expect(earnings).toMatchObject({
        in_flight_minor: 0,
        available_minor: 0,
        paid_out_minor: earningsMinor,
      });
      expect(earnings.payouts).toEqual([expect.objectContaining({ id: payoutId, status: 'paid' })]);
      const [sent] = await noticesOf(t, p.id, 'billing');
      expect(sent).toMatchObject({ title: 'Payout sent' });
      expect(sent!.body).toContain('GH₵ 246.00');
      expect(sent!.body).toContain('MTN MoMo •••• 4567');
      await expectBooksBalance(t);
    });

    it('a Pro provider’s earnings mature after 3 days', async () => {
      const p = await provider();
      await setTier(t, p.id, 'pro');
      const booking = await paidBooking(t, customer, p);
      const days = (booking.earnings_available_at!.getTime() - booking.completed_at!.getTime()) / DAY;
      expect(Math.round(days)).toBe(3);
      await matureEarnings(deps(), new Date(booking.completed_at!.getTime() + 3 * DAY - 5 * MINUTE));
      expect((await earningsOf(t, p)).available_minor).toBe(0);
      await matureEarnings(deps(), new Date(booking.earnings_available_at!.getTime()));
      expect((await earningsOf(t, p)).available_minor).toBe(
        releaseSplit({ amountMinor: 30_000, tier: 'pro' }).earningsMinor,
      );
    });

    it('earnings under an open dispute do not mature', async () => {
      const p = await provider();
      const booking = await paidBooking(t, customer, p);
      const res = await call(t, 'POST', `/api/bookings/${booking.id}/disputes`, customer.cookie, {
        reason: 'poor_quality',
        description: 'The tap still leaks after the repair, worse than before.',
      });
      expect(res.statusCode, res.body).toBe(201);
      await matureEarnings(deps(), new Date(booking.earnings_available_at!.getTime() + DAY));
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
      expect(row!.earnings_matured_at).toBeNull();
      expect((await earningsOf(t, p)).available_minor).toBe(0);
    });

    it('a failed transfer (…9999) puts the money back, backs off, and a later payout succeeds', async () => {
      const p = await provider();
      await savePayoutMethod(t, p, MOMO('024 999 9999'));
      const { at, earnings } = await availableEarnings(p);
      const [first] = await runPayouts(deps(), at, { providerId: p.id });
      const failed = await waitForPayout(t, first!, 'failed');
      expect(failed.failure_reason).toContain('9999');
      expect(await earningsOf(t, p)).toMatchObject({ available_minor: earnings, in_flight_minor: 0 });
      const [notice] = await noticesOf(t, p.id, 'billing');
      expect(notice).toMatchObject({ title: 'Payout failed' });
      expect(notice!.body).toContain('9999');
      expect(notice!.body).toContain('we will retry the payout automatically');
      let [settings] = await t.database.db
        .select()
        .from(payoutSettings)
        .where(eq(payoutSettings.provider_id, p.id));
      expect(settings!.failures).toBe(1);
      // The webhook applied the failure at the real time: the backoff runs 30 minutes from it.
      const failedAt = failed.failed_at!.getTime();
      expect(settings!.next_attempt_at!.getTime()).toBe(failedAt + 30 * MINUTE);

      expect(await runPayouts(deps(), new Date(failedAt + 29 * MINUTE))).not.toContain(expect.anything());
      expect(await payoutsOf(t, p.id)).toHaveLength(1);
      const [second] = await runPayouts(deps(), new Date(failedAt + 31 * MINUTE), { providerId: p.id });
      const failedAgain = await waitForPayout(t, second!, 'failed');
      [settings] = await t.database.db
        .select()
        .from(payoutSettings)
        .where(eq(payoutSettings.provider_id, p.id));
      expect(settings!.failures).toBe(2);
      expect(settings!.next_attempt_at!.getTime()).toBe(failedAgain.failed_at!.getTime() + 60 * MINUTE);

      // The provider fixes their method: held 24 hours, then paid; the failure count resets.
      await savePayoutMethod(t, p, MOMO('024 412 1111'));
      expect(await runPayouts(deps(), new Date(Date.now() + 2 * 60 * MINUTE), { providerId: p.id })).toEqual(
        [],
      );
      const [third] = await runPayouts(deps(), new Date(Date.now() + DAY + MINUTE), { providerId: p.id });
      const paid = await waitForPayout(t, third!, 'paid');
      expect(paid).toMatchObject({ amount_minor: earnings, method_label: 'MTN MoMo •••• 1111' });
      [settings] = await t.database.db
        .select()
        .from(payoutSettings)
        .where(eq(payoutSettings.provider_id, p.id));
      expect(settings).toMatchObject({ failures: 0, next_attempt_at: null });
      expect(await earningsOf(t, p)).toMatchObject({ available_minor: 0, paid_out_minor: earnings });
      await expectBooksBalance(t);
    });

    it('a reversed transfer (…8888) puts the paid money back', async () => {
      const p = await provider();
      await savePayoutMethod(t, p, MOMO('055 888 8888'));
      const { at, earnings } = await availableEarnings(p);
      const [id] = await runPayouts(deps(), at, { providerId: p.id });
      const reversed = await waitForPayout(t, id!, 'reversed');
      expect(reversed.failure_reason).toBeTruthy();
      const kinds = await t.database.db
        .select({ kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.payout_id, id!));
      // Settled then reversed, or (webhooks applied out of order) failed from in flight: money back either way.
      expect(kinds.map((k) => k.kind).sort()).toSatisfy(
        (k: string[]) =>
          JSON.stringify(k) === JSON.stringify(['payout_reversed', 'payout_sent', 'payout_settled']) ||
          JSON.stringify(k) === JSON.stringify(['payout_failed', 'payout_sent']),
      );
      expect(await earningsOf(t, p)).toMatchObject({
        available_minor: earnings,
        in_flight_minor: 0,
        paid_out_minor: 0,
      });
      // Not necessarily the newest: on Postgres a notice's time is its transaction's start, and the
      // reversal's transaction may start before the success's while waiting for the payout's lock.
      await vi.waitFor(async () => {
        const titles = (await noticesOf(t, p.id, 'billing')).map((n) => n.title);
        expect(titles).toContain('Payout reversed');
      });
      await expectBooksBalance(t);
    });

    it('two payout runs at once pay once', async () => {
      const p = await provider();
      await savePayoutMethod(t, p);
      const { at, earnings } = await availableEarnings(p);
      const runs = await Promise.all([
        runPayouts(deps(), at, { providerId: p.id }),
        runPayouts(deps(), at, { providerId: p.id }),
        runPayouts(deps(), at),
      ]);
      const rows = await payoutsOf(t, p.id);
      expect(rows).toHaveLength(1);
      expect(runs.flat().filter((id) => id === rows[0]!.id)).toHaveLength(1);
      await waitForPayout(t, rows[0]!.id, 'paid');
      expect(await earningsOf(t, p)).toMatchObject({
        available_minor: 0,
        in_flight_minor: 0,
        paid_out_minor: earnings,
      });
      await expectBooksBalance(t);
    });

    it('a replayed or repeated transfer webhook moves nothing', async () => {
      const p = await provider();
      await savePayoutMethod(t, p);
      const { at } = await availableEarnings(p);
      const [id] = await runPayouts(deps(), at, { providerId: p.id });
      const paid = await waitForPayout(t, id!, 'paid');
      const count = async () =>
        (
          await t.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(ledgerTransactions)
            .where(eq(ledgerTransactions.payout_id, id!))
        )[0]!.n;
      expect(await count()).toBe(2);

      const [stored] = await t.database.db
        .select()
        .from(paymentEvents)
        .where(
          and(
            eq(paymentEvents.type, 'transfer.success'),
            sql`${paymentEvents.payload}->'data'->>'reference' = ${paid.reference}`,
          ),
        );
      const secret = t.app.deps.payments.sandbox!.webhookSecret;
      const send = (payload: object) => {
        const body = JSON.stringify(payload);
        return t.app.inject({
          method: 'POST',
          url: '/api/payments/webhooks/sandbox',
          remoteAddress: uniqueIp(),
          headers: {
            'content-type': 'application/json',
            [SANDBOX_SIGNATURE_HEADER]: signTimestamped(body, secret),
          },
          payload: body,
        });
      };
      // The same event again: stored once, applied once.
      let res = await send(stored!.payload);
      expect(res.statusCode, res.body).toBe(200);
      // The same outcome under a new event id, and a failure arriving after the success.
      const again = { ...stored!.payload, id: `evt_sb_${randomUUID()}` };
      const lateFailure = {
        ...stored!.payload,
        id: `evt_sb_${randomUUID()}`,
        type: 'transfer.failed',
        data: { ...(stored!.payload.data as object), status: 'failed', reason: 'Too late' },
      };
      for (const payload of [again, lateFailure]) {
        res = await send(payload);
        expect(res.statusCode, res.body).toBe(200);
      }
      await vi.waitFor(
        async () => {
          const open = await t.database.db
            .select({ id: paymentEvents.id })
            .from(paymentEvents)
            .where(
              sql`${paymentEvents.processed_at} is null and ${paymentEvents.event_id} in (${again.id}, ${lateFailure.id})`,
            );
          expect(open).toEqual([]);
        },
        { timeout: 15_000, interval: 50 },
      );
      expect(await count()).toBe(2);
      const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, id!));
      expect(row).toMatchObject({ status: 'paid', failure_reason: null });
      await expectBooksBalance(t);
    });
  });

  describe('earnings and the statement', () => {
    it('shows held money for paid bookings not done, and only the provider’s own', async () => {
      const p = await provider();
      const other = await provider('Yaw Boateng');
      await paidBooking(t, customer, p, { complete: false, price: 45_000 });
      const mine = await earningsOf(t, p);
      expect(mine).toMatchObject({
        held_minor: 45_000,
        pending_minor: 0,
        has_payout_method: false,
        next_payout_at: null,
      });
      expect(mine.bookings).toEqual([
        expect.objectContaining({ earnings_state: 'held', payment_status: 'held' }),
      ]);
      const theirs = await earningsOf(t, other);
      expect(theirs).toMatchObject({ held_minor: 0, bookings: [], payouts: [] });
      const settings = await call(t, 'GET', '/api/payouts/settings', other.cookie);
      expect(settings.json().method).toBeNull();
    });

    it('downloads a CSV of the bookings and payouts, quoted and safe from formulas', async () => {
      const p = await provider();
      await savePayoutMethod(t, p);
      const title = '=HYPERLINK("http://evil.example","Fix, now")';
      const booking = await paidBooking(t, customer, p, { title });
      await matureEarnings(deps(), new Date(booking.earnings_available_at!.getTime() + MINUTE));
      const [id] = await runPayouts(deps(), new Date(booking.earnings_available_at!.getTime() + MINUTE), {
        providerId: p.id,
      });
      await waitForPayout(t, id!, 'paid');

      const res = await call(t, 'GET', '/api/earnings/statement.csv', p.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="adwuma-statement-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Type,Date,Reference,Description,Customer,Price (GHS),Commission %,Commission (GHS),Materials advance (GHS),Earnings (GHS),Payout (GHS),Status',
      );
      expect(lines).toHaveLength(3);
      expect(lines[1]).toBe(
        `Booking,${booking.completed_at!.toISOString().slice(0, 10)},${booking.id},"'=HYPERLINK(""http://evil.example"",""Fix, now"")",Ama Mensah,300.00,18,54.00,0.00,246.00,,available`,
      );
      expect(lines[2]).toMatch(
        new RegExp(`^Payout,\\d{4}-\\d{2}-\\d{2},${id},MTN MoMo •••• 4567,,,,,,,246.00,paid$`),
      );
    });

    it('guards every kind of formula cell', () => {
      expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'plain', 'a,b', 'say "hi"'].map(csvCell)).toEqual([
        "'=1+1",
        "'+1",
        "'-1",
        "'@SUM(A1)",
        "'\tx",
        'plain',
        '"a,b"',
        '"say ""hi"""',
      ]);
    });

    it('refuses customers on every provider endpoint', async () => {
      for (const [method, url, body] of [
        ['POST', '/api/payouts/lookup', MOMO('0244124567')],
        ['GET', '/api/payouts/settings', undefined],
        ['PUT', '/api/payouts/settings', { confirmation: 'x' }],
        ['GET', '/api/earnings', undefined],
        ['GET', '/api/earnings/statement.csv', undefined],
        ['POST', `/api/bookings/${randomUUID()}/materials/advance`, { amount_minor: 100 }],
      ] as const) {
        const res = await call(t, method, url, customer.cookie, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    });
  });

  describe('materials', () => {
    it('caps the advance by tier and pays it out at once', async () => {
      const starter = await provider();
      let booking = await paidBooking(t, customer, starter, { complete: false });
      let res = await call(t, 'POST', `/api/bookings/${booking.id}/materials/advance`, starter.cookie, {
        amount_minor: 1_000,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(ESCROW_MESSAGES.advanceNotAllowed);

      for (const [tier, cap] of [
        ['pro', 12_000],
        ['premium', 21_000],
      ] as const) {
        const p = await provider();
        await setTier(t, p.id, tier);
        await savePayoutMethod(t, p);
        booking = await paidBooking(t, customer, p, { complete: false });
        const advance = (amount: number, who = p) =>
          call(t, 'POST', `/api/bookings/${booking.id}/materials/advance`, who.cookie, {
            amount_minor: amount,
          });
        res = await advance(cap + 1);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.details.fields[0].message).toBe(ESCROW_MESSAGES.advanceTooHigh(cap));
        expect((await advance(cap, starter)).statusCode).toBe(404);
        res = await advance(cap);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ advance_minor: cap, receipts: [] });
        const [payout] = await payoutsOf(t, p.id);
        expect(payout).toMatchObject({ amount_minor: cap, advance: true });
        await waitForPayout(t, payout!.id, 'paid');
        res = await advance(100);
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe(ESCROW_MESSAGES.advanceTwice);
        const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
        expect(row!.advance_minor).toBe(cap);
        const customerView = await call(t, 'GET', `/api/bookings/${booking.id}/materials`, customer.cookie);
        expect(customerView.json()).toMatchObject({ advance_minor: cap });
      }
      await expectBooksBalance(t);
    });

    it('a Starter provider records receipts within the earnings; both parties see them', async () => {
      const p = await provider();
      const booking = await paidBooking(t, customer, p, { complete: false });
      const photo = await makeImage('jpeg');
      const upload = (fields: Record<string, string>, who = p, file: Buffer | null = photo) => {
        const boundary = '----receiptBoundary';
        const parts = Object.entries(fields).map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        );
        const payload = Buffer.concat([
          Buffer.from(parts.join('')),
          file
            ? Buffer.concat([
                Buffer.from(
                  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="receipt.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
                ),
                file,
                Buffer.from('\r\n'),
              ])
            : Buffer.alloc(0),
          Buffer.from(`--${boundary}--\r\n`),
        ]);
        return t.app.inject({
          method: 'POST',
          url: `/api/bookings/${booking.id}/materials/receipts`,
          remoteAddress: uniqueIp(),
          headers: {
            origin: 'http://localhost:3000',
            cookie: who.cookie,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          payload,
        });
      };
      const earnings = releaseSplit({ amountMinor: 30_000, tier: 'starter' }).earningsMinor;
      let res = await upload({ amount_minor: '5000', description: 'Cement and a tap cartridge' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ receipts_minor: 5_000 });
      expect(res.json().receipts).toEqual([
        expect.objectContaining({ amount_minor: 5_000, description: 'Cement and a tap cartridge' }),
      ]);
      res = await upload({ amount_minor: String(earnings - 5_000 + 1), description: 'Pipes' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields[0].message).toBe(ESCROW_MESSAGES.receiptsTooHigh);
      res = await upload({ amount_minor: 'abc', description: 'Pipes' });
      expect(res.statusCode).toBe(400);
      res = await upload({ amount_minor: '100', description: 'No photo' }, p, null);
      expect(res.statusCode).toBe(400);
      res = await upload({ amount_minor: '100', description: 'Not an image' }, p, Buffer.from('hello'));
      expect(res.statusCode).toBe(400);
      expect((await upload({ amount_minor: '100', description: 'x y' }, customer)).statusCode).toBe(403);
      const stranger = await provider('Yaw Boateng');
      expect((await upload({ amount_minor: '100', description: 'x y' }, stranger)).statusCode).toBe(404);
      const pro = await provider();
      await setTier(t, pro.id, 'pro');

      for (const who of [p, customer]) {
        const view = await call(t, 'GET', `/api/bookings/${booking.id}/materials`, who.cookie);
        expect(view.statusCode).toBe(200);
        expect(view.json().receipts).toHaveLength(1);
        const image = await t.app.inject({ method: 'GET', url: view.json().receipts[0].image_url });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/jpeg');
      }
      expect(
        (await call(t, 'GET', `/api/bookings/${booking.id}/materials`, stranger.cookie)).statusCode,
      ).toBe(404);

      // At completion the receipts are paid at once, the rest after the delay.
      for (const [who, action] of [
        [p, 'start'],
        [p, 'mark-done'],
        [customer, 'confirm'],
      ] as const) {
        expect(
          (await call(t, 'POST', `/api/bookings/${booking.id}/${action}`, who.cookie, {})).statusCode,
        ).toBe(200);
      }
      expect(await earningsOf(t, p)).toMatchObject({
        available_minor: 5_000,
        pending_minor: earnings - 5_000,
      });
    });

    it('refuses a Pro provider’s receipt', async () => {
      const p = await provider();
      await setTier(t, p.id, 'pro');
      const id = await bookingBetween(t, customer.id, p.id, { status: 'scheduled' });
      await payBooking(t, customer, id);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${id}/materials/receipts`,
        remoteAddress: uniqueIp(),
        headers: {
          origin: 'http://localhost:3000',
          cookie: p.cookie,
          'content-type': 'multipart/form-data; boundary=b',
        },
        payload: '--b--\r\n',
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
