import { MARKETING_CLAIMS } from '@adwuma/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { call } from '../test/providers.ts';
import { CATEGORY_GROUPS } from './data/categories.ts';
import { SERVICE_TEMPLATES } from './data/demo-providers.ts';
import { seedDemoJobs } from './demo-jobs.ts';
import {
  DEMO_PROVIDER_COUNT,
  demoProviders,
  insertProviders,
  seedDemoData,
  seedDemoReviews,
} from './demo-seed.ts';

describe('demo seed', () => {
  let t: TestApp;
  // 1,000 providers with their reviews and jobs: seconds, more on a busy machine.
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true });
  }, 120_000);
  afterAll(() => t.close());

  it('is deterministic, 1,000 providers covering every category and 20+ cities', () => {
    const a = demoProviders();
    expect(demoProviders()).toEqual(a);
    expect(a).toHaveLength(DEMO_PROVIDER_COUNT);
    expect(DEMO_PROVIDER_COUNT).toBeGreaterThanOrEqual(1000);
    expect(new Set(a.map((p) => p.city)).size).toBeGreaterThanOrEqual(20);
    const slugs = CATEGORY_GROUPS.flatMap((g) => g.categories.map(([slug]) => slug));
    for (const slug of slugs) expect(SERVICE_TEMPLATES[slug], slug).toBeDefined();
    expect(new Set(a.flatMap((p) => p.categories))).toEqual(new Set(slugs));
    for (const p of a) {
      for (const s of p.services) {
        expect(Number.isInteger(s.price_minor)).toBe(true);
        expect(s.price_minor).toBeGreaterThan(0);
      }
    }
  });

  it('runs at start once (a marker in app_settings) and fills search', async () => {
    expect(await seedDemoData(t.database)).toBe(0);
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n, count(distinct city)::int as cities from provider_search where listed`,
    )) as unknown as { rows: { n: number; cities: number }[] };
    expect(rows[0]).toEqual({ n: DEMO_PROVIDER_COUNT, cities: 24 });
    const res = await call(t, 'GET', '/api/search?category=plumbing&lat=6.6885&lng=-1.6244&radius=30');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.length).toBeGreaterThan(0);
    expect(res.json().items.every((i: { city: string }) => i.city === 'Kumasi')).toBe(true);
  });

  it('gives demo accounts no password: nobody can sign in as them', async () => {
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from auth_accounts a join auth_users u on u.id = a.user_id where u.id like 'demo-%'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);
    const [first] = demoProviders(1);
    const res = await call(t, 'POST', '/api/auth/sign-in/email', undefined, {
      email: first!.email,
      password: 'Passw0rd!',
    });
    expect(res.statusCode).toBe(401);
  });

  it('posts open demo jobs in several cities, some with bids of providers of the same trade, once', async () => {
    expect(await seedDemoJobs(t.database)).toBe(0);
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n, count(distinct city)::int as cities, sum(bids_count)::int as bids,
            bool_and(status = 'open' and expires_at > now()) as open
          from jobs`,
    )) as unknown as { rows: { n: number; cities: number; bids: number; open: boolean }[] };
    expect(rows[0]!.n).toBeGreaterThanOrEqual(40);
    expect(rows[0]!.cities).toBeGreaterThanOrEqual(5);
    expect(rows[0]!.bids).toBeGreaterThan(10);
    expect(rows[0]!.open).toBe(true);
    const { rows: mismatched } = (await t.database.db.execute(
      sql`select b.id from job_bids b join jobs j on j.id = b.job_id
          join provider_search s on s.provider_id = b.provider_id
          where not (j.category_slug = any(s.category_slugs)) or s.city <> j.city`,
    )) as unknown as { rows: unknown[] };
    expect(mismatched).toEqual([]);
    const { rows: counts } = (await t.database.db.execute(
      sql`select j.id from jobs j where j.bids_count <> (select count(*) from job_bids b where b.job_id = j.id and b.status = 'active')`,
    )) as unknown as { rows: unknown[] };
    expect(counts).toEqual([]);
  });

  it('writes the reviews behind every stated rating and count, by demo customers, once', async () => {
    expect(await seedDemoReviews(t.database)).toBe(0);
    const { rows: wrong } = (await t.database.db.execute(
      sql`select p.id, p.rating::float8 as rating, p.total_reviews, s.total_reviews as search_total,
            (select count(*)::int from reviews r where r.subject_id = p.id and r.published_at is not null) as n,
            (select round(avg(r.rating)::numeric, 2)::float8 from reviews r where r.subject_id = p.id and r.published_at is not null) as avg
          from profiles p join provider_search s on s.provider_id = p.id
          where p.id like 'demo-provider-%'`,
    )) as unknown as {
      rows: { rating: number; total_reviews: number; search_total: number; n: number; avg: number | null }[];
    };
    expect(wrong).toHaveLength(DEMO_PROVIDER_COUNT);
    for (const r of wrong) {
      expect(r.total_reviews).toBe(r.n);
      expect(r.search_total).toBe(r.n);
      expect(r.rating).toBe(r.avg ?? 0);
    }
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n, count(distinct r.text)::int as texts, count(distinct r.author_id)::int as authors,
            bool_and(a.role = 'customer' and b.status = 'completed' and b.customer_id = r.author_id
              and b.provider_id = r.subject_id and r.published_at <= now()) as sound,
            count(distinct r.rating)::int as stars
          from reviews r join profiles a on a.id = r.author_id join bookings b on b.id = r.booking_id`,
    )) as unknown as { rows: { n: number; texts: number; authors: number; sound: boolean; stars: number }[] };
    expect(rows[0]!.n).toBeGreaterThan(DEMO_PROVIDER_COUNT);
    expect(rows[0]!.texts).toBeGreaterThan(200);
    expect(rows[0]!.authors).toBeGreaterThan(30);
    expect(rows[0]!.stars).toBeGreaterThanOrEqual(3);
    expect(rows[0]!.sound).toBe(true);
    const [reviewed] = demoProviders().filter((p) => p.total_reviews > 2);
    const { rows: slugRows } = (await t.database.db.execute(
      sql`select slug from provider_search where provider_id = ${reviewed!.id}`,
    )) as unknown as { rows: { slug: string }[] };
    const res = await call(t, 'GET', `/api/providers/${slugRows[0]!.slug}/reviews`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(Math.min(10, reviewed!.total_reviews));
  });

  it('backs every number on the landing page: each claim is what the demo data holds', async () => {
    const { rows } = (await t.database.db.execute(
      sql`select (select count(*)::int from provider_search where listed) as providers,
            (select count(*)::int from service_categories) as categories,
            (select round(avg(rating)::numeric, 1)::float8 from reviews
              where published_at is not null and author_role = 'customer') as rating,
            (select count(distinct city)::int from provider_search where listed) as cities`,
    )) as unknown as { rows: { providers: number; categories: number; rating: number; cities: number }[] };
    const actual = rows[0]!;
    expect(MARKETING_CLAIMS.map((c) => c.value)).toEqual(['1,000+', '50+', '4.8', '20+']);
    const claim = Object.fromEntries(MARKETING_CLAIMS.map((c) => [c.key, c.value]));
    const floor = (v: string) => Number(v.replace(/[+,]/g, ''));
    expect(actual.providers).toBeGreaterThanOrEqual(floor(claim.providers!));
    expect(actual.categories).toBeGreaterThanOrEqual(floor(claim.categories!));
    expect(actual.rating.toFixed(1)).toBe(claim.rating);
    expect(actual.cities).toBeGreaterThanOrEqual(floor(claim.cities!));
  });

  it('tops up a database seeded with fewer providers (an earlier count), then seeds nothing again', async () => {
    const fresh = await createTestApp({ seedDemo: false });
    try {
      await insertProviders(fresh.database.db, demoProviders().slice(0, 40));
      await fresh.database.db.execute(
        sql`insert into app_settings (key, value) values ('demo_seed', 'v1:40')`,
      );
      expect(await seedDemoData(fresh.database)).toBe(DEMO_PROVIDER_COUNT - 40);
      expect(await seedDemoData(fresh.database)).toBe(0);
      expect(await seedDemoReviews(fresh.database)).toBe(0);
      const { rows } = (await fresh.database.db.execute(
        sql`select count(*)::int as n,
              count(*) filter (where exists (select 1 from reviews r where r.subject_id = p.id))::int as reviewed
            from profiles p where p.id like 'demo-provider-%'`,
      )) as unknown as { rows: { n: number; reviewed: number }[] };
      expect(rows[0]!.n).toBe(DEMO_PROVIDER_COUNT);
      expect(rows[0]!.reviewed).toBe(demoProviders().filter((p) => p.total_reviews > 0).length);
      // The search rows are built with the reviews, for every provider written.
      const { rows: listed } = (await fresh.database.db.execute(
        sql`select count(*)::int as n from provider_search where listed`,
      )) as unknown as { rows: { n: number }[] };
      expect(listed[0]!.n).toBe(DEMO_PROVIDER_COUNT);
    } finally {
      await fresh.close();
    }
  }, 120_000); // a fresh database and 960 providers with their reviews: seconds, more on a busy machine
});
