import { categoryPageMeta, codeFromSlug, providerPageMeta } from '@adwuma/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { providerSearch } from '../../db/schema.ts';
import type { DescribedPage } from '../../plugins/web.ts';
import { createCategoryCache } from './category-cache.ts';

/**
 * The public pages whose HTML the server describes for link previews: a provider's profile (one
 * query on the read model by its unique code, as the profile's own lookup does) and a category (from
 * the cached categories, no query). Old provider slugs lead to the current one, as the API does.
 */
export function describedPages(db: Db, publicUrl: string): DescribedPage[] {
  const categories = createCategoryCache(db);
  return [
    {
      path: '/providers/:slug',
      async lookup(slug) {
        const code = codeFromSlug(slug);
        if (!code) return null;
        const [row] = await db
          .select({
            slug: providerSearch.slug,
            name: providerSearch.name,
            city: providerSearch.city,
            verified: providerSearch.verified,
            bio: providerSearch.bio_excerpt,
            avatar_url: providerSearch.avatar_url,
            category_slugs: providerSearch.category_slugs,
            rating: providerSearch.rating,
            total_reviews: providerSearch.total_reviews,
          })
          .from(providerSearch)
          .where(and(eq(providerSearch.code, code), eq(providerSearch.listed, true)));
        if (!row) return null;
        if (row.slug !== slug) return { redirect: `/providers/${encodeURIComponent(row.slug)}` };
        const all = await categories.all();
        const names = row.category_slugs
          .flatMap((s) => all.get(s) ?? [])
          .sort((a, b) => a.sort_order - b.sort_order)
          .map((c) => c.name);
        return {
          meta: providerPageMeta({ ...row, rating: Number(row.rating), categories: names }, publicUrl),
        };
      },
    },
    {
      path: '/categories/:slug',
      async lookup(slug) {
        const category = await categories.get(slug);
        return category ? { meta: categoryPageMeta(category, publicUrl) } : null;
      },
    },
  ];
}
