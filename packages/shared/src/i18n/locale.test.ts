import { describe, expect, it } from 'vitest';
import { formatMoney } from '../money.ts';
import {
  formatCount,
  formatDate,
  isLanguage,
  languageFromAcceptLanguage,
  languageFromTag,
  pluralCategory,
  resolveLanguage,
} from './locale.ts';

// Wednesday 25 November 2026, 14:05 in Accra (UTC+0).
const WED = new Date(Date.UTC(2026, 10, 25, 14, 5));

describe('languages (issue 21)', () => {
  it('knows English and Twi only', () => {
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('ak')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });

  it('reads Twi from ak, tw or twi tags', () => {
    expect(languageFromTag('ak-GH')).toBe('ak');
    expect(languageFromTag('tw')).toBe('ak');
    expect(languageFromTag('TWI')).toBe('ak');
    expect(languageFromTag('en_US')).toBe('en');
    expect(languageFromTag('fr-FR')).toBeNull();
  });

  it('takes the supported language with the highest q from Accept-Language', () => {
    expect(languageFromAcceptLanguage('ak-GH,ak;q=0.9,en;q=0.8')).toBe('ak');
    expect(languageFromAcceptLanguage('en-GB,en;q=0.9,ak;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage('fr-FR, ak;q=0.5')).toBe('ak');
    expect(languageFromAcceptLanguage('fr-FR,de;q=0.5')).toBe('en');
    expect(languageFromAcceptLanguage('ak;q=0')).toBe('en');
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
  });

  it('prefers the device’s choice, then the account’s, then the browser’s', () => {
    expect(resolveLanguage({ cookie: 'ak', account: 'en', acceptLanguage: 'en' })).toBe('ak');
    expect(resolveLanguage({ cookie: 'xx', account: 'ak', acceptLanguage: 'en' })).toBe('ak');
    expect(resolveLanguage({ acceptLanguage: 'tw' })).toBe('ak');
    expect(resolveLanguage({})).toBe('en');
  });
});

describe('formatting per locale (issue 21)', () => {
  it('writes dates in English (en-GH)', () => {
    expect(formatDate(WED, 'en', 'day')).toBe('25 November 2026');
    expect(formatDate(WED, 'en', 'short-day')).toBe('25 Nov 2026');
    expect(formatDate(WED, 'en', 'moment')).toBe('Wed 25 Nov, 14:05');
    expect(formatDate(WED, 'en', 'weekday-day')).toBe('Wednesday 25 November');
    expect(formatDate(WED, 'en', 'time')).toBe('14:05');
  });

  it('writes dates in Twi (ak-GH) with the Akan month and day names', () => {
    expect(formatDate(WED, 'ak', 'day')).toBe('Obubuo 25, 2026');
    expect(formatDate(WED, 'ak', 'short-day')).toBe('Obu 25, 2026');
    expect(formatDate(WED, 'ak', 'moment')).toBe('Wuk, Obu 25, 14:05');
    expect(formatDate(WED, 'ak', 'weekday-day')).toBe('Wukuada, Obubuo 25');
    expect(formatDate('2026-01-04T08:00:00Z', 'ak', 'weekday-day')).toBe('Kwasiada, Ɔpɛpɔn 4');
  });

  it('refuses a date that is not one', () => {
    expect(() => formatDate('not a date', 'en')).toThrow(/valid date/);
  });

  it('writes cedis the same way in both languages', () => {
    expect(formatMoney(125050, 'GHS')).toBe('GH₵ 1,250.50');
    expect(formatMoney(8000, 'GHS', { compact: true })).toBe('GH₵ 80');
    expect(formatCount(1250)).toBe('1,250');
  });

  it('chooses plural forms by CLDR rules: Twi treats 0 like 1', () => {
    expect(pluralCategory(1, 'en')).toBe('one');
    expect(pluralCategory(0, 'en')).toBe('other');
    expect(pluralCategory(2, 'en')).toBe('other');
    expect(pluralCategory(0, 'ak')).toBe('one');
    expect(pluralCategory(1, 'ak')).toBe('one');
    expect(pluralCategory(2, 'ak')).toBe('other');
  });
});
