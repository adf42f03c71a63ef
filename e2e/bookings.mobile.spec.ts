import { expect, signedInAdmin, signedInCustomer, test } from './auth-fixtures.ts';
import {
  hiredBooking,
  ok,
  onboardedProvider,
  payForBooking,
  phone,
  uniqueWord,
} from './marketplace-fixtures.ts';

test('a hired booking is marked done and confirmed, both sides review, the rating shows on the profile; a dispute is resolved by an admin', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const providerName = `Akosua ${uniqueWord()}`;
  const providerPage = await phone(browser);
  await Promise.all([signedInCustomer(page), onboardedProvider(providerPage, providerName)]);
  const title = `Kente stole for ${uniqueWord()}`;
  const bookingId = await hiredBooking(page.request, providerPage.request, title);
  // Providers start only paid bookings: the customer pays (sandbox; the paying itself is
  // booking-money.mobile.spec.ts's journey).
  await payForBooking(page.request, bookingId);

  // The provider finishes the work and says so.
  await providerPage.goto(`/bookings/${bookingId}`);
  await expect(providerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await providerPage.getByRole('button', { name: 'Mark as done' }).click();
  await expect(providerPage.getByText('Done, awaiting confirmation').first()).toBeVisible();

  // The customer confirms it.
  await page.goto(`/bookings/${bookingId}`);
  await expect(page.getByText(/marked it as done/)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm completion' }).click();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();

  // Both review each other; the customer's review stays hidden until the provider has written theirs.
  await page.getByRole('link', { name: 'Write a review' }).click();
  await expect(page).toHaveURL(new RegExp(`/reviews\\?.*booking=${bookingId}`));
  await page.locator('label').filter({ hasText: '5 stars' }).click();
  await page
    .getByLabel('Your review', { exact: true })
    .fill('Beautiful weaving, the colours are exactly right.');
  await page.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByText('Review sent').first()).toBeVisible();

  await providerPage.goto(`/reviews?booking=${bookingId}`);
  await providerPage.locator('label').filter({ hasText: '4 stars' }).click();
  await providerPage
    .getByLabel('Your review', { exact: true })
    .fill('Clear instructions and paid on time. Thank you.');
  await providerPage.getByRole('button', { name: 'Send review' }).click();
  await expect(providerPage.getByText('Review sent').first()).toBeVisible();

  // Published: the provider's public profile shows the rating and the review.
  const detail = (await (
    await ok('booking', await page.request.get(`/api/bookings/${bookingId}`))
  ).json()) as {
    booking: { provider: { slug: string } };
  };
  await page.goto(`/providers/${detail.booking.provider.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: providerName })).toBeVisible();
  await expect(page.getByText('Beautiful weaving, the colours are exactly right.')).toBeVisible();
  await expect(page.getByText('5.0').first()).toBeVisible();

  // A second booking goes wrong: the customer opens a dispute once it is marked done.
  const second = await hiredBooking(page.request, providerPage.request, `Kente strip for ${uniqueWord()}`);
  await payForBooking(page.request, second);
  await ok('mark done', await providerPage.request.post(`/api/bookings/${second}/mark-done`));
  await page.goto(`/bookings/${second}`);
  await page.getByRole('button', { name: 'Open a dispute' }).click();
  await page.getByLabel('What went wrong?').selectOption({ label: 'The work was poorly done' });
  await page
    .getByLabel(/^Describe what happened/)
    .fill('The strip is half the agreed length and the colours are not the ones we chose.');
  await page.getByRole('button', { name: 'Open dispute', exact: true }).click();
  await expect(page.getByText('In dispute').first()).toBeVisible();

  // An admin resolves it in the customer's favour.
  const { context: adminContext, page: admin } = await signedInAdmin(browser);
  await admin.goto('/admin/disputes');
  await admin
    .getByRole('link', { name: /Kente strip for/ })
    .first()
    .click();
  await expect(admin.getByText('The strip is half the agreed length', { exact: false })).toBeVisible();
  await admin.getByRole('radio', { name: /The customer/ }).check();
  await admin
    .getByLabel('Note to both parties')
    .fill('The work did not match the order; the booking is cancelled.');
  await admin.getByRole('button', { name: 'Resolve dispute' }).click();
  await admin.getByRole('button', { name: 'Confirm resolution' }).click();
  await expect(admin.getByText('In favour of the customer').first()).toBeVisible();

  // Both sides see the outcome.
  await page.reload();
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment' }).getByText('Refunded').first()).toBeVisible();
  await adminContext.close();
  await providerPage.context().close();
});
