// Latency statistics and a closed-loop load generator for the benchmark.

/** The q-quantile (0..1) of sorted numbers. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index];
}

/** Summary of latencies in milliseconds. */
export function summarize(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}

/** Runs `work(item)` for every item, at most `concurrency` at a time, in order of the items. */
export async function pool(items, concurrency, work) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

/**
 * Runs `operation(worker, iteration)` from `concurrency` workers for `durationMs`; each call
 * returns the op name it performed. Returns { opsPerSecond, byOp: { name: latencies[] } }.
 */
export async function closedLoop({ concurrency, durationMs, operation }) {
  const byOp = {};
  let completed = 0;
  const deadline = performance.now() + durationMs;
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async (_, worker) => {
    for (let iteration = 0; performance.now() < deadline; iteration++) {
      const began = performance.now();
      const name = await operation(worker, iteration);
      (byOp[name] ??= []).push(performance.now() - began);
      completed += 1;
    }
  }));
  const seconds = (performance.now() - start) / 1000;
  return { opsPerSecond: completed / seconds, byOp };
}

export const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
