import { createAccount, expect, test } from './auth-fixtures.ts';

test.use({ viewport: { width: 360, height: 740 } });

test('a provider picks their point on the map (no tiles needed) and saves it', async ({ page }) => {
  test.setTimeout(60_000);
  const cspErrors: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) cspErrors.push(msg.text());
  });
  await createAccount(page, { role: 'explorer', name: 'Abena Owusu' });

  await page.goto('/onboarding/location');
  const map = page.getByRole('region', { name: 'Map: click to set your location' });
  await expect(map).toBeVisible();
  await expect(page.getByLabel('City or town')).toHaveValue('');

  const box = await map.boundingBox();
  if (!box) throw new Error('map has no box');
  const reverse = page.waitForResponse((r) => r.url().includes('/api/geocode/reverse'));
  await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2 - 30);
  const answer = await reverse;
  expect(answer.status()).toBe(200);
  const place = (await answer.json()) as {
    formatted: { city?: string | null };
    address: { city?: string | null };
  };
  const city = place.formatted.city ?? place.address.city;
  expect(city).toBeTruthy();

  // The pin shows where they clicked, and the nearest gazetteer place fills the city.
  await expect(map.locator('.adwuma-map-pin')).toBeVisible();
  await expect(page.getByLabel('City or town')).toHaveValue(city as string);

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Location saved')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding\/services$/);
  expect(cspErrors).toEqual([]);
});
