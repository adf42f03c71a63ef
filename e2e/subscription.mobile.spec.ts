import { expect, test } from './auth-fixtures.ts';
import { onboardedProvider, uniqueWord } from './marketplace-fixtures.ts';

/** The TEST MODE band of the embedded sandbox checkout. */
const testModeBand = (page: import('@playwright/test').Page) => page.getByRole('note', { name: 'TEST MODE' });

test('a Starter provider buys Pro in cedis by mobile money on a phone, then cancels', async ({ page }) => {
  test.setTimeout(120_000);
  await onboardedProvider(page, `Abena ${uniqueWord()}`);

  // Starter: the board shows the monthly allowance.
  await page.goto('/jobs');
  await expect(page.getByText(/of 10 bids left this month/)).toBeVisible();

  // Pricing in cedis by default; Pro starts the checkout.
  await page.goto('/pricing');
  await expect(page.getByRole('radio', { name: 'GH₵ cedis' })).toBeChecked();
  const pro = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Pro', exact: true }) });
  await expect(pro.getByText('GH₵ 150').first()).toBeVisible();
  await pro.getByRole('button', { name: 'Choose Pro' }).click();

  // The sandbox's hosted checkout, TEST MODE on every screen: the mobile-money prompt.
  await expect(page).toHaveURL(/\/pay\/test\/adw_[0-9a-f]+$/);
  await expect(testModeBand(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'GH₵ 150.00' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Mobile money' })).toBeChecked();
  await page.getByLabel('Network').selectOption({ label: 'MTN MoMo' });
  await page.getByLabel(/Mobile money number/).fill('024 412 3456');
  await page.getByRole('button', { name: 'Send prompt' }).click();
  const prompt = page.getByRole('region', { name: 'Approve GH₵ 150.00 to Adwuma?' });
  await expect(prompt).toBeVisible();
  await prompt.getByLabel(/PIN/).fill('1234');
  await prompt.getByRole('button', { name: 'Approve' }).click();

  // Back at Adwuma: confirmed by the signed webhook, not by the redirect.
  await expect(page).toHaveURL(/\/payment-success\?payment=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: "You're on Pro" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/ADW-\d{4}-\d{6}/)).toBeVisible();

  await page.getByRole('link', { name: 'Manage subscription' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('heading', { name: 'Your subscription' })).toBeVisible();
  await expect(page.getByText('Pro', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Renews on /)).toBeVisible();
  await expect(page.getByText(/Mobile money: we send you a pay link 3 days before/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Receipt' }).first()).toBeVisible();

  // Unlimited bids now: the allowance note is gone from the board.
  await page.goto('/jobs');
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toBeVisible();
  await expect(page.getByText(/bids left this month/)).toHaveCount(0);

  // Cancel: active until the period ends.
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText(/Your Pro plan ends on \d{1,2} \w+ \d{4}/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Keep my plan' })).toBeVisible();
});

test('a card checkout in dollars: declined, then approved', async ({ page }) => {
  test.setTimeout(120_000);
  await onboardedProvider(page, `Kojo ${uniqueWord()}`);
  await page.goto('/pricing?currency=usd');
  await expect(page.getByRole('radio', { name: 'US$ dollars' })).toBeChecked();
  const premium = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Premium', exact: true }) });
  await premium.getByRole('button', { name: 'Choose Premium' }).click();

  await expect(page).toHaveURL(/\/pay\/test\//);
  await expect(testModeBand(page)).toBeVisible();
  // Dollars are paid by card only: the card form, no method choice.
  await expect(page.getByRole('heading', { name: 'Card', exact: true })).toBeVisible();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel(/Expiry/).fill('12/30');
  await page.getByLabel('CVC').fill('123');
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await pay.click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/pay\/test\//);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expect(page).toHaveURL(/\/payment-success\?payment=/);
  await expect(page.getByRole('heading', { name: "You're on Premium" })).toBeVisible({ timeout: 20_000 });
  await page.goto('/subscription');
  await expect(page.getByText(/Renews automatically with your card/)).toBeVisible();
});
