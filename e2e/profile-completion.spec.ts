import { createAccount, expect, test } from './auth-fixtures.ts';

test.use({ viewport: { width: 360, height: 740 } });

/** A 1×1 PNG: the server checks the file's signature, not only its type. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a new provider sees what is missing, fills the profile step and sees progress move', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await createAccount(page, { role: 'explorer', name: 'Efua Owusu' });

  await page.goto('/profile-completion');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile completion' })).toBeVisible();
  const ring = page.getByRole('progressbar', { name: 'Profile completion' });
  await expect(ring).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText('0 of 3 core items done')).toBeVisible();
  await expect(page.getByRole('link', { name: /Where you work: missing/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Provider terms: missing/ })).toBeVisible();

  await page.getByRole('link', { name: /Profile photo and name: missing/ }).click();
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  await page
    .getByLabel('Add a photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(page.getByText('Profile photo updated')).toBeVisible();
  await page.getByLabel('Full name').fill('Efua Owusu');
  await page.getByLabel('Phone').fill('024 765 4321');
  await page.getByLabel('Bio').fill('Hairdresser in Accra, braids and weaves for eight years.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/location$/);

  await page.goto('/profile-completion');
  await expect(ring).toHaveAttribute('aria-valuenow', '33');
  await expect(page.getByText('1 of 3 core items done')).toBeVisible();
  await expect(page.getByRole('link', { name: /Profile photo and name: missing/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Profile: missing/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Where you work: missing/ })).toBeVisible();

  // /onboarding resumes at the first incomplete step once the intro is seen.
  await page.goto('/onboarding/welcome');
  await page.getByRole('button', { name: 'Get started' }).click();
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/onboarding\/location$/);
});

test('a customer is told the page is for providers', async ({ page }) => {
  await createAccount(page, { role: 'customer' });
  await page.goto('/profile-completion');
  await expect(page.getByRole('heading', { name: 'This page is for service providers' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join as Provider' })).toBeVisible();
});
