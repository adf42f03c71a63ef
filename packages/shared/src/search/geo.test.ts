import { describe, expect, it } from 'vitest';
import { boundingBox, distanceKm, formatDistance, roundCoordinate } from './geo.ts';

const accra = { lat: 5.6037, lng: -0.187 };
const kumasi = { lat: 6.6885, lng: -1.6244 };

describe('distances', () => {
  it('Accra to Kumasi is about 200 km as the crow flies', () => {
    expect(distanceKm(accra, kumasi)).toBeGreaterThan(195);
    expect(distanceKm(accra, kumasi)).toBeLessThan(205);
    expect(distanceKm(accra, accra)).toBe(0);
  });

  it('the bounding box holds every point within the radius', () => {
    const box = boundingBox(kumasi, 25);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      // A point 24.9 km away in each direction (small-distance approximation).
      const d = 24.9 / 111.2;
      const p = {
        lat: kumasi.lat + d * Math.cos((bearing * Math.PI) / 180),
        lng: kumasi.lng + (d * Math.sin((bearing * Math.PI) / 180)) / Math.cos((kumasi.lat * Math.PI) / 180),
      };
      expect(distanceKm(kumasi, p)).toBeLessThan(25);
      expect(p.lat >= box.minLat && p.lat <= box.maxLat && p.lng >= box.minLng && p.lng <= box.maxLng).toBe(
        true,
      );
    }
    expect(distanceKm(kumasi, accra) > 25).toBe(true);
    expect(
      accra.lat >= box.minLat &&
        accra.lat <= box.maxLat &&
        accra.lng >= box.minLng &&
        accra.lng <= box.maxLng,
    ).toBe(false);
  });

  it('formats distances for cards', () => {
    expect(formatDistance(0.84)).toBe('840 m');
    expect(formatDistance(0.001)).toBe('10 m');
    expect(formatDistance(3.24)).toBe('3.2 km');
    expect(formatDistance(45.4)).toBe('45 km');
  });
});

describe('roundCoordinate', () => {
  it('keeps 6 decimals and turns subnormals (which underflow Postgres) and -0 into 0', () => {
    expect(roundCoordinate(6.68853219)).toBe(6.688532);
    expect(roundCoordinate(-1.6244)).toBe(-1.6244);
    expect(roundCoordinate(1e-320)).toBe(0);
    expect(Object.is(roundCoordinate(-5e-324), 0)).toBe(true);
    expect(roundCoordinate(-90)).toBe(-90);
  });
});
