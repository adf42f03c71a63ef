import { defineNamespace } from '../i18n/index.ts';
import en from '../locales/en/pwa.json';

/** The PWA's texts (the update prompt); the service worker's offline page reads the same catalogs. */
export const usePwaText = defineNamespace('pwa', en);
