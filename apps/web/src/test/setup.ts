import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A lazy route's first import can take over a second on a busy 2-core machine (CI runs the API
// suites beside these); findBy* waits up to 5 s instead of 1 s. A test that fails still fails.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom has no layout: scrolling is a no-op here (and would otherwise print "Not implemented").
window.scrollTo = (() => {}) as typeof window.scrollTo;
