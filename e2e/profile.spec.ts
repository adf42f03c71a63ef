import * as OTPAuth from 'otpauth';
import { expect, ORIGIN, signedInCustomer, signIn, test } from './auth-fixtures.ts';

function codeFor(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
}

test('edit the profile: a Ghana phone is saved in +233 form and survives a reload', async ({ page }) => {
  await signedInCustomer(page);
  await page.goto('/profile');
  await expect(page.getByLabel('Email', { exact: true })).not.toBeEditable();
  await page.getByRole('textbox', { name: /Phone/ }).fill('+44 20 7946 0958');
  await page.getByRole('textbox', { name: /Phone/ }).blur();
  await expect(page.getByText('Enter a Ghana phone number, e.g. +233 24 123 4567')).toBeVisible();
  await page.getByRole('textbox', { name: /Phone/ }).fill('024 123 4567');
  await page.getByLabel('City or town').fill('Kumasi');
  await page.getByLabel('About you').fill('I braid hair in Adum.');
  await page.getByText('Show my phone number').click();
  await page.getByText('US dollar (USD)').click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: /Phone/ })).toHaveValue('+233 24 123 4567');
  await expect(page.getByLabel('City or town')).toHaveValue('Kumasi');
  await expect(page.getByLabel('Show my phone number')).toBeChecked();
  await expect(page.getByLabel('US dollar (USD)')).toBeChecked();
});

test('two-factor: enrol on /profile, then sign in with a code from the authenticator', async ({ page }) => {
  const account = await signedInCustomer(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await page.getByLabel('Confirm your password').fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByRole('code').textContent())?.replace(/\s/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Code from the app').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('list', { name: 'Backup codes' })).toBeVisible();
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  await page.request.post('/api/auth/sign-out', { headers: { origin: ORIGIN } });
  await page.goto('/auth?returnTo=%2Fprofile');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await code.fill(codeFor(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Signing in asks for a code from your authenticator app.')).toBeVisible();
});

test('sign out everywhere ends the sessions of other browsers too', async ({ page, browser }) => {
  const account = await signedInCustomer(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, account);
  await otherPage.goto('/dashboard');
  await expect(otherPage.getByRole('heading', { name: /Akwaaba/ })).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out of all devices' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/auth\?returnTo=%2Fdashboard$/);
  await other.close();
});
