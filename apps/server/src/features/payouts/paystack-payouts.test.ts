import { ESCROW_ACCOUNTS, ESCROW_MESSAGES } from '@adwuma/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { ledgerTransactions, paymentEvents, payoutSettings, payouts } from '../../db/schema.ts';
import { recordMovement } from '../../kernel/payments/ledger.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser, uniqueIp } from '../../test/auth.ts';
import { noticesOf } from '../../test/jobs.ts';
import { earningsOf, payoutsOf, savePayoutMethod, waitForPayout } from '../../test/payouts.ts';
import {
  type PaystackDouble,
  type PaystackDoubleTransfer,
  signPaystackEvent,
  startPaystackDouble,
  transferEvent,
} from '../../test/paystack-double.ts';
import { call } from '../../test/providers.ts';
import { reconcilePayouts, runPayouts } from './payout-run.ts';

const SECRET = 'sk_test_adwuma_paystack_payouts_0001';
const MINUTE = 60_000;

/**
 * Payouts through Paystack's transfers (issue 18), at a local double: the bank list and account
 * lookup, transfer recipients, POST /transfer, and its signed transfer.success / .failed / .reversed
 * webhooks in any order and replayed; a refusal at once; a transfer that got no answer settled by
 * reconciliation (transfer/verify).
 */
