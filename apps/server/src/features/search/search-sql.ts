import {
  effectiveSort,
  type ProviderCard,
  SEARCH_LIMITS,
  SEARCH_TOTAL_CAP,
  type SearchQuery,
  type SearchSort,
} from '@adwuma/shared';
import { MIN_WORD_LENGTH } from '../../kernel/provider-search.ts';

/**
 * The provider list queries (search, directory, category pages) as plain SQL text with positional
 * parameters, so that the API and the benchmark's direct-SQL baseline run exactly the same statement
 * (bench/search.mjs imports this file). One round trip answers the page and the capped total.
 * Query shapes and their plans: docs/decisions/005-search.md.
 */

export interface SqlQuery {
  text: string;
  values: unknown[];
}

export const MAX_QUERY_WORDS = 6;

/**
 * The words of a free-text query, lowercased: letters and digits only, so SQL, LIKE and regex
 * metacharacters are plain separators. Words shorter than 2 characters carry no trigram signal.
 */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= MIN_WORD_LENGTH))].slice(0, MAX_QUERY_WORDS);
}

export type ListSort = SearchSort | 'name';

/** How many dictionary words one search word may stand for (the closest ones). */
export const TERMS_PER_WORD = 20;
/** A term this similar to the search word counts as a close match (ranked above looser ones). */
export const CLOSE_SIMILARITY = 0.8;

/** One search word and the real words it matches: exactly, closely (word similarity ≥ 0.8) or at all. */
export interface WordMatch {
  word: string;
  terms: string[];
  exact: string[];
  close: string[];
}

/**
 * Step 1 of a text search: each search word's closest words in the search_terms dictionary by
 * trigram word similarity (`<%`, pg_trgm.word_similarity_threshold 0.6, on the trigram GIN index):
 * how much of the search word appears in the term, so typos ("plumbr" → plumbing) and beginnings
 * ("electr" → electrical, electrician) match. (The plain similarity operator `%` crashes PGlite 0.5
 * when cube and earthdistance are loaded too; `<%` works on both databases.)
 */
export function buildTermsSql(words: readonly string[]): SqlQuery {
  return {
    text: `select w.i::int as i, t.term, t.sim
from unnest($1::text[]) with ordinality as w(word, i)
cross join lateral (
  select term, word_similarity(w.word, term)::float8 as sim from search_terms
  where w.word <% term
  order by sim desc, length(term), term
  limit ${TERMS_PER_WORD}
) t`,
    values: [words],
  };
}

/** The matches of step 1; null when a word matched nothing (then nothing can match all words). */
export function wordMatchesFrom(
  words: readonly string[],
  rows: Record<string, unknown>[],
): WordMatch[] | null {
  const matches = words.map((word) => ({
    word,
    terms: [] as string[],
    exact: [] as string[],
    close: [] as string[],
  }));
  for (const row of rows) {
    const match = matches[Number(row.i) - 1];
    if (!match) continue;
    const term = row.term as string;
    const sim = Number(row.sim);
    match.terms.push(term);
    if (term === match.word) match.exact.push(term);
    else if (sim >= CLOSE_SIMILARITY) match.close.push(term);
  }
  return matches.every((m) => m.terms.length > 0) ? matches : null;
}

export interface ListSpec {
  /** Free text, after step 1: every word must match one of its terms. */
  text?: WordMatch[];
  category?: string;
  /** Case-insensitive exact city (the directory). */
  city?: string;
  near?: { lat: number; lng: number; radiusKm: number };
  minRating?: number;
  priceMin?: number;
  priceMax?: number;
  verified?: boolean;
  /** Open on this weekday (0 = Sunday). */
  day?: number;
  sort: ListSort;
  page: number;
  pageSize: number;
  /** The signed-in caller: adds `favorited`. */
  userId?: string;
}

/**
 * The list a search asks for, before its words are matched to terms (`words`; the route runs
 * step 1 and sets `text`); null when the text has no searchable word (the answer is empty).
 */
