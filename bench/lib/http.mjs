// Real HTTP from the benchmark to the app (node:http, keep-alive), a client address of its own for
// every request, and a pool that runs requests `concurrency` at a time and sums their latency.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { isInterrupted, percentile, round } from './common.mjs';

/**
 * A client for the app on 127.0.0.1:`port`. Every request carries its own X-Forwarded-For address
 * (the app runs with TRUST_PROXY=true), so the per-address route limits count each one apart.
 * call(method, url, { headers, body }) resolves { status, body } (body parsed when JSON).
 */
export function createHttpClient({ port, concurrency, timeoutMs = 30_000 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let addressCounter = 0;
  const nextAddress = () => {
    addressCounter++;
    const n = addressCounter;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;
  };

  function call(method, url, { headers = {}, body } = {}) {
    const payload =
      body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: url,
          agent,
          headers: {
            'x-forwarded-for': nextAddress(),
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON: kept as text
            }
            resolve({ status: res.statusCode, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error('request timed out')));
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }

  return { call, destroy: () => agent.destroy() };
}

/**
 * Runs `fn` over `items` with `concurrency` in flight (stops taking work on Ctrl-C). `fn` resolves
 * true when the answer was the expected one, else a failure label (a throw counts by its code or
 * message). Answers the count, failures by label, p50/p95/max latency of the successes and how many
 * succeeded per second over the phase.
 */
export async function pool(items, concurrency, fn) {
  const latencies = [];
  const failures = new Map();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length && !isInterrupted()) {
        const item = items[next++];
        const t0 = performance.now();
        let outcome;
        try {
          outcome = await fn(item);
        } catch (error) {
          outcome = error.code ?? error.message;
        }
        if (outcome === true) latencies.push(performance.now() - t0);
        else failures.set(String(outcome), (failures.get(String(outcome)) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);
  return {
    requests: items.length,
    ok: sorted.length,
    failed,
    ...(failed ? { failures: Object.fromEntries(failures) } : {}),
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    max_ms: round(sorted.at(-1) ?? null),
    per_s: round(sorted.length / seconds),
    seconds: round(seconds),
  };
}
