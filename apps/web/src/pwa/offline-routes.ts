// Which pages the service worker (./sw.ts) answers offline, and from where: shared with its tests.

/** The caches the service worker fills at run time (the precache is workbox's own). */
export const CACHES = {
  /** Navigations (network first): the last copy of each page opened, public or not. */
  pages: 'adwuma-pages',
  /** Public API answers a visitor may read offline: provider profiles. */
  publicApi: 'adwuma-api-public',
  /** The signed-in person's own API answers: bookings and conversations. Cleared on sign-in/out. */
  userApi: 'adwuma-api-user',
  images: 'adwuma-images',
  /** Code chunks not in the precache, kept once used (their names carry their hash). */
  assets: 'adwuma-assets',
} as const;

/** Caches holding one person's data: emptied whenever who is signed in may change. */
export const USER_CACHES: readonly string[] = [CACHES.pages, CACHES.userApi];

/**
 * App pages that work offline from the app shell even when never opened on this device: the app
 * renders them in the browser from the cached API answers (or shows its own empty states).
 * Any other page not cached gets the offline page.
 */
const SHELL_ROUTES: readonly RegExp[] = [
  /^\/search\/?$/,
  /^\/dashboard\/?$/,
  /^\/schedule\/?$/,
  /^\/bookings\/[^/]+\/?$/,
  /^\/messaging(?:\/.*)?$/,
];

export function servedByShell(pathname: string): boolean {
  return SHELL_ROUTES.some((route) => route.test(pathname));
}

/** Public API GETs cached network-first: a provider's profile. */
export function isPublicApi(pathname: string): boolean {
  return /^\/api\/providers\/[^/]+\/?$/.test(pathname);
}

/** The signed-in person's API GETs cached network-first: bookings, conversations and messages. */
export function isUserApi(pathname: string): boolean {
  return /^\/api\/(?:bookings|conversations)(?:\/[^/]+)?\/?$/.test(pathname);
}

/** Never cached, whatever a pattern above says: who is signed in. */
export function isPrivateApi(pathname: string): boolean {
  return /^\/api\/(?:auth(?:\/|$)|session\/?$|me(?:\/|$))/.test(pathname);
}

/** An auth call after which another person may be signed in (sign-in, sign-up, sign-out, code checks). */
export function changesWhoIsSignedIn(pathname: string): boolean {
  return pathname.startsWith('/api/auth/') && /sign-(?:in|up|out)|verify|revoke/.test(pathname);
}
