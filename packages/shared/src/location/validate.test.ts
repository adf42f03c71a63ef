import { describe, expect, it } from 'vitest';
import { LOCATION_MESSAGES } from './messages.ts';
import { COORDINATE_MESSAGES, isInGhana, validateLocationForSave } from './validate.ts';

const accra = { city: 'Accra', country: 'Ghana', latitude: 5.6037, longitude: -0.187 };

describe('location save rules (spec 5, messages of spec 8)', () => {
  it('accepts a city, country and point in Ghana', () => {
    expect(validateLocationForSave(accra)).toEqual({ ok: true, warnings: [] });
  });

  it("refuses no location with 'Cannot save: missing location data'", () => {
    for (const candidate of [null, undefined, {}, { city: ' ', country: '' }]) {
      const result = validateLocationForSave(candidate);
      expect(result).toMatchObject({ ok: false, message: 'Cannot save: missing location data' });
    }
  });

  it('refuses a missing point as missing data, naming the coordinate', () => {
    expect(validateLocationForSave({ ...accra, latitude: null })).toEqual({
      ok: false,
      message: LOCATION_MESSAGES.missingData,
      fields: [{ field: 'latitude', message: COORDINATE_MESSAGES.pickPoint }],
    });
    expect(validateLocationForSave({ ...accra, longitude: undefined })).toMatchObject({
      fields: [{ field: 'longitude' }],
    });
  });

  it.each([
    [{ city: 'Unknown' }, 'city'],
    [{ city: 'unknown' }, 'city'],
    [{ city: '' }, 'city'],
    [{ country: 'Unknown' }, 'country'],
    [{ country: null }, 'country'],
  ])("refuses %j with 'Invalid location data - please select a valid location'", (change, field) => {
    const result = validateLocationForSave({ ...accra, ...change });
    expect(result).toMatchObject({
      ok: false,
      message: 'Invalid location data - please select a valid location',
      fields: [{ field }],
    });
  });

  it.each([
    [{ latitude: 91 }, 'latitude', COORDINATE_MESSAGES.latitude],
    [{ latitude: -90.5 }, 'latitude', COORDINATE_MESSAGES.latitude],
    [{ latitude: Number.NaN }, 'latitude', COORDINATE_MESSAGES.latitude],
    [{ longitude: 180.01 }, 'longitude', COORDINATE_MESSAGES.longitude],
    [{ longitude: -181 }, 'longitude', COORDINATE_MESSAGES.longitude],
  ])('refuses coordinates out of range: %j', (change, field, message) => {
    expect(validateLocationForSave({ ...accra, ...change })).toEqual({
      ok: false,
      message: LOCATION_MESSAGES.invalidData,
      fields: [{ field, message }],
    });
  });

  it('accepts the range edges', () => {
    expect(validateLocationForSave({ ...accra, latitude: -90, longitude: 180 }).ok).toBe(true);
  });

  it('saves a point outside Ghana with a warning, not an error', () => {
    expect(
      validateLocationForSave({
        city: 'London',
        country: 'United Kingdom',
        latitude: 51.5,
        longitude: -0.12,
      }),
    ).toEqual({
      ok: true,
      warnings: [COORDINATE_MESSAGES.outsideGhana],
    });
  });

  it("knows Ghana's extent", () => {
    for (const [lat, lng] of [
      [5.6037, -0.187], // Accra
      [4.74, -2.09], // Cape Three Points
      [11.1, -0.24], // Paga
      [10.06, -2.5], // Wa
      [6.1, 1.19], // Aflao
    ] as const) {
      expect(isInGhana(lat, lng), `${lat},${lng}`).toBe(true);
    }
    expect(isInGhana(12.37, -1.52)).toBe(false); // Ouagadougou
    expect(isInGhana(5.35, -4.0)).toBe(false); // Abidjan
  });
});
