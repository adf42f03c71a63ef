import { z } from 'zod';

export const serviceCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
});
export const categoryGroupSchema = z.object({
  slug: z.string(),
  name: z.string(),
  categories: z.array(serviceCategorySchema),
});
export const categoriesResponseSchema = z.object({ groups: z.array(categoryGroupSchema), total: z.number() });

export type ServiceCategory = z.infer<typeof serviceCategorySchema>;
export type CategoryGroup = z.infer<typeof categoryGroupSchema>;
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;
