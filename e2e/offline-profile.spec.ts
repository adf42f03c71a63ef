// Issue 21: an installable app that survives bad networks. With the service worker in control, a
// provider profile read online shows again offline, /search opens from the app shell, and a page
// never opened gets the offline page instead of the browser's error.
import { expect, type Page, test } from './test.ts';

// The service worker is what these specs are about (the others block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

async function firstProvider(page: Page): Promise<{ slug: string; name: string }> {
  const res = await page.request.get('/api/search');
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: { slug: string; name: string }[] };
  expect(items.length).toBeGreaterThan(0);
  return items[0]!;
}

/** Waits until the service worker controls the page and has saved the page itself. */
async function waitForOfflineCopy(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 20_000,
  });
  await page.waitForFunction(async () => Boolean(await caches.match(window.location.href)), undefined, {
    timeout: 20_000,
  });
}

test('a profile read online shows offline; /search opens from the app shell; a new page gets the offline page', async ({
  page,
  context,
}) => {
  // The first visit installs the worker and downloads its precache: slower than a page.
  test.slow();
  const provider = await firstProvider(page);

  // The manifest is linked and served as a web app manifest.
  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText('Find providers');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const body = (await manifest.json()) as { name: string; display: string; icons: { purpose?: string }[] };
  expect(body).toMatchObject({ name: 'Adwuma', display: 'standalone' });
  expect(body.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  await page.goto(`/providers/${provider.slug}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(provider.name);
  await waitForOfflineCopy(page);

  await context.setOffline(true);

  // The profile, reloaded without a network: the saved copy, and the app takes it over.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(provider.name);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

  // /search offline: the app shell renders the search page.
  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText('Find providers');

  // A page never opened on this device: the offline page, with a way back.
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/help');

  // Back online, "Try again" opens the page itself.
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText('How can we help?');
});

test('the offline page follows the language cookie (Twi)', async ({ page, context }) => {
  await page.goto('/search');
  await waitForOfflineCopy(page);
  await context.addCookies([{ name: 'adwuma_lang', value: 'ak', url: page.url() }]);
  await context.setOffline(true);
  await page.goto('/pricing');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ak-GH');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wonni intanɛt mprempren');
});

test('the merged worker still shows push notifications (issue 9)', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/search');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 20_000,
  });
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const payload = {
    title: 'Booking confirmed',
    body: 'Ama confirmed Saturday.',
    link: '/schedule',
    id: 'n-1',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL as string,
    registrationId: await registration,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return (await reg.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data,
        }));
      }),
    )
    .toEqual([
      {
        title: 'Booking confirmed',
        body: 'Ama confirmed Saturday.',
        tag: 'n-1',
        data: { link: '/schedule', kind: null, id: 'n-1' },
      },
    ]);
});

test('signing out drops the person’s offline copies', async ({ page }) => {
  await page.goto('/search');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 20_000,
  });
  await page.evaluate(async () => {
    const cache = await caches.open('adwuma-api-user');
    await cache.put('/api/bookings', new Response('{"items":[]}'));
  });
  expect(await page.evaluate(() => caches.has('adwuma-api-user'))).toBe(true);
  // Through the worker, as the app's sign-out does.
  await page.evaluate(() => fetch('/api/auth/sign-out', { method: 'POST', body: '{}' }).catch(() => null));
  await expect.poll(() => page.evaluate(() => caches.has('adwuma-api-user'))).toBe(false);
  // Public copies stay (the same for everyone).
  expect(
    await page.evaluate(async () => (await caches.keys()).some((n) => n.startsWith('workbox-precache'))),
  ).toBe(true);
});
