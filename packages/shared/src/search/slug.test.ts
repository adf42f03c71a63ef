import { describe, expect, it } from 'vitest';
import { codeFromSlug, providerSlug, slugify } from './slug.ts';

describe('provider slugs', () => {
  it('make readable URLs from names, accents and symbols included', () => {
    expect(slugify('Ama Mensah')).toBe('ama-mensah');
    expect(slugify("Kwame's Plumbing & Sons!")).toBe('kwame-s-plumbing-and-sons');
    expect(slugify('Adjoa Bɔɔ Ésì')).toBe('adjoa-b-esi');
    expect(slugify('   ')).toBe('');
    expect(providerSlug('Ama Mensah', 'k3x9q2')).toBe('ama-mensah-k3x9q2');
    expect(providerSlug(null, 'k3x9q2')).toBe('k3x9q2');
  });

  it('are trusted only by their code', () => {
    expect(codeFromSlug('ama-mensah-k3x9q2')).toBe('k3x9q2');
    expect(codeFromSlug('k3x9q2')).toBe('k3x9q2');
    expect(codeFromSlug('old-name-k3x9q2')).toBe('k3x9q2');
    expect(codeFromSlug('ama')).toBeNull();
    expect(codeFromSlug('../../etc')).toBeNull();
  });
});
