import { describe, expect, it } from 'vitest';
import { shortName } from './names.ts';

describe('shortName', () => {
  it('keeps the first name and the initial of the last', () => {
    expect(shortName('Ama Mensah')).toBe('Ama M.');
    expect(shortName('  Kwame  Osei  boateng ')).toBe('Kwame B.');
    expect(shortName('Efua')).toBe('Efua');
    expect(shortName('')).toBe('Customer');
    expect(shortName(null)).toBe('Customer');
  });
});
