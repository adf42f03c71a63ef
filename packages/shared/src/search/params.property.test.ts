import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEARCH_SORTS, searchFromParams } from './params.ts';
import { type SearchQuery, searchQuerySchema } from './query.ts';

/**
 * The URL reading of the public search pages (params.ts, without zod) against the server's schema:
 * the same algorithm (parse, drop the fields with an issue, parse again, else the defaults) with
 * searchQuerySchema doing the parsing. For any URL the two must give exactly the same search.
 */
function searchFromParamsWithSchema(params: URLSearchParams): SearchQuery {
  const raw: Record<string, string> = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const parsed = searchQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  for (const key of bad) delete raw[key];
  if (bad.has('lat') || bad.has('lng')) {
    delete raw.lat;
    delete raw.lng;
    if (raw.sort === 'distance') delete raw.sort;
  }
  const retry = searchQuerySchema.safeParse(raw);
  return retry.success ? retry.data : searchQuerySchema.parse({});
}

const KEYS = [
  'q',
  'category',
  'near',
  'lat',
  'lng',
  'radius',
  'min_rating',
  'price_min',
  'price_max',
  'verified',
  'day',
  'sort',
  'page',
] as const;

/** Numbers as a URL may carry them: in and out of every bound, fractions, exponents, hex, junk. */
const numberText = fc.oneof(
  fc.integer({ min: -300, max: 300 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.double({ min: -200, max: 200, noNaN: true }).map((n) => n.toFixed(4)),
  fc.integer({ min: -1, max: 200_000_000 }).map(String),
  fc.constantFrom(
    '0',
    '-0',
    '1',
    '5',
    '6',
    '7',
    '25',
    '100',
    '101',
    '100000000',
    '100000001',
    '1e3',
    '0x10',
    ' ',
    ' 3 ',
    'Infinity',
    '-Infinity',
    'NaN',
    '1.5',
    '9007199254740993',
    '1e21',
    'abc',
  ),
  fc.string({ maxLength: 6 }),
);

const valueFor: Record<(typeof KEYS)[number], fc.Arbitrary<string>> = {
  q: fc.oneof(
    fc.string({ maxLength: 120 }),
    fc.constantFrom('  a  b ', ' ', 'x'.repeat(100), 'x'.repeat(101)),
  ),
  category: fc.oneof(
    fc.stringMatching(/^[a-z0-9-]{1,60}$/),
    fc.string({ maxLength: 70 }),
    fc.constantFrom('Hair', 'a'.repeat(61)),
  ),
  near: fc.oneof(fc.string({ maxLength: 110 }), fc.constant('n'.repeat(101))),
  lat: numberText,
  lng: numberText,
  radius: numberText,
  min_rating: numberText,
  price_min: numberText,
  price_max: numberText,
  verified: fc.oneof(fc.constantFrom('true', 'false', '1', '0', 'yes', 'TRUE'), fc.string({ maxLength: 4 })),
  day: numberText,
  sort: fc.oneof(fc.constantFrom(...SEARCH_SORTS, 'nearest', 'Rating'), fc.string({ maxLength: 8 })),
  page: numberText,
};

/** A URL's parameters: any subset of the search's keys, sometimes empty or repeated, plus noise. */
const urlParams = fc
  .record(
    Object.fromEntries(KEYS.map((key) => [key, fc.option(fc.oneof(valueFor[key], fc.constant('')))])) as {
      [K in (typeof KEYS)[number]]: fc.Arbitrary<string | null>;
    },
  )
  .chain((values) =>
    fc.record({
      values: fc.constant(values),
      extra: fc.array(fc.tuple(fc.constantFrom(...KEYS, 'x'), fc.string({ maxLength: 5 })), { maxLength: 3 }),
    }),
  )
  .map(({ values, extra }) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) if (value !== null) params.append(key, value);
    for (const [key, value] of extra) params.append(key, value);
    return params;
  });

describe('searchFromParams (no zod) gives what the schema gives', () => {
  it('for any URL parameters', () => {
    fc.assert(
      fc.property(urlParams, (params) => {
        expect(searchFromParams(params)).toStrictEqual(searchFromParamsWithSchema(params));
      }),
      { numRuns: 3000 },
    );
  });

  it('for the cases that set the rules apart', () => {
    const cases = [
      'lat=5',
      'lat=5&sort=distance',
      'sort=distance',
      'day=1.5&lat=5',
      'category=A&lat=5',
      'lat=-100&sort=distance&lng=3',
      'lat=x&price_min=5&price_max=1',
      'lat=5&lng=5&price_min=5&price_max=1&page=0',
      'verified=yes&lat=5',
      'q=%20%20a%20%20b%20&radius=%20',
      'price_min=1e3&day=0x3',
      'radius=-Infinity&lat=5',
      'price_min=9007199254740993&lat=5',
      'lat=6.68851234&lng=-1.62449999&sort=distance&page=3',
    ];
    for (const text of cases) {
      const params = new URLSearchParams(text);
      expect(searchFromParams(params), text).toStrictEqual(searchFromParamsWithSchema(params));
    }
  });
});
