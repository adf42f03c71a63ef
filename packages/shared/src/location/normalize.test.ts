import { describe, expect, it } from 'vitest';
import {
  defaultAddress,
  isReusableAddress,
  normalizeLocationText,
  reusableAddressOr,
  tidyPlaceName,
} from './normalize.ts';

describe('free-text normalisation (spec 5)', () => {
  it("'accra' gives city Accra, region Greater Accra", () => {
    expect(normalizeLocationText('accra')).toEqual({
      city: 'Accra',
      region: 'Greater Accra',
      country: 'Ghana',
      neighbourhood: null,
    });
    expect(normalizeLocationText('  ACCRA ')).toMatchObject({ city: 'Accra', region: 'Greater Accra' });
    expect(normalizeLocationText('Accra, Ghana')).toMatchObject({ city: 'Accra', region: 'Greater Accra' });
  });

  it("'kumasi' gives Ashanti; 'tamale' gives Northern", () => {
    expect(normalizeLocationText('kumasi')).toMatchObject({
      city: 'Kumasi',
      region: 'Ashanti',
      country: 'Ghana',
    });
    expect(normalizeLocationText('Tamale')).toMatchObject({
      city: 'Tamale',
      region: 'Northern',
      country: 'Ghana',
    });
  });

  it('otherwise the first comma part is the city and the second the country', () => {
    expect(normalizeLocationText('Lomé, Togo')).toEqual({
      city: 'Lomé',
      region: null,
      country: 'Togo',
      neighbourhood: null,
    });
    expect(normalizeLocationText('cape coast, ghana')).toEqual({
      city: 'Cape Coast',
      region: null,
      country: 'Ghana',
      neighbourhood: null,
    });
  });

  it('defaults the country to Ghana', () => {
    expect(normalizeLocationText('Ho')).toEqual({
      city: 'Ho',
      region: null,
      country: 'Ghana',
      neighbourhood: null,
    });
    expect(normalizeLocationText('Sunyani, ')).toMatchObject({ city: 'Sunyani', country: 'Ghana' });
  });

  it('takes a known city in a later part as the city, the first part as its neighbourhood', () => {
    expect(normalizeLocationText('East Legon, Accra')).toEqual({
      city: 'Accra',
      region: 'Greater Accra',
      country: 'Ghana',
      neighbourhood: 'East Legon',
    });
    expect(normalizeLocationText('adum, kumasi, ghana')).toMatchObject({
      city: 'Kumasi',
      neighbourhood: 'Adum',
    });
  });

  it('gives null for blank text', () => {
    expect(normalizeLocationText('')).toBeNull();
    expect(normalizeLocationText(' , ')).toBeNull();
    expect(normalizeLocationText(null)).toBeNull();
  });

  it('treats object property names as ordinary text, not known cities', () => {
    for (const text of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(normalizeLocationText(text), text).toEqual({
        city: tidyPlaceName(text),
        region: null,
        country: 'Ghana',
        neighbourhood: null,
      });
    }
    expect(normalizeLocationText('__proto__, Accra')).toMatchObject({
      city: 'Accra',
      neighbourhood: '__proto__',
    });
  });

  it('tidies names: spaces collapsed, all-lowercase capitalised, mixed case kept', () => {
    expect(tidyPlaceName('  sekondi-takoradi ')).toBe('Sekondi-Takoradi');
    expect(tidyPlaceName('McCarthy  Hill')).toBe('McCarthy Hill');
  });
});

describe('reusable address (spec 5)', () => {
  it.each([
    'Oxford Street, Osu',
    'Liberation Road',
    'Independence Avenue',
    'Ring Drive',
    'Palace Lane',
    'Accra Boulevard',
    'Sakumono City',
    'Kpone Town',
    'Akwatia village',
    '12 Oxford',
    '5 Liberation Rd',
    '14b Cantonments',
  ])('reuses %j', (address) => {
    expect(isReusableAddress(address)).toBe(true);
  });

  it.each([
    'Accra, Ghana',
    'Osu',
    'Near the Shell filling station',
    'Streetwise Salon',
    '',
    '   ',
    null,
    '12',
  ])('does not reuse %j', (address) => {
    expect(isReusableAddress(address)).toBe(false);
  });

  it("falls back to 'city, country'", () => {
    expect(defaultAddress('Accra', 'Ghana')).toBe('Accra, Ghana');
    expect(reusableAddressOr('Osu', 'Accra', 'Ghana')).toBe('Accra, Ghana');
    expect(reusableAddressOr(' 7 Oxford Street ', 'Accra', 'Ghana')).toBe('7 Oxford Street');
  });
});
