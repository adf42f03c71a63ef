// Small helpers the benchmarks share: stderr logging, percentiles, and the cleanup run at the end,
// on failure and on Ctrl-C (steps added with onCleanup run in reverse order, once).

export const log = (message) => process.stderr.write(`${message}\n`);

/** The p-th percentile (nearest rank) of ascending numbers; null when there are none. */
export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
export const round = (n) => (n === null || n === undefined ? null : Math.round(n * 100) / 100);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** { p50, p95, max } of milliseconds, rounded to 0.01. */
export function latencySummary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1) ?? null),
  };
}

const cleanups = [];
let cleaning = null;
let interrupted = false;

/** Adds a step to the cleanup (they run in reverse order of adding). */
export function onCleanup(step) {
  cleanups.push(step);
}

/** Set on Ctrl-C: the phases stop taking work while the cleanup runs. */
export const isInterrupted = () => interrupted;

/** Runs the cleanup steps once (later calls wait for the same run); a failing step is logged. */
export function cleanup() {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        log(`cleanup: ${error.message}`);
      }
    }
  })();
  return cleaning;
}

/** On SIGINT/SIGTERM: stop taking work, clean up, exit 130. */
export function cleanupOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      interrupted = true;
      log(`${signal}: cleaning up`);
      cleanup().finally(() => process.exit(130));
    });
  }
}

/** After the cleanup: on Ctrl-C the signal handler exits once it is done, so wait for that. */
export async function waitIfInterrupted() {
  if (interrupted) await new Promise(() => {});
}

/** The sandbox checkout's mobile-money approval (any 4-digit PIN approves). */
export const MOMO_APPROVE = {
  method: 'mobile_money',
  network: 'mtn',
  phone: '024 412 3456',
  decision: 'approve',
  pin: '1234',
};
