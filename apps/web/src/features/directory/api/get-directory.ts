import { type DirectoryQuery, type DirectoryResponse, directoryQuerySchema } from '@adwuma/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const DIRECTORY_API = '/api/directory';

/** The directory's query as URL parameters, defaults left out (the same for the page and the API). */
export function directoryToParams(query: Partial<DirectoryQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.city) params.set('city', query.city);
  if (query.sort && query.sort !== 'name') params.set('sort', query.sort);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return params;
}

/** Reads the directory's query from the URL; invalid values are dropped. */
export function directoryFromParams(params: URLSearchParams): DirectoryQuery {
  const raw: Record<string, string> = {};
  for (const key of ['category', 'city', 'sort', 'page']) {
    const value = params.get(key);
    if (value) raw[key] = value;
  }
  const parsed = directoryQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  const retry = directoryQuerySchema.safeParse(raw);
  return retry.success ? retry.data : directoryQuerySchema.parse({});
}

/** GET /api/directory. */
export function getDirectory(query: DirectoryQuery, signal?: AbortSignal): Promise<DirectoryResponse> {
  const qs = directoryToParams(query).toString();
  return api<DirectoryResponse>(qs ? `${DIRECTORY_API}?${qs}` : DIRECTORY_API, { signal });
}

export const directoryQuery = (query: DirectoryQuery) =>
  queryOptions({
    queryKey: ['directory', 'list', directoryToParams(query).toString()] as const,
    queryFn: ({ signal }) => getDirectory(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDirectory(query: DirectoryQuery) {
  return useQuery(directoryQuery(query));
}
