import { categoriesResponseSchema } from '@adwuma/shared';
import type { App } from '../../types.ts';
import { listCategoryGroups } from './list-categories.ts';

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
      const answer = await listCategoryGroups(app.deps.database.db);
      reply.header('cache-control', 'public, max-age=300');
      return answer;
    },
  );
}
