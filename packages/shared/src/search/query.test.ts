import { describe, expect, it } from 'vitest';
import { effectiveSort, SEARCH_MESSAGES, searchFromParams, searchToParams } from './params.ts';
import { searchQuerySchema } from './query.ts';

const issues = (input: Record<string, unknown>) => {
  const r = searchQuerySchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('search query bounds', () => {
  it('accepts a full search from URL strings', () => {
    const q = searchQuerySchema.parse({
      q: '  knotless   braids ',
      category: 'hair-braiding',
      lat: '6.6885',
      lng: '-1.6244',
      radius: '10',
      min_rating: '4',
      price_min: '5000',
      price_max: '20000',
      verified: 'true',
      day: '6',
      sort: 'distance',
      page: '2',
    });
    expect(q).toMatchObject({
      q: 'knotless braids',
      radius: 10,
      verified: true,
      day: 6,
      page: 2,
      lat: 6.6885,
    });
  });

  it('defaults: radius 25 km, page 1', () => {
    expect(searchQuerySchema.parse({})).toEqual({ radius: 25, page: 1 });
  });

  it('refuses out-of-range radius, page, price, rating, day and coordinates with clear messages', () => {
    expect(issues({ radius: 0 })).toEqual([SEARCH_MESSAGES.radius]);
    expect(issues({ radius: 5000 })).toEqual([SEARCH_MESSAGES.radius]);
    expect(issues({ page: 0 })).toEqual([SEARCH_MESSAGES.page]);
    expect(issues({ page: 101 })).toEqual([SEARCH_MESSAGES.page]);
    expect(issues({ price_min: -1 })).toEqual([SEARCH_MESSAGES.price]);
    expect(issues({ price_min: 1.5 })).toEqual([SEARCH_MESSAGES.price]);
    expect(issues({ min_rating: 6 })).toEqual([SEARCH_MESSAGES.rating]);
    expect(issues({ day: 7 })).toEqual([SEARCH_MESSAGES.day]);
    expect(issues({ lat: 91, lng: 0 })).toEqual([SEARCH_MESSAGES.lat]);
    expect(issues({ lat: 5 })).toEqual([SEARCH_MESSAGES.bothCoordinates]);
    expect(issues({ price_min: 500, price_max: 100 })).toEqual([SEARCH_MESSAGES.priceOrder]);
    expect(issues({ sort: 'distance' })).toEqual([SEARCH_MESSAGES.distanceNeedsPlace]);
    expect(issues({ radius: 'abc' })).toEqual([SEARCH_MESSAGES.radius]);
  });

  it('refuses 5,000-character queries and odd category slugs, keeps SQL and regex characters as plain text', () => {
    expect(issues({ q: 'x'.repeat(5000) })).toEqual([SEARCH_MESSAGES.qTooLong]);
    expect(issues({ category: "hair'; drop table" })).toEqual([SEARCH_MESSAGES.category]);
    expect(searchQuerySchema.parse({ q: "' OR 1=1 -- .*[(" }).q).toBe("' OR 1=1 -- .*[(");
  });
});

describe('sort', () => {
  it('is the one asked for, else relevance with text, distance with a place, else rating', () => {
    expect(effectiveSort({ sort: 'price', q: 'x', lat: 1 })).toBe('price');
    expect(effectiveSort({ q: 'braids', lat: 1 })).toBe('relevance');
    expect(effectiveSort({ lat: 5.6 })).toBe('distance');
    expect(effectiveSort({})).toBe('rating');
  });
});

describe('search in the URL', () => {
  it('round-trips, in a fixed order without defaults', () => {
    const params = searchToParams({
      page: 1,
      radius: 25,
      category: 'plumbing',
      q: 'leak',
      lat: 6.68851234,
      lng: -1.6244,
      verified: true,
    });
    expect(params.toString()).toBe('q=leak&category=plumbing&lat=6.6885&lng=-1.6244&verified=true');
    expect(searchFromParams(params)).toMatchObject({
      q: 'leak',
      category: 'plumbing',
      lat: 6.6885,
      lng: -1.6244,
      verified: true,
    });
  });

  it('drops invalid values from a hand-edited URL instead of failing', () => {
    const q = searchFromParams(
      new URLSearchParams('q=tutor&radius=9999&page=-3&lat=abc&lng=2&sort=distance'),
    );
    expect(q).toEqual({ q: 'tutor', radius: 25, page: 1 });
  });
});
