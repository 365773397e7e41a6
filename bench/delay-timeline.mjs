// The watch fan-out's delay over time (bench/side-by-side-watch.mjs): per write, when it was sent
// (seconds after the phase's first write) and the delay of its events across all watchers (p50,
// p99, max) with how many arrived. One row per write keeps it small: 100 writes, 100 rows.
import { quantile } from './stats.mjs';

export const timelineColumns = ['sentS', 'p50', 'p99', 'max', 'delivered'];

const rounded = (value) => Number(value.toPrecision(3));

/** Collects events by write: `add(seq, sentMs, delayMs)`, then `rows()`. */
export function delayTimeline() {
  const writes = new Map();
  return {
    add(seq, sentMs, delayMs) {
      const write = writes.get(seq) ?? writes.set(seq, { sentMs, delays: [] }).get(seq);
      write.delays.push(delayMs);
    },
    /** { columns, rows } ordered by send time; rows are [sentS, p50, p99, max, delivered]. */
    rows() {
      const ordered = [...writes.values()].sort((a, b) => a.sentMs - b.sentMs);
      const first = ordered[0]?.sentMs ?? 0;
      const rows = ordered.map(({ sentMs, delays }) => {
        const sorted = delays.sort((a, b) => a - b);
        return [Number(((sentMs - first) / 1000).toFixed(3)), rounded(quantile(sorted, 0.5)), rounded(quantile(sorted, 0.99)), rounded(sorted.at(-1)), sorted.length];
      });
      return { columns: timelineColumns, rows };
    },
  };
}
