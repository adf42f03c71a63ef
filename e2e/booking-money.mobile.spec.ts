import { expect, signedInAdmin, signedInCustomer, test } from './auth-fixtures.ts';
import {
  cedis,
  hiredBooking,
  MOMO,
  ok,
  onboardedProvider,
  payForBooking,
  phone,
  today,
  uniqueWord,
} from './marketplace-fixtures.ts';
import type { APIRequestContext, Browser, Page } from './test.ts';

/**
 * Booking money on two phones (issue 18), through the TEST MODE sandbox: paying by mobile money,
 * the money held, released at completion, paid out to the provider's MoMo wallet once the Starter
 * delay has passed (the dev clock moves the money jobs' time); a cancellation refunded; a dispute
 * split by an admin.
 */

const DAY = 86_400_000;
/** A wallet the sandbox pays out to successfully (not …0000, …9999 or …8888). */
const PAYOUT_WALLET = { number: '024 412 4567', label: `${MOMO.label} •••• 4567` };

interface Money {
  payment_status: string;
  earnings_minor: number | null;
  earnings_available_at: string | null;
}
interface Earnings {
  pending_minor: number;
  paid_out_minor: number;
  payouts: { status: string; amount_minor: number; method_label: string }[];
  bookings: { booking_id: string; earnings_minor: number | null }[];
}
interface CustomerPayments {
  items: { booking_id: string | null; refunds: { amount_minor: number; status: string }[] }[];
}

async function money(api: APIRequestContext, bookingId: string): Promise<Money> {
  return (await ok('money', await api.get(`/api/bookings/${bookingId}/money`))).json();
}
async function earnings(api: APIRequestContext): Promise<Earnings> {
  return (await ok('earnings', await api.get('/api/earnings'))).json();
}
/** The refunds of the customer's payment for one booking. */
async function refundsOf(api: APIRequestContext, bookingId: string) {
  const body = (await (await ok('payments', await api.get('/api/payments'))).json()) as CustomerPayments;
  return body.items.find((p) => p.booking_id === bookingId)?.refunds ?? [];
}

/** The customer on `page` and a provider on a second phone, both signed in. */
async function twoPhones(page: Page, browser: Browser) {
  const providerName = `Esi ${uniqueWord()}`;
  const provider = await phone(browser);
  await Promise.all([signedInCustomer(page), onboardedProvider(provider, providerName)]);
  return { provider, providerName };
}

