import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser, uniqueIp } from '../../test/auth.ts';
import { GEOCODE_RATE_LIMIT } from './routes.ts';

const get = (t: TestApp, url: string, user?: TestUser, ip = uniqueIp()) =>
  t.app.inject({ method: 'GET', url, remoteAddress: ip, headers: user ? { cookie: user.cookie } : {} });

describe('geocoding with the offline gazetteer (default)', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signUp(t);
  });
  afterAll(() => t.close());

  it("answers the spec's 'Current location' for a point: nearest town and region", async () => {
    const res = await get(t, '/api/geocode/reverse?lat=6.6885&lng=-1.6244', user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      display_name: 'Kumasi, Ashanti, Ghana',
      address: { city: 'Kumasi', country: 'Ghana', state: 'Ashanti', postcode: null, neighbourhood: null },
      formatted: {
        formatted: 'Kumasi, Ashanti, Ghana',
        city: 'Kumasi',
        country: 'Ghana',
        state: 'Ashanti',
        postcode: null,
      },
      latitude: 6.6885,
      longitude: -1.6244,
      source: 'gazetteer',
    });
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
  });

  it("answers 'Unable to determine your location' far from Ghana", async () => {
    const res = await get(t, '/api/geocode/reverse?lat=51.5&lng=-0.12', user);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'Unable to determine your location' });
  });

  it.each([
    ['lat=91&lng=0', 'lat', 'Latitude must be between -90 and 90'],
    ['lat=5&lng=-181', 'lng', 'Longitude must be between -180 and 180'],
    ['lat=north&lng=0', 'lat', 'Latitude must be between -90 and 90'],
    ['lat=&lng=0', 'lat', 'Latitude is required'],
    ['lng=0', 'lat', 'Latitude is required'],
  ])('refuses ?%s', async (query, field, message) => {
    const res = await get(t, `/api/geocode/reverse?${query}`, user);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0]).toEqual({ field, message });
  });

  it('searches by name with the free-text normalisation', async () => {
    const res = await get(t, '/api/geocode/search?q=kumasi', user);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      query: 'kumasi',
      normalized: { city: 'Kumasi', region: 'Ashanti', country: 'Ghana', neighbourhood: null },
      source: 'gazetteer',
    });
    expect(body.results[0]).toMatchObject({ city: 'Kumasi', state: 'Ashanti', country: 'Ghana' });
    expect(typeof body.results[0].latitude).toBe('number');

    const togo = (await get(t, `/api/geocode/search?q=${encodeURIComponent('Lomé, Togo')}`, user)).json();
    expect(togo).toMatchObject({ results: [], normalized: { city: 'Lomé', country: 'Togo' } });
    expect((await get(t, '/api/geocode/search?q=a', user)).statusCode).toBe(400);
  });

  it('knows neighbourhoods: "Bantama" and "East Legon" forward, a point in Bantama reverse', async () => {
    const bantama = (await get(t, '/api/geocode/search?q=bantama%20kumasi')).json();
    expect(bantama.results[0]).toMatchObject({
      display_name: 'Bantama, Kumasi, Ashanti, Ghana',
      city: 'Kumasi',
      neighbourhood: 'Bantama',
      state: 'Ashanti',
    });
    const legon = (await get(t, '/api/geocode/search?q=East%20Legon', user)).json();
    expect(legon.results[0]).toMatchObject({ city: 'Accra', neighbourhood: 'East Legon' });
    const res = await get(t, '/api/geocode/reverse?lat=6.7032&lng=-1.6352', user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      display_name: 'Bantama, Kumasi, Ashanti, Ghana',
      address: { city: 'Kumasi', neighbourhood: 'Bantama', state: 'Ashanti' },
      formatted: { city: 'Kumasi' },
    });
  });

  it("reverse needs a signed-in user: 'Authentication required for location services'", async () => {
    const res = await get(t, '/api/geocode/reverse?lat=5.6&lng=-0.19');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Authentication required for location services',
    });
  });

  it('searches places for a signed-out visitor too (the public search page)', async () => {
    const res = await get(t, '/api/geocode/search?q=Tamale');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      source: 'gazetteer',
      results: [{ city: 'Tamale', state: 'Northern' }],
    });
    expect(res.headers.vary).toContain('cookie');
    expect((await get(t, '/api/geocode/search?q=a')).statusCode).toBe(400);
  });

  it('rate-limits signed-out place searches per address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < GEOCODE_RATE_LIMIT.max; i++) {
      expect((await get(t, '/api/geocode/search?q=accra', undefined, ip)).statusCode).toBe(200);
    }
    const limited = await get(t, '/api/geocode/search?q=accra', undefined, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });

  it(`is rate-limited per address and route (${GEOCODE_RATE_LIMIT.max} a minute)`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < GEOCODE_RATE_LIMIT.max; i++) {
      expect(
        (await get(t, `/api/geocode/reverse?lat=5.6&lng=${-0.19 + i / 1000}`, user, ip)).statusCode,
      ).toBe(200);
    }
    const limited = await get(t, '/api/geocode/reverse?lat=5.6&lng=-0.19', user, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Another address is not held back.
    expect((await get(t, '/api/geocode/reverse?lat=5.6&lng=-0.19', user)).statusCode).toBe(200);
  });
});

