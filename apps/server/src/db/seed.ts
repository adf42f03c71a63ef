import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { CATEGORY_GROUPS } from './data/categories.ts';
import { serviceCategories } from './schema.ts';

/** Reference data every database needs (categories). Idempotent: safe on every start. */
export async function seedReferenceData(database: Database): Promise<void> {
  let order = 0;
  const rows = CATEGORY_GROUPS.flatMap((group) =>
    group.categories.map(([slug, name, description]) => ({
      slug,
      name,
      description,
      group_slug: group.slug,
      group_name: group.name,
      sort_order: order++,
    })),
  );
  await database.db
    .insert(serviceCategories)
    .values(rows)
    .onConflictDoUpdate({
      target: serviceCategories.slug,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        group_slug: sql`excluded.group_slug`,
        group_name: sql`excluded.group_name`,
        sort_order: sql`excluded.sort_order`,
      },
    });
}
