// Which built files the service worker precaches (vite.config.ts, injectManifest's manifestTransforms):
// the app's start and the pages a person opens offline, not every page of the app. On prepaid data
// the first visit should not download the admin panel's charts or the map: a chunk not listed here
// is kept by the worker once used (cache first, its name carries its hash).

export type BuildManifest = Record<
  string,
  {
    file: string;
    src?: string;
    isEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
    css?: string[];
  }
>;

/** The pages readable offline (src/pwa/offline-routes.ts) and what the app loads on every page. */
export const OFFLINE_MODULES: readonly string[] = [
  'src/features/search/search-page.tsx',
  'src/features/providers/provider-profile-page.tsx',
  'src/features/dashboard/dashboard-page.tsx',
  'src/features/bookings/schedule-page.tsx',
  'src/features/bookings/booking-page.tsx',
  'src/features/messaging/messaging-page.tsx',
  // Twi's catalogs, loaded before the first render for Twi readers.
  'src/i18n/twi.ts',
  // The update prompt and the toasts it shows with.
  'src/pwa/update-prompt.ts',
];

/**
 * Not followed from a lazy import: another page of the router (only the offline ones are
 * precached), the maps (Leaflet: drawn only when asked for) and the admin panel's charts.
 */
const notPrecached = (key: string) => /-page\.tsx$|[\\/]dev[\\/]|[\\/]map[\\/]|-map\.tsx$|charts/.test(key);

/** The files (relative to the build folder) to precache, from Vite's build manifest. */
export function precacheFiles(manifest: BuildManifest, entry = 'index.html'): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, followLazy: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported, followLazy);
    // What a chunk loads later on its own (a lazily drawn part of a page), but never another page.
    if (followLazy)
      for (const lazy of chunk.dynamicImports ?? []) if (!notPrecached(lazy)) visit(lazy, false);
  };
  visit(entry, true);
  for (const key of OFFLINE_MODULES) visit(key, true);
  return files;
}
