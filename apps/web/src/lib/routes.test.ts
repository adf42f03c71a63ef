import { describe, expect, it } from 'vitest';
import {
  authPath,
  buildPath,
  isDocumentPath,
  isExternalHref,
  PROVIDER_SIGNUP_PATH,
  ROUTES,
} from './routes.ts';

describe('route table', () => {
  it('fills parameters, encoded, and appends the defined query values', () => {
    expect(buildPath(ROUTES.helpTopic, { topic: 'a b/c' })).toBe('/help/a%20b%2Fc');
    expect(buildPath(ROUTES.search, undefined, { view: 'categories', q: '' })).toBe(
      '/search?view=categories',
    );
    expect(buildPath(ROUTES.pricing)).toBe('/pricing');
  });

  it('builds the auth paths of spec 2', () => {
    expect(PROVIDER_SIGNUP_PATH).toBe('/auth?mode=signup&intent=provider');
    expect(authPath({ returnTo: '/jobs?focus=search' })).toBe('/auth?returnTo=%2Fjobs%3Ffocus%3Dsearch');
  });

  it('knows which pages are served outside the app', () => {
    expect(isDocumentPath('/landing')).toBe(true);
    expect(isDocumentPath('/landing#waitlist')).toBe(true);
    expect(isDocumentPath('/')).toBe(true);
    expect(isDocumentPath('/pricing')).toBe(false);
    expect(isExternalHref('https://wa.me/233')).toBe(true);
    expect(isExternalHref('mailto:hello@adwuma.com.gh')).toBe(true);
    expect(isExternalHref('/help')).toBe(false);
  });
});
