import { type CategoryGroup, categoriesResponseSchema } from '@adwuma/shared';
import { asc } from 'drizzle-orm';
import { serviceCategories } from '../../db/schema.ts';
import type { App } from '../../types.ts';

export async function categoryRoutes(app: App) {
  app.get(
    '/api/categories',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Service categories, grouped',
        response: { 200: categoriesResponseSchema },
      },
    },
    async (_request, reply) => {
      const rows = await app.deps.database.db
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
      reply.header('cache-control', 'public, max-age=300');
      return { groups, total: rows.length };
    },
  );
}
