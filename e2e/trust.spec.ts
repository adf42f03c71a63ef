import { expect, signedInCustomer, test } from './auth-fixtures.ts';
import { CATEGORY, KUMASI, ok, onboardedProvider, phone, today, uniqueWord } from './marketplace-fixtures.ts';

/**
 * Trust signals a customer reads before and after hiring (issue 22): whether a bidder's ID was
 * checked, and on the visit day a Call and a WhatsApp button to the provider — only with what the
 * provider chose to share.
 */
test('a customer sees "ID check pending" on a bid, hires, and on the visit day can call or WhatsApp the provider', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const title = `Kente stole for ${word} naming`;
  const providerName = `Yaw ${uniqueWord()}`;
  const providerPage = await phone(browser);
  await Promise.all([signedInCustomer(page), onboardedProvider(providerPage, providerName)]);

  // The customer's job, for today; the provider (ID sent, not yet checked) bids on it.
  const job = (await (
    await ok(
      'post a job',
      await page.request.post('/api/jobs', {
        data: {
          title,
          category: CATEGORY.slug,
          description: 'A woven kente stole in school colours, with the name embroidered at the ends.',
          city: 'Kumasi',
          latitude: KUMASI.latitude,
          longitude: KUMASI.longitude,
          when_type: 'date',
          date_start: today(),
        },
      }),
    )
  ).json()) as { job: { id: string } };
  const placed = (await (
    await ok(
      'bid',
      await providerPage.request.post(`/api/jobs/${job.job.id}/bids`, {
        data: { price: 45_000, message: 'Green and gold in stock; ready in four days.' },
      }),
    )
  ).json()) as { bid: { id: string } };

  await page.goto(`/task/${job.job.id}`);
  const bid = page.getByRole('article', { name: `Bid from ${providerName}` });
  await expect(bid.getByText('ID check pending')).toBeVisible();
  await expect(bid.getByText('ID verified')).toHaveCount(0);
  await expect(bid.getByText('GH₵ 450.00')).toBeVisible();

  // Hired for today (the hire itself is the jobs journey's).
  const hire = (await (
    await ok('hire', await page.request.post(`/api/jobs/${job.job.id}/bids/${placed.bid.id}/accept`))
  ).json()) as { booking_id: string };
  const bookingUrl = `/bookings/${hire.booking_id}`;
  await page.goto(bookingUrl);

  // Nothing shared yet: no Call, no WhatsApp, and no number on the page.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Booking details' }).getByRole('link', { name: /^Call / }),
  ).toHaveCount(0);
  await expect(page.getByText('555 0199')).toHaveCount(0);
  // How and when to pay, in plain words.
  await expect(page.getByText(/with mobile money or a card within 48 hours of booking/)).toBeVisible();

  // The provider shares the phone for calls and turns WhatsApp on.
  await ok(
    'share phone',
    await providerPage.request.patch('/api/profile', { data: { show_phone: true, whatsapp_enabled: true } }),
  );
  await page.reload();
  const first = providerName.split(' ')[0]!;
  await expect(page.getByRole('link', { name: `Call ${first}` })).toHaveAttribute(
    'href',
    'tel:+233245550199',
  );
  await expect(page.getByRole('link', { name: `WhatsApp ${first}` })).toHaveAttribute(
    'href',
    'https://wa.me/233245550199',
  );

  // The provider's side: the customer shares no phone, so neither button.
  await providerPage.goto(bookingUrl);
  await expect(providerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    providerPage.getByRole('region', { name: 'Booking details' }).getByRole('link', { name: /^Call / }),
  ).toHaveCount(0);
  await expect(
    providerPage.getByRole('region', { name: 'Booking details' }).getByRole('link', { name: /^WhatsApp / }),
  ).toHaveCount(0);
  await providerPage.context().close();
});
