import { uniqueEmail, waitForMail } from './support.ts';
import { expect, test } from './test.ts';

test('pricing shows the comparison table, the four plans and the FAQ', async ({ page }) => {
  await page.goto('/pricing');
  const table = page.getByRole('table');
  for (const [tier, commission, payout, bids] of [
    ['Starter', '18%', '7 days', '10'],
    ['Pro', '10%', '3 days', 'Unlimited'],
    ['Premium', '5%', '1 day', 'Unlimited'],
    ['Enterprise', '2%', 'Custom payout', 'Unlimited'],
  ]) {
    const row = table.getByRole('row').filter({ hasText: tier });
    await expect(row).toContainText(commission);
    await expect(row).toContainText(payout);
    await expect(row).toContainText(bids);
  }
  await expect(page.getByText('Free', { exact: true }).first()).toBeVisible();
  // Cedis by default (Ghana), dollars on the switch.
  await expect(page.getByText('GH₵ 150').first()).toBeVisible();
  await expect(page.getByText('GH₵ 600').first()).toBeVisible();
  await page.getByRole('radio', { name: 'US$ dollars' }).click();
  await expect(page).toHaveURL(/currency=usd/);
  await expect(page.getByText('$12').first()).toBeVisible();
  await expect(page.getByText('$49').first()).toBeVisible();
  await expect(page.getByText('Custom', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/most popular/i).first()).toBeVisible();

  for (const question of [
    'Can I change my plan later?',
    'Which payment methods do you accept?',
    'Is there a setup fee?',
    'Can I get a refund?',
  ]) {
    await page.getByText(question).click();
  }
  await expect(page.getByText(/takes effect immediately/)).toBeVisible();
  await expect(page.getByText(/30-day money-back guarantee/)).toBeVisible();
});

test('an enterprise inquiry is stored and confirmed', async ({ page, request }) => {
  const email = uniqueEmail('lead');
  await page.goto('/enterprise-inquiry');
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expect(page.getByText('Please choose a team size')).toBeVisible();

  await page.getByLabel('Your name').fill('Ama Mensah');
  await page.getByLabel('Company or organisation').fill('Kumasi Facilities Ltd');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Phone').fill('+233 24 123 4567');
  await page.getByLabel('Team size').selectOption('51-200');
  await page.getByLabel('What do you need?').fill('Cleaning and plumbing for twelve office sites in Kumasi.');
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(page.getByText(/our enterprise team will contact you/i).first()).toBeVisible();
  const mail = await waitForMail(request, email, 'enterprise-lead-confirmation');
  expect(mail.text).toContain('Kumasi Facilities Ltd');
});

test('the category browser lists the seeded categories from the database', async ({ page }) => {
  await page.goto('/search?view=categories');
  await expect(page.getByText('Hair braiding').first()).toBeVisible();
  await expect(page.getByText('Plumbing').first()).toBeVisible();
});

test('information pages are real pages', async ({ page }) => {
  for (const [path, heading] of [
    ['/features', /./],
    ['/service-providers', /./],
    ['/about', /./],
    ['/privacy', /privacy/i],
    ['/terms', /terms/i],
    ['/contact', /./],
    ['/help', /help/i],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByText('Page not found')).toHaveCount(0);
  }
});