test('a customer pays by mobile money, the provider does the work and is paid out to MoMo after the Starter delay', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const { provider } = await twoPhones(page, browser);

  // The provider adds a MoMo wallet: looked up, its holder's name shown, then saved.
  await provider.goto('/settings/payouts');
  await expect(provider.getByRole('heading', { name: 'No payout method yet' })).toBeVisible();
  await provider.getByLabel('Network').selectOption({ label: MOMO.label });
  await provider.getByLabel('Mobile money number').fill(PAYOUT_WALLET.number);
  await provider.getByRole('button', { name: 'Look up account' }).click();
  const confirm = provider.getByRole('region', { name: 'Is this your account?' });
  await expect(confirm.getByText('Account holder')).toBeVisible();
  const holder = (await confirm.locator('dd').first().textContent())?.trim() ?? '';
  expect(holder.length, 'the looked-up name is shown').toBeGreaterThan(2);
  await expect(confirm.getByText(PAYOUT_WALLET.label)).toBeVisible();
  await confirm.getByRole('button', { name: 'Save payout method' }).click();
  const current = provider.getByRole('region', { name: 'Your payout method' });
  await expect(current.getByText(PAYOUT_WALLET.label)).toBeVisible();
  await expect(current.getByText(holder)).toBeVisible();

  // The customer hires for today and pays GH₵ 450 in the sandbox's checkout, by mobile money.
  const title = `Kente cloth for ${uniqueWord()}`;
  const bookingId = await hiredBooking(page.request, provider.request, title, { date: today() });
  await page.goto(`/bookings/${bookingId}`);
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByText('Awaiting payment')).toBeVisible();
  await expect(payment.getByRole('radio', { name: 'Mobile money' })).toBeChecked();
  await payment.getByRole('button', { name: 'Pay GH₵ 450.00' }).click();
  await expect(page).toHaveURL(/\/pay\/test\/adw_[0-9a-f]+$/);
  await expect(page.getByRole('note', { name: 'TEST MODE' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'GH₵ 450.00' })).toBeVisible();
  await page.getByLabel('Network').selectOption({ label: MOMO.label });
  await page.getByLabel(/Mobile money number/).fill(MOMO.phone);
  await page.getByRole('button', { name: 'Send prompt' }).click();
  const prompt = page.getByRole('region', { name: 'Approve GH₵ 450.00 to Adwuma?' });
  await prompt.getByLabel(/PIN/).fill(MOMO.pin);
  await prompt.getByRole('button', { name: 'Approve' }).click();

  // Back on the booking: paid once the signed webhook is applied, not by the redirect.
  await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}\\?payment=[0-9a-f-]{36}$`));
  await expect(payment.getByText('Paid — held by Adwuma')).toBeVisible({ timeout: 20_000 });
  await expect(payment.getByText('Payment received. Thank you!')).toBeVisible();

  // The provider sees it paid and does the work.
  await provider.goto(`/bookings/${bookingId}`);
  await expect(provider.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    provider.getByRole('region', { name: 'Payment' }).getByText('Paid — held by Adwuma'),
  ).toBeVisible();
  await provider.getByRole('button', { name: 'Start', exact: true }).click();
  await provider.getByRole('button', { name: 'Mark as done' }).click();
  await expect(provider.getByText('Done, awaiting confirmation').first()).toBeVisible();

  // The customer confirms: the money goes to the provider's pending earnings.
  await page.goto(`/bookings/${bookingId}`);
  await page.getByRole('button', { name: 'Confirm completion' }).click();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(payment.getByText('Paid to the provider')).toBeVisible();

  const released = await money(provider.request, bookingId);
  expect(released.payment_status).toBe('released');
  const earned = released.earnings_minor!;
  expect(earned).toBeGreaterThan(0);
  expect(earned).toBeLessThan(45_000);

  await provider.reload();
  const providerPayment = provider.getByRole('region', { name: 'Payment' });
  await expect(providerPayment.getByText(/^Available for payout on /)).toBeVisible();
  await providerPayment.getByRole('link', { name: 'See your earnings' }).click();
  await expect(provider).toHaveURL(/\/earnings$/);
  const balances = provider.getByRole('region', { name: 'Balances' });
  const tile = (label: string) =>
    balances.locator('div').filter({ has: provider.getByText(label, { exact: true }) });
  await expect(tile('Pending')).toContainText(cedis(earned));
  await expect(tile('Paid out')).toContainText(cedis(0));
  await expect(provider.getByText('No payouts yet.')).toBeVisible();

  // Eight days later (Starter: 7), the money jobs mature the earnings and pay them out. Only these
  // two jobs: the unpaid bookings of tests running beside this one are left alone.
  const run = await ok(
    'dev clock',
    await request.post('/api/dev/clock/run-money-jobs', {
      data: { at: new Date(Date.now() + 8 * DAY).toISOString(), jobs: ['maturity', 'payouts'] },
    }),
  );
  expect(((await run.json()) as { payouts: string[] }).payouts.length).toBeGreaterThan(0);

  // The sandbox's transfer webhook arrives on its own time: wait for it.
  await expect
    .poll(async () => (await earnings(provider.request)).payouts.map((p) => p.status), { timeout: 20_000 })
    .toEqual(['paid']);
  await provider.reload();
  const payouts = provider.getByRole('list', { name: 'Payouts' });
  const paid = payouts.getByRole('listitem').filter({ hasText: cedis(earned) });
  await expect(paid.getByText(PAYOUT_WALLET.label, { exact: false })).toBeVisible();
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
  await expect(tile('Paid out')).toContainText(cedis(earned));
  await expect(tile('Pending')).toContainText(cedis(0));
  await provider.context().close();
});

test('a customer who cancels in time gets the whole payment back and sees the refund in Payments', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const { provider } = await twoPhones(page, browser);
  const title = `Kente sash for ${uniqueWord()}`;
  // No date agreed: cancelling is free.
  const bookingId = await hiredBooking(page.request, provider.request, title);
  await payForBooking(page.request, bookingId);

  await page.goto(`/bookings/${bookingId}`);
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByText('Paid — held by Adwuma')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog.getByText('Free cancellation')).toBeVisible();
  await dialog.getByLabel('Why are you cancelling?').fill('The ceremony was moved to next year.');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(payment.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await expect(
    payment.getByText('GH₵ 450.00 is refunded to you, to the account you paid with.'),
  ).toBeVisible();

  // The refund goes back through the gateway by a job: wait until the sandbox accepted it.
  await expect
    .poll(async () => (await refundsOf(page.request, bookingId)).map((r) => [r.amount_minor, r.status]), {
      timeout: 20_000,
    })
    .toEqual([[45_000, 'sent']]);
  await payment.getByRole('link', { name: 'Follow the refund in Payments' }).click();
  await expect(page).toHaveURL(/\/payments$/);
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('GH₵ 450.00').first()).toBeVisible();
  await expect(card.getByText(`${MOMO.label}`, { exact: false })).toBeVisible();
  const refunds = card.getByRole('listitem');
  await expect(refunds).toHaveCount(1);
  await expect(refunds.getByText('GH₵ 450.00')).toBeVisible();
  await expect(refunds.getByText('Refunded', { exact: true })).toBeVisible();
  await provider.context().close();
});

test('an admin splits a disputed payment: the customer sees the refund, the provider the earnings', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const { provider } = await twoPhones(page, browser);
  const title = `Kente scarf for ${uniqueWord()}`;
  const bookingId = await hiredBooking(page.request, provider.request, title);
  await payForBooking(page.request, bookingId);
  await ok('mark done', await provider.request.post(`/api/bookings/${bookingId}/mark-done`));
  await ok(
    'dispute',
    await page.request.post(`/api/bookings/${bookingId}/disputes`, {
      data: {
        reason: 'poor_quality',
        description: 'Only one of the two scarves was woven; the second was never delivered.',
      },
    }),
  );

  // The admin shares the GH₵ 450 held: GH₵ 300 to the provider, GH₵ 150 back to the customer.
  const { context: adminContext, page: admin } = await signedInAdmin(browser, { phone: true });
  await admin.goto('/admin/disputes');
  await admin.getByRole('link', { name: title }).first().click();
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await admin.getByRole('radio', { name: /A split/ }).check();
  await expect(
    admin.getByText('Held by Adwuma for this booking: GH₵ 450.00. The two amounts must add up to it.'),
  ).toBeVisible();
  await admin.getByLabel(/^To the provider/).fill('300');
  await admin.getByLabel(/^Back to the customer/).fill('150');
  await admin
    .getByLabel('Note to both parties')
    .fill('One scarf of two was delivered: paid for one, refunded the rest.');
  await admin.getByRole('button', { name: 'Resolve dispute' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Resolve with a split?' });
  await expect(dialog.getByText(/GH₵ 300.00 to the provider, GH₵ 150.00 back to the customer/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm resolution' }).click();
  await expect(admin.getByText('Split between both sides')).toBeVisible();
  await expect(admin.getByText('GH₵ 300.00 to the provider, GH₵ 150.00 back to the customer')).toBeVisible();
  await adminContext.close();

  // The customer: GH₵ 150 refunded, in Payments.
  await expect
    .poll(async () => (await refundsOf(page.request, bookingId)).map((r) => [r.amount_minor, r.status]), {
      timeout: 20_000,
    })
    .toEqual([[15_000, 'sent']]);
  await page.goto('/payments');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('GH₵ 450.00').first()).toBeVisible();
  const refund = card.getByRole('listitem');
  await expect(refund).toHaveCount(1);
  await expect(refund.getByText('GH₵ 150.00')).toBeVisible();
  await expect(refund.getByText('Refunded', { exact: true })).toBeVisible();

  // The provider: the earnings of GH₵ 300 less the commission, pending, on the Earnings page.
  const earned = (await earnings(provider.request)).bookings.find(
    (b) => b.booking_id === bookingId,
  )?.earnings_minor;
  expect(earned).toBeGreaterThan(0);
  expect(earned).toBeLessThanOrEqual(30_000);
  await provider.goto('/earnings');
  const row = provider
    .getByRole('list', { name: 'Earnings by booking' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(row.getByText(cedis(earned!), { exact: true })).toBeVisible();
  await provider.context().close();
});
