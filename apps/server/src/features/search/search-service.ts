import { effectiveSort, type SearchQuery, type SearchSort } from '@adwuma/shared';
import type { Database, SqlRunner } from '../../db/client.ts';
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
 * pg pool, so both issue exactly the same SQL); `together`, when there, keeps a search's two
 * statements in one turn of the connection (PGlite).
 */
export type SearchRunner = SqlRunner & Partial<Pick<Database, 'together'>>;
export type { SqlRunner };

const EMPTY: ListPage = { items: [], total: 0, total_capped: false };

/** One list statement (search, directory, category page). */
export async function runList(database: SqlRunner, spec: ListSpec): Promise<ListPage> {
  const { text, values } = buildListSql(spec);
  const { rows } = await database.executeSql(text, values);
  return listPageFrom(rows, spec.userId !== undefined);
}

/** A search: with text, its words matched to dictionary terms first (step 1), then the list (step 2). */
export async function runSearch(
  database: SearchRunner,
  query: SearchQuery,
  userId?: string,
): Promise<{ page: ListPage; sort: SearchSort }> {
  const planned = specFromSearch(query, userId);
  if (!planned) return { page: EMPTY, sort: effectiveSort(query) };
  const { spec, words } = planned;
  const sort = spec.sort as SearchSort;
  if (!words.length) return { page: await runList(database, spec), sort };
  const withText = async (runner: SqlRunner): Promise<ListPage> => {
    const terms = buildTermsSql(words);
    const text = wordMatchesFrom(words, (await runner.executeSql(terms.text, terms.values)).rows);
    if (!text) return EMPTY;
    spec.text = text;
    return runList(runner, spec);
  };
  return { page: await (database.together ? database.together(withText) : withText(database)), sort };
}
