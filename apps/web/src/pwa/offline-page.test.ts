import { describe, expect, it } from 'vitest';
import ak from '../locales/ak/pwa.json';
import en from '../locales/en/pwa.json';
import { offlinePageHtml } from './offline-page.ts';

describe('offlinePageHtml', () => {
  it('speaks the person’s language and links back to the page asked for, escaped', () => {
    const english = offlinePageHtml('en', '/help?q="x"<');
    expect(english).toContain('<html lang="en-GH">');
    expect(english).toContain(`<h1>${en.offline.title}</h1>`);
    expect(english).toContain('href="/help?q=&quot;x&quot;&lt;"');
    const twi = offlinePageHtml('ak', '/help');
    expect(twi).toContain('<html lang="ak-GH">');
    expect(twi).toContain(`<h1>${ak.offline.title}</h1>`);
    expect(twi).not.toContain('<script');
  });
});