describe('payouts through Paystack transfers', () => {
  let t: TestApp;
  let double: PaystackDouble;

  beforeAll(async () => {
    double = await startPaystackDouble({ secretKey: SECRET });
    t = await createTestApp({
      rateLimitPerMinute: 0,
      payments: {
        ...loadConfig({ NODE_ENV: 'test' }).payments,
        paystack: { secretKey: SECRET, baseUrl: double.url },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  const deps = () => t.app.deps;

  /** A provider with a saved MTN MoMo method at Paystack and `amount` available (seeded in the ledger). */
  async function providerWithMoney(amount = 24_600): Promise<TestUser> {
    const p = await signUp(t, { role: 'explorer', name: 'Kwabena Owusu' });
    await savePayoutMethod(t, p, { type: 'mobile_money', network: 'mtn', account_number: '0244124567' });
    await t.database.db.transaction((tx) =>
      recordMovement(
        tx,
        {
          idempotencyKey: `test:${p.id}:seed`,
          currency: 'GHS',
          kind: 'test_seed',
          entries: [
            { account: ESCROW_ACCOUNTS.gateway('paystack'), amountMinor: amount },
            { account: ESCROW_ACCOUNTS.available(p.id), amountMinor: -amount },
          ],
        },
        null,
      ),
    );
    return p;
  }

  const sendWebhook = (transfer: PaystackDoubleTransfer, event: Parameters<typeof transferEvent>[1]) => {
    const { body, header } = signPaystackEvent(transferEvent(transfer, event), SECRET);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/paystack',
      remoteAddress: uniqueIp(),
      headers: { 'content-type': 'application/json', 'x-paystack-signature': header },
      payload: body,
    });
  };

  /** Waits until every stored webhook has been applied. */
  const allApplied = () =>
    vi.waitFor(
      async () => {
        const open = await t.database.db
          .select({ id: paymentEvents.id })
          .from(paymentEvents)
          .where(sql`${paymentEvents.processed_at} is null`);
        expect(open).toEqual([]);
      },
      { timeout: 15_000, interval: 50 },
    );

  const ledgerKinds = async (payoutId: string) =>
    (
      await t.database.db
        .select({ kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.payout_id, payoutId))
    )
      .map((r) => r.kind)
      .sort();

  it('looks accounts up at Paystack and registers the recipient', async () => {
    const p = await signUp(t, { role: 'explorer' });
    let res = await call(t, 'GET', '/api/payouts/settings', p.cookie);
    expect(res.json()).toMatchObject({ test_mode: true, method: null });
    expect(res.json().banks).toContainEqual({ code: '040100', name: 'GCB Bank Limited' });

    double.missingAccounts.add('0244120000');
    res = await call(t, 'POST', '/api/payouts/lookup', p.cookie, {
      type: 'mobile_money',
      network: 'mtn',
      account_number: '0244120000',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(ESCROW_MESSAGES.accountNotFound);

    double.accountNames.set('1234567890', 'Abena Serwaa');
    const settings = await savePayoutMethod(t, p, {
      type: 'bank',
      bank_code: '040100',
      account_number: '1234567890',
    });
    expect(settings.method).toMatchObject({
      label: 'GCB Bank Limited •••• 7890',
      account_name: 'Abena Serwaa',
    });
    const [row] = await t.database.db
      .select()
      .from(payoutSettings)
      .where(eq(payoutSettings.provider_id, p.id));
    expect(row).toMatchObject({ gateway: 'paystack', bank_code: '040100' });
    expect(double.recipients.get(row!.recipient_code!)).toMatchObject({
      type: 'ghipss',
      name: 'Abena Serwaa',
      account_number: '1234567890',
      bank_code: '040100',
    });
  });

  it('a failed transfer is retried after the backoff; late and replayed webhooks change nothing', async () => {
    const p = await providerWithMoney();
    const now = new Date();
    const [first] = await runPayouts(deps(), now, { providerId: p.id });
    const [row] = await payoutsOf(t, p.id);
    const transfer = double.transfers.get(row!.reference)!;
    expect(transfer).toMatchObject({ amount: 24_600, status: 'pending', currency: 'GHS' });
    expect(double.requests.filter((r) => r.path === '/transfer').at(-1)!.body).toMatchObject({
      source: 'balance',
      amount: 24_600,
      reference: row!.reference,
    });
    expect(double.recipients.get(transfer.recipient.recipient_code)!.type).toBe('mobile_money');
    expect(row).toMatchObject({ id: first, status: 'pending', transfer_code: transfer.transfer_code });

    double.setTransferStatus(row!.reference, 'failed');
    expect((await sendWebhook(transfer, 'transfer.failed')).statusCode).toBe(200);
    const failed = await waitForPayout(t, first!, 'failed');
    expect(await earningsOf(t, p)).toMatchObject({ available_minor: 24_600, in_flight_minor: 0 });
    // A success after the failure (out of order), and the failure again (replay): nothing moves.
    expect((await sendWebhook(transfer, 'transfer.success')).statusCode).toBe(200);
    expect((await sendWebhook(transfer, 'transfer.failed')).statusCode).toBe(200);
    await allApplied();
    expect(await ledgerKinds(first!)).toEqual(['payout_failed', 'payout_sent']);
    expect((await payoutsOf(t, p.id))[0]!.status).toBe('failed');

    const failedAt = failed.failed_at!.getTime();
    expect(await runPayouts(deps(), new Date(failedAt + 29 * MINUTE), { providerId: p.id })).toEqual([]);
    const [second] = await runPayouts(deps(), new Date(failedAt + 30 * MINUTE), { providerId: p.id });
    expect(second).toBeDefined();
    const retried = (await payoutsOf(t, p.id)).find((r) => r.id === second)!;
    const again = double.setTransferStatus(retried.reference, 'success');
    expect((await sendWebhook(again, 'transfer.success')).statusCode).toBe(200);
    await waitForPayout(t, second!, 'paid');
    const replay = await sendWebhook(again, 'transfer.success');
    expect(replay.statusCode).toBe(200);
    await allApplied();
    expect(await ledgerKinds(second!)).toEqual(['payout_sent', 'payout_settled']);
    expect(await earningsOf(t, p)).toMatchObject({
      available_minor: 0,
      in_flight_minor: 0,
      paid_out_minor: 24_600,
    });
    const titles = (await noticesOf(t, p.id, 'billing')).map((n) => n.title);
    expect(titles).toEqual(['Payout sent', 'Payout failed']);
  });

  it('a paid transfer reversed later puts the money back', async () => {
    const p = await providerWithMoney(10_000);
    const [id] = await runPayouts(deps(), new Date(), { providerId: p.id });
    const [row] = await payoutsOf(t, p.id);
    const transfer = double.setTransferStatus(row!.reference, 'success');
    await sendWebhook(transfer, 'transfer.success');
    await waitForPayout(t, id!, 'paid');
    double.setTransferStatus(row!.reference, 'reversed');
    await sendWebhook(transfer, 'transfer.reversed');
    await waitForPayout(t, id!, 'reversed');
    expect(await ledgerKinds(id!)).toEqual(['payout_reversed', 'payout_sent', 'payout_settled']);
    expect(await earningsOf(t, p)).toMatchObject({ available_minor: 10_000, paid_out_minor: 0 });
  });

  it('a transfer refused at once fails at once; one that got no answer is settled by reconciliation', async () => {
    const p = await providerWithMoney(5_000);
    double.transferAnswer({ refuse: 'Your balance is not enough to fulfil this request' });
    const [refused] = await runPayouts(deps(), new Date(), { providerId: p.id });
    double.transferAnswer('pending');
    const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, refused!));
    expect(row).toMatchObject({
      status: 'failed',
      failure_reason: 'Your balance is not enough to fulfil this request',
    });
    expect(await earningsOf(t, p)).toMatchObject({ available_minor: 5_000 });

    // Paystack takes two transfers but the answers are lost; it then loses one of them.
    const q = await providerWithMoney(7_000);
    const r = await providerWithMoney(8_000);
    double.loseAnswers(true);
    const [kept] = await runPayouts(deps(), new Date(), { providerId: q.id }).finally(() =>
      double.loseAnswers(false),
    );
    double.loseAnswers(true);
    const [gone] = await runPayouts(deps(), new Date(), { providerId: r.id }).finally(() =>
      double.loseAnswers(false),
    );
    const keptRow = (await payoutsOf(t, q.id))[0]!;
    const goneRow = (await payoutsOf(t, r.id))[0]!;
    expect(keptRow).toMatchObject({ id: kept, status: 'pending' });
    expect(goneRow).toMatchObject({ id: gone, status: 'pending' });
    double.transfers.delete(goneRow.reference);

    // Nothing asked before 30 minutes; then transfer/verify: still pending waits, unknown failed.
    expect(await reconcilePayouts(deps(), new Date(Date.now() + 10 * MINUTE))).toBe(0);
    expect(await reconcilePayouts(deps(), new Date(Date.now() + 31 * MINUTE))).toBe(1);
    expect((await payoutsOf(t, r.id))[0]!.status).toBe('failed');
    expect(await earningsOf(t, r)).toMatchObject({ available_minor: 8_000, in_flight_minor: 0 });
    expect((await payoutsOf(t, q.id))[0]!.status).toBe('pending');
    double.setTransferStatus(keptRow.reference, 'success');
    expect(await reconcilePayouts(deps(), new Date(Date.now() + 31 * MINUTE))).toBe(1);
    expect((await payoutsOf(t, q.id))[0]!.status).toBe('paid');
    expect(await earningsOf(t, q)).toMatchObject({ available_minor: 0, paid_out_minor: 7_000 });
  });
});
