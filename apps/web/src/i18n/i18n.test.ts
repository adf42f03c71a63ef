import { LANGUAGE_COOKIE, pluralCategory } from '@adwuma/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { defineNamespace, documentLanguage, i18n, rememberedLanguage, setLanguage, textOf } from './index.ts';

const english = { reviews_one: '{{count}} review', reviews_other: '{{count}} reviews', hello: 'Hello' };
const twi = { reviews_one: 'nsɛm {{count}}', reviews_other: 'nsɛm ahodoɔ {{count}}', hello: 'Agoo' };
defineNamespace('i18n-test', english);
i18n.addResourceBundle('ak', 'i18n-test', twi, true, true);

afterEach(async () => {
  await i18n.changeLanguage('en');
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
});

describe('the app’s languages (issue 21)', () => {
  it('answers English by default, with English plural forms', () => {
    const t = textOf('i18n-test');
    expect(t('hello')).toBe('Hello');
    expect(t('reviews', { count: 1 })).toBe('1 review');
    expect(t('reviews', { count: 0 })).toBe('0 reviews');
  });

  it('switches at once, remembers the device’s choice and marks the page', async () => {
    await setLanguage('ak');
    expect(textOf('i18n-test')('hello')).toBe('Agoo');
    expect(document.documentElement.lang).toBe('ak-GH');
    expect(documentLanguage()).toBe('ak');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=ak`);
    expect(rememberedLanguage()).toBe('ak');
  });

  it('chooses Twi plural forms by CLDR’s rule (0 and 1 are "one"), as the shared rule says', async () => {
    await setLanguage('ak');
    const t = textOf('i18n-test');
    for (const count of [0, 1, 2, 7]) {
      const form = pluralCategory(count, 'ak');
      expect(t('reviews', { count })).toBe(twi[`reviews_${form}`].replace('{{count}}', String(count)));
    }
  });

  it('falls back to English for a text Twi does not have yet', async () => {
    defineNamespace('i18n-test-2', { only: 'Only in English' });
    await setLanguage('ak');
    expect(textOf('i18n-test-2')('only')).toBe('Only in English');
  });
});
