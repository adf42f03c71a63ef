import { rebuildProviderSearch } from '../kernel/provider-search.ts';
import type { Database } from './client.ts';
import {
  BIO_CLOSINGS,
  DEMO_CITIES,
  FIRST_NAMES,
  LAST_NAMES,
  SERVICE_TEMPLATES,
} from './data/demo-providers.ts';

/**
 * Benchmark data: N providers written by the database itself (INSERT … SELECT over
 * generate_series, in chunks), with the demo seed's names, cities, services and prices, then the
 * search read model rebuilt in one pass. Deterministic per provider number (hashint8), idempotent
 * (ids `bench-0000001`…; existing rows are left alone), so `--providers 100000` twice adds nothing.
 */

const CHUNK = 25_000;

export interface BenchSeedResult {
  providers: number;
  listed: number;
  seconds: { base: number; readModel: number; analyze: number };
}

/**
 * On a Postgres server pass a database opened with a pool of one connection (`openPostgres(url, 1)`):
 * the seed uses temporary tables, which live in one session.
 */
export async function seedBenchProviders(
  database: Database,
  count: number,
  log: (message: string) => void = () => {},
): Promise<BenchSeedResult> {
  const run = (text: string, values: unknown[] = []) => database.executeSql(text, values);
  const started = Date.now();

  const templates = Object.entries(SERVICE_TEMPLATES).flatMap(([category, list]) =>
    list.map(([title, price_type, min, max, duration], n) => ({
      category,
      n,
      title,
      price_type,
      min_cedis: min,
      max_cedis: max,
      duration,
    })),
  );
  // Cities repeated by weight: picking an index uniformly picks a city by weight.
  const cityIndex = DEMO_CITIES.flatMap((c, i) => Array.from({ length: c.weight }, () => i + 1));

  await run('drop table if exists bench_templates');
  await run(
    `create temp table bench_templates as
     select * from json_to_recordset($1::json)
       as t(category text, n int, title text, price_type text, min_cedis int, max_cedis int, duration int)`,
    [JSON.stringify(templates)],
  );
  await run('drop table if exists bench_cities');
  await run(
    `create temp table bench_cities as
     select * from json_to_recordset($1::json)
       as c(idx int, city text, region text, latitude float8, longitude float8, weight int)`,
    [JSON.stringify(DEMO_CITIES.map(({ areas: _areas, ...c }, i) => ({ idx: i + 1, ...c })))],
  );
  await run('drop table if exists bench_categories');
  await run(
    `create temp table bench_categories as
     select (row_number() over (order by c.slug) - 1)::int as idx, c.slug, c.name,
       (select count(*) from bench_templates t where t.category = c.slug)::int as templates
     from service_categories c`,
  );
  const [{ n: categories } = { n: 0 }] = (await run('select count(*)::int as n from bench_categories'))
    .rows as { n: number }[];

  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await run('drop table if exists bench_base');
    // h(k): a stable pseudo-random number per provider and purpose.
    await run(
      `create temp table bench_base as
       select
         i,
         'bench-' || lpad(i::text, 7, '0') as id,
         ($3::text[])[1 + (h.h1 % array_length($3::text[], 1))] || ' ' ||
           ($4::text[])[1 + (h.h2 % array_length($4::text[], 1))] as name,
         c.city, c.region,
         c.latitude + ((h.h3 % 2001) - 1000) / 1000.0 * (case when c.weight >= 40 then 0.12 else 0.06 end) as latitude,
         c.longitude + ((h.h4 % 2001) - 1000) / 1000.0 * (case when c.weight >= 40 then 0.12 else 0.06 end) as longitude,
         k1.slug as cat1, k1.name as cat1_name,
         case when h.h6 % 10 < 3 then k2.slug end as cat2,
         case when h.h7 % 10 < 2 then 0::numeric else round((3.5 + (h.h7 % 1501) / 1000.0)::numeric, 1) end as rating,
         case when h.h7 % 10 < 2 then 0 else 1 + (h.h8 % 150) end as total_reviews,
         h.h8 % 100 < 40 as verified,
         1 + (h.h6 % 3) as services,
         h.h5 % 10 < 6 as saturday,
         timestamptz '2024-01-01' + ((h.h1 % 900) || ' days')::interval as created_at,
         ($6::text[])[1 + (h.h2 % array_length($6::text[], 1))] as closing
       from generate_series($1::bigint, $2::bigint) i
       cross join lateral (
         select abs(hashint8(i * 16 + 1))::bigint as h1, abs(hashint8(i * 16 + 2))::bigint as h2,
           abs(hashint8(i * 16 + 3))::bigint as h3, abs(hashint8(i * 16 + 4))::bigint as h4,
           abs(hashint8(i * 16 + 5))::bigint as h5, abs(hashint8(i * 16 + 6))::bigint as h6,
           abs(hashint8(i * 16 + 7))::bigint as h7, abs(hashint8(i * 16 + 8))::bigint as h8
       ) h
       join bench_cities c on c.idx = ($5::int[])[1 + (h.h5 % array_length($5::int[], 1))]
       join bench_categories k1 on k1.idx = h.h6 % $7
       join bench_categories k2 on k2.idx = (h.h6 / 7 + 1 + h.h6 % $7) % $7`,
      [from, to, FIRST_NAMES, LAST_NAMES, cityIndex, BIO_CLOSINGS.filter(Boolean), categories],
    );
    await run(
      `insert into auth_users (id, name, email, email_verified, user_role, created_at, updated_at)
       select id, name, id || '@bench.adwuma.invalid', false, 'explorer', created_at, created_at from bench_base
       on conflict do nothing`,
    );
    await run(
      `insert into profiles (id, full_name, email, bio, verified, rating, total_reviews, role, type,
         core_onboarding_progress, onboarding_completed, city, state, availability_set, intro_seen,
         created_at, updated_at)
       select id, name, id || '@bench.adwuma.invalid',
         'Experienced ' || lower(cat1_name) || ' in ' || city || '. ' || closing,
         verified, rating, total_reviews, 'service_provider', 'provider',
         '{"profile_completed":true,"location_completed":true,"skills_completed":true}'::jsonb, true,
         city, region, true, true, created_at, created_at
       from bench_base on conflict do nothing`,
    );
    await run(
      `insert into provider_locations (provider_id, latitude, longitude, city, region, country, address, source,
         created_at, updated_at)
       select id, latitude, longitude, city, region, 'Ghana', city || ', Ghana', 'seed', created_at, created_at
       from bench_base on conflict do nothing`,
    );
    await run(
      `insert into provider_skills (provider_id, skill)
       select id, cat1 from bench_base
       union all select id, cat2 from bench_base where cat2 is not null and cat2 <> cat1
       on conflict do nothing`,
    );
    await run(
      `insert into provider_availability (provider_id, weekday, opens, closes)
       select b.id, d, time '08:00', case when d = 6 then time '14:00' else time '17:00' end
       from bench_base b cross join generate_series(1, 6) d
       where d <= 5 or b.saturday
       on conflict do nothing`,
    );
    await run(
      `insert into provider_services (provider_id, title, category_slug, description, price_type, price_minor,
         duration_minutes, status, published_at, created_at, updated_at)
       select b.id, t.title, b.cat1, t.title || ' in ' || b.city || '. Materials and transport agreed before we start.',
         t.price_type,
         (round((t.min_cedis + (abs(hashint8(b.i * 16 + 9 + t.n)) % (t.max_cedis - t.min_cedis + 1))) / 5.0) * 5 * 100)::int,
         t.duration, 'published', b.created_at, b.created_at, b.created_at
       from bench_base b
       join bench_templates t on t.category = b.cat1 and t.n < b.services
       where not exists (select 1 from provider_services s where s.provider_id = b.id)`,
    );
    await run(
      `insert into provider_service_tags (provider_id, tag)
       select b.id, t.title from bench_base b join bench_templates t on t.category = b.cat1 and t.n < b.services
       on conflict do nothing`,
    );
    log(`  providers ${to.toLocaleString('en')} / ${count.toLocaleString('en')}`);
  }
  const base = (Date.now() - started) / 1000;

  log('  building the search read model…');
  const rebuildStarted = Date.now();
  const listed = await rebuildProviderSearch(database.db);
  const readModel = (Date.now() - rebuildStarted) / 1000;
  const analyzeStarted = Date.now();
  // VACUUM moves the GIN indexes' pending entries into the index proper (a bulk insert leaves
  // them in the pending list, which every search would scan) and ANALYZE gives the planner the
  // word and category frequencies.
  await run('vacuum analyze');
  for (const table of ['bench_base', 'bench_templates', 'bench_cities', 'bench_categories']) {
    await run(`drop table if exists ${table}`);
  }
  return {
    providers: count,
    listed,
    seconds: { base, readModel, analyze: (Date.now() - analyzeStarted) / 1000 },
  };
}
