import { randomInt } from 'node:crypto';
import { createAccount, expect, ORIGIN, signedInCustomer, test } from './auth-fixtures.ts';
import { saveOnboardingSteps, submitIdDocuments } from './onboarding-fixtures.ts';
import { type APIRequestContext, type Page, request as playwrightRequest } from './test.ts';

/** A rare category, so the demo data leaves the test's providers on the first page of results. */
const CATEGORY = { slug: 'kente-weaving', name: 'Kente weaving' };
const KUMASI = { city: 'Kumasi', region: 'Ashanti', latitude: 6.6885, longitude: -1.6244 };
const ACCRA = { city: 'Accra', region: 'Greater Accra', latitude: 5.6037, longitude: -0.187 };

/** A made-up surname of letters only: unique to this run, and a whole word for the search. */
function uniqueWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  return `Ko${Array.from({ length: 6 }, () => letters[randomInt(letters.length)]).join('')}`;
}

async function ok(label: string, res: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(res.ok(), `${label}: ${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

/**
 * A provider signed up, onboarded and with a published service, all through the API, in a request
 * context of its own (its own cookies and client address).
 */
async function listedProvider(name: string, place: typeof KUMASI) {
  const api = await playwrightRequest.newContext({
    baseURL: ORIGIN,
    extraHTTPHeaders: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  await createAccount(api, { role: 'explorer', name });
  await saveOnboardingSteps(api, { intro: true, photo: true });
  await ok(
    'profile',
    await api.put('/api/onboarding/profile', {
      data: {
        full_name: name,
        phone: '024 555 0199',
        bio: `Kente weaver in ${place.city}, strips and stoles to order.`,
      },
    }),
  );
  await ok(
    'location',
    await api.put('/api/onboarding/location', {
      data: { ...place, country: 'Ghana', geocoding_accuracy: 'user', service_areas: [place.city] },
    }),
  );
  await ok(
    'services step',
    await api.put('/api/onboarding/services', { data: { categories: [CATEGORY.slug], tags: ['Kente'] } }),
  );
  await submitIdDocuments(api);
  await ok(
    'publish a service',
    await api.post('/api/services', {
      data: {
        title: 'Kente strips to order',
        category: CATEGORY.slug,
        description: 'Hand-woven kente strips in your colours, ready in two days.',
        price_type: 'from',
        price: 45_000,
        duration_minutes: 2880,
        service_areas: [place.city],
        status: 'published',
      },
    }),
  );
  await api.dispose();
}

/** The provider names on the results page, in order. */
async function resultNames(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Providers' });
  await expect(list).toBeVisible();
  return list.getByRole('article').getByRole('heading').allInnerTexts();
}

test('a customer finds a provider near Kumasi on a phone, saves them, and shares the search', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const inKumasi = `Adwoa ${uniqueWord()}`;
  const inAccra = `Kojo ${uniqueWord()}`;
  await Promise.all([listedProvider(inKumasi, KUMASI), listedProvider(inAccra, ACCRA)]);
  await signedInCustomer(page);

  // Browse services from the dashboard's shortcuts (signed in, the header carries the customer's
  // work: issue 22), then the category.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /^Browse services/ }).click();
  await page.getByRole('link', { name: new RegExp(`^${CATEGORY.name}`) }).click();
  // The category's own page, then on to the search to narrow it down.
  await expect(page).toHaveURL(new RegExp(`/categories/${CATEGORY.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: CATEGORY.name })).toBeVisible();
  await expect(page.getByRole('link', { name: inAccra })).toBeVisible();
  await page.getByRole('link', { name: 'Search near me or filter' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?category=${CATEGORY.slug}$`));
  await expect(page.getByRole('link', { name: inAccra })).toBeVisible();

  // Near Kumasi: both providers are in the category, only one is within 25 km.
  const near = page.getByRole('combobox', { name: 'Near' });
  await near.fill('Kum');
  await page
    .getByRole('option', { name: /^Kumasi/ })
    .first()
    .click();
  await expect(page).toHaveURL(/near=Kumasi&lat=[\d.]+&lng=-[\d.]+/);
  await expect(page.getByRole('heading', { name: /providers? near Kumasi/ })).toBeVisible();
  await expect(page.getByRole('link', { name: inKumasi })).toBeVisible();
  await expect(page.getByRole('link', { name: inAccra })).toHaveCount(0);
  const sharedUrl = page.url();
  const names = await resultNames(page);
  expect(names).toContain(inKumasi);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The profile, and back to the same results.
  await page.getByRole('link', { name: inKumasi }).click();
  await expect(page).toHaveURL(/\/providers\/adwoa-ko[a-z]+-[a-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1, name: inKumasi })).toBeVisible();
  await expect(page.getByText('Kente strips to order')).toBeVisible();
  await expect(page.getByText('From GH₵ 450').first()).toBeVisible();
  const heart = page.getByRole('button', { name: `Save ${inKumasi} to favorites` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.goBack();
  await expect(page).toHaveURL(sharedUrl);
  await expect(page.getByRole('link', { name: inKumasi })).toBeVisible();

  // Saved on the server: /favorites lists them.
  await page.goto('/favorites');
  await expect(page.getByRole('heading', { level: 1, name: 'Your favorites' })).toBeVisible();
  await expect(page.getByRole('link', { name: inKumasi })).toBeVisible();
  await expect(page.getByRole('button', { name: `Save ${inKumasi} to favorites` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The shared link, opened by someone else on another phone: the same results.
  const other = await browser.newContext({
    baseURL: ORIGIN,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const friend = await other.newPage();
  await friend.goto(sharedUrl);
  await expect(friend.getByRole('link', { name: inKumasi })).toBeVisible();
  expect(await resultNames(friend)).toEqual(names);
  await expect(friend.getByRole('combobox', { name: 'Near' })).toHaveValue('Kumasi');
  await other.close();
});
