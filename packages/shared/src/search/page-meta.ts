/**
 * What link previews (WhatsApp, Facebook, X) and search engines read about a public page. One
 * definition for both sides: the server writes it into the HTML it sends (crawlers run no script),
 * the web app sets the same tags when the page is reached inside the app.
 */

export const SITE_NAME = 'Adwuma';

export interface PageMeta {
  /** Without the site name (og:title); the tab title adds it (pageTitle). */
  title: string;
  description: string;
  /** Absolute URL of the page (canonical, og:url). */
  url: string;
  /** Absolute URL of a picture for link previews. */
  image?: string | null;
  type?: 'website' | 'profile';
}

/** The tab title: "Ama Owusu — Hair braiding in Kumasi · Adwuma". */
export function pageTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — Find trusted service providers in Ghana`;
}

/** "4.6" (one decimal, as rating stars are read). */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** "23 reviews", "1 review". */
export function reviewCount(count: number): string {
  return `${count.toLocaleString('en-GH')} review${count === 1 ? '' : 's'}`;
}

const BIO_CHARS = 140;

export interface ProviderMetaInput {
  /** The current slug (old ones redirect to it). */
  slug: string;
  name: string;
  city: string | null;
  verified: boolean;
  /** The bio or its excerpt; only its start is used. */
  bio: string | null;
  avatar_url: string | null;
  /** Category names, in the catalogue's order. */
  categories: readonly string[];
  rating: number;
  total_reviews: number;
}

/** `/providers/{slug}`. */
export function providerPageMeta(p: ProviderMetaInput, origin: string): PageMeta {
  const what = p.categories.slice(0, 2).join(' and ') || 'Service provider';
  const where = p.city ? ` in ${p.city}` : '';
  const rating =
    p.total_reviews > 0 ? ` Rated ${formatRating(p.rating)} from ${reviewCount(p.total_reviews)}.` : '';
  const text = p.bio?.replace(/\s+/g, ' ').trim() ?? '';
  const bio = text ? ` ${text.length > BIO_CHARS ? `${text.slice(0, BIO_CHARS - 1)}…` : text}` : '';
  return {
    title: `${p.name} — ${what}${where}`,
    description:
      `${what}${where}${p.verified ? ', verified on Adwuma' : ' on Adwuma'}.${rating}${bio}`.trim(),
    url: `${origin}/providers/${encodeURIComponent(p.slug)}`,
    image: p.avatar_url ? new URL(p.avatar_url, origin).toString() : null,
    type: 'profile',
  };
}

export interface CategoryMetaInput {
  slug: string;
  name: string;
  description: string;
}

/** `/categories/{slug}`. */
export function categoryPageMeta(c: CategoryMetaInput, origin: string): PageMeta {
  const lead = c.description.trim() || `${c.name} across Ghana.`;
  return {
    title: `${c.name} in Ghana`,
    description: `${lead} Compare providers, ratings and prices on Adwuma.`,
    url: `${origin}/categories/${encodeURIComponent(c.slug)}`,
    type: 'website',
  };
}
