import { createAccount, expect, test } from './auth-fixtures.ts';
import { onboardedProvider, phone, publishService, uniqueWord } from './marketplace-fixtures.ts';
import type { WebSocketRoute } from './test.ts';

test('a customer messages a provider from their profile; both phones see it live, with typing, read receipt and catch-up after going offline', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const providerName = `Kwabena ${uniqueWord()}`;
  const surname = uniqueWord();
  const customerName = `Ama ${surname}`;
  // Providers see a customer by first name and initial.
  const customerShown = `Ama ${surname[0]}.`;
  const providerPage = await phone(browser);
  await Promise.all([
    createAccount(page, { name: customerName }),
    onboardedProvider(providerPage, providerName),
  ]);
  const slug = await publishService(providerPage);

  // The customer's realtime socket goes through the test, so it can be cut as a lost connection
  // would (Chromium's offline mode holds a WebSocket's frames rather than dropping it).
  const customerSockets: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
  let connectionLost = false;
  await page.routeWebSocket(/\/api\/realtime/, (ws) => {
    if (connectionLost) {
      void ws.close();
      return;
    }
    customerSockets.push({ page: ws, server: ws.connectToServer() });
  });

  // The provider has no conversations yet, and keeps /messaging open (no reloads from here on).
  await providerPage.goto('/messaging');
  await expect(providerPage.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
  const providerHeaderLink = providerPage.getByRole('link', { name: /^Messages/ });
  await expect(providerHeaderLink).toHaveAccessibleName('Messages');

  // The customer finds the provider's profile and taps Message.
  await page.goto(`/providers/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: providerName })).toBeVisible();
  await page.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(page).toHaveURL(/\/messaging\?c=/);
  const customerThread = page.getByRole('region', { name: 'Conversation' });
  await expect(customerThread.getByRole('heading', { name: providerName })).toBeVisible();
  await expect(customerThread.getByText(`Say hello to ${providerName}.`)).toBeVisible();

  // Markup in a message is text, not markup.
  const first = `Akwaaba! Is this <b>not bold</b>? I need a stole by Friday.`;
  await customerThread.getByRole('textbox', { name: 'Message', exact: true }).fill(first);
  await customerThread.getByRole('button', { name: 'Send' }).click();
  const customerMessages = customerThread.getByRole('list', { name: `Messages with ${providerName}` });
  const firstBubble = customerMessages.getByRole('listitem').filter({ hasText: first });
  await expect(firstBubble).toBeVisible();
  await expect(firstBubble.getByText('Sent', { exact: true })).toBeVisible();
  await expect(customerMessages.locator('b')).toHaveCount(0);

  // The provider's phone, untouched: the conversation arrives, unread, and the header badge counts it.
  const row = providerPage
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link')
    .filter({ hasText: customerShown });
  await expect(row).toBeVisible();
  await expect(row).toContainText('1 unread');
  await expect(row).toContainText(first);
  await expect(providerHeaderLink).toHaveAccessibleName('Messages, 1 unread');

  // The provider opens it: the message is literal text, and it is no longer unread.
  await row.click();
  const providerThread = providerPage.getByRole('region', { name: 'Conversation' });
  const providerMessages = providerThread.getByRole('list', { name: `Messages with ${customerShown}` });
  await expect(providerMessages.getByText(first, { exact: true })).toBeVisible();
  await expect(providerMessages.locator('b')).toHaveCount(0);
  await expect(providerHeaderLink).toHaveAccessibleName('Messages');

  // The customer sees "Read" under their message once the provider has it open.
  await expect(firstBubble.getByText('Read', { exact: true })).toBeVisible();

  // The provider types: the customer sees it; then the reply arrives live and the indicator goes.
  const reply = 'Yes, I can weave it by Thursday. Which colours?';
  const providerComposer = providerThread.getByRole('textbox', { name: 'Message', exact: true });
  await providerComposer.fill(reply);
  const typing = customerThread.getByRole('status').filter({ hasText: `${providerName} is typing…` });
  await expect(typing).toBeVisible();
  await providerThread.getByRole('button', { name: 'Send' }).click();
  await expect(customerMessages.getByText(reply, { exact: true })).toBeVisible();
  await expect(typing).toBeHidden();
  // The reply is read as it arrives (the customer has the thread open).
  await expect(
    providerMessages.getByRole('listitem').filter({ hasText: reply }).getByText('Read', { exact: true }),
  ).toBeVisible();

  // The customer's phone loses its connection; a message sent meanwhile arrives once it is back,
  // without a reload, and is read then.
  connectionLost = true;
  await page.context().setOffline(true);
  expect(customerSockets.length, 'the customer had a realtime connection').toBeGreaterThan(0);
  await Promise.all(customerSockets.flatMap((socket) => [socket.server.close(), socket.page.close()]));
  const whileOffline = 'Green and gold, like the sample. I will send a photo.';
  await providerComposer.fill(whileOffline);
  await providerThread.getByRole('button', { name: 'Send' }).click();
  const offlineBubble = providerMessages.getByRole('listitem').filter({ hasText: whileOffline });
  await expect(offlineBubble.getByText('Sent', { exact: true })).toBeVisible();
  await expect(customerMessages.getByText(whileOffline, { exact: true })).toHaveCount(0);

  connectionLost = false;
  await page.context().setOffline(false);
  await expect(customerMessages.getByText(whileOffline, { exact: true })).toBeVisible();
  await expect(offlineBubble.getByText('Read', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/messaging\?c=/);

  await providerPage.context().close();
});