export function specFromSearch(
  query: SearchQuery,
  userId?: string,
): { spec: ListSpec; words: string[] } | null {
  const words = searchWords(query.q);
  if (query.q && words.length === 0) return null;
  let sort: ListSort = effectiveSort({ ...query, q: words.length ? query.q : undefined });
  if (sort === 'relevance' && !words.length) sort = query.lat !== undefined ? 'distance' : 'rating';
  const spec: ListSpec = {
    ...(query.category ? { category: query.category } : {}),
    ...(query.lat !== undefined && query.lng !== undefined
      ? { near: { lat: query.lat, lng: query.lng, radiusKm: query.radius } }
      : {}),
    ...(query.min_rating !== undefined ? { minRating: query.min_rating } : {}),
    ...(query.price_min !== undefined ? { priceMin: query.price_min } : {}),
    ...(query.price_max !== undefined ? { priceMax: query.price_max } : {}),
    ...(query.verified ? { verified: true } : {}),
    ...(query.day !== undefined ? { day: query.day } : {}),
    sort,
    page: query.page,
    pageSize: SEARCH_LIMITS.pageSize,
    ...(userId ? { userId } : {}),
  };
  return { spec, words };
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
}

/** ORDER BY per sort, on the m/page columns; the rating, price and name orders match their indexes. */
const ORDER: Record<ListSort, (t: string) => string> = {
  relevance: (t) => `${t}.score desc, ${t}.rating desc, ${t}.provider_id`,
  distance: (t) => `${t}.distance_m, ${t}.provider_id`,
  rating: (t) => `${t}.rating desc nulls last, ${t}.total_reviews desc nulls last, ${t}.provider_id`,
  price: (t) => `${t}.min_price_minor, ${t}.provider_id`,
  name: (t) => `${t}.name, ${t}.provider_id`,
};

/**
 * Step 2, one statement: `m` takes the matching rows in order from the indexes (text: GIN on
 * search_words; category: GIN; place: GiST earth box, then the exact distance; rating/price/name:
 * btree order), at most enough for the cap and the page; the page joins back for the card columns.
 */
