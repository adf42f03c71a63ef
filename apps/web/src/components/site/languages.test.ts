import { LANGUAGE_COOKIE, LANGUAGE_NAMES, LANGUAGE_TAGS, LANGUAGES, languageFromTag } from '@adwuma/shared';
import { describe, expect, it } from 'vitest';
import {
  pageLanguage,
  SITE_LANGUAGE_COOKIE,
  SITE_LANGUAGE_NAMES,
  SITE_LANGUAGE_TAGS,
  SITE_LANGUAGES,
} from './languages.ts';

describe("the chrome's copy of the language facts", () => {
  it('equals the shared ones', () => {
    expect(SITE_LANGUAGES).toEqual(LANGUAGES);
    expect(SITE_LANGUAGE_NAMES).toEqual(LANGUAGE_NAMES);
    expect(SITE_LANGUAGE_TAGS).toEqual(LANGUAGE_TAGS);
    expect(SITE_LANGUAGE_COOKIE).toBe(LANGUAGE_COOKIE);
  });

  it('reads a page language as the shared languageFromTag does (English when unknown)', () => {
    for (const tag of ['ak-GH', 'ak', 'AK', 'tw', 'twi', 'en-GH', 'en', 'fr-FR', '', 'akan', 'tw-x']) {
      expect(pageLanguage(tag), tag).toBe(languageFromTag(tag) ?? 'en');
    }
    expect(pageLanguage(undefined)).toBe('en');
  });
});
