import { createAccount, expect, ORIGIN, signIn, test } from './auth-fixtures.ts';

// Issue 21: the language switch in the header: at once, remembered by the device (the server then
// renders the page in that language, the landing page included), and back.

test('switching to Twi on /search: the header and <html lang> change at once, a reload keeps Twi, and back', async ({
  page,
}) => {
  await page.goto('/search');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'en-GH');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Log In' })).toBeVisible();

  await header.getByRole('button', { name: 'Switch to Twi' }).click();
  await expect(html).toHaveAttribute('lang', 'ak-GH');
  await expect(header.getByRole('link', { name: 'Wura mu' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sesa kɔ English' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'adwuma_lang')?.value).toBe('ak');

  // The server renders the page in Twi now (the cookie), before any script runs.
  const served = await page.request.get('/search');
  expect(await served.text()).toMatch(/<html lang="ak-GH"/);
  await page.reload();
  await expect(html).toHaveAttribute('lang', 'ak-GH');
  await expect(header.getByRole('link', { name: 'Wura mu' })).toBeVisible();

  // And back.
  await header.getByRole('button', { name: 'Sesa kɔ English' }).click();
  await expect(html).toHaveAttribute('lang', 'en-GH');
  await expect(header.getByRole('link', { name: 'Log In' })).toBeVisible();
  await page.reload();
  await expect(header.getByRole('link', { name: 'Log In' })).toBeVisible();
});

test('the landing page is sent in the chosen language (landing.ak.html) and its switch brings English back', async ({
  page,
}) => {
  await page.goto('/search');
  const html = page.locator('html');
  await page.getByRole('banner').getByRole('button', { name: 'Switch to Twi' }).click();
  await expect(html).toHaveAttribute('lang', 'ak-GH');

  await page.goto('/landing');
  await expect(html).toHaveAttribute('lang', 'ak-GH');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('efi Nkran kosi Tamale');
  await page.getByRole('banner').getByRole('button', { name: 'Sesa kɔ English' }).click();
  await expect(html).toHaveAttribute('lang', 'en-GH');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('from Accra to Tamale');

  await page.goto('/search');
  await expect(html).toHaveAttribute('lang', 'en-GH');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
});

test('on a 360 px phone the switch sits in the header bar, inside the screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/search');
  const button = page.getByRole('banner').getByRole('button', { name: 'Switch to Twi' });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await button.click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sesa kɔ English' })).toBeVisible();
  const menu = page.getByRole('banner').getByRole('button', { name: 'Bue menu' });
  const menuBox = await menu.boundingBox();
  expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(360);
});

test('signed in on a 360 px phone: the switch is in the phone menu, the account remembers Twi, and a new device takes it', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const account = await createAccount(page);
  await page.goto('/search');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /Account menu/ })).toBeVisible();
  // The bar is the account's (inbox, bell, avatar): everything inside the screen.
  const menu = header.getByRole('button', { name: 'Open menu' });
  const menuBox = await menu.boundingBox();
  expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(360);

  await menu.click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/profile') && r.request().method() === 'PATCH',
  );
  await page
    .getByRole('navigation', { name: 'Mobile' })
    .getByRole('button', { name: 'Switch to Twi' })
    .click();
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ak-GH');

  // Another device, no language of its own: signed in, it takes the account's.
  const context = await browser.newContext({ baseURL: ORIGIN });
  const other = await context.newPage();
  await signIn(other, account);
  await other.goto('/search');
  await expect(other.locator('html')).toHaveAttribute('lang', 'ak-GH');
  await expect(other.getByRole('banner').getByRole('button', { name: 'Sesa kɔ English' })).toBeVisible();
  await context.close();
});
