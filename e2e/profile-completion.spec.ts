import { createAccount, expect, test } from './auth-fixtures.ts';
import { PIXEL_PNG, saveOnboardingSteps, submitIdDocuments } from './onboarding-fixtures.ts';

test.use({ viewport: { width: 360, height: 740 } });

test('a provider sees what is missing, and each item links to the step that fills it', async ({ page }) => {
  test.setTimeout(90_000);
  await createAccount(page, { role: 'explorer', name: 'Efua Owusu' });

  // /profile-completion is a protected page: mid-way, the gate sends the provider to the missing step.
  await page.goto('/profile-completion');
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
  await expect(page).toHaveURL(/\/onboarding\/location$/);

  // Core done and documents in: the page opens, with the rest still to do.
  await saveOnboardingSteps(page.request, { location: true, services: true });
  await submitIdDocuments(page.request);
  await page.goto('/profile-completion');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile completion' })).toBeVisible();
  const ring = page.getByRole('progressbar', { name: 'Profile completion' });
  await expect(ring).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('3 of 3 core items done')).toBeVisible();
  await expect(page.getByRole('link', { name: /Where you work: missing/ })).toHaveCount(0);
  await page.getByRole('link', { name: /Provider terms: missing/ }).click();
  await expect(page).toHaveURL(/\/onboarding\/terms$/);

  // /onboarding resumes at the first incomplete step once the intro is seen.
  await page.goto('/onboarding/welcome');
  await page.getByRole('button', { name: 'Get started' }).click();
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/onboarding\/availability$/);
});

test('a customer is told the page is for providers', async ({ page }) => {
  await createAccount(page, { role: 'customer' });
  await page.goto('/profile-completion');
  await expect(page.getByRole('heading', { name: 'This page is for service providers' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join as Provider' })).toBeVisible();
});
