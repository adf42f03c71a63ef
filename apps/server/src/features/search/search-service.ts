import { effectiveSort, type SearchQuery, type SearchSort } from '@adwuma/shared';
import type { Database } from '../../db/client.ts';
import {
  buildListSql,
  buildTermsSql,
  type ListPage,
  type ListSpec,
  listPageFrom,
  specFromSearch,
  wordMatchesFrom,
} from './search-sql.ts';

/**
 * Runs the list statements on any database with `executeSql` (the app's, or the benchmark's own
 * pg pool, so both issue exactly the same SQL).
 */
export type SqlRunner = Pick<Database, 'executeSql'>;

const EMPTY: ListPage = { items: [], total: 0, total_capped: false };

/** One list statement (search, directory, category page). */
export async function runList(database: SqlRunner, spec: ListSpec): Promise<ListPage> {
  const { text, values } = buildListSql(spec);
  const { rows } = await database.executeSql(text, values);
  return listPageFrom(rows, spec.userId !== undefined);
}

/** A search: with text, its words matched to dictionary terms first (step 1), then the list (step 2). */
export async function runSearch(
  database: SqlRunner,
  query: SearchQuery,
  userId?: string,
): Promise<{ page: ListPage; sort: SearchSort }> {
  const planned = specFromSearch(query, userId);
  if (!planned) return { page: EMPTY, sort: effectiveSort(query) };
  const { spec, words } = planned;
  const sort = spec.sort as SearchSort;
  if (words.length) {
    const terms = buildTermsSql(words);
    const text = wordMatchesFrom(words, (await database.executeSql(terms.text, terms.values)).rows);
    if (!text) return { page: EMPTY, sort };
    spec.text = text;
  }
  return { page: await runList(database, spec), sort };
}
