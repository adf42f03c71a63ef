import { createAccount, expect, test } from './auth-fixtures.ts';

test.use({ viewport: { width: 360, height: 740 } });

test('a new provider walks the onboarding wizard to the dashboard on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  await createAccount(page, { role: 'explorer', name: 'Kofi Boateng' });

  // An alias of set A resolves to the same wizard.
  await page.goto('/onboarding/skills');
  await expect(page.getByRole('heading', { level: 1, name: 'Your services' })).toBeVisible();

  await page.goto('/onboarding/welcome');
  await expect(page.getByRole('progressbar', { name: 'Onboarding progress' })).toBeVisible();
  await page.getByRole('button', { name: 'Get started' }).click();

  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  await page.getByLabel('Full name').fill('Kofi Boateng');
  await page.getByLabel('Phone').fill('024 123 4567');
  await page.getByLabel('Bio').fill('Electrician in Kumasi, ten years of house wiring.');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/onboarding\/location$/);
  await page.getByLabel('Search for your town or area').fill('Kumasi');
  await page.getByRole('button', { name: 'Search places' }).click();
  await page
    .getByRole('list', { name: 'Places found' })
    .getByRole('button')
    .filter({ hasText: 'Kumasi' })
    .first()
    .click();
  await expect(page.getByLabel('City or town')).toHaveValue('Kumasi');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Location saved')).toBeVisible();

  await expect(page).toHaveURL(/\/onboarding\/services$/);
  await page.getByRole('checkbox').first().check();
  await page.getByLabel(/Services you offer/).fill('House wiring');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/onboarding\/availability$/);
  await expect(page.getByLabel('Monday opens')).toHaveValue('08:00');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/onboarding\/id$/);
  await expect(page.getByText(/Ghana Card/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/onboarding\/terms$/);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();

  await expect(page).toHaveURL(/\/onboarding\/subscription$/);
  await expect(page.getByText('Paid plans open with payments').first()).toBeVisible();
  await page.getByRole('button', { name: 'Keep Starter free' }).click();

  await expect(page).toHaveURL(/\/onboarding\/review$/);
  await expect(page.getByText('Kofi Boateng')).toBeVisible();
  await expect(page.getByText(/Kumasi/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();

  await expect(page).toHaveURL(/\/onboarding\/complete$/);
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
