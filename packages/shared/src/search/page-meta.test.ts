import { describe, expect, it } from 'vitest';
import { categoryPageMeta, pageTitle, providerPageMeta } from './page-meta.ts';

const ORIGIN = 'https://adwuma.example';

describe('page meta for link previews', () => {
  const ama = {
    slug: 'ama-owusu-k3x9q2',
    name: 'Ama Owusu',
    city: 'Kumasi',
    verified: true,
    bio: 'Braids and natural hair care\n\nin Kumasi since 2015.',
    avatar_url: '/api/avatars/p-1?v=2',
    categories: ['Hair braiding', 'Makeup artistry', 'Nail care'],
    rating: 4.62,
    total_reviews: 23,
  };

  it('describes a provider: what, where, verified, rating, the start of the bio', () => {
    expect(providerPageMeta(ama, ORIGIN)).toEqual({
      title: 'Ama Owusu — Hair braiding and Makeup artistry in Kumasi',
      description:
        'Hair braiding and Makeup artistry in Kumasi, verified on Adwuma. Rated 4.6 from 23 reviews. ' +
        'Braids and natural hair care in Kumasi since 2015.',
      url: 'https://adwuma.example/providers/ama-owusu-k3x9q2',
      image: 'https://adwuma.example/api/avatars/p-1?v=2',
      type: 'profile',
    });
    expect(pageTitle('Ama Owusu')).toBe('Ama Owusu · Adwuma');
  });

  it('says less when less is known, and cuts a long bio', () => {
    const meta = providerPageMeta(
      {
        ...ama,
        city: null,
        verified: false,
        categories: [],
        total_reviews: 0,
        avatar_url: 'https://cdn.example/a.png',
        bio: 'x'.repeat(200),
      },
      ORIGIN,
    );
    expect(meta.title).toBe('Ama Owusu — Service provider');
    expect(meta.description).toBe(`Service provider on Adwuma. ${'x'.repeat(139)}…`);
    expect(meta.image).toBe('https://cdn.example/a.png');
    expect(providerPageMeta({ ...ama, avatar_url: null, bio: null }, ORIGIN).image).toBeNull();
  });

  it('describes a category, with or without its description', () => {
    const plumbing = { slug: 'plumbing', name: 'Plumbing', description: 'Leaks, pipes and water tanks.' };
    expect(categoryPageMeta(plumbing, ORIGIN)).toEqual({
      title: 'Plumbing in Ghana',
      description: 'Leaks, pipes and water tanks. Compare providers, ratings and prices on Adwuma.',
      url: 'https://adwuma.example/categories/plumbing',
      type: 'website',
    });
    expect(categoryPageMeta({ ...plumbing, description: ' ' }, ORIGIN).description).toBe(
      'Plumbing across Ghana. Compare providers, ratings and prices on Adwuma.',
    );
  });
});
