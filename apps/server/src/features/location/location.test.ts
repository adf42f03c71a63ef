import { COORDINATE_MESSAGES } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, providerLocations } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ORIGIN, signUp, type TestUser, uniqueIp } from '../../test/auth.ts';
import { KEPT_LOCATION_WARNING } from '../onboarding/location-service.ts';

const ACCRA = {
  city: 'Accra',
  country: 'Ghana',
  region: 'Greater Accra',
  latitude: 5.6037,
  longitude: -0.187,
};

describe('provider location (spec 5, 7, 8)', () => {
  let t: TestApp;
  /** A provider whose saves are all refused: shared by the refusal cases. */
  let refused: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    refused = await signUp(t, { role: 'explorer' });
  });
  afterAll(() => t.close());

  const put = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/onboarding/location',
      payload: payload as object,
      remoteAddress: uniqueIp(),
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const read = async (user: TestUser) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/onboarding/location',
        remoteAddress: uniqueIp(),
        headers: { cookie: user.cookie },
      })
    ).json().location;
  const provider = () => signUp(t, { role: 'explorer' });

  it("saves with the spec's defaults (address 'city, country', accuracy user, source user) and reads it back", async () => {
    const user = await provider();
    expect(await read(user)).toBeNull();
    const res = await put(user.cookie, ACCRA);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.warnings).toEqual([]);
    expect(body.location).toMatchObject({
      provider_id: user.id,
      city: 'Accra',
      country: 'Ghana',
      region: 'Greater Accra',
      address: 'Accra, Ghana',
      latitude: 5.6037,
      longitude: -0.187,
      geocoding_accuracy: 'user',
      source: 'user',
      is_verified: false,
      service_areas: [],
      search_radius: null,
      digital_address: null,
    });
    expect(body.location.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.status.post.location_set).toBe(true);
    expect(await read(user)).toEqual(body.location);
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile).toMatchObject({ city: 'Accra', state: 'Greater Accra', country: 'Ghana' });
  });

  it('updates the one row: radius, service areas, digital address, neighbourhood; a PUT clears what it leaves out', async () => {
    const user = await provider();
    const first = (await put(user.cookie, ACCRA)).json().location;
    const res = await put(user.cookie, {
      ...ACCRA,
      address: '12 Oxford Street, Osu',
      neighbourhood: 'Osu',
      postal_code: 'GA-183',
      digital_address: 'ga1838164',
      search_radius: 15,
      service_areas: ['Osu', 'Labone', 'osu', 'Cantonments'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const second = res.json().location;
    expect(second).toMatchObject({
      id: first.id,
      address: '12 Oxford Street, Osu',
      neighbourhood: 'Osu',
      digital_address: 'GA-183-8164',
      search_radius: 15,
      service_areas: ['Osu', 'Labone', 'Cantonments'],
    });
    expect(new Date(second.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(first.updated_at).getTime(),
    );
    const third = (
      await put(user.cookie, { ...ACCRA, city: 'Tema', latitude: 5.67, longitude: -0.017 })
    ).json().location;
    expect(third).toMatchObject({
      id: first.id,
      city: 'Tema',
      address: 'Tema, Ghana',
      service_areas: [],
      search_radius: null,
      digital_address: null,
    });
    expect(
      await t.database.db.select().from(providerLocations).where(eq(providerLocations.provider_id, user.id)),
    ).toHaveLength(1);
  });

  it('fills in the region of a known Ghanaian town', async () => {
    const user = await provider();
    const res = await put(user.cookie, { city: 'ho', country: 'Ghana', latitude: 6.6, longitude: 0.47 });
    expect(res.json().location).toMatchObject({ city: 'Ho', region: 'Volta', address: 'Ho, Ghana' });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile?.state).toBe('Volta');
  });

  it.each([
    ['an empty location', {}, 'Cannot save: missing location data', 'location'],
    ['no point', { city: 'Accra', country: 'Ghana' }, 'Cannot save: missing location data', 'latitude'],
    [
      "city 'Unknown'",
      { ...ACCRA, city: 'Unknown' },
      'Invalid location data - please select a valid location',
      'city',
    ],
    [
      "country 'Unknown'",
      { ...ACCRA, country: 'Unknown' },
      'Invalid location data - please select a valid location',
      'country',
    ],
    [
      'a blank city',
      { ...ACCRA, city: '  ' },
      'Invalid location data - please select a valid location',
      'city',
    ],
    [
      'latitude 91',
      { ...ACCRA, latitude: 91 },
      'Invalid location data - please select a valid location',
      'latitude',
    ],
    [
      'longitude -200',
      { ...ACCRA, longitude: -200 },
      'Invalid location data - please select a valid location',
      'longitude',
    ],
  ])('refuses %s with the spec message and saves nothing', async (_name, payload, message, field) => {
    const user = refused;
    const res = await put(user.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.message).toBe(message);
    expect(res.json().error.details.fields[0].field).toBe(field);
    expect(await read(user)).toBeNull();
  });

  it('names the coordinate range', async () => {
    const user = refused;
    const res = await put(user.cookie, { ...ACCRA, latitude: -95, longitude: 190 });
    expect(res.json().error.details.fields).toEqual([
      { field: 'latitude', message: COORDINATE_MESSAGES.latitude },
      { field: 'longitude', message: COORDINATE_MESSAGES.longitude },
    ]);
  });

  it.each([
    [{ address: '<img src=x onerror=alert(1)>' }, 'address', 'HTML tags are not allowed'],
    [{ digital_address: 'GA-1-2' }, 'digital_address', 'Enter a GhanaPost GPS address like GA-183-8164'],
    [{ search_radius: 1000 }, 'search_radius', 'At most 200 km'],
    [{ latitude: 'north' }, 'latitude', 'Latitude must be a number'],
  ])('refuses %j by field', async (change, field, message) => {
    const user = refused;
    const res = await put(user.cookie, { ...ACCRA, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0]).toEqual({ field, message });
    expect(await read(user)).toBeNull();
  });

  it('keeps an earlier location when a later save fails', async () => {
    const user = await provider();
    await put(user.cookie, ACCRA);
    expect((await put(user.cookie, { ...ACCRA, city: 'Unknown' })).statusCode).toBe(400);
    expect(await read(user)).toMatchObject({ city: 'Accra' });
  });

  it('saves a point outside Ghana with a warning', async () => {
    const user = await provider();
    const res = await put(user.cookie, {
      city: 'London',
      country: 'United Kingdom',
      latitude: 51.5,
      longitude: -0.12,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().warnings).toEqual([COORDINATE_MESSAGES.outsideGhana]);
  });

  it("saves a device fix ('gps') only when no location exists; it does not complete the step", async () => {
    const user = await provider();
    let res = await put(user.cookie, { ...ACCRA, geocoding_accuracy: 'gps' });
    expect(res.json().location.geocoding_accuracy).toBe('gps');
    expect(res.json().status).toMatchObject({
      core: { location_completed: true },
      post: { location_set: false },
    });
    res = await put(user.cookie, { ...ACCRA, city: 'Osu', geocoding_accuracy: 'user' });
    expect(res.json().location).toMatchObject({ city: 'Osu', geocoding_accuracy: 'user' });
    expect(res.json().status.post.location_set).toBe(true);
    res = await put(user.cookie, { ...ACCRA, city: 'Kasoa', geocoding_accuracy: 'gps' });
    expect(res.statusCode).toBe(200);
    expect(res.json().warnings).toEqual([KEPT_LOCATION_WARNING]);
    expect(await read(user)).toMatchObject({ city: 'Osu', geocoding_accuracy: 'user' });
  });

  it("answers a signed-out save with 'Authentication required to save location', a dead session with spec 8's words", async () => {
    let res = await put(undefined, ACCRA);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Authentication required to save location',
    });
    res = await put('adwuma.session_token=not-a-session', ACCRA);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'SESSION_EXPIRED',
      message: 'Authentication error - please sign in again',
    });
  });

  it('lets only providers save (spec 6)', async () => {
    const customer = await signUp(t);
    const res = await put(customer.cookie, ACCRA);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Only providers can save a location. Join as a provider first.');
    expect(await read(customer)).toBeNull();
  });

  it("never shows or changes another provider's location", async () => {
    const a = await provider();
    const b = await provider();
    await put(a.cookie, ACCRA);
    expect(await read(b)).toBeNull();
    expect((await put(b.cookie, { ...ACCRA, provider_id: a.id })).statusCode).toBe(400);
    await put(b.cookie, { city: 'Kumasi', country: 'Ghana', latitude: 6.69, longitude: -1.62 });
    expect(await read(a)).toMatchObject({ provider_id: a.id, city: 'Accra' });
    expect(await read(b)).toMatchObject({ provider_id: b.id, city: 'Kumasi' });
  });
});
