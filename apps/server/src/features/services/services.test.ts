import {
  codeFromSlug,
  myServicesResponseSchema,
  providerProfileResponseSchema,
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  type ServiceInput,
  serviceResponseSchema,
} from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerSearch, providerServices } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { call, onboardedProvider, PLACES } from '../../test/providers.ts';

const TANK: ServiceInput = {
  title: 'Water tank installation',
  category: 'plumbing',
  description: 'Polytank installation with pump and pipe connections, Kumasi and nearby towns.',
  price_type: 'from',
  price: 60_000,
  duration_minutes: 240,
  service_areas: ['Adum', 'Bantama'],
};

/**
 * /api/services: a provider's services from draft to published, who may do what, and the search
 * read model following every change; the public profile at /api/providers/:slug.
 */
describe('services API', () => {
  let t: TestApp;
  let kwabena: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    kwabena = await onboardedProvider(t, { name: 'Kwabena Ofori', place: PLACES.kumasi });
    other = await onboardedProvider(t, {
      name: 'Yaa Amponsah',
      place: PLACES.accra,
      categories: ['catering'],
    });
  });
  afterAll(() => t.close());

  const create = async (user: TestUser, body: Partial<ServiceInput> = {}) => {
    const res = await call(t, 'POST', '/api/services', user.cookie, { ...TANK, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return serviceResponseSchema.parse(res.json()).service;
  };
  const card = async (providerId: string) => {
    const [row] = await t.database.db
      .select()
      .from(providerSearch)
      .where(eq(providerSearch.provider_id, providerId));
    return row;
  };
  const searchNames = async (params: string) =>
    (await call(t, 'GET', `/api/search?${params}`)).json().items.map((i: { name: string }) => i.name);

  it('needs a session (401) and a provider (403)', async () => {
    expect((await call(t, 'POST', '/api/services', undefined, TANK)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/services/mine')).statusCode).toBe(401);
    const someId = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call(t, 'PATCH', `/api/services/${someId}`, undefined, { title: 'New one' })).statusCode,
    ).toBe(401);
    expect((await call(t, 'DELETE', `/api/services/${someId}`)).statusCode).toBe(401);
    const customer = await signUp(t);
    const res = await call(t, 'POST', '/api/services', customer.cookie, TANK);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('lets any provider save drafts; publishing needs finished onboarding', async () => {
    const newcomer = await signUp(t, { role: 'explorer', name: 'Kojo Newcomer' });
    const draft = await create(newcomer);
    expect(draft).toMatchObject({
      status: 'draft',
      price_minor: 60_000,
      currency: 'GHS',
      category: 'plumbing',
      category_name: 'Plumbing',
      published_at: null,
      photos: [],
      service_areas: ['Adum', 'Bantama'],
    });
    const refused = await call(t, 'POST', '/api/services', newcomer.cookie, { ...TANK, status: 'published' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: SERVICE_MESSAGES.publishNeedsVerified,
      details: { reason: 'ONBOARDING_INCOMPLETE', redirect: '/onboarding/profile' },
    });
    const publish = await call(t, 'PATCH', `/api/services/${draft.id}`, newcomer.cookie, {
      status: 'published',
    });
    expect(publish.statusCode).toBe(403);
    // Not listed: no core onboarding.
    expect(await card(newcomer.id)).toBeUndefined();
  });

  it('publishes, and search follows every edit in the same transaction', async () => {
    // Listed since core onboarding, without a price.
    expect(await card(kwabena.id)).toMatchObject({ listed: true, min_price_minor: null, services_count: 0 });

    const tank = await create(kwabena, { status: 'published' });
    expect(tank.status).toBe('published');
    expect(tank.published_at).not.toBeNull();
    expect(await card(kwabena.id)).toMatchObject({
      min_price_minor: 60_000,
      price_type: 'from',
      services_count: 1,
    });
    expect(await searchNames('q=polytank')).toEqual([]);
    expect(await searchNames('q=water+tank')).toEqual(['Kwabena Ofori']);

    const leak = await create(kwabena, {
      title: 'Leak repair',
      price_type: 'fixed',
      price: 15_000,
      status: 'published',
      category: 'borehole',
    });
    expect(await card(kwabena.id)).toMatchObject({
      min_price_minor: 15_000,
      price_type: 'fixed',
      services_count: 2,
      category_slugs: ['plumbing', 'borehole'],
    });

    // An edit of one field keeps the others (status stays published).
    let res = await call(t, 'PATCH', `/api/services/${leak.id}`, kwabena.cookie, {
      title: 'Burst pipe repair',
      price: 12_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().service).toMatchObject({
      title: 'Burst pipe repair',
      price_minor: 12_000,
      status: 'published',
    });
    expect(await card(kwabena.id)).toMatchObject({ min_price_minor: 12_000 });
    expect(await searchNames('q=burst+pipe')).toEqual(['Kwabena Ofori']);
    expect(await searchNames('q=leak')).toEqual([]);

    // Paused: not shown, not priced; published again: back.
    res = await call(t, 'PATCH', `/api/services/${leak.id}`, kwabena.cookie, { status: 'paused' });
    expect(res.json().service.status).toBe('paused');
    expect(await card(kwabena.id)).toMatchObject({ min_price_minor: 60_000, category_slugs: ['plumbing'] });
    res = await call(t, 'PATCH', `/api/services/${leak.id}`, kwabena.cookie, { status: 'published' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await card(kwabena.id)).toMatchObject({ min_price_minor: 12_000 });

    // Deleted: gone from the read model.
    res = await call(t, 'DELETE', `/api/services/${leak.id}`, kwabena.cookie);
    expect(res.statusCode).toBe(204);
    expect(await card(kwabena.id)).toMatchObject({ min_price_minor: 60_000, services_count: 1 });
    expect((await call(t, 'GET', `/api/services/${leak.id}`, kwabena.cookie)).statusCode).toBe(404);
    void tank;
  });

  it('refuses bad input naming the field', async () => {
    let res = await call(t, 'POST', '/api/services', kwabena.cookie, {
      ...TANK,
      category: 'underwater-welding',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('category: Unknown service category: underwater-welding');
    res = await call(t, 'POST', '/api/services', kwabena.cookie, { ...TANK, price: 12.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe('price');
    res = await call(t, 'POST', '/api/services', kwabena.cookie, { ...TANK, owner: 'someone' });
    expect(res.statusCode).toBe(400);
    const draft = await create(kwabena);
    res = await call(t, 'PATCH', `/api/services/${draft.id}`, kwabena.cookie, { status: 'paused' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `status: ${SERVICE_MESSAGES.transition('draft', 'paused')}`,
    });
    res = await call(t, 'PATCH', `/api/services/${draft.id}`, kwabena.cookie, { category: 'nope-nope' });
    expect(res.statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/services/not-a-uuid')).statusCode).toBe(400);
  });

  it("keeps one provider out of another's services (404)", async () => {
    const draft = await create(kwabena, { title: 'Secret draft idea' });
    const published = await create(kwabena, { title: 'Pump servicing', status: 'published' });
    for (const [method, payload] of [
      ['PATCH', { title: 'Stolen title' }],
      ['DELETE', undefined],
      ['GET', undefined],
    ] as const) {
      const res = await call(t, method, `/api/services/${draft.id}`, other.cookie, payload);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
    }
    expect(
      (await call(t, 'PATCH', `/api/services/${published.id}`, other.cookie, { price: 1 })).statusCode,
    ).toBe(404);
    expect((await call(t, 'DELETE', `/api/services/${published.id}`, other.cookie)).statusCode).toBe(404);
    // A draft is invisible to the public too; the published one is public.
    expect((await call(t, 'GET', `/api/services/${draft.id}`)).statusCode).toBe(404);
    const pub = await call(t, 'GET', `/api/services/${published.id}`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().provider).toMatchObject({ provider_id: kwabena.id, name: 'Kwabena Ofori' });
    expect(codeFromSlug(pub.json().provider.slug)).not.toBeNull();
    // The owner sees their draft.
    expect((await call(t, 'GET', `/api/services/${draft.id}`, kwabena.cookie)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(providerServices)
      .where(eq(providerServices.id, draft.id));
    expect(row!.title).toBe('Secret draft idea');

    // "mine" lists own services only, drafts included.
    const mine = myServicesResponseSchema.parse(
      (await call(t, 'GET', '/api/services/mine', other.cookie)).json(),
    );
    expect(mine.items).toEqual([]);
    const own = myServicesResponseSchema.parse(
      (await call(t, 'GET', '/api/services/mine', kwabena.cookie)).json(),
    );
    expect(own.items.map((s) => s.title)).toContain('Secret draft idea');
    expect(own.items.every((s) => s.provider_id === kwabena.id)).toBe(true);
    expect(own.max).toBe(SERVICE_LIMITS.perProviderMax);
    // The listed provider gets the slug of their public profile.
    expect(own.profile_slug).toBe(pub.json().provider.slug);
  });

  it(`allows at most ${SERVICE_LIMITS.perProviderMax} services per provider`, async () => {
    const busy = await onboardedProvider(t, { name: 'Busy Bee', categories: ['laundry'] });
    await t.database.db.insert(providerServices).values(
      Array.from({ length: SERVICE_LIMITS.perProviderMax }, (_, i): typeof providerServices.$inferInsert => ({
        provider_id: busy.id,
        title: `Laundry bag ${i}`,
        category_slug: 'laundry',
        description: 'Wash, dry and iron one bag of clothes.',
        price_type: 'fixed',
        price_minor: 5000,
      })),
    );
    const res = await call(t, 'POST', '/api/services', busy.cookie, { ...TANK, category: 'laundry' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: SERVICE_MESSAGES.tooMany });
  });

  it('shows the public profile by slug, and by the old slug after a rename', async () => {
    const yaa = await onboardedProvider(t, {
      name: 'Yaa Mensah',
      place: PLACES.tema,
      categories: ['catering'],
    });
    await create(yaa, {
      title: 'Party jollof (per head)',
      category: 'catering',
      price_type: 'fixed',
      price: 8_000,
      service_areas: ['Community 1'],
      status: 'published',
    });
    await create(yaa, {
      title: 'Wedding catering',
      category: 'catering',
      price: 900_000,
      service_areas: ['community 1', 'Sakumono'],
      status: 'published',
    });
    await create(yaa, { title: 'Draft menu', category: 'catering', price: 1_000 });
    let res = await call(t, 'PATCH', '/api/profile', yaa.cookie, {
      bio: 'Jollof, waakye and small chops for every party in Tema.',
      phone: '024 555 1234',
      whatsapp_enabled: true,
      show_phone: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(providerSearch)
      .where(eq(providerSearch.provider_id, yaa.id));
    const oldSlug = row!.slug;
    expect(oldSlug).toBe(`yaa-mensah-${row!.code}`);

    res = await call(t, 'GET', `/api/providers/${oldSlug}`);
    expect(res.statusCode, res.body).toBe(200);
    const profile = providerProfileResponseSchema.parse(res.json());
    expect(profile.provider).toMatchObject({
      provider_id: yaa.id,
      name: 'Yaa Mensah',
      city: 'Tema',
      bio: 'Jollof, waakye and small chops for every party in Tema.',
      min_price_minor: 8_000,
      categories: [{ slug: 'catering', name: 'Catering' }],
    });
    expect(profile.provider.service_areas).toEqual(['Community 1', 'Sakumono']);
    expect(profile.services.map((s) => s.title)).toEqual(['Party jollof (per head)', 'Wedding catering']);
    expect(profile.contact).toEqual({ phone: null, whatsapp_url: 'https://wa.me/233245551234' });
    expect(profile.canonicalSlug).toBe(oldSlug);
    expect(profile).not.toHaveProperty('favorited');
    expect(profile.rating_summary).toEqual({ average: 0, count: 0 });
    expect(profile.availability).toBeNull();

    // Phone only with show_phone; WhatsApp only when enabled.
    await call(t, 'PATCH', '/api/profile', yaa.cookie, { show_phone: true, whatsapp_enabled: false });
    expect((await call(t, 'GET', `/api/providers/${oldSlug}`)).json().contact).toEqual({
      phone: '+233245551234',
      whatsapp_url: null,
    });

    // Renamed: a new slug; the old link still answers, naming the new one.
    res = await call(t, 'PATCH', '/api/profile', yaa.cookie, { full_name: 'Yaa Mensah-Boateng' });
    expect(res.statusCode, res.body).toBe(200);
    const renamed = (await call(t, 'GET', `/api/providers/${oldSlug}`)).json();
    expect(renamed.canonicalSlug).toBe(`yaa-mensah-boateng-${row!.code}`);
    expect(renamed.provider.name).toBe('Yaa Mensah-Boateng');
    expect((await call(t, 'GET', `/api/providers/${renamed.canonicalSlug}`)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/providers/anything-${row!.code}`)).statusCode).toBe(200);

    // Signed in: favorited says so.
    const fan = await signUp(t);
    await call(t, 'PUT', `/api/favorites/${yaa.id}`, fan.cookie);
    expect((await call(t, 'GET', `/api/providers/${oldSlug}`, fan.cookie)).json().favorited).toBe(true);

    // Availability saved through onboarding shows on the profile and in search (read model follows).
    res = await call(t, 'PUT', '/api/onboarding/availability', yaa.cookie, {
      days: [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
        weekday === 0
          ? { weekday, closed: true }
          : { weekday, closed: false, opens: '08:00', closes: '18:00' },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(t, 'GET', `/api/providers/${oldSlug}`)).json().availability.days[1]).toEqual({
      weekday: 1,
      closed: false,
      opens: '08:00',
      closes: '18:00',
    });
    expect(await searchNames('day=0&category=catering')).toEqual([]);
    expect(await searchNames('day=1&category=catering')).toEqual(['Yaa Mensah-Boateng']);

    // Moving updates the place searched.
    res = await call(t, 'PUT', '/api/onboarding/location', yaa.cookie, {
      city: 'Tamale',
      country: 'Ghana',
      latitude: PLACES.tamale.latitude,
      longitude: PLACES.tamale.longitude,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await searchNames(`lat=${PLACES.tamale.latitude}&lng=${PLACES.tamale.longitude}&radius=10`),
    ).toEqual(['Yaa Mensah-Boateng']);
  });

  it('answers 404 for unknown slugs and providers who are not listed', async () => {
    expect((await call(t, 'GET', '/api/providers/nobody-zzzzzzzz')).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/providers/x')).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/providers/${'a'.repeat(300)}`)).statusCode).toBe(414);
  });
});
