import { createAccount, expect, signedInCustomer, signIn, test } from './auth-fixtures.ts';
import { uniqueWord } from './marketplace-fixtures.ts';

test('a signed-out visit to the admin area goes to sign in with returnTo', async ({ page }) => {
  await page.goto('/admin/users?page=2');
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Fadmin%2Fusers%3Fpage%3D2$/);
});

test('a customer sees Access Denied with their role and admin status', async ({ page }) => {
  await signedInCustomer(page);
  // The server refuses too (decision 021): the app shell with 403, which shows the card.
  const response = await page.goto('/admin');
  expect(response?.status()).toBe(403);
  const card = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Access Denied' }) });
  await expect(card).toBeVisible();
  await expect(card.getByText("You don't have administrator privileges to access this area.")).toBeVisible();
  await expect(card.getByText('Customer', { exact: true })).toBeVisible();
  await expect(card.getByText('No', { exact: true })).toBeVisible();
  await expect(
    card.getByText('Contact your system administrator if you believe this is an error.'),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The API refuses too.
  expect((await page.request.get('/api/admin/overview')).status()).toBe(403);
});

test('an admin works under the admin banner: overview, users, leads, logs, activity', async ({
  page,
  request,
}) => {
  const admin = { email: process.env.E2E_ADMIN_EMAIL ?? '', password: process.env.E2E_ADMIN_PASSWORD ?? '' };
  const customer = await createAccount(request, { name: `Kofi ${uniqueWord()}` });
  await signIn(page, admin);
  await page.goto('/admin');
  await expect(page.getByText('Admin Mode Active • Enhanced security enabled')).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: 'Admin Mode Active' });
  await expect(banner.getByText(admin.email)).toBeVisible();
  await expect(banner.getByText('Admin', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Users', { exact: true }).first()).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Admin' });
  await nav.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByRole('searchbox', { name: 'Name, email or phone' }).fill(customer.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText(customer.email)).toBeVisible();

  await nav.getByRole('link', { name: 'Enterprise leads' }).click();
  await expect(page.getByRole('heading', { name: 'Enterprise leads' })).toBeVisible();
  await nav.getByRole('link', { name: 'Logs' }).click();
  await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Log lists' })
    .getByRole('link', { name: 'Security events' })
    .click();
  await expect(
    page.getByRole('table', { name: 'Security events' }).getByText('admin_created').first(),
  ).toBeVisible();
  await nav.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  // The customer made above signed up: the feed has it.
  await expect(
    page
      .getByRole('list', { name: 'Activity, newest first' })
      .getByText(`${customer.name} signed up as a customer`),
  ).toBeVisible();
});
