import { expect, signedInCustomer, test } from './auth-fixtures.ts';
import { onboardedProvider, phone, uniqueWord } from './marketplace-fixtures.ts';
import type { Page } from './test.ts';

/** Issue 22: signed in, the header carries the person's work instead of the marketing links. */

const CUSTOMER_PAGES = [
  ['Post a job', /\/post-job$/],
  ['My jobs', /\/tasks$/],
  ['Schedule', /\/schedule$/],
  ['Messages', /\/messaging$/],
  ['Reviews', /\/reviews$/],
] as const;

/** The phone menu, opened from its button. */
async function openPhoneMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  return menu;
}

test('desktop: a customer works from the header — Post a job, My jobs, Schedule, Messages, Reviews', async ({
  page,
}) => {
  await signedInCustomer(page);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Post a job' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Features' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Join as Provider' })).toBeVisible();
  for (const [label, url] of CUSTOMER_PAGES) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(url);
    await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
  }
  // The account menu keeps the rest, its button named from the initials it shows.
  await page.getByRole('button', { name: /^AM — Account menu for Ama Mensah$/ }).click();
  const account = page.getByRole('navigation', { name: 'Account' });
  for (const label of ['Dashboard', 'Payments', 'Favorites']) {
    await expect(account.getByRole('link', { name: label })).toBeVisible();
  }
});

test('phone: Post a job is above the fold on the dashboard; the menu leads to the work and closes on Escape', async ({
  browser,
}) => {
  const page = await phone(browser);
  await signedInCustomer(page);
  await page.goto('/dashboard');
  const post = page.getByRole('main').getByRole('link', { name: 'Post a job' }).first();
  await expect(post).toBeInViewport();
  const box = await post.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(740);

  // Escape closes the menu and gives focus back to its button.
  await openPhoneMenu(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  for (const [label, url] of CUSTOMER_PAGES) {
    const menu = await openPhoneMenu(page);
    await menu.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
  }
  await page.context().close();
});

test('a provider sees theirs: Dashboard, Find jobs, My services, Schedule, Messages, Earnings, Reviews', async ({
  page,
}) => {
  await onboardedProvider(page, `Akosua ${uniqueWord()}`);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Find jobs',
    'My services',
    'Schedule',
    'Messages',
    'Earnings',
    'Reviews',
  ]);
  await nav.getByRole('link', { name: 'Find jobs' }).click();
  await expect(page).toHaveURL(/\/jobs$/);
  await nav.getByRole('link', { name: 'My services' }).click();
  await expect(page).toHaveURL(/\/post-service$/);
  await nav.getByRole('link', { name: 'Earnings' }).click();
  await expect(page).toHaveURL(/\/earnings$/);
});

test('an admin who signs in through the form lands on /admin, with Admin in the header', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(process.env.E2E_ADMIN_EMAIL ?? '');
  await page.getByLabel('Password', { exact: true }).fill(process.env.E2E_ADMIN_PASSWORD ?? '');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(/Admin Mode Active/)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  await expect(nav.getByRole('link', { name: 'Post a job' })).toBeVisible();
});
