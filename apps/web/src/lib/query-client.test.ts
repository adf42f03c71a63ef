import { QUERY_GC_MS, QUERY_STALE_MS } from '@adwuma/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api.ts';
import { createQueryClient, retryQuery } from './query-client.ts';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('retryQuery (spec 8 retry rules)', () => {
  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 422, 429]) {
      expect(retryQuery(0, new ApiError(status, 'X', 'x'))).toBe(false);
    }
  });

  it('retries server and network failures up to twice', () => {
    const serverError = new ApiError(503, 'SERVICE_UNAVAILABLE', 'down');
    expect(retryQuery(0, serverError)).toBe(true);
    expect(retryQuery(1, serverError)).toBe(true);
    expect(retryQuery(2, serverError)).toBe(false);
    expect(retryQuery(0, new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe(true);
    expect(retryQuery(1, new TypeError('boom'))).toBe(true);
    expect(retryQuery(2, new TypeError('boom'))).toBe(false);
  });
});

describe('createQueryClient', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps data fresh 5 minutes, 10 minutes in cache, no refetch on focus (spec 9)', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(QUERY_STALE_MS);
    expect(queries?.gcTime).toBe(QUERY_GC_MS);
    expect(queries?.refetchOnWindowFocus).toBe(false);
  });

  it('asks only once when the API answers 4xx', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'No such thing' } }),
    );
    const client = createQueryClient();
    await expect(
      client.fetchQuery({ queryKey: ['thing'], queryFn: () => api('/api/thing') }),
    ).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a 5xx answer twice with a 1 s then 2 s backoff, then gives up', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () =>
      jsonResponse(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } }),
    );
    const client = createQueryClient();
    const result = client.fetchQuery({ queryKey: ['flaky'], queryFn: () => api('/api/flaky') });
    result.catch(() => {});

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await expect(result).rejects.toMatchObject({ status: 503 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
