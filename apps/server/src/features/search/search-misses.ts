import type { SearchQuery } from '@adwuma/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const QUERY_MAX = 100;

/**
 * Issue 19: a search that found nothing on its first page, counted per (day, query, category,
 * place) in search_misses, so the admin sees what providers to recruit where. Only searches that
 * asked for something (words, a category or a place) count; the words are lower-cased and trimmed
 * (at most 100 characters); '' stands for "no category" and "no place". The day is today in UTC
 * (Accra's day).
 */
export async function recordSearchMiss(db: Db, query: SearchQuery, now = new Date()): Promise<void> {
  const words = (query.q ?? '').toLowerCase().trim().slice(0, QUERY_MAX);
  const category = query.category ?? '';
  const city = (query.near ?? '').replace(/\s+/g, ' ').trim().slice(0, QUERY_MAX);
  if (!words && !category && !city) return;
  await db.execute(sql`
    insert into search_misses (day, query, category, city, count, last_seen)
    values (${now.toISOString().slice(0, 10)}::date, ${words}, ${category}, ${city}, 1, ${now.toISOString()}::timestamptz)
    on conflict (day, query, category, city)
    do update set count = search_misses.count + 1, last_seen = excluded.last_seen`);
}
