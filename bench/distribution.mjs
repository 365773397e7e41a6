// Compact latency distributions for the results JSON (the side-by-side sections): the latencies'
// quantiles at fixed ranks, min to max, to three significant digits. Eleven numbers draw the
// shape of a distribution (bench/chart-specs.mjs) where the full samples would be megabytes.
import { quantile, summarize } from './stats.mjs';

/** The ranks kept, as [label, q]; `min` and `max` are the smallest and largest sample. */
export const ranks = [
  ['min', 0], ['p1', 0.01], ['p10', 0.1], ['p25', 0.25], ['p50', 0.5], ['p75', 0.75],
  ['p90', 0.9], ['p95', 0.95], ['p99', 0.99], ['p99.9', 0.999], ['max', 1],
];

const rounded = (value) => Number(value.toPrecision(3));

/** { min, p1, ..., max } of `latencies` (any order); null when there are none. */
export function distribution(latencies) {
  if (latencies.length === 0) return null;
  const sorted = [...latencies].sort((a, b) => a - b);
  // quantile(sorted, 0) is the nearest rank of 0: the smallest sample.
  return Object.fromEntries(ranks.map(([label, q]) => [label, rounded(quantile(sorted, q))]));
}

/** summarize()'s count, p50 and p99, with the distribution beside them. */
export function summarizeWithDistribution(latencies) {
  return { ...summarize(latencies), quantiles: distribution(latencies) };
}
