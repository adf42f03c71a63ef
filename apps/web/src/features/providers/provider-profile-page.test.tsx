import type { ProviderProfileResponse, Review } from '@adwuma/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadLanguage } from '../../i18n/index.ts';
import { json, makeMe, SIGNED_OUT, stubFetch } from '../auth/test/fixtures.tsx';
import { makeReview } from '../reviews/test/fixtures.ts';
import { CATEGORIES, renderRoutes } from '../search/test/fixtures.tsx';
import { ProviderProfilePage } from './provider-profile-page.tsx';

function profile(overrides: Partial<ProviderProfileResponse> = {}): ProviderProfileResponse {
  return {
    provider: {
      provider_id: 'p-1',
      code: 'k3x9q2',
      slug: 'ama-owusu-k3x9q2',
      name: 'Ama Owusu',
      business_name: null,
      avatar_url: null,
      bio: 'Braids and natural hair care in Kumasi since 2015.',
      city: 'Kumasi',
      region: 'Ashanti',
      latitude: 6.69,
      longitude: -1.62,
      verified: true,
      member_since: '2025-06-27T00:00:00.000Z',
      response_time_minutes: null,
      categories: [{ slug: 'hair-braiding', name: 'Hair braiding' }],
      service_areas: ['Asokwa', 'Suame'],
      min_price_minor: 8000,
      price_type: 'from',
      currency: 'GHS',
    },
    services: [],
    availability: null,
    rating_summary: { average: 0, count: 0 },
    contact: { phone: null, whatsapp_url: null },
    canonicalSlug: 'ama-owusu-k3x9q2',
    ...overrides,
  };
}

function renderProfile(
  path: string,
  body: ProviderProfileResponse,
  { signedIn = false, reviews = [] as Review[][] } = {},
) {
  stubFetch((req) => {
    if (req.path === '/api/me') return signedIn ? json(200, makeMe('customer')) : SIGNED_OUT();
    if (req.path === '/api/categories') return json(200, CATEGORIES);
    if (req.path === '/api/favorites/ids') return json(200, { provider_ids: [] });
    if (req.path.endsWith('/reviews')) {
      const page = Number(req.url.searchParams.get('page') ?? '1');
      return json(200, {
        items: reviews[page - 1] ?? [],
        total: reviews.flat().length,
        rating: body.rating_summary.average,
        page,
      });
    }
    if (req.path.startsWith('/api/providers/')) return json(200, body);
    return undefined;
  });
  return renderRoutes([{ path: '/providers/:slug', Component: ProviderProfilePage }], path);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const el of document.head.querySelectorAll(
    'meta[property], meta[name="description"], link[rel="canonical"]',
  ))
    el.remove();
});

