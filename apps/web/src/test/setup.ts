import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The web project runs file after file in one worker and one jsdom window (vitest.config.ts,
// isolate: false). This file runs before each test file and gives it what a process of its own
// gave: our modules evaluated again (module-level state such as the realtime connection, the
// toaster or the auth client starts over; React, jsdom and most packages stay loaded), real timers,
// no stubs left behind, and the window back to a new page's state.
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
window.history.replaceState(null, '', '/');
document.title = '';
document.head.replaceChildren();
document.body.replaceChildren();
for (const element of [document.documentElement, document.body]) {
  for (const name of element.getAttributeNames()) element.removeAttribute(name);
}
window.localStorage.clear();
window.sessionStorage.clear();
// The chosen view lives in a cookie too (features/auth/view-choice.ts): forgotten like storage.
const forgetView = () => {
  document.cookie = 'adwuma_view=; Path=/; Max-Age=0';
};
forgetView();

// A lazy route's first import can take over a second on a busy 2-core machine (CI runs the API
// suites beside these); findBy* waits up to 5 s instead of 1 s. A test that fails still fails.
configure({ asyncUtilTimeout: 5000 });

// Issue 21: a text asked for by a key no English catalog has fails the test that rendered it.
const missingTexts: string[] = [];
const { i18n } = await import('../i18n/index.ts');
i18n.options.saveMissing = true;
i18n.options.missingKeyHandler = (_languages, namespace, key) => {
  missingTexts.push(`${namespace}:${key}`);
};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  forgetView();
  if (missingTexts.length > 0) {
    const keys = missingTexts.splice(0).join(', ');
    throw new Error(`Texts missing from the English catalogs (src/locales/en): ${keys}`);
  }
});

// jsdom has no layout: scrolling is a no-op here (and would otherwise print "Not implemented").
window.scrollTo = (() => {}) as typeof window.scrollTo;