export function buildListSql(spec: ListSpec): SqlQuery {
  const p = new Params();
  const where = ['s.listed'];
  let score = 'null::float8';
  let distance = 'null::float8';

  if (spec.text?.length) {
    // Every word must match (GIN on search_words); a word counts 3 when matched exactly, 2 closely,
    // 1 by a looser typo; a search word found in the name adds 2.
    const parts: string[] = [];
    for (const match of spec.text) {
      where.push(`s.search_words && ${p.add(match.terms, 'text[]')}`);
      parts.push(
        `case when s.search_words && ${p.add(match.exact, 'text[]')} then 3 when s.search_words && ${p.add(match.close, 'text[]')} then 2 else 1 end`,
      );
    }
    const inName = spec.text.map((m) => `strpos(lower(s.name), ${p.add(m.word, 'text')}) > 0`);
    parts.push(`case when ${inName.join(' or ')} then 2 else 0 end`);
    score = `(${parts.join(' + ')})::float8`;
  }
  if (spec.category) where.push(`s.category_slugs @> array[${p.add(spec.category, 'text')}]`);
  if (spec.city) where.push(`lower(s.city) = lower(${p.add(spec.city, 'text')})`);
  let nearest = '';
  if (spec.near) {
    // s.earth_point is ll_to_earth(latitude, longitude) (a stored cube). The box goes to the GiST
    // index; the exact cut compares the straight-line (chord) distance with the radius's chord, and
    // the distance shown is the great-circle one (what earth_distance computes), in metres.
    const earth = `ll_to_earth(${p.add(spec.near.lat, 'float8')}, ${p.add(spec.near.lng, 'float8')})`;
    const origin = `${earth}::cube`;
    const radius = p.add(spec.near.radiusKm * 1000, 'float8');
    distance = `sec_to_gc(cube_distance(s.earth_point, ${origin}))`;
    nearest = `s.earth_point <-> ${origin}`;
    where.push(
      `earth_box(${earth}, ${radius}) @> s.earth_point`,
      `cube_distance(s.earth_point, ${origin}) <= 2 * earth() * sin(${radius} / (2 * earth()))`,
    );
  }
  if (spec.minRating !== undefined) where.push(`s.rating >= ${p.add(spec.minRating, 'numeric')}`);
  if (spec.priceMin !== undefined) where.push(`s.min_price_minor >= ${p.add(spec.priceMin, 'int')}`);
  if (spec.priceMax !== undefined) where.push(`s.min_price_minor <= ${p.add(spec.priceMax, 'int')}`);
  if (spec.verified) where.push('s.verified');
  if (spec.day !== undefined) where.push(`(s.open_days & ${p.add(1 << spec.day, 'int')}) <> 0`);

  const offset = (spec.page - 1) * spec.pageSize;
  const limit = Math.max(SEARCH_TOTAL_CAP + 1, offset + spec.pageSize);
  const favorited = spec.userId
    ? `, exists (select 1 from favorites f where f.user_id = ${p.add(spec.userId, 'text')} and f.provider_id = ps.provider_id) as favorited`
    : '';

  const text = `with m as materialized (
  select s.provider_id, s.rating, s.total_reviews, s.min_price_minor, s.name,
    ${score} as score, ${distance} as distance_m
  from provider_search s
  where ${where.join('\n    and ')}
  order by ${spec.sort === 'distance' ? `${nearest}, s.provider_id` : ORDER[spec.sort]('s').replace('s.score', 'score')}
  limit ${p.add(limit, 'int')}
), page as (
  select * from m order by ${ORDER[spec.sort]('m')} offset ${p.add(offset, 'int')} limit ${p.add(spec.pageSize, 'int')}
)
select t.total, ps.provider_id, ps.slug, ps.name, ps.avatar_url, ps.city, ps.region, ps.verified,
  ps.rating::float8 as rating, ps.total_reviews, ps.min_price_minor, ps.price_type, page.distance_m,
  ps.category_slugs, ps.response_time_minutes, ps.latitude, ps.longitude${favorited}
from (select count(*)::int as total from m) t
left join page on true
left join provider_search ps on ps.provider_id = page.provider_id
order by ${ORDER[spec.sort]('page')}`;
  return { text, values: p.values };
}

export interface ListPage {
  items: ProviderCard[];
  total: number;
  total_capped: boolean;
}

/** Cards from the statement's rows (one row with only `total` when the page is empty). */
export function listPageFrom(rows: Record<string, unknown>[], withFavorites: boolean): ListPage {
  const counted = Number(rows[0]?.total ?? 0);
  const items: ProviderCard[] = [];
  for (const r of rows) {
    if (r.provider_id === null || r.provider_id === undefined) continue;
    const distance = r.distance_m as number | null;
    items.push({
      provider_id: r.provider_id as string,
      slug: r.slug as string,
      name: r.name as string,
      avatar_url: (r.avatar_url as string | null) ?? null,
      city: (r.city as string | null) ?? null,
      region: (r.region as string | null) ?? null,
      verified: r.verified === true,
      rating: Number(r.rating),
      total_reviews: Number(r.total_reviews),
      min_price_minor: r.min_price_minor === null ? null : Number(r.min_price_minor),
      price_type: (r.price_type as ProviderCard['price_type']) ?? null,
      currency: 'GHS',
      distance_km: distance === null || distance === undefined ? null : Math.round(distance / 10) / 100,
      categories: (r.category_slugs as string[] | null) ?? [],
      response_time_minutes: r.response_time_minutes === null ? null : Number(r.response_time_minutes),
      latitude: (r.latitude as number | null) ?? null,
      longitude: (r.longitude as number | null) ?? null,
      ...(withFavorites ? { favorited: r.favorited === true } : {}),
    });
  }
  return {
    items,
    total: Math.min(counted, SEARCH_TOTAL_CAP),
    total_capped: counted > SEARCH_TOTAL_CAP,
  };
}