describe('geocoding through a Nominatim-compatible server (GEOCODER_URL)', () => {
  let t: TestApp;
  let user: TestUser;
  let server: http.Server;
  const requests: { path: string; query: URLSearchParams; userAgent: string | undefined }[] = [];
  let failNext = false;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      requests.push({ path: url.pathname, query: url.searchParams, userAgent: req.headers['user-agent'] });
      res.setHeader('content-type', 'application/json');
      if (failNext) {
        failNext = false;
        res.statusCode = 503;
        res.end(JSON.stringify({ error: 'busy' }));
        return;
      }
      if (url.pathname === '/nominatim/reverse') {
        if (Number(url.searchParams.get('lat')) > 50) {
          res.end(JSON.stringify({ error: 'Unable to geocode' }));
          return;
        }
        res.end(
          JSON.stringify({
            place_id: 1,
            lat: url.searchParams.get('lat'),
            lon: url.searchParams.get('lon'),
            display_name: 'Oxford Street, Osu, Accra, Greater Accra Region, GA-123-4567, Ghana',
            address: {
              road: 'Oxford Street',
              suburb: 'Osu',
              city: 'Accra',
              state: 'Greater Accra Region',
              postcode: 'GA-123-4567',
              country: 'Ghana',
              country_code: 'gh',
            },
          }),
        );
        return;
      }
      if (url.pathname === '/nominatim/search') {
        res.end(
          JSON.stringify([
            {
              lat: '5.6360',
              lon: '-0.1610',
              display_name: 'East Legon, Accra, Greater Accra Region, Ghana',
              address: {
                suburb: 'East Legon',
                city: 'Accra',
                state: 'Greater Accra Region',
                country: 'Ghana',
              },
            },
          ]),
        );
        return;
      }
      res.statusCode = 404;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ geocoderUrl: `http://127.0.0.1:${port}/nominatim` });
    user = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("asks the server's /reverse (jsonv2, addressdetails) and maps its address", async () => {
    const res = await get(t, '/api/geocode/reverse?lat=5.5575&lng=-0.1866', user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      display_name: 'Oxford Street, Osu, Accra, Greater Accra Region, GA-123-4567, Ghana',
      address: {
        city: 'Accra',
        country: 'Ghana',
        state: 'Greater Accra Region',
        postcode: 'GA-123-4567',
        neighbourhood: 'Osu',
      },
      formatted: {
        formatted: 'Accra, Greater Accra Region, Ghana',
        city: 'Accra',
        country: 'Ghana',
        state: 'Greater Accra Region',
        postcode: 'GA-123-4567',
      },
      latitude: 5.5575,
      longitude: -0.1866,
      source: 'geocoder',
    });
    const asked = requests.at(-1)!;
    expect(asked.path).toBe('/nominatim/reverse');
    expect(Object.fromEntries(asked.query)).toMatchObject({
      format: 'jsonv2',
      addressdetails: '1',
      lat: '5.5575',
      lon: '-0.1866',
    });
    expect(asked.userAgent).toMatch(/^Adwuma\//);
  });

  it('caches a repeated point', async () => {
    const before = requests.length;
    await get(t, '/api/geocode/reverse?lat=5.60001&lng=-0.18001', user);
    await get(t, '/api/geocode/reverse?lat=5.60001&lng=-0.18001', user);
    expect(requests.length - before).toBe(1);
  });

  it("searches Ghana through the server's /search", async () => {
    const res = await get(t, '/api/geocode/search?q=East%20Legon', user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      source: 'geocoder',
      results: [{ city: 'Accra', neighbourhood: 'East Legon', latitude: 5.636, longitude: -0.161 }],
    });
    const asked = requests.at(-1)!;
    expect(Object.fromEntries(asked.query)).toMatchObject({
      q: 'East Legon',
      countrycodes: 'gh',
      format: 'jsonv2',
    });
  });

  it('answers a signed-out visitor from the gazetteer without asking the server', async () => {
    const before = requests.length;
    const res = await get(t, '/api/geocode/search?q=East%20Legon');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ source: 'gazetteer' });
    expect(res.json().results.every((r: { city: string | null }) => r.city !== null)).toBe(true);
    expect((await get(t, '/api/geocode/reverse?lat=5.5575&lng=-0.1866')).statusCode).toBe(401);
    expect(requests.length).toBe(before);
  });

  it('falls back to the gazetteer when the server fails or finds nothing', async () => {
    failNext = true;
    const res = await get(t, '/api/geocode/reverse?lat=9.41&lng=-0.85', user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: 'gazetteer', address: { city: 'Tamale', state: 'Northern' } });
    failNext = true;
    expect((await get(t, '/api/geocode/search?q=tamale', user)).json()).toMatchObject({
      source: 'gazetteer',
      results: [{ city: 'Tamale' }],
    });
    const far = await get(t, '/api/geocode/reverse?lat=51.5&lng=-0.12', user);
    expect(far.statusCode).toBe(404);
  });
});
