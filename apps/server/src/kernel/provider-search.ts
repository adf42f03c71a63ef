import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { isUniqueViolation } from '../lib/errors.ts';

/** A database or an open transaction: the refresh runs inside the caller's transaction. */
export type Executor = Pick<Db, 'execute'>;

/** Shortest indexed word; the search feature's query parser (features/search/search-sql.ts) uses the same. */
export const MIN_WORD_LENGTH = 2;

/** Public coordinates are rounded to 3 decimals (about 100 m): the exact pin stays private. */
const COORDINATE_DECIMALS = 3;
const BIO_EXCERPT_CHARS = 200;
/** How much of the bio the text search reads. */
const BIO_SEARCH_CHARS = 300;

/**
 * The listing rule (decision 005): a provider is listed when core onboarding is complete
 * (profiles.onboarding_completed, which the server writes for provider-like users only), they have a
 * location, their effective role is not admin (an admin is not provider-like) and their account is
 * not suspended (issue 19: unlisted, data kept, listed again on reinstatement). A provider without
 * a published service is listed without a price. The rows below are what provider_search holds.
 */
function listingSource(filter: SQL): SQL {
  return sql`
    select
      p.id as provider_id,
      coalesce(nullif(trim(p.full_name), ''), 'Provider') as name,
      p.avatar_url,
      nullif(left(trim(regexp_replace(coalesce(p.bio, ''), '\\s+', ' ', 'g')), ${BIO_EXCERPT_CHARS}), '') as bio_excerpt,
      l.city,
      l.region,
      round(l.latitude::numeric, ${COORDINATE_DECIMALS})::float8 as latitude,
      round(l.longitude::numeric, ${COORDINATE_DECIMALS})::float8 as longitude,
      (p.verified or p.id_verified) as verified,
      p.rating,
      p.total_reviews,
      price.price_minor as min_price_minor,
      price.price_type,
      coalesce(cats.slugs, '{}'::text[]) as category_slugs,
      array(
        select distinct w from regexp_split_to_table(
          lower(concat_ws(' ', p.full_name, l.business_name, svc.titles, tags.tags, cats.names, l.city,
            left(p.bio, ${BIO_SEARCH_CHARS}))),
          '[^[:alnum:]]+') as w
        where length(w) between ${MIN_WORD_LENGTH} and 40
        order by w
      ) as search_words,
      days.open_days,
      coalesce(svc.n, 0) as services_count,
      p.created_at as member_since
    from profiles p
    join provider_locations l on l.provider_id = p.id
    left join lateral (
      select count(*)::int as n, string_agg(s.title, ' ' order by s.created_at) as titles
      from provider_services s where s.provider_id = p.id and s.status = 'published'
    ) svc on true
    left join lateral (
      select s.price_minor, s.price_type
      from provider_services s where s.provider_id = p.id and s.status = 'published'
      order by s.price_minor, s.created_at limit 1
    ) price on true
    left join lateral (
      select string_agg(t.tag, ' ' order by t.tag) as tags
      from provider_service_tags t where t.provider_id = p.id
    ) tags on true
    left join lateral (
      select array_agg(c.slug order by c.sort_order) as slugs, string_agg(c.name, ' ' order by c.sort_order) as names
      from (
        select k.skill as slug from provider_skills k where k.provider_id = p.id
        union
        select s.category_slug from provider_services s where s.provider_id = p.id and s.status = 'published'
      ) x
      join service_categories c on c.slug = x.slug
    ) cats on true
    left join lateral (
      select bit_or(1 << a.weekday)::smallint as open_days
      from provider_availability a where a.provider_id = p.id
    ) days on p.availability_set
    where p.onboarding_completed
      and not p.is_admin
      and not exists (select 1 from user_roles r where r.user_id = p.id and r.role = 'admin')
      and not exists (select 1 from auth_users u where u.id = p.id and u.suspended_at is not null)
      and ${filter}`;
}

/** The read model's columns the upsert writes (the same list inserts and updates). */
const READ_MODEL_COLUMNS = [
  'name',
  'avatar_url',
  'bio_excerpt',
  'city',
  'region',
  'latitude',
  'longitude',
  'verified',
  'rating',
  'total_reviews',
  'min_price_minor',
  'price_type',
  'category_slugs',
  'search_words',
  'open_days',
  'services_count',
  'member_since',
];
const COLUMNS = sql.raw(READ_MODEL_COLUMNS.join(', '));
const UPDATES = sql.raw(READ_MODEL_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', '));

/** The upsert, and every new word into the search_terms dictionary, in one statement. */
function upsert(filter: SQL): SQL {
  return sql`
    with up as (
      insert into provider_search (provider_id, ${COLUMNS}, listed, updated_at)
      select provider_id, ${COLUMNS}, true, now() from (${listingSource(filter)}) src
      on conflict (provider_id) do update set ${UPDATES}, listed = true, updated_at = now()
      returning provider_id, search_words
    ), terms as (
      insert into search_terms (term)
      select distinct unnest(search_words) from up
      on conflict do nothing
    )
    select provider_id from up`;
}

/**
 * Brings one provider's provider_search row up to date: inserted or updated when they are listed,
 * marked unlisted (the row and its public code kept) when they are not. Call it in the same
 * transaction as every write that changes what the row holds (profile, location, skills, tags,
 * availability, services, verification, rating). A new row draws an unused random code
 * (adwuma_public_code(), migration 0005).
 */
export async function refreshProviderSearch(db: Executor, providerId: string): Promise<void> {
  const rows = rowsOf(await db.execute(upsert(sql`p.id = ${providerId}`)));
  if (rows.length === 0) {
    await db.execute(
      sql`update provider_search set listed = false, updated_at = now() where provider_id = ${providerId} and listed`,
    );
  }
}

/**
 * Rebuilds the read model for every provider (or the given ones) in set-based statements, in one
 * transaction: used by the demo seed, the benchmark seed and after bulk imports. Returns how many
 * providers are listed. Two new rows of one statement may draw the same code (about 1 in 500 at
 * 100,000 new rows): the transaction is then retried.
 */
export async function rebuildProviderSearch(
  db: Pick<Db, 'transaction'>,
  providerIds?: readonly string[],
): Promise<number> {
  const ids = providerIds ? [...providerIds] : undefined;
  const filter = ids ? sql`p.id = any(${sql.param(ids)}::text[])` : sql`true`;
  const scope = ids ? sql`and ps.provider_id = any(${sql.param(ids)}::text[])` : sql``;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const listed = rowsOf(await tx.execute(upsert(filter))).length;
        await tx.execute(sql`
          update provider_search ps set listed = false, updated_at = now()
          where ps.listed ${scope}
            and not exists (select 1 from (${listingSource(sql`p.id = ps.provider_id`)}) still)`);
        return listed;
      });
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}
