// Issue 21: the journey "switching to Twi and completing a search and a message in Twi". A customer
// on /search switches the app to Twi with the header button, searches in the Twi interface, opens a
// provider's profile, taps the Twi "Message", and sends a message with the Twi "Send". The provider,
// whose app stays in English, receives it exactly once.
import { createAccount, expect, test } from './auth-fixtures.ts';
import {
  OTHER_CATEGORY,
  onboardedProvider,
  phone,
  publishService,
  uniqueWord,
} from './marketplace-fixtures.ts';

test('switching to Twi and completing a search and a message in Twi', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A desktop screen: signed in on a 360 px phone the switch moves into the phone menu.
  await page.setViewportSize({ width: 1280, height: 900 });
  const providerName = `Kwabena ${uniqueWord()}`;
  const serviceWord = uniqueWord();
  const surname = uniqueWord();
  const customerShown = `Ama ${surname[0]}.`;
  const providerPage = await phone(browser);
  await Promise.all([
    createAccount(page, { name: `Ama ${surname}` }),
    onboardedProvider(providerPage, providerName, OTHER_CATEGORY),
  ]);
  await publishService(providerPage, `Kente strips ${serviceWord}`, OTHER_CATEGORY);

  // The customer, signed in, on /search in English; the switch turns the page to Twi at once.
  await page.goto('/search');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'en-GH');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await header.getByRole('button', { name: 'Switch to Twi' }).click();
  await expect(html).toHaveAttribute('lang', 'ak-GH');
  await expect(header.getByRole('button', { name: 'Sesa kɔ English' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Hwehwɛ adwumayɛfoɔ' })).toBeVisible();

  // The search, in the Twi interface: "What do you need?" and "Search".
  await page.getByRole('searchbox', { name: 'Dɛn na wohia?' }).fill(serviceWord);
  await page.getByRole('button', { name: 'Hwehwɛ', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${serviceWord}`));
  const results = page.getByRole('list', { name: 'Adwumayɛfoɔ' });
  await expect(page.getByRole('heading', { name: 'odwumayɛfoɔ 1' })).toBeVisible();
  await expect(results.getByRole('article')).toHaveCount(1);

  // The provider's profile, in Twi; "Kasa kyerɛ no" (Message) opens the conversation.
  await results.getByRole('link', { name: providerName }).click();
  await expect(page).toHaveURL(/\/providers\/kwabena-ko[a-z]+-[a-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1, name: providerName })).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'ak-GH');
  await expect(page.getByText(`Kente strips ${serviceWord}`)).toBeVisible();
  await page.getByRole('link', { name: 'Kasa kyerɛ no', exact: true }).click();

  // Messaging, in Twi: "Nkɔmmɔ" (Conversation), "Kyia …" (Say hello to …), "Nkra" and "Soma".
  await expect(page).toHaveURL(/\/messaging\?c=/);
  await expect(html).toHaveAttribute('lang', 'ak-GH');
  const thread = page.getByRole('region', { name: 'Nkɔmmɔ', exact: true });
  await expect(thread.getByRole('heading', { name: providerName })).toBeVisible();
  await expect(thread.getByText(`Kyia ${providerName}.`)).toBeVisible();
  const text = `Agoo! Wobɛtumi ayɛ kente strips abien ama me Fiada? ${uniqueWord()}`;
  const composer = thread.getByRole('textbox', { name: 'Nkra', exact: true });
  await composer.fill(text);
  await thread.getByRole('button', { name: 'Soma', exact: true }).click();
  const messages = thread.getByRole('list', { name: `Nkra a wo ne ${providerName} adi` });
  const bubble = messages.getByRole('listitem').filter({ hasText: text });
  await expect(bubble).toHaveCount(1);
  await expect(bubble.getByText('Akɔ', { exact: true })).toBeVisible();
  await expect(composer).toHaveValue('');

  // The provider, in English, receives it once.
  await providerPage.goto('/messaging');
  await expect(providerPage.locator('html')).toHaveAttribute('lang', 'en-GH');
  await providerPage
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link')
    .filter({ hasText: customerShown })
    .click();
  const providerMessages = providerPage
    .getByRole('region', { name: 'Conversation' })
    .getByRole('list', { name: `Messages with ${customerShown}` });
  await expect(providerMessages.getByText(text, { exact: true })).toBeVisible();
  await expect(providerMessages.getByText(text, { exact: true })).toHaveCount(1);

  // The customer's thread, reloaded: still Twi, and the message once.
  await page.reload();
  await expect(html).toHaveAttribute('lang', 'ak-GH');
  await expect(messages.getByText(text, { exact: true })).toHaveCount(1);

  await providerPage.context().close();
});
