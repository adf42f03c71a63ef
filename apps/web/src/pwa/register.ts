// Starts the service worker (./sw.ts, served at /sw.js) once the page has loaded: the worker and the
// update prompt's code (workbox-window) are a dynamic import, never in the first download.
// src/app/main.tsx calls registerServiceWorker() after the first render.

export const SERVICE_WORKER_URL = '/sw.js';

/** Registers /sw.js after the load event (production builds only; tests and dev run without it). */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') return;
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () => {
    import('./update-prompt.ts')
      .then(({ startServiceWorker }) => startServiceWorker(SERVICE_WORKER_URL))
      .catch(() => {
        // Offline before the chunk was cached, or no service worker allowed: the app works without.
      });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Drops the signed-in person's offline copies (bookings, conversations, pages): after a sign-out. */
export function clearOfflineData(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: 'CLEAR_USER_DATA' });
}
