import { describe, expect, it } from 'vitest';
import { isValidDigitalAddress, normalizeDigitalAddress } from './digital-address.ts';

describe('GhanaPost GPS digital address', () => {
  it.each([
    ['GA-183-8164', 'GA-183-8164'],
    ['ga-183-8164', 'GA-183-8164'],
    [' AK-0394-5678 ', 'AK-0394-5678'],
    ['GA1838164', 'GA-183-8164'],
    ['AK03945678', 'AK-0394-5678'],
    ['GA 183 8164', 'GA-183-8164'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normalizeDigitalAddress(input)).toBe(expected);
  });

  it.each([
    '',
    'G-183-8164',
    'GA-18-8164',
    'GA-18345-8164',
    'GA-183-816',
    'GA-183-81645',
    '12-183-8164',
    'GAA-183-8164',
    'GA_183_8164',
  ])('refuses %j', (input) => {
    expect(isValidDigitalAddress(input)).toBe(false);
  });
});
