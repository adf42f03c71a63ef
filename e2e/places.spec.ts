import { expect, signedInCustomer, test } from './auth-fixtures.ts';
import { CATEGORY, uniqueWord } from './marketplace-fixtures.ts';

// Issue 22 "Places": the offline gazetteer knows Ghana's neighbourhoods (Bantama, East Legon…), and
// one place picker suggests them as you type.

/** Bantama's point in apps/server/src/features/geocoding/ghana-neighbourhoods.ts. */
const BANTAMA = { latitude: 6.703, longitude: -1.635 };
const EAST_LEGON = { latitude: 5.636, longitude: -0.156 };

test('a customer types "Bantama" as the job\'s place, picks it with the keyboard, and the job is saved at Bantama in Kumasi', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signedInCustomer(page);
  const title = `Sew curtains for ${uniqueWord()} shop`;

  await page.goto('/post-job');
  await page.getByLabel('Category').selectOption({ label: CATEGORY.name });
  await page.getByLabel('Job title').fill(title);
  await page
    .getByLabel(/^Description/)
    .fill('Four kente-trim curtains for a shop front, measured and hung on the day.');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Where is the job?' })).toBeVisible();
  const field = page.getByRole('combobox', { name: 'City or area' });
  await field.click();
  await field.pressSequentially('Bantama');
  const suggestion = page.getByRole('option', { name: /^Bantama Bantama, Kumasi, Ashanti, Ghana/ });
  await expect(suggestion).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  // Enter on typed text takes the first place found (not "Use my current location").
  await field.press('Enter');
  await expect(field).toHaveValue('Bantama');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel(/Street, house or landmark/)).toHaveValue('Bantama');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'When do you need it?' })).toBeVisible();
  await page.getByText("I'm flexible", { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Budget and photos' })).toBeVisible();
  await page.getByLabel(/Minimum budget/).fill('300');
  await page.getByLabel(/Maximum budget/).fill('600');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Check and post' })).toBeVisible();
  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/api/jobs') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Post job' }).click();
  const response = await posted;
  expect(response.status()).toBe(201);
  const { job } = (await response.json()) as {
    job: { city: string; address: string | null; latitude: number; longitude: number };
  };
  expect(job).toMatchObject({ city: 'Kumasi', address: 'Bantama', ...BANTAMA });
  await expect(page).toHaveURL(/\/task\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('search near "East Legon": the place picker finds the neighbourhood and the search is centred on it', async ({
  page,
}) => {
  // On a 360 px phone the suggestions fit the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/search');
  const near = page.getByRole('combobox', { name: 'Near' });
  await near.click();
  await near.pressSequentially('East Legon');
  const option = page.getByRole('option', { name: /^East Legon East Legon, Accra/ });
  await expect(option).toBeVisible();
  const box = await page.getByRole('listbox', { name: 'Places' }).boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await option.click();
  await expect(near).toHaveValue('East Legon');
  await expect(near).toBeFocused();
  await expect(page).toHaveURL(/near=East(\+|%20)Legon&lat=[\d.]+&lng=-[\d.]+/);
  const url = new URL(page.url());
  expect(Number(url.searchParams.get('lat'))).toBeCloseTo(EAST_LEGON.latitude, 3);
  expect(Number(url.searchParams.get('lng'))).toBeCloseTo(EAST_LEGON.longitude, 3);
  await expect(page.getByRole('heading', { name: /near East Legon/ })).toBeVisible();

  // Escape closes the list and puts back the place chosen.
  await near.fill('Adu');
  await expect(page.getByRole('option', { name: /^Adum Adum, Kumasi/ })).toBeVisible();
  await near.press('Escape');
  await expect(near).toHaveAttribute('aria-expanded', 'false');
  await expect(near).toHaveValue('East Legon');
});
