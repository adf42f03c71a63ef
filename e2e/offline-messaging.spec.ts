// Issue 21: a message written offline waits in the thread ("Waiting to send"), is kept across a
// reload, and is delivered once when the network returns (its client id makes a resend the same
// message): the writer sees it once, the other side sees it exactly once.
import { createAccount, expect, test } from './auth-fixtures.ts';
import {
  OTHER_CATEGORY,
  ok,
  onboardedProvider,
  phone,
  publishService,
  uniqueWord,
} from './marketplace-fixtures.ts';

test('a message written offline waits, survives a reload, and is delivered once when the network returns', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const providerName = `Kwabena ${uniqueWord()}`;
  const surname = uniqueWord();
  const customerShown = `Ama ${surname[0]}.`;
  const providerPage = await phone(browser);
  await Promise.all([
    createAccount(page, { name: `Ama ${surname}` }),
    onboardedProvider(providerPage, providerName, OTHER_CATEGORY),
  ]);
  await publishService(providerPage, undefined, OTHER_CATEGORY);
  const provider = (await (await ok('provider me', await providerPage.request.get('/api/me'))).json()) as {
    user: { id: string };
  };
  const conversation = (await (
    await ok(
      'start the conversation',
      await page.request.post('/api/conversations', { data: { recipient_id: provider.user.id } }),
    )
  ).json()) as { id: string };
  const threadPath = `/messaging?c=${conversation.id}`;

  // Both have the conversation open.
  await Promise.all([page.goto(threadPath), providerPage.goto(threadPath)]);
  const customerThread = page.getByRole('region', { name: 'Conversation' });
  const customerMessages = customerThread.getByRole('list', { name: `Messages with ${providerName}` });
  const customerComposer = customerThread.getByRole('textbox', { name: 'Message', exact: true });
  const providerThread = providerPage.getByRole('region', { name: 'Conversation' });
  await expect(customerThread.getByText(`Say hello to ${providerName}.`)).toBeVisible();
  await expect(providerThread.getByText(`Say hello to ${customerShown}`)).toBeVisible();

  // The customer's phone goes offline and they write: the message shows at once, waiting.
  await page.context().setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  const text = `Written offline ${uniqueWord()}: can you start on Monday?`;
  await customerComposer.fill(text);
  await customerThread.getByRole('button', { name: 'Send' }).click();
  const bubble = customerMessages.getByRole('listitem').filter({ hasText: text });
  await expect(bubble).toHaveCount(1);
  await expect(bubble.getByText('Waiting to send', { exact: true })).toBeVisible();
  await expect(customerComposer).toHaveValue('');

  // Back online: it goes out, shows as sent, once.
  await page.context().setOffline(false);
  await expect(bubble.getByText('Sent', { exact: true })).toBeVisible();
  await expect(bubble.getByText('Waiting to send', { exact: true })).toHaveCount(0);
  await expect(bubble).toHaveCount(1);

  // The provider's phone gets it exactly once (the live echo and any refetch match it).
  const providerMessages = providerThread.getByRole('list', { name: `Messages with ${customerShown}` });
  await expect(providerMessages.getByText(text, { exact: true })).toBeVisible();
  await expect(providerMessages.getByText(text, { exact: true })).toHaveCount(1);

  // A second message while the network fails under the page (online, but no answer), then a reload:
  // it is still there, waiting, and goes out once the network answers again.
  const second = `Still there after a reload ${uniqueWord()}`;
  const sends = `**/api/conversations/${conversation.id}/messages`;
  await page.route(sends, (route) => route.abort('internetdisconnected'));
  await customerComposer.fill(second);
  await customerThread.getByRole('button', { name: 'Send' }).click();
  const secondBubble = customerMessages.getByRole('listitem').filter({ hasText: second });
  await expect(secondBubble.getByText('Waiting to send', { exact: true })).toBeVisible();
  await page.reload();
  await expect(secondBubble.getByText('Waiting to send', { exact: true })).toBeVisible();
  await page.unroute(sends);
  // The network answers again: the queue tries at its next backoff step (up to 30 s after failures)
  // or at once when the browser says it is online, as it does when a connection comes back.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(secondBubble.getByText('Sent', { exact: true })).toBeVisible({ timeout: 35_000 });
  await expect(secondBubble).toHaveCount(1);
  await expect(providerMessages.getByText(second, { exact: true })).toBeVisible();
  await expect(providerMessages.getByText(second, { exact: true })).toHaveCount(1);

  // Stored once each on the server, and shown once after a fresh load.
  const stored = (await (
    await ok('the thread', await page.request.get(`/api/conversations/${conversation.id}`))
  ).json()) as { messages: { body: string }[] };
  expect(stored.messages.filter((m) => m.body === text)).toHaveLength(1);
  expect(stored.messages.filter((m) => m.body === second)).toHaveLength(1);
  await page.reload();
  await expect(customerMessages.getByText(text, { exact: true })).toHaveCount(1);
  await expect(customerMessages.getByText(second, { exact: true })).toHaveCount(1);

  await providerPage.context().close();
});
