import { expect, signedInCustomer, test } from './auth-fixtures.ts';
import { hiredBooking, onboardedProvider, phone, uniqueWord } from './marketplace-fixtures.ts';
import type { Page } from './test.ts';

/** The header's 'Join as Provider' (signed in, a button that asks first: issue 22). */
async function tapJoinAsProvider(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Join as Provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Also offer services?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You keep everything you do as a customer');
  return dialog;
}

test('a customer with a hired job joins as provider only after confirming, and gets every customer page back in the customer view', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const providerPage = await phone(browser);
  await Promise.all([signedInCustomer(page), onboardedProvider(providerPage, `Akosua ${uniqueWord()}`)]);
  const title = `Kente stole for ${uniqueWord()}`;
  await hiredBooking(page.request, providerPage.request, title);
  await providerPage.context().close();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /Akwaaba/ })).toBeVisible();

  // Cancel changes nothing: still a customer, still here.
  const first = await tapJoinAsProvider(page);
  await first.getByRole('button', { name: 'Cancel' }).click();
  await expect(first).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  const before = (await (await page.request.get('/api/me')).json()) as { role: string };
  expect(before.role).toBe('customer');

  // Asked again, Start opens provider onboarding.
  const second = await tapJoinAsProvider(page);
  await second.getByRole('button', { name: 'Start provider setup' }).click();
  await expect(page).toHaveURL(/\/onboarding\/welcome$/);
  const after = (await (await page.request.get('/api/me')).json()) as { role: string };
  expect(['explorer', 'service_provider']).toContain(after.role);

  // The provider view (decision 021): the gate applies, customer pages too; onboarding offers the
  // way back to someone with customer activity (this customer has a hired job).
  await page.goto('/tasks');
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  await page.getByRole('link', { name: 'Back to my customer account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /Akwaaba/ })).toBeVisible();

  // In the customer view every customer page opens, onboarding unfinished.
  for (const [path, name] of [
    ['/tasks', 'My jobs'],
    ['/messaging', 'Messages'],
    ['/schedule', 'Schedule'],
    ['/post-job', 'Post a job'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(new RegExp(`^${name}\\b`));
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await page.goto('/tasks?tab=hired');
  await expect(page.getByText(title).first()).toBeVisible();

  // A provider page still needs the setup first.
  await page.goto('/post-service');
  await expect(page).toHaveURL(/\/onboarding\/profile$/);

  // The dashboard reminds them; the link goes back to the provider view and the setup.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Finish your provider setup' }).click();
  await expect(page).toHaveURL(/\/onboarding\/\w+/);
  await page.goto('/tasks');
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
});
