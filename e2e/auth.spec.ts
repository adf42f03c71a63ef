import { createAccount, expect, linkIn, PASSWORD, signedInCustomer, test } from './auth-fixtures.ts';
import { uniqueEmail, waitForMail } from './support.ts';

async function fillSignUp(
  page: import('@playwright/test').Page,
  name: string,
  email: string,
  password = PASSWORD,
) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
}

test.describe('sign up', () => {
  test('as a customer: account created, signed in, on the dashboard, verification mail sent', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto('/auth?mode=signup');
    await expect(page.getByRole('radio', { name: /Find Services/ })).toBeChecked();
    await fillSignUp(page, 'Ama Mensah', email);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Akwaaba, Ama!' })).toBeVisible();
    await page.getByRole('button', { name: /Account menu/ }).click();
    const header = page.getByRole('banner');
    await expect(header.getByText(email)).toBeVisible();
    await expect(header.getByText('Customer', { exact: true })).toBeVisible();
    const mail = await waitForMail(request, email, 'auth-verify-email');
    expect(mail.text).toContain('/api/auth/verify-email');
  });

  test('as a provider (intent=provider): no role choice, sent on to onboarding', async ({ page }) => {
    const email = uniqueEmail('provider');
    await page.goto('/auth?mode=signup&intent=provider');
    await expect(page.getByRole('heading', { name: 'Join as a provider' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Find Services/ })).toHaveCount(0);
    await fillSignUp(page, 'Kwame Asante', email);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/onboarding\/welcome$/);
    const me = await (await page.request.get('/api/me')).json();
    expect(me.user.email).toBe(email);
    expect(me.profile.role).toBe('explorer');
    expect(['service_provider', 'explorer']).toContain(me.role);
  });

  test('shows the validation messages of the spec', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Full name').fill('K');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('different');
    await page.getByLabel('Confirm password', { exact: true }).blur();
    await expect(page.getByText('Full name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('lowercase1');
    await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();

    await page.getByRole('tab', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid email address')).toHaveCount(0);
    await page.getByLabel('Email', { exact: true }).fill('kofi');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Password', { exact: true }).blur();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  });

  test('an email already registered opens the dialog, whose Sign in fills the email', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await page.goto('/auth?mode=signup');
    await fillSignUp(page, 'Someone Else', account.email);
    await page.getByRole('button', { name: 'Create account' }).click();
    const dialog = page.getByRole('dialog', { name: 'You already have an account' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Reset password' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  });
});

test.describe('sign in', () => {
  test('a wrong password says so', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/auth');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('tabpanel').getByText('Email or password is incorrect.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a protected page sends you to sign in and back again (returnTo)', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/profile?tab=security');
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fprofile%3Ftab%3Dsecurity$/);
    await page.getByLabel('Email', { exact: true }).fill(account.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(/\/profile\?tab=security$/);
    await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  });

  test('signed in, /auth goes on to returnTo', async ({ page }) => {
    await signedInCustomer(page);
    await page.goto('/auth?returnTo=%2Fprofile');
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('the email verification link lands on the callback and then the dashboard', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const mail = await waitForMail(request, account.email, 'auth-verify-email');
    await page.goto(linkIn(mail.text, 'verify-email'));
    await expect(page).toHaveURL(/\/auth\/callback/);
    await expect(page.getByRole('heading', { name: "You're signed in" })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    const me = await (await page.request.get('/api/me')).json();
    expect(me.user.emailVerified).toBe(true);
  });

  test('a broken verification link says Verification Failed and returns to sign in', async ({ page }) => {
    await page.goto('/api/auth/verify-email?token=broken&callbackURL=%2Fauth%2Fcallback');
    await expect(page.getByText('Redirecting you back to the sign-in page...')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test('forgot password, then reset through the emailed link', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  const mail = await waitForMail(request, account.email, 'auth-reset-password');
  await page.goto(linkIn(mail.text, 'reset-password'));
  await expect(page).toHaveURL(/\/auth\?mode=reset-password&token=/);
  const checklist = page.getByRole('list', { name: 'Password requirements' });
  await page.getByLabel('New password', { exact: true }).fill('Newpass12');
  await expect(
    checklist.getByRole('listitem').filter({ hasText: 'Contains special character' }),
  ).toHaveAttribute('data-met', 'false');
  await page.getByLabel('New password', { exact: true }).fill('Newpass12!');
  await expect(
    checklist.getByRole('listitem').filter({ hasText: 'Contains special character' }),
  ).toHaveAttribute('data-met', 'true');
  await page.getByLabel('Confirm new password').fill('Newpass12!');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated successfully' })).toBeVisible();
  // Then /dashboard, which asks to sign in (a reset ends every session).
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Fdashboard$/);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('Newpass12!');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.goto(linkIn(mail.text, 'reset-password'));
  await expect(page.getByText('This reset link no longer works')).toBeVisible();
});

test('Continue with Google signs in through the OpenID provider and lands on the dashboard', async ({
  page,
}) => {
  const login = uniqueEmail('google');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  // The local OpenID provider's development login and consent screens.
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: /sign-in/i }).click();
  await page.getByRole('button', { name: /continue/i }).click();
  await expect(page).toHaveURL(/\/auth\/callback/);
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = await (await page.request.get('/api/me')).json();
  expect(me.user.email).toBe(login);
});

test('Join as Provider with Google: the new account is a provider, sent to onboarding', async ({ page }) => {
  const login = uniqueEmail('google-provider');
  await page.goto('/auth?mode=signup&intent=provider');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: /sign-in/i }).click();
  await page.getByRole('button', { name: /continue/i }).click();
  await expect(page).toHaveURL(/\/onboarding\/welcome$/);
  const me = await (await page.request.get('/api/me')).json();
  expect(me.user.email).toBe(login);
  expect(me.profile.role).toBe('explorer');
});

test('sign out: toast, back to sign in, protected pages closed', async ({ page }) => {
  await signedInCustomer(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Fdashboard$/);
});
