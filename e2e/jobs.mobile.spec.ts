import { expect, signedInCustomer, test } from './auth-fixtures.ts';
import { CATEGORY, onboardedProvider, phone, uniqueWord } from './marketplace-fixtures.ts';

test('a customer posts a job on a phone, a provider bids from the board, the customer hires and both see the booking', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const title = `Kente stole for ${word} graduation`;
  const providerName = `Yaw ${uniqueWord()}`;
  const providerPage = await phone(browser);
  await Promise.all([signedInCustomer(page), onboardedProvider(providerPage, providerName)]);

  // The customer describes the job, step by step.
  await page.goto('/post-job');
  await expect(page.getByRole('heading', { name: 'What do you need done?' })).toBeVisible();
  await page.getByLabel('Category').selectOption({ label: CATEGORY.name });
  await page.getByLabel('Job title').fill(title);
  await page
    .getByLabel(/^Description/)
    .fill('A woven kente stole in school colours (green and gold), with the name embroidered at the ends.');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Where is the job?' })).toBeVisible();
  await page.getByRole('combobox', { name: 'City or area' }).fill('Kum');
  await page
    .getByRole('option', { name: /^Kumasi/ })
    .first()
    .click();
  await page.getByLabel(/Street, house or landmark/).fill('Near the Adum post office');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'When do you need it?' })).toBeVisible();
  // The radio itself is visually hidden inside its card: a person taps the card.
  await page.getByText("I'm flexible", { exact: true }).click();
  await expect(page.getByRole('radio', { name: /I'm flexible/ })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Budget and photos' })).toBeVisible();
  await page.getByLabel(/Minimum budget/).fill('300');
  await page.getByLabel(/Maximum budget/).fill('600');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Check and post' })).toBeVisible();
  await page.getByRole('button', { name: 'Post job' }).click();
  await expect(page).toHaveURL(/\/task\/[0-9a-f-]{36}$/);
  const jobUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bids (0)' }).getByText('No bids yet')).toBeVisible();

  // The provider finds it from the header's Find jobs (issue 22), searching the board.
  await providerPage.goto('/dashboard');
  await providerPage.getByRole('button', { name: 'Open menu' }).click();
  await providerPage
    .getByRole('navigation', { name: 'Mobile' })
    .getByRole('link', { name: 'Find jobs' })
    .click();
  await expect(providerPage).toHaveURL(/\/jobs$/);
  const search = providerPage.getByRole('searchbox', { name: 'Search jobs' });
  await search.fill(word);
  await providerPage.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(providerPage).toHaveURL(new RegExp(`q=${word}`));
  const card = providerPage.getByRole('link', { name: new RegExp(title) });
  await expect(card).toBeVisible();
  // On this job's card (the board before the search answered may still show other matching jobs).
  await expect(
    providerPage.getByRole('listitem').filter({ has: card }).getByText('Matches your services'),
  ).toBeVisible();
  await card.click();
  await expect(providerPage).toHaveURL(new RegExp(`${jobUrl}$`));

  // …and bids.
  await providerPage.getByLabel('Your price in GH₵').fill('450');
  await providerPage
    .getByLabel(/^Message to the customer/)
    .fill('I weave stoles every week; green and gold in stock, ready in four days.');
  await providerPage.getByRole('button', { name: 'Send bid' }).click();
  await expect(providerPage.getByText('GH₵ 450').first()).toBeVisible();
  await expect(providerPage.getByRole('button', { name: /Withdraw/ })).toBeVisible();

  // The customer compares the bids and hires.
  await page.reload();
  await expect(page.getByRole('heading', { name: providerName })).toBeVisible();
  await page.getByRole('button', { name: /^Hire/ }).first().click();
  await page.getByRole('button', { name: 'Hire for GH₵ 450' }).click();
  await expect(page.getByRole('heading', { name: `You hired ${providerName}` })).toBeVisible();
  await page.getByRole('link', { name: 'See your schedule' }).click();
  await expect(page).toHaveURL(/\/schedule/);
  await expect(page.getByText(title).first()).toBeVisible();

  // The provider sees the booking too.
  await providerPage.goto('/schedule');
  await expect(providerPage.getByText(title).first()).toBeVisible();
  await providerPage.context().close();
});
