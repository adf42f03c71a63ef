import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom has no layout: scrolling is a no-op here (and would otherwise print "Not implemented").
window.scrollTo = (() => {}) as typeof window.scrollTo;
