import { createAccount, expect, ORIGIN, signedInCustomer, test } from './auth-fixtures.ts';
import type { Page } from './test.ts';

// Issue 30 (docs/decisions/021): the provider gate of spec 4 applies in the provider view, on the
// server before any script and in the app; the customer view (the spec's view switch) is the way
// back to a person's customer pages.

/** Switches the view from the account menu (spec 4: "provider or explorer may switch"). */
async function switchView(page: Page, view: 'Customer' | 'Provider') {
  await page.getByRole('button', { name: /Account menu/ }).click();
  const group = page.getByRole('group', { name: 'Switch view' });
  await group.getByRole('button', { name: view }).click();
}

test('a new provider is sent into onboarding from /dashboard, /tasks, /messaging and /, by the server', async ({
  page,
}) => {
  await createAccount(page, { role: 'explorer', name: 'Kwame Mensah' });
  for (const path of ['/dashboard', '/tasks', '/messaging', '/']) {
    const response = await page.goto(path);
    await expect(page).toHaveURL(/\/onboarding\/profile$/);
    // A redirect of the server (302), before any script ran.
    expect(response?.request().redirectedFrom()?.url(), path).toMatch(new RegExp(`${path}$`));
  }
  // In the app too: the header's Dashboard leads back to the step.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
});

test('a customer who joins as provider switches back and reaches My jobs, Messages and Schedule in one tap; the provider view brings the gate back', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signedInCustomer(page);
  await page.goto('/dashboard');
  await page.getByRole('banner').getByRole('button', { name: 'Join as Provider' }).click();
  await page
    .getByRole('dialog', { name: 'Also offer services?' })
    .getByRole('button', { name: 'Start provider setup' })
    .click();
  await expect(page).toHaveURL(/\/onboarding\/welcome$/);

  // The provider view (Start switched to it): the gate applies to the customer pages too.
  await page.goto('/tasks');
  await expect(page).toHaveURL(/\/onboarding\/profile$/);

  // The account menu's switch: the customer view, and on to the dashboard.
  await switchView(page, 'Customer');
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [link, path] of [
    ['My jobs', '/tasks'],
    ['Messages', '/messaging'],
    ['Schedule', '/schedule'],
  ] as const) {
    await nav.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  // The server knows the view on a full page load (the adwuma_view cookie).
  await page.goto('/tasks');
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // The dashboard reminds them of the setup.
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Finish your provider setup' })).toBeVisible();

  // Back in the provider view, the gate is back: in the app and on the server.
  await page.goto('/schedule');
  await switchView(page, 'Provider');
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  await page.goto('/messaging');
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
});

test("before the app has hydrated, the sign-in screen's mode switches are links that work", async ({
  browser,
}) => {
  // No script at all: what a tap does on the server-rendered page before the app takes over.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: ORIGIN });
  const page = await context.newPage();
  await page.goto('/auth?returnTo=%2Ftasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();

  await page.getByRole('tab', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup&returnTo=%2Ftasks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in instead' }).click();
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Ftasks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=forgot-password&returnTo=%2Ftasks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Ftasks$/);
  await page.getByRole('link', { name: 'Create one' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup&returnTo=%2Ftasks$/);
  await context.close();
});
