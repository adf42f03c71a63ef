import type { CategoryGroup } from '@adwuma/shared';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serviceCategories } from '../../db/schema.ts';

/** All service categories in their groups, in display order. */
export async function listCategoryGroups(db: Db) {
  const rows = await db
    .select()
    .from(serviceCategories)
    .orderBy(asc(serviceCategories.sort_order), asc(serviceCategories.name));
  const groups: CategoryGroup[] = [];
  for (const row of rows) {
    let g = groups.find((x) => x.slug === row.group_slug);
    if (!g) {
      g = { slug: row.group_slug, name: row.group_name, categories: [] };
      groups.push(g);
    }
    g.categories.push({ slug: row.slug, name: row.name, description: row.description });
  }
  return { groups, total: rows.length };
}
