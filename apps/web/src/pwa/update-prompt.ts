// Loaded after the app has started (./register.ts): registers the service worker through
// workbox-window and, when a new version is waiting, offers to switch to it.
import { Workbox } from 'workbox-window';
import { documentLanguage, textOf } from '../i18n/index.ts';
import './i18n.ts';

/** How long the prompt stays: until answered (a new version matters more than a toast's few seconds). */
const PROMPT_DURATION = Number.POSITIVE_INFINITY;

export async function startServiceWorker(url: string): Promise<void> {
  const wb = new Workbox(url, { scope: '/' });
  const tellLanguage = () =>
    void wb.messageSW({ type: 'LANGUAGE', language: documentLanguage() }).catch(() => {});
  wb.addEventListener('activated', tellLanguage);
  wb.addEventListener('controlling', tellLanguage);
  wb.addEventListener('waiting', () => {
    void showUpdatePrompt(() => {
      // Reload once the new worker controls the page, so page and worker are the same version.
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  await wb.register();
  tellLanguage();
  // The page's language can change without a reload (the switch): the offline page follows it.
  new MutationObserver(tellLanguage).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['lang'],
  });
}

async function showUpdatePrompt(refresh: () => void): Promise<void> {
  const { toast } = await import('sonner');
  const t = textOf('pwa');
  toast(t('update.ready'), {
    id: 'adwuma-update',
    duration: PROMPT_DURATION,
    action: { label: t('update.refresh'), onClick: refresh },
  });
}
