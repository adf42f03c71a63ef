import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serviceCategories } from '../../db/schema.ts';

export type CategoryRow = Pick<
  typeof serviceCategories.$inferSelect,
  'slug' | 'name' | 'description' | 'group_slug' | 'group_name' | 'sort_order'
>;

const TTL_MS = 5 * 60 * 1000;

/**
 * The service categories, read once and kept for five minutes: reference data that changes only with
 * a deploy, so a search checks its category without a query of its own.
 */
export function createCategoryCache(db: Db) {
  let loaded: { at: number; bySlug: Map<string, CategoryRow> } | null = null;
  let pending: Promise<Map<string, CategoryRow>> | null = null;

  async function load(): Promise<Map<string, CategoryRow>> {
    if (loaded && Date.now() - loaded.at < TTL_MS) return loaded.bySlug;
    pending ??= (async () => {
      try {
        const rows = await db
          .select({
            slug: serviceCategories.slug,
            name: serviceCategories.name,
            description: serviceCategories.description,
            group_slug: serviceCategories.group_slug,
            group_name: serviceCategories.group_name,
            sort_order: serviceCategories.sort_order,
          })
          .from(serviceCategories)
          .orderBy(asc(serviceCategories.sort_order));
        const bySlug = new Map(rows.map((r) => [r.slug, r]));
        loaded = { at: Date.now(), bySlug };
        return bySlug;
      } finally {
        pending = null;
      }
    })();
    return pending;
  }

  return {
    async get(slug: string): Promise<CategoryRow | undefined> {
      return (await load()).get(slug);
    },
    async all(): Promise<Map<string, CategoryRow>> {
      return load();
    },
  };
}

export type CategoryCache = ReturnType<typeof createCategoryCache>;