describe('/providers/:slug', () => {
  it('replaces an old slug with the canonical one and sets the link-preview tags', async () => {
    const { router } = renderProfile('/providers/ama-mensah-k3x9q2', profile());
    expect(await screen.findByRole('heading', { level: 1, name: 'Ama Owusu' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/providers/ama-owusu-k3x9q2'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(document.title).toBe('Ama Owusu — Hair braiding in Kumasi · Adwuma'));
    expect(document.head.querySelector('meta[property="og:url"]')).toHaveAttribute(
      'content',
      `${window.location.origin}/providers/ama-owusu-k3x9q2`,
    );
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(
      'Hair braiding in Kumasi, verified on Adwuma.',
    );
    const reviews = screen.getByRole('heading', { name: 'Reviews' }).closest('section') as HTMLElement;
    expect(within(reviews).getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.getByText('Member since June 2025')).toBeInTheDocument();
  });

  it('signed out: Message and Request a quote lead to sign-in; no WhatsApp or phone unless given', async () => {
    const braids = {
      id: '6ea6ae8c-fb81-4694-8f0f-46a2384ceac8',
      provider_id: 'p-1',
      title: 'Knotless braids',
      category: 'hair-braiding',
      category_name: 'Hair braiding',
      description: 'Medium knotless braids, hair included.',
      price_type: 'from',
      price_minor: 8000,
      currency: 'GHS',
      duration_minutes: 300,
      service_areas: [],
      status: 'published',
      published_at: '2026-11-01T10:00:00.000Z',
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-01T10:00:00.000Z',
      photos: [],
    } satisfies ProviderProfileResponse['services'][number];
    renderProfile('/providers/ama-owusu-k3x9q2', profile({ services: [braids] }));
    const message = await screen.findByRole('link', { name: 'Message' });
    expect(message).toHaveAttribute('href', '/auth?returnTo=%2Fproviders%2Fama-owusu-k3x9q2');
    expect(screen.getByRole('link', { name: 'Request a quote' })).toHaveAttribute(
      'href',
      '/auth?returnTo=%2Fproviders%2Fama-owusu-k3x9q2',
    );
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /\+233/ })).not.toBeInTheDocument();
  });

  it('signed in: the contact actions the provider shared, and Message opens the conversation', async () => {
    renderProfile(
      '/providers/ama-owusu-k3x9q2',
      profile({ contact: { phone: '+233241234567', whatsapp_url: 'https://wa.me/233241234567' } }),
      { signedIn: true },
    );
    expect(await screen.findByRole('link', { name: 'Message' })).toHaveAttribute('href', '/messaging?to=p-1');
    // Issue 21: the provider's chat, with a message naming their main category and this profile.
    const whatsapp = screen.getByRole('link', { name: 'WhatsApp' });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/233241234567\?text=/);
    expect(new URL(whatsapp.getAttribute('href') as string).searchParams.get('text')).toBe(
      `Hello Ama, I found your Hair braiding service on Adwuma: ${window.location.origin}/providers/ama-owusu-k3x9q2`,
    );
    expect(screen.getByRole('link', { name: '+233 24 123 4567' })).toHaveAttribute(
      'href',
      'tel:+233241234567',
    );
    expect(screen.getByRole('button', { name: 'Save Ama Owusu to favorites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
  it('shows service photos as lazy thumbnails with their size; a tap opens the large photo', async () => {
    const photo = (n: number) => ({
      id: `photo-${n}`,
      position: n - 1,
      url: `/api/files/public/services/s-1/p${n}-large.webp`,
      thumb_url: `/api/files/public/services/s-1/p${n}-thumb.webp`,
      width: 1200,
      height: 800,
    });
    renderProfile(
      '/providers/ama-owusu-k3x9q2',
      profile({
        services: [
          {
            id: 's-1',
            provider_id: 'p-1',
            title: 'Knotless braids',
            category: 'hair-braiding',
            category_name: 'Hair braiding',
            description: 'Medium knotless braids, hair included.',
            price_type: 'from',
            price_minor: 8000,
            currency: 'GHS',
            duration_minutes: 300,
            service_areas: [],
            status: 'published',
            published_at: '2026-11-01T10:00:00.000Z',
            created_at: '2026-11-01T10:00:00.000Z',
            updated_at: '2026-11-01T10:00:00.000Z',
            photos: [photo(1), photo(2)],
          },
        ],
      }),
    );
    const list = await screen.findByRole('list', { name: 'Photos of Knotless braids' });
    const images = within(list).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([
      'Knotless braids, example 1 of 2',
      'Knotless braids, example 2 of 2',
    ]);
    expect(images[0]).toHaveAttribute('src', photo(1).thumb_url);
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(images[0]).toHaveAttribute('width', '1200');
    expect(images[0]).toHaveAttribute('height', '800');
    expect(images[0]?.closest('a')).toHaveAttribute('href', photo(1).url);
  });

  it('lists the published reviews under the rating, with the reply, and shows more on request', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 10 }, (_, i) =>
      makeReview({ id: `r-${i}`, text: `Great braids, review number ${i}.`, rating: 5 }),
    );
    first[0] = makeReview({
      id: 'r-0',
      text: 'Neat work and on time.',
      reply: 'Thank you for coming!',
      replied_at: '2026-11-19T10:00:00.000Z',
    });
    const second = [
      makeReview({
        id: 'r-10',
        text: 'The last one.',
        author: { id: 'c-9', name: 'Efua', avatar_url: null },
      }),
    ];
    renderProfile('/providers/ama-owusu-k3x9q2', profile({ rating_summary: { average: 4.9, count: 11 } }), {
      reviews: [first, second],
    });
    const section = (await screen.findByRole('heading', { name: 'Reviews' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(section).getByText('4.9')).toBeInTheDocument();
    const list = await within(section).findByRole('list', { name: 'Reviews of Ama Owusu' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const firstReview = within(list).getAllByRole('article')[0] as HTMLElement;
    expect(within(firstReview).getByRole('heading', { name: 'Yaw M.' })).toBeInTheDocument();
    expect(within(firstReview).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(within(firstReview).getByText('Neat work and on time.')).toBeInTheDocument();
    expect(within(firstReview).getByText('Reply from Ama')).toBeInTheDocument();
    expect(within(firstReview).getByText('Thank you for coming!')).toBeInTheDocument();
    expect(within(firstReview).getByText('18 Nov 2026')).toBeInTheDocument();
    expect(within(section).getByText('Showing 10 of 11')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Show more reviews' }));
    expect(await within(list).findByText('The last one.')).toBeInTheDocument();
    expect(within(list).getByRole('heading', { name: 'Efua' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Show more reviews' })).toBeNull();
  });
});

describe('/providers/:slug and WhatsApp (issue 21)', () => {
  const braids = {
    id: 's-7',
    provider_id: 'p-1',
    title: 'Knotless braids',
    category: 'hair-braiding',
    category_name: 'Hair braiding',
    description: 'Medium knotless braids, hair included.',
    price_type: 'from',
    price_minor: 8000,
    currency: 'GHS',
    duration_minutes: 300,
    service_areas: [],
    status: 'published',
    published_at: '2026-11-01T10:00:00.000Z',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    photos: [],
  } satisfies ProviderProfileResponse['services'][number];
  const withWhatsapp = (overrides: Partial<ProviderProfileResponse> = {}) =>
    profile({ contact: { phone: null, whatsapp_url: 'https://wa.me/233241234567' }, ...overrides });
  const textOf = (link: HTMLElement) => new URL(link.getAttribute('href') as string).searchParams.get('text');

  it('names the service the visitor came for (?service=), else the main category', async () => {
    renderProfile('/providers/ama-owusu-k3x9q2?service=s-7', withWhatsapp({ services: [braids] }));
    const link = await screen.findByRole('link', { name: 'WhatsApp' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(textOf(link)).toBe(
      `Hello Ama, I found your Knotless braids service on Adwuma: ${window.location.origin}/providers/ama-owusu-k3x9q2`,
    );
  });

  it('falls back to the first service, then to a message without a service', async () => {
    const noCategory = { ...profile().provider, categories: [] };
    renderProfile('/providers/ama-owusu-k3x9q2', withWhatsapp({ provider: noCategory, services: [braids] }));
    expect(textOf(await screen.findByRole('link', { name: 'WhatsApp' }))).toContain(
      'I found your Knotless braids service',
    );
    cleanup();
    renderProfile('/providers/ama-owusu-k3x9q2', withWhatsapp({ provider: noCategory }));
    expect(textOf(await screen.findByRole('link', { name: 'WhatsApp' }))).toBe(
      `Hello Ama, I found you on Adwuma: ${window.location.origin}/providers/ama-owusu-k3x9q2`,
    );
  });

  it('has no WhatsApp chat where the provider did not turn it on, but always Share on WhatsApp', async () => {
    renderProfile('/providers/ama-owusu-k3x9q2', profile());
    const share = await screen.findByRole('link', { name: 'Share on WhatsApp' });
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).not.toBeInTheDocument();
    const href = share.getAttribute('href') as string;
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    const [title, url, ...rest] = (textOf(share) ?? '').split('\n');
    expect(title).toContain('Ama Owusu');
    expect(url).toBe(`${window.location.origin}/providers/ama-owusu-k3x9q2`);
    expect(rest).toEqual([]);
  });

  describe('in Twi', () => {
    beforeEach(async () => {
      await loadLanguage('ak');
      await i18n.changeLanguage('ak');
    });
    afterEach(async () => {
      await i18n.changeLanguage('en');
    });

    it('shows the profile in Twi: sections, dates, weekdays, category and the WhatsApp message', async () => {
      renderProfile(
        '/providers/ama-owusu-k3x9q2',
        withWhatsapp({
          services: [braids],
          availability: {
            days: [{ weekday: 1, closed: false, opens: '08:00', closes: '17:00' }],
          } as ProviderProfileResponse['availability'],
        }),
      );
      expect(await screen.findByRole('heading', { name: 'Nnwuma' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Nkamfo' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Berɛ a wɔbue' })).toBeInTheDocument();
      expect(screen.getByText('Ɔbaa mu fi Ayɛwohomumu 2025')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Tinwi nwene' })).toHaveAttribute(
        'href',
        '/categories/hair-braiding',
      );
      expect(screen.getByRole('rowheader', { name: 'Dwoada' })).toBeInTheDocument();
      expect(screen.getAllByText('Efi GH₵ 80.00').length).toBeGreaterThan(0);
      expect(screen.getByRole('link', { name: 'Kasa kyerɛ no' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Kyɛ wɔ WhatsApp so' })).toBeInTheDocument();
      expect(textOf(screen.getByRole('link', { name: 'WhatsApp' }))).toBe(
        `Agoo Ama, mehunuu wo Tinwi nwene adwuma wɔ Adwuma so: ${window.location.origin}/providers/ama-owusu-k3x9q2`,
      );
      expect(screen.queryByText('Services')).not.toBeInTheDocument();
      expect(screen.queryByText(/Member since/)).not.toBeInTheDocument();
    });
  });
});
