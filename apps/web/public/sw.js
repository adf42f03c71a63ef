/*
 * Adwuma's service worker (issue 9): shows push notifications and opens their page when clicked.
 * No caching and no fetch handler: the app always loads from the network.
 * Payload: { title, body, link, kind, id }.
 */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Adwuma';
  const options = {
    body: data.body || '',
    icon: '/favicon.svg',
    badge: '/favicon.svg',
    data: { link: data.link || '/dashboard', kind: data.kind || null, id: data.id || null },
  };
  if (data.id) {
    options.tag = String(data.id);
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = event.notification.data?.link || '/dashboard';
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
