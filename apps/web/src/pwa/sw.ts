/// <reference lib="webworker" />
// Adwuma's service worker, served at /sw.js (built from this file by vite-plugin-pwa, injectManifest).
// - Push notifications (issue 9): shows them and opens their page when clicked. Unchanged.
// - Issue 21, an app that survives bad networks: the built code is precached; pages are fetched
//   network first and kept, so a page opened before shows offline; app pages never opened get the
//   app shell, anything else the offline page. The API answers a person needs offline (provider
//   profiles, their bookings and conversations) are network first with a short timeout; images
//   cache first. Who is signed in is never cached, and the person's data is dropped when that may
//   change (sign-in, sign-out) or when the page asks (CLEAR_USER_DATA).
// - A new version waits until the page says SKIP_WAITING (the update prompt, ./update-prompt.ts).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { type OfflineLanguage, offlinePageHtml } from './offline-page.ts';
import {
  CACHES,
  changesWhoIsSignedIn,
  isPrivateApi,
  isPublicApi,
  isUserApi,
  servedByShell,
  USER_CACHES,
} from './offline-routes.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  cookieStore?: { get(name: string): Promise<{ value: string } | null> };
};

/** The app shell: index.html as the server sends it for a page rendered in the browser. */
const SHELL_URL = '/index.html';
const DAY = 24 * 60 * 60;
// Pages vary by Cookie for shared caches (a signed-in copy is never shared); this cache is one
// person's, emptied when who is signed in changes: a copy matches whatever the cookies.
const matchOptions: CacheQueryOptions = { ignoreVary: true };

// A worker replacing the push-only one (issue 9, no caches) has nothing to keep consistent with the
// open pages: it takes over at once. Later versions wait for the update prompt.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      if (!names.some((name) => name.startsWith('workbox-precache'))) await self.skipWaiting();
    })(),
  );
});
clientsClaim();
cleanupOutdatedCaches();

// The pages open when the worker first starts were loaded before it: saved now, so the profile a
// person is reading works offline from the first visit on (once per page; public pages as anyone sees them).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHES.pages);
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      await Promise.all(
        windows.map(async ({ url }) => {
          if (new URL(url).origin !== self.location.origin || (await cache.match(url, matchOptions))) return;
          try {
            const response = await fetch(url, { credentials: 'same-origin', mode: 'same-origin' });
            if (response.status === 200 && !response.redirected) await cache.put(url, response);
          } catch {
            // offline already: nothing to save
          }
        }),
      );
    })(),
  );
});
precacheAndRoute(self.__WB_MANIFEST);

let pageLanguage: OfflineLanguage | null = null;

async function clearUserData(): Promise<void> {
  await Promise.all(USER_CACHES.map((name) => caches.delete(name)));
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; language?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  else if (data?.type === 'LANGUAGE') pageLanguage = data.language === 'ak' ? 'ak' : 'en';
  else if (data?.type === 'CLEAR_USER_DATA') event.waitUntil(clearUserData());
});

/** The adwuma_lang cookie where the browser lets a worker read it, else what the page last said. */
async function language(): Promise<OfflineLanguage> {
  try {
    const cookie = await self.cookieStore?.get('adwuma_lang');
    if (cookie?.value === 'ak' || cookie?.value === 'en') return cookie.value;
  } catch {
    // no cookie store
  }
  return pageLanguage ?? 'en';
}

async function offlinePage(url: URL): Promise<Response> {
  const html = offlinePageHtml(await language(), url.pathname + url.search);
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

// No network timeout: a slow answer is still the current one (a stale booking or message list
// misleads); offline, the fetch fails at once and the saved copy answers.
const pages = new NetworkFirst({
  cacheName: CACHES.pages,
  matchOptions,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 14 * DAY }),
  ],
});

registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        // Known to be offline: the saved copy at once, without waiting for the network to fail.
        if (self.navigator.onLine === false) {
          const saved = await caches.match(options.request, { ...matchOptions, cacheName: CACHES.pages });
          if (saved) return saved;
        }
        return await pages.handle(options);
      } catch {
        // No network and no copy of this page: the app shell renders the app's own pages.
        if (servedByShell(options.url.pathname)) {
          const shell = await matchPrecache(SHELL_URL);
          if (shell) return shell;
        }
        return offlinePage(options.url);
      }
    },
    { denylist: [/^\/api(?:\/|$)/] },
  ),
);

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ url }) => sameOrigin(url) && isPublicApi(url.pathname) && !isPrivateApi(url.pathname),
  new NetworkFirst({
    cacheName: CACHES.publicApi,
    matchOptions,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 14 * DAY }),
    ],
  }),
);

registerRoute(
  ({ url }) => sameOrigin(url) && isUserApi(url.pathname) && !isPrivateApi(url.pathname),
  new NetworkFirst({
    cacheName: CACHES.userApi,
    matchOptions,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * DAY }),
    ],
  }),
);

registerRoute(
  ({ url, request }) =>
    sameOrigin(url) && request.destination === 'image' && !url.pathname.startsWith('/api/'),
  new CacheFirst({
    cacheName: CACHES.images,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: CACHES.assets,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

// Sign-in, sign-up and sign-out go to the network as always; the person's cached data goes with them.
registerRoute(
  ({ url }) => sameOrigin(url) && changesWhoIsSignedIn(url.pathname),
  async ({ request, event }) => {
    const response = await fetch(request);
    (event as ExtendableEvent).waitUntil(clearUserData());
    return response;
  },
  'POST',
);

// ---- Push notifications (issue 9). Payload: { title, body, link, kind, id }. ----

interface PushPayload {
  title?: string;
  body?: string;
  link?: string;
  kind?: string;
  id?: string | number;
}

self.addEventListener('push', (event) => {
  let data: PushPayload = {};
  try {
    data = event.data ? (event.data.json() as PushPayload) : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Adwuma';
  const options: NotificationOptions = {
    body: data.body || '',
    icon: '/favicon.svg',
    badge: '/favicon.svg',
    data: { link: data.link || '/dashboard', kind: data.kind || null, id: data.id || null },
  };
  if (data.id) options.tag = String(data.id);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link: string = event.notification.data?.link || '/dashboard';
  const target = new URL(link, self.location.origin);
  // Only our own pages are opened.
  const href = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (ours) {
        await ours.focus();
        if ('navigate' in ours) {
          try {
            await ours.navigate(href);
            return;
          } catch {
            // An uncontrolled tab cannot be navigated by the worker: tell the page instead.
          }
        }
        ours.postMessage({ type: 'navigate', link: target.pathname + target.search + target.hash });
        return;
      }
      await self.clients.openWindow(href);
    })(),
  );
});
