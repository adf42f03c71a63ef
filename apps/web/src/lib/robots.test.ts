import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from './routes.ts';

const robots = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/robots.txt'), 'utf8');
const disallowed = [...robots.matchAll(/^Disallow:\s*(\S+)/gm)].map((m) => m[1] as string);
const blocked = (route: string) => disallowed.some((prefix) => route.startsWith(prefix));
/** A route as a crawler would meet it: parameters filled in. */
const sample = (route: string) => route.replace(/:[a-z]+/gi, 'x');

/** Spec 2's public pages: everything else in ROUTES is signed-in, admin-only or a step of a flow. */
const PUBLIC = new Set<string>([
  ROUTES.home,
  ROUTES.landing,
  ROUTES.search,
  ROUTES.provider,
  ROUTES.category,
  ROUTES.pricing,
  ROUTES.enterpriseInquiry,
  ROUTES.features,
  ROUTES.serviceProviders,
  ROUTES.about,
  ROUTES.privacy,
  ROUTES.terms,
  ROUTES.contact,
  ROUTES.help,
  ROUTES.helpTopic,
  ROUTES.auth,
]);

describe('robots.txt (issue 20)', () => {
  it('lets crawlers reach every public page', () => {
    for (const route of PUBLIC) expect(blocked(sample(route)), route).toBe(false);
  });

  it('keeps crawlers out of the API and of every other page', () => {
    expect(blocked('/api/search')).toBe(true);
    for (const route of Object.values(ROUTES)) {
      if (!PUBLIC.has(route)) expect(blocked(sample(route)), route).toBe(true);
    }
  });
});
