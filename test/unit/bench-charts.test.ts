// The benchmark's charts (bench/chart-specs.mjs, bench/render-charts.mjs): from a small results
// fixture, each side-by-side section's specs render to well-formed SVG with the marks and series
// the README promises: a line per server and panel through every recorded percentile (p50 and
// p99 only for results without distributions), bars per server and load, the fan-out's delay
// over time as p50 and p99 lines per server.
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM
import { chartSpecs } from '../../bench/chart-specs.mjs';
// @ts-expect-error -- plain ESM
import { renderSvg } from '../../bench/render-charts.mjs';
// @ts-expect-error -- plain ESM
import { distribution, ranks, summarizeWithDistribution } from '../../bench/distribution.mjs';
// @ts-expect-error -- plain ESM
import { delayTimeline } from '../../bench/delay-timeline.mjs';

type Chart = { name: string; section: string; alt: string; spec: unknown };

/** Latencies spread from `low` to about 20x `low`, a long tail. */
const latencies = (low: number) => Array.from({ length: 500 }, (_, i) => low * (1 + (i / 500) ** 8 * 19));
const verbs = (low: number, withDistribution: boolean) => ({
  create: withDistribution ? summarizeWithDistribution(latencies(low)) : { count: 500, p50: low, p99: low * 10 },
  get: withDistribution ? summarizeWithDistribution(latencies(low / 2)) : { count: 500, p50: low / 2, p99: low * 5 },
});
const server = (ops: number, low: number, withDistribution = true) => ({ opsPerSecond: ops, cpuSeconds: 5, requestsPerCpuSecond: ops / 2, byOp: verbs(low, withDistribution) });

function timeline(base: number) {
  const collected = delayTimeline();
  for (let seq = 0; seq < 3; seq++) for (let watcher = 0; watcher < 10; watcher++) collected.add(String(seq), 1000 + seq * 20, base + watcher);
  return collected.rows();
}
const watchRun = (watchers: number, rate: number, withTimeline: boolean) => ({
  watchers, rate,
  edge: { delayMs: summarizeWithDistribution(latencies(8)), ...(withTimeline ? { delayTimeline: timeline(10) } : {}) },
  kube: { delayMs: { count: 100, p50: 5, p99: 9 }, ...(withTimeline ? { delayTimeline: timeline(4) } : {}) },
});

const results = {
  sections: {
    'kube-mixed': {
      loads: [
        { load: 'cycle', concurrency: 16, edge: server(1200, 10), kube: server(1500, 8) },
        // A result that predates distributions: p50 and p99 only.
        { load: 'cycle', concurrency: 64, edge: server(1400, 40, false), kube: server(2000, 30, false) },
        { load: 'accumulating', concurrency: 16, edge: server(900, 12), kube: server(1100, 9) },
      ],
    },
    'kube-watch': { runs: [watchRun(100, 50, false), watchRun(1000, 50, true)] },
    'kube-lists': { skipped: 'no reference kube' },
  },
};

/** Whether every tag closes in order (the SVG is well-formed XML as far as tags go). */
function balanced(svg: string) {
  const open: string[] = [];
  for (const [tag, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    if (tag.startsWith('<?')) continue;
    if (closing) {
      if (open.pop() !== name) return false;
    } else if (!selfClosing) open.push(name!);
  }
  return open.length === 0;
}

/** The aria-labels of the items of a mark type ('symbol', 'line', 'rect'). */
function items(svg: string, mark: string) {
  const groups = [...svg.matchAll(new RegExp(`<g class="mark-${mark} role-mark[^"]*"[^>]*>(.*?)</g>`, 'g'))];
  return groups.flatMap(([, body]) => [...body!.matchAll(/aria-label="([^"]*)"/g)].map(([, label]) => label!));
}

const charts: Chart[] = chartSpecs(results);
const chart = (name: string) => charts.find((candidate) => candidate.name === name)!;

describe('benchmark charts', () => {
  it('keeps the quantiles min to max, to three significant digits', () => {
    const kept = distribution([5, 1, 2, 3, 4.56789]);
    expect(Object.keys(kept)).toEqual(ranks.map(([label]: [string, number]) => label));
    expect(kept).toMatchObject({ min: 1, p50: 3, max: 5, p99: 5 });
    expect(distribution([0.123456])!.p50).toBe(0.123);
    expect(distribution([])).toBeNull();
  });

  it('charts the side-by-side sections present, none for one skipped', () => {
    expect(charts.map((c) => c.name)).toEqual([
      'kube-mixed-latency-c16', 'kube-mixed-latency-c64', 'kube-mixed-throughput', 'kube-watch-delay', 'kube-watch-timeline-1000w-50ps',
    ]);
    expect(chartSpecs(results, 'supplement-x-').map((c: Chart) => c.name)[0]).toBe('supplement-x-kube-mixed-latency-c16');
  });

  it('draws each verb\'s distribution as one line per server through every percentile', async () => {
    const svg = await renderSvg(chart('kube-mixed-latency-c16').spec);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(balanced(svg)).toBe(true);
    expect(items(svg, 'line')).toHaveLength(4);
    const points = items(svg, 'symbol');
    expect(points).toHaveLength(2 * 2 * ranks.length);
    for (const serverName of ['edge', 'kube']) {
      const ranksDrawn = points.filter((label) => label.includes(`server: ${serverName}`)).map((label) => /percentile: ([^;]+)/.exec(label)![1]);
      expect(new Set(ranksDrawn)).toEqual(new Set(ranks.map(([label]: [string, number]) => label)));
    }
    expect(svg).toContain('>create<');
    expect(svg).toContain('>get<');
  });

  it('falls back to p50 and p99 points for results without distributions, and says so', async () => {
    const svg = await renderSvg(chart('kube-mixed-latency-c64').spec);
    expect(balanced(svg)).toBe(true);
    const points = items(svg, 'symbol');
    expect(points).toHaveLength(2 * 2 * 2);
    expect(points.every((label) => /percentile: p(50|99);/.test(label))).toBe(true);
    expect(svg).toContain('p50 and p99 only');
  });

  it('draws throughput and requests per CPU-second as bars per server and load', async () => {
    const svg = await renderSvg(chart('kube-mixed-throughput').spec);
    expect(balanced(svg)).toBe(true);
    const bars = items(svg, 'rect');
    expect(bars).toHaveLength(3 * 2 * 2);
    expect(bars).toContain('clients: 16, accumulating; value: 900; server: edge');
    expect(bars).toContain('clients: 64; value: 1000; server: kube');
  });

  it('draws the fan-out delay over time as p50 and p99 lines per server, for the 1,000-watcher run only', async () => {
    const svg = await renderSvg(chart('kube-watch-timeline-1000w-50ps').spec);
    expect(balanced(svg)).toBe(true);
    const lines = items(svg, 'line');
    expect(lines).toHaveLength(4);
    expect(lines.filter((label) => label.includes('server: edge'))).toHaveLength(2);
    expect(lines.filter((label) => label.includes('stat: p99'))).toHaveLength(2);
    const delay = await renderSvg(chart('kube-watch-delay').spec);
    expect(items(delay, 'line')).toHaveLength(4);
    expect(delay).toContain('p50 and p99 only');
  });
});
