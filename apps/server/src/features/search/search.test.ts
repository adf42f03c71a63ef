import {
  categoryProvidersResponseSchema,
  codeFromSlug,
  directoryResponseSchema,
  distanceKm,
  providerSlug,
  SEARCH_MESSAGES,
  searchResponseSchema,
} from '@adwuma/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedProvider } from '../../db/demo-seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { call, PLACES, provider, seedProviders, service } from '../../test/providers.ts';
import { buildListSql } from './search-sql.ts';

/**
 * GET /api/search, /api/directory and /api/categories/:slug/providers over a known set of providers
 * (written straight to the database by the seed helper): every filter and sort, combined, and bad input.
 */
describe('provider search', () => {
  let t: TestApp;
  let customer: TestUser;
  const P: Record<string, SeedProvider> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const kumasiBantama = { ...PLACES.kumasi, latitude: 6.7053, longitude: -1.6359 };
    Object.assign(P, {
      kwame: provider('Kwame Mensah', PLACES.accra, {
        services: [service('plumbing', 'Leak repair', 150)],
        rating: 4.8,
        total_reviews: 40,
        verified: true,
        week: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '08:00', closes: '17:00' })),
      }),
      ama: provider('Ama Owusu', PLACES.kumasi, {
        services: [service('hair-braiding', 'Knotless braids', 250, { price_type: 'from' })],
        rating: 4.5,
        total_reviews: 12,
        week: [0, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '09:00', closes: '18:00' })),
      }),
      yaw: provider(
        'Yaw Boateng',
        { ...PLACES.kumasi, latitude: 6.67, longitude: -1.61 },
        {
          services: [service('plumbing', 'Water tank installation', 600, { price_type: 'from' })],
          rating: 3.9,
          total_reviews: 5,
          verified: true,
        },
      ),
      abena: provider('Abena Asante', PLACES.tema, {
        services: [service('house-cleaning', 'Deep cleaning', 450, { price_type: 'from' })],
        rating: 4.2,
        total_reviews: 8,
        verified: true,
        week: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '08:00', closes: '16:00' })),
      }),
      fuseini: provider('Fuseini Alhassan', PLACES.tamale, {
        services: [service('electrical', 'Socket and switch repair', 120)],
        week: null,
      }),
      efua: provider('Efua Quaye', PLACES.accra, {
        services: [
          service('hair-braiding', 'Cornrows', 80),
          service('makeup', 'Bridal makeup', 1500, { price_type: 'from' }),
        ],
        rating: 4.9,
        total_reviews: 60,
        verified: true,
        week: [{ weekday: 6, opens: '07:00', closes: '15:00' }],
      }),
      kojo: provider('Kojo Darko', kumasiBantama, {
        services: [service('plumbing', 'Bathroom fittings', 300, { status: 'draft' })],
        categories: ['plumbing'],
        rating: 4,
        total_reviews: 2,
      }),
      ghost: provider('Plumbing Ghost', PLACES.accra, {
        services: [service('plumbing', 'Pipe repair', 100)],
        onboarding_completed: false,
        rating: 5,
        total_reviews: 99,
      }),
      esi: provider('Esi Appiah', PLACES.accra, {
        services: [service('tutoring-jhs-shs', 'WASSCE core maths', 120, { price_type: 'hourly' })],
        bio: 'Patient maths teacher for BECE and WASSCE candidates in Dansoman.',
        rating: 4.6,
        total_reviews: 20,
      }),
    });
    // 25 launderers in Wa for paging.
    const fillers = Array.from({ length: 25 }, (_, i) =>
      provider(`Launderer ${String(i + 1).padStart(2, '0')}`, PLACES.wa, {
        services: [service('laundry', 'Wash and iron', 50 + i)],
        rating: 3 + (i % 10) / 10,
        total_reviews: i,
      }),
    );
    await seedProviders(t, [...Object.values(P), ...fillers]);
    customer = await signUp(t, { name: 'Akosua Customer' });
  });
  afterAll(() => t.close());

  const search = async (params: string, cookie?: string) => {
    const res = await call(t, 'GET', `/api/search?${params}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    searchResponseSchema.parse(body);
    return body as ReturnType<typeof searchResponseSchema.parse>;
  };
  const names = (body: { items: { name: string }[] }) => body.items.map((i) => i.name);
  const nameSet = (body: { items: { name: string }[] }) => new Set(names(body));
  const bad = async (params: string) => {
    const res = await call(t, 'GET', `/api/search?${params}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    return res.json().error as { message: string; details: { fields: { field: string; message: string }[] } };
  };
  const NOT_FILLER = (n: string) => !n.startsWith('Launderer');

  it('lists only providers past core onboarding, with cards the web can draw', async () => {
    const body = await search('category=plumbing');
    expect(nameSet(body)).toEqual(new Set(['Kwame Mensah', 'Yaw Boateng', 'Kojo Darko']));
    const kwame = body.items.find((i) => i.name === 'Kwame Mensah')!;
    expect(kwame).toMatchObject({
      provider_id: P.kwame!.id,
      city: 'Accra',
      region: 'Greater Accra',
      verified: true,
      rating: 4.8,
      total_reviews: 40,
      min_price_minor: 15000,
      price_type: 'fixed',
      currency: 'GHS',
      distance_km: null,
      categories: ['plumbing'],
      response_time_minutes: null,
    });
    expect(kwame.slug).toBe(providerSlug('Kwame Mensah', codeFromSlug(kwame.slug)!));
    expect(kwame.latitude).toBeCloseTo(5.556, 3);
    expect(kwame).not.toHaveProperty('favorited');
    // A provider without a published service is listed without a price.
    expect(body.items.find((i) => i.name === 'Kojo Darko')).toMatchObject({
      min_price_minor: null,
      price_type: null,
    });
    expect(body).toMatchObject({ total: 3, total_capped: false, page: 1, pageSize: 20, sort: 'rating' });
  });

  it('finds text with typos, in names, services, categories and bios', async () => {
    expect(nameSet(await search('q=plumbr'))).toEqual(new Set(['Kwame Mensah', 'Yaw Boateng', 'Kojo Darko']));
    expect(names(await search('q=kwame'))).toEqual(['Kwame Mensah']);
    expect(names(await search('q=knotles+braid'))).toEqual(['Ama Owusu']);
    expect(names(await search('q=Dansoman%20maths'))).toEqual(['Esi Appiah']);
    expect(names(await search('q=bridal'))).toEqual(['Efua Quaye']);
    const relevance = await search('q=braids');
    expect(relevance.sort).toBe('relevance');
    // Both braid: Ama's "Knotless braids" matches the word exactly, Efua's "Hair braiding" closely.
    expect(names(relevance)).toEqual(['Ama Owusu', 'Efua Quaye']);
    expect((await search('q=zzqxv')).items).toEqual([]);
  });

  it('searches near a place within a radius, nearest first, with the distance', async () => {
    const kumasi = await search(`lat=${PLACES.kumasi.latitude}&lng=${PLACES.kumasi.longitude}&radius=25`);
    expect(kumasi.sort).toBe('distance');
    expect(names(kumasi)).toEqual(['Ama Owusu', 'Kojo Darko', 'Yaw Boateng']);
    const km = kumasi.items.map((i) => i.distance_km!);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    const expected = distanceKm(
      { lat: PLACES.kumasi.latitude, lng: PLACES.kumasi.longitude },
      { lat: 6.67, lng: -1.61 },
    );
    expect(km[2]).toBeCloseTo(expected, 0);

    // Kumasi is ~200 km from Accra: Yaw (199 km) is within 200 km; Ama in central Kumasi (202 km)
    // and Kojo in Bantama (204 km) are not.
    const wide = await search('lat=5.556&lng=-0.1969&radius=200&category=plumbing');
    expect(names(wide)).toEqual(['Kwame Mensah', 'Yaw Boateng']);
    expect(wide.items[1]!.distance_km).toBeGreaterThan(195);
    expect(names(await search('lat=5.556&lng=-0.1969&radius=200&category=hair-braiding'))).toEqual([
      'Efua Quaye',
    ]);
    expect(nameSet(await search('lat=6.6885&lng=-1.6244&radius=150')).has('Kwame Mensah')).toBe(false);

    // Tema is ~21 km from central Accra.
    const accra10 = nameSet(await search('lat=5.556&lng=-0.1969&radius=10'));
    const accra30 = nameSet(await search('lat=5.556&lng=-0.1969&radius=30'));
    expect(accra10.has('Abena Asante')).toBe(false);
    expect(accra30.has('Abena Asante')).toBe(true);
    expect([...accra30].sort()).toEqual(['Abena Asante', 'Efua Quaye', 'Esi Appiah', 'Kwame Mensah']);
  });

  it('filters by verified, rating, price range and open day', async () => {
    expect([...nameSet(await search('verified=true'))].filter(NOT_FILLER).sort()).toEqual([
      'Abena Asante',
      'Efua Quaye',
      'Kwame Mensah',
      'Yaw Boateng',
    ]);
    expect([...nameSet(await search('min_rating=4.5'))].sort()).toEqual([
      'Ama Owusu',
      'Efua Quaye',
      'Esi Appiah',
      'Kwame Mensah',
    ]);
    // 100–300 GHS on the lowest published price (Efua's cheapest is 80, Kojo has none).
    expect([...nameSet(await search('price_min=10000&price_max=30000'))].sort()).toEqual([
      'Ama Owusu',
      'Esi Appiah',
      'Fuseini Alhassan',
      'Kwame Mensah',
    ]);
    expect(names(await search('price_max=6000')).filter(NOT_FILLER)).toEqual([]);
    expect(names(await search('price_max=6000')).length).toBe(11); // launderers at 50–60 GHS
    expect(names(await search('day=0'))).toEqual(['Ama Owusu']);
    const saturday = [...nameSet(await search('day=6'))].sort();
    expect(saturday).toEqual(['Abena Asante', 'Ama Owusu', 'Efua Quaye', 'Kwame Mensah']);
    // Fuseini never set weekly hours: never "open on" a day.
    expect(nameSet(await search('day=3')).has('Fuseini Alhassan')).toBe(false);
    expect(nameSet(await search('day=3')).has('Yaw Boateng')).toBe(true);
  });

  it('sorts by rating, price, distance and relevance', async () => {
    const rating = names(await search('sort=rating')).filter(NOT_FILLER);
    expect(rating).toEqual([
      'Efua Quaye',
      'Kwame Mensah',
      'Esi Appiah',
      'Ama Owusu',
      'Abena Asante',
      'Kojo Darko',
      'Yaw Boateng',
    ]);
    const price = (await search('sort=price&price_min=7500')).items;
    expect(price.map((i) => i.min_price_minor)).toEqual(
      [...price.map((i) => i.min_price_minor)].sort((a, b) => a! - b!),
    );
    expect(price[0]!.name).toBe('Efua Quaye');
    // No price sorts last.
    const plumbers = await search('category=plumbing&sort=price');
    expect(names(plumbers)).toEqual(['Kwame Mensah', 'Yaw Boateng', 'Kojo Darko']);
    const byDistance = await search('category=plumbing&lat=6.6885&lng=-1.6244&radius=30&sort=distance');
    expect(names(byDistance)).toEqual(['Kojo Darko', 'Yaw Boateng']);
    const byRatingNear = await search('lat=6.6885&lng=-1.6244&radius=30&sort=rating');
    expect(names(byRatingNear)).toEqual(['Ama Owusu', 'Kojo Darko', 'Yaw Boateng']);
    expect(byRatingNear.items.every((i) => i.distance_km !== null)).toBe(true);
    // Relevance: the closer match first (name match beats a bio mention).
    const rel = await search('q=mensah');
    expect(rel.items[0]!.name).toBe('Kwame Mensah');
    expect((await search('q=plumbing&sort=rating')).items.map((i) => i.name)).toEqual([
      'Kwame Mensah',
      'Kojo Darko',
      'Yaw Boateng',
    ]);
  });

  it('combines filters', async () => {
    const combined = await search('q=plumbr&lat=6.6885&lng=-1.6244&radius=25&min_rating=3.5&verified=true');
    expect(names(combined)).toEqual(['Yaw Boateng']);
    expect(combined.items[0]!.distance_km).toBeGreaterThan(1);
    expect(names(await search('category=hair-braiding&lat=6.6885&lng=-1.6244&radius=50'))).toEqual([
      'Ama Owusu',
    ]);
    expect(names(await search('category=hair-braiding&verified=true&day=6&price_max=10000'))).toEqual([
      'Efua Quaye',
    ]);
    expect(names(await search('q=repair&category=electrical&lat=9.4&lng=-0.84&radius=20&day=1'))).toEqual([]);
    expect(names(await search('q=repair&category=electrical&lat=9.4&lng=-0.84&radius=20'))).toEqual([
      'Fuseini Alhassan',
    ]);
  });

  it('pages by 20 with a total', async () => {
    const first = await search('category=laundry&sort=price');
    const second = await search('category=laundry&sort=price&page=2');
    const third = await search('category=laundry&sort=price&page=3');
    expect(first.items).toHaveLength(20);
    expect(second.items).toHaveLength(5);
    expect(third.items).toHaveLength(0);
    expect([first.total, second.total, third.total]).toEqual([25, 25, 25]);
    const ids = [...first.items, ...second.items].map((i) => i.provider_id);
    expect(new Set(ids).size).toBe(25);
    expect([...first.items, ...second.items].map((i) => i.min_price_minor)).toEqual(
      Array.from({ length: 25 }, (_, i) => (50 + i) * 100),
    );
  });

  it('answers bad input with the error body naming the field, never a 500', async () => {
    expect((await bad('radius=0')).details.fields[0]).toEqual({
      field: 'radius',
      message: SEARCH_MESSAGES.radius,
    });
    expect((await bad('lat=5.5&lng=-0.2&radius=5000')).details.fields[0]!.field).toBe('radius');
    expect((await bad('page=0')).details.fields[0]).toEqual({ field: 'page', message: SEARCH_MESSAGES.page });
    expect((await bad('page=101')).details.fields[0]!.field).toBe('page');
    expect((await bad('price_min=50000&price_max=100')).details.fields[0]).toEqual({
      field: 'price_min',
      message: SEARCH_MESSAGES.priceOrder,
    });
    expect((await bad('price_min=-5')).details.fields[0]!.field).toBe('price_min');
    expect((await bad('min_rating=6')).details.fields[0]!.field).toBe('min_rating');
    expect((await bad('lat=5.5')).details.fields[0]!.field).toBe('lng');
    expect((await bad('sort=distance')).details.fields[0]!.field).toBe('sort');
    expect((await bad('day=7')).details.fields[0]!.field).toBe('day');
    expect((await bad(`q=${'a'.repeat(5000)}`)).details.fields[0]).toEqual({
      field: 'q',
      message: SEARCH_MESSAGES.qTooLong,
    });
    // Unknown category: 400 naming it (a malformed one too).
    const unknown = await bad('category=underwater-welding');
    expect(unknown.message).toBe('category: Unknown category: underwater-welding');
    expect((await bad('category=DROP%20TABLE')).details.fields[0]!.field).toBe('category');
  });

  it('treats SQL and regex metacharacters as plain text', async () => {
    expect((await search(`q=${encodeURIComponent("'; drop table provider_search; --")}`)).items).toEqual([]);
    expect((await search(`q=${encodeURIComponent('.*[(')}`)).items).toEqual([]);
    expect((await search(`q=${encodeURIComponent('%_\\')}`)).items).toEqual([]);
    expect(names(await search(`q=${encodeURIComponent("kwame' OR '1'='1")}`))).toEqual([]);
    expect(names(await search(`q=${encodeURIComponent('(kwame)*')}`))).toEqual(['Kwame Mensah']);
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from provider_search`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(rows[0]!.n)).toBeGreaterThan(30);
  });

  it('says favorited to a signed-in caller only', async () => {
    const put = await call(t, 'PUT', `/api/favorites/${P.ama!.id}`, customer.cookie);
    expect(put.statusCode, put.body).toBe(200);
    const signedIn = await search('category=hair-braiding', customer.cookie);
    expect(signedIn.items.map((i) => [i.name, i.favorited])).toEqual([
      ['Efua Quaye', false],
      ['Ama Owusu', true],
    ]);
    const anonymous = await search('category=hair-braiding');
    expect(anonymous.items.every((i) => i.favorited === undefined)).toBe(true);
  });

  it('browses the directory by category and city, A–Z or by rating', async () => {
    const res = await call(t, 'GET', '/api/directory?city=kumasi');
    expect(res.statusCode, res.body).toBe(200);
    directoryResponseSchema.parse(res.json());
    expect(names(res.json())).toEqual(['Ama Owusu', 'Kojo Darko', 'Yaw Boateng']);
    expect(res.json()).toMatchObject({ total: 3, sort: 'name', page: 1 });
    const byRating = (await call(t, 'GET', '/api/directory?city=Accra&sort=rating')).json();
    expect(names(byRating)).toEqual(['Efua Quaye', 'Kwame Mensah', 'Esi Appiah']);
    const plumbers = (await call(t, 'GET', '/api/directory?category=plumbing&city=Kumasi')).json();
    expect(names(plumbers)).toEqual(['Kojo Darko', 'Yaw Boateng']);
    const all = (await call(t, 'GET', '/api/directory?page=2')).json();
    expect(all.items.length).toBe(13); // 33 listed: 8 named (not the ghost) and 25 launderers
    expect((await call(t, 'GET', '/api/directory?sort=price')).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/directory?category=nope')).statusCode).toBe(400);
    const cities = (await call(t, 'GET', '/api/directory/cities')).json();
    expect(cities.cities[0]).toMatchObject({ city: 'Wa', region: 'Upper West', providers: 25 });
    expect(cities.cities[0].latitude).toBeGreaterThan(9.9);
    expect(cities.cities[0].latitude).toBeLessThan(10.2);
    expect(cities.cities[0].longitude).toBeGreaterThan(-2.7);
    expect(cities.cities[0].longitude).toBeLessThan(-2.3);
    expect(cities.cities.map((c: { city: string }) => c.city)).toEqual(
      expect.arrayContaining(['Accra', 'Kumasi', 'Tema', 'Tamale']),
    );
  });

  it("lists a category's providers with the search's filters", async () => {
    const res = await call(
      t,
      'GET',
      '/api/categories/hair-braiding/providers?lat=6.6885&lng=-1.6244&radius=30',
    );
    expect(res.statusCode, res.body).toBe(200);
    categoryProvidersResponseSchema.parse(res.json());
    expect(res.json()).toMatchObject({
      category: { slug: 'hair-braiding', name: 'Hair braiding', group_slug: 'beauty' },
      total: 1,
      sort: 'distance',
    });
    expect(names(res.json())).toEqual(['Ama Owusu']);
    expect((await call(t, 'GET', '/api/categories/nope/providers')).statusCode).toBe(404);
  });

  it('answers from the indexes (no sequential scan of provider_search)', async () => {
    if (t.database.kind !== 'postgres') return;
    const shapes = [
      buildListSql({
        category: 'plumbing',
        near: { lat: 6.6885, lng: -1.6244, radiusKm: 25 },
        sort: 'distance',
        page: 1,
        pageSize: 20,
      }),
      buildListSql({
        text: [{ word: 'plumbr', terms: ['plumber', 'plumbing'], exact: [], close: ['plumber', 'plumbing'] }],
        category: 'plumbing',
        sort: 'relevance',
        page: 1,
        pageSize: 20,
      }),
      buildListSql({
        text: [{ word: 'braids', terms: ['braids', 'braiding'], exact: ['braids'], close: ['braiding'] }],
        near: { lat: 5.556, lng: -0.1969, radiusKm: 20 },
        minRating: 4,
        sort: 'relevance',
        page: 1,
        pageSize: 20,
      }),
    ];
    const client = await t.database.pool!.connect();
    try {
      await client.query('set enable_seqscan = off');
      for (const shape of shapes) {
        const plan = (await client.query(`explain ${shape.text}`, shape.values)).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        expect(plan).not.toMatch(/Seq Scan on provider_search/);
      }
    } finally {
      await client.query('reset enable_seqscan');
      client.release();
    }
  });
});
