import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

describe('GET /api/categories', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the 50+ seeded categories in their groups', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(50);
    const slugs = body.groups.map((g: { slug: string }) => g.slug);
    expect(slugs).toEqual(expect.arrayContaining(['beauty', 'home', 'education', 'events', 'tech']));
    const beauty = body.groups.find((g: { slug: string }) => g.slug === 'beauty');
    expect(beauty.categories.map((c: { slug: string }) => c.slug)).toContain('hair-braiding');
  });
});
