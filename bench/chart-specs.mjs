// Vega-Lite specifications of the side-by-side sections' charts (edge against kube), made from a
// results file's sections (bench/results/*.json); bench/render-charts.mjs renders them to SVG and
// bench/render-readme.mjs puts them beside the section's table. Each builder returns
// [{ name, section, alt, spec }], none for a section absent, skipped or failed.
//
// Latencies are drawn as distributions: the quantiles kept by bench/distribution.mjs (min, p1 ...
// p99.9, max) per verb, edge and kube on one log scale. Results that predate them hold p50 and p99
// only: those two points are drawn, and the chart's subtitle says so.
import { ranks } from './distribution.mjs';
import { timelineColumns } from './delay-timeline.mjs';

const schema = 'https://vega.github.io/schema/vega-lite/v6.json';
const servers = { domain: ['edge', 'kube'], range: ['#f58518', '#4c78a8'] };
const rankOrder = ranks.map(([label]) => label);
// Panel titles break at ', ' (two lines where one would run into the next panel's).
const header = { labelFontSize: 12, labelFontWeight: 'bold', labelExpr: "split(datum.value, ', ')" };
const config = { font: 'DejaVu Sans, Helvetica, Arial, sans-serif', view: { stroke: '#ddd' }, axis: { gridColor: '#eee' } };

/** Three significant digits: what a chart shows, and what keeps its SVG small. */
const rounded = (value) => Number(value.toPrecision(3));

/** Rows { panel, server, rank, ms } of one server's latency summary: its quantiles, or p50 and p99. */
function quantileRows(panel, server, summary) {
  if (!summary) return [];
  const points = summary.quantiles ?? { p50: summary.p50, p99: summary.p99 };
  return rankOrder.filter((rank) => Number.isFinite(points[rank]) && points[rank] > 0)
    .map((rank) => ({ panel, server, rank, ms: rounded(points[rank]) }));
}

/** Ticks at 1, 2 and 5 of each decade that `values` span: a log axis without a line per unit. */
function logTicks(values) {
  const low = Math.floor(Math.log10(Math.min(...values)));
  const high = Math.ceil(Math.log10(Math.max(...values)));
  const ticks = [];
  for (let decade = low; decade <= high; decade++) ticks.push(...[1, 2, 5].map((step) => rounded(step * 10 ** decade)));
  return ticks;
}

/** Whether every summary charted carries a distribution. */
const allDistributions = (summaries) => summaries.filter(Boolean).every((summary) => summary.quantiles);

/** Latency by percentile, one panel per `panels` entry ([title, { edge, kube }]), edge and kube as lines. */
function percentileSpec({ title, panels, yTitle = 'latency (ms, log scale)', samples = 'requests' }) {
  const rows = panels.flatMap(([panel, byServer]) => ['edge', 'kube'].flatMap((server) => quantileRows(panel, server, byServer[server])));
  const complete = allDistributions(panels.flatMap(([, byServer]) => [byServer.edge, byServer.kube]));
  return {
    $schema: schema, config,
    title: { text: title, subtitle: complete ? `each line: one server's ${samples}, from the fastest (min) to the slowest (max)` : 'p50 and p99 only: these results predate the recorded distributions', anchor: 'start' },
    data: { values: rows },
    facet: { column: { field: 'panel', type: 'nominal', sort: panels.map(([panel]) => panel), title: null, header } },
    spec: {
      width: 150, height: 200,
      mark: { type: 'line', point: true, strokeWidth: 2 },
      encoding: {
        x: { field: 'rank', type: 'ordinal', sort: rankOrder, title: 'percentile', axis: { labelAngle: -45, grid: false } },
        y: { field: 'ms', type: 'quantitative', scale: { type: 'log' }, title: yTitle, axis: { values: logTicks(rows.map((row) => row.ms)) } },
        color: { field: 'server', type: 'nominal', scale: servers, legend: { orient: 'top', title: null } },
      },
    },
  };
}

/**
 * Grouped bars, edge beside kube per `x`, one panel per `panel` with its own scale; values written
 * on the bars; `breakLabels` puts each word of an x label on a line of its own.
 */
function barsSpec({ title, subtitle, rows, xTitle, xOrder, panelOrder, format = '.0f', breakLabels = false }) {
  return {
    $schema: schema, config,
    title: { text: title, ...(subtitle ? { subtitle } : {}), anchor: 'start' },
    data: { values: rows },
    facet: { column: { field: 'panel', type: 'nominal', sort: panelOrder, title: null, header } },
    resolve: { scale: { y: 'independent' } },
    spec: {
      width: { step: 36 }, height: 200,
      encoding: {
        x: { field: 'x', type: 'nominal', sort: xOrder, title: xTitle, axis: { labelAngle: 0, ...(breakLabels ? { labelExpr: "split(datum.label, ' ')" } : {}) } },
        xOffset: { field: 'server', sort: servers.domain },
        y: { field: 'value', type: 'quantitative', title: null },
        color: { field: 'server', type: 'nominal', scale: servers, legend: { orient: 'top', title: null } },
      },
      layer: [
        { mark: 'bar' },
        { mark: { type: 'text', dy: -5, fontSize: 9 }, encoding: { text: { field: 'value', type: 'quantitative', format }, color: { value: '#333' } } },
      ],
    },
  };
}

const usable = (section) => section && !section.skipped && !section.failed;
const loadLabel = ({ load, concurrency }) => (load === 'cycle' ? `${concurrency}` : `${concurrency}, ${load}`);

/** kube-mixed: latency distributions per verb at 16 and 64 clients; throughput and requests per CPU-second per load. */
export function kubeMixedCharts(section) {
  if (!usable(section)) return [];
  const charts = section.loads.filter(({ load, concurrency }) => load === 'cycle' && [16, 64].includes(concurrency)).map(({ concurrency, kube, edge }) => {
    const verbs = Object.keys(kube.byOp).filter((verb) => !verb.endsWith('failed'));
    return {
      name: `kube-mixed-latency-c${concurrency}`, section: 'kube-mixed',
      alt: `Mixed load at ${concurrency} clients: latency by percentile per verb, edge and kube`,
      spec: percentileSpec({ title: `Mixed ConfigMap load, ${concurrency} clients: latency per verb`, panels: verbs.map((verb) => [verb, { edge: edge.byOp[verb], kube: kube.byOp[verb] }]) }),
    };
  });
  const labels = section.loads.map(loadLabel);
  const rows = section.loads.flatMap((load) => ['edge', 'kube'].flatMap((server) => [
    { panel: 'throughput (requests/s)', x: loadLabel(load), server, value: rounded(load[server].opsPerSecond) },
    { panel: 'requests per CPU-second', x: loadLabel(load), server, value: rounded(load[server].requestsPerCpuSecond) },
  ]));
  charts.push({
    name: 'kube-mixed-throughput', section: 'kube-mixed', alt: 'Mixed load: throughput and requests per CPU-second per number of clients, edge and kube',
    spec: barsSpec({ title: 'Mixed ConfigMap load: throughput and CPU per request', subtitle: 'higher is better; CPU of kube-apiserver + etcd, of workerd + the HTTPS front', rows, xTitle: 'clients', xOrder: labels, panelOrder: ['throughput (requests/s)', 'requests per CPU-second'] }),
  });
  return charts;
}

/** kube-lists: latency distributions of the selected lists and of GETs idle and during whole lists. */
export function kubeListsCharts(section) {
  if (!usable(section)) return [];
  const { edge, kube } = section;
  const large = section.largeNamespace.toLocaleString('en');
  const panels = [
    ['list of 50, 1,000 objects', { edge: edge.selectedList.small, kube: kube.selectedList.small }],
    [`list of 50, ${large} objects`, { edge: edge.selectedList.large, kube: kube.selectedList.large }],
    ['GET, idle', { edge: edge.get.idle, kube: kube.get.idle }],
    [`GET, during lists of ${large}`, { edge: edge.get.duringLargeList, kube: kube.get.duringLargeList }],
  ];
  return [{ name: 'kube-lists-latency', section: 'kube-lists', alt: 'Lists: latency by percentile of selected lists and of GETs, edge and kube', spec: percentileSpec({ title: 'Lists that cost what they return: latency', panels }) }];
}

const runLabel = ({ watchers, rate }) => `${watchers.toLocaleString('en')} watchers, ${rate} writes/s`;

/** Rows { t, server, stat, ms } of a run's delay timeline (p50 and p99 per write). */
function timelineRows(server, timeline) {
  const column = Object.fromEntries(timelineColumns.map((name, index) => [name, index]));
  return timeline.rows.flatMap((row) => ['p50', 'p99'].map((stat) => ({ t: row[column.sentS], server, stat, ms: row[column[stat]] })));
}

function timelineSpec(run) {
  const rows = ['edge', 'kube'].flatMap((server) => (run[server]?.delayTimeline ? timelineRows(server, run[server].delayTimeline) : []));
  return {
    $schema: schema, config,
    title: { text: `Watch fan-out, ${runLabel(run)}: delay over time`, subtitle: 'per write: the delay from its send to its event\'s arrival, p50 and p99 over all watchers', anchor: 'start' },
    data: { values: rows },
    width: 640, height: 240,
    mark: { type: 'line', strokeWidth: 1.5 },
    encoding: {
      x: { field: 't', type: 'quantitative', title: 'write sent (s after the first)' },
      y: { field: 'ms', type: 'quantitative', scale: { type: 'log' }, title: 'delay (ms, log scale)', axis: { values: logTicks(rows.map((row) => row.ms)) } },
      color: { field: 'server', type: 'nominal', scale: servers, legend: { orient: 'top', title: null } },
      strokeDash: { field: 'stat', type: 'nominal', sort: ['p50', 'p99'], scale: { domain: ['p50', 'p99'], range: [[4, 3], [1, 0]] }, legend: { orient: 'top', title: null } },
      detail: [{ field: 'server' }, { field: 'stat' }],
    },
  };
}

/** kube-watch: delay distributions per run; delay over time for each 1,000-watcher run that recorded it. */
export function kubeWatchCharts(section) {
  if (!usable(section)) return [];
  // A run may have measured one server only (BENCH_SIDE_WATCH_SERVERS).
  const panels = section.runs.map((run) => [runLabel(run), { edge: run.edge?.delayMs, kube: run.kube?.delayMs }]);
  const charts = [{
    name: 'kube-watch-delay', section: 'kube-watch', alt: 'Watch fan-out: delay by percentile per run, edge and kube',
    spec: percentileSpec({ title: 'Watch fan-out: delay from write to event', panels, yTitle: 'delay (ms, log scale)', samples: 'events' }),
  }];
  for (const run of section.runs) {
    if (run.watchers !== 1000 || !(run.edge?.delayTimeline || run.kube?.delayTimeline)) continue;
    charts.push({ name: `kube-watch-timeline-${run.watchers}w-${run.rate}ps`, section: 'kube-watch', alt: `Watch fan-out, ${runLabel(run)}: delay over time, edge and kube`, spec: timelineSpec(run) });
  }
  return charts;
}

/** control-plane: times until all bound and all Ready, and server CPU, per server (medians of the rounds). */
export function controlPlaneCharts(section) {
  if (!usable(section) || !section.medians) return [];
  const { bound, ready, serverCpuSeconds: cpu } = section.medians;
  const measures = [['all bound', bound.edgeMs / 1000, bound.referenceMs / 1000], ['all Ready', ready.edgeMs / 1000, ready.referenceMs / 1000],
    ...(cpu ? [['server CPU', cpu.edge, cpu.reference]] : [])];
  const rows = measures.flatMap(([x, edge, kube]) => [{ panel: 'seconds', x, server: 'edge', value: rounded(edge) }, { panel: 'seconds', x, server: 'kube', value: rounded(kube) }]);
  return [{
    name: 'control-plane', section: 'control-plane', alt: `Rollout of ${section.pods} Pods with the real controllers: seconds until bound and Ready and server CPU seconds, edge and kube`,
    spec: barsSpec({ title: `A real control plane: ${section.pods.toLocaleString('en')} Pods on ${section.nodes} nodes`, subtitle: 'lower is better', rows, xTitle: null, xOrder: measures.map(([x]) => x), panelOrder: ['seconds'], format: '.1f' }),
  }];
}

const identityLabels = { static: 'static token', metadata: 'audit Metadata', rr: 'audit RequestResponse', jwt: 'JWT' };

/** identity: server CPU per request of each case, per server. */
export function identityCharts(section) {
  if (!usable(section)) return [];
  const names = Object.keys(section.cases);
  const rows = names.flatMap((name) => ['edge', 'kube'].map((server) => ({ panel: 'CPU µs per request', x: identityLabels[name] ?? name, server, value: rounded(section.cases[name][server].cpuUs) })));
  return [{
    name: 'identity', section: 'identity', alt: 'Identity and audit: server CPU per request per case, edge and kube',
    spec: barsSpec({ title: 'Identity and audit: server CPU per request', subtitle: 'lower is better', rows, xTitle: null, xOrder: names.map((name) => identityLabels[name] ?? name), panelOrder: ['CPU µs per request'], breakLabels: true }),
  }];
}

const builders = { 'kube-mixed': kubeMixedCharts, 'kube-lists': kubeListsCharts, 'kube-watch': kubeWatchCharts, 'control-plane': controlPlaneCharts, identity: identityCharts };

/** Every chart of a results file's sections, names prefixed with `prefix` (a supplementary run's). */
export function chartSpecs(results, prefix = '') {
  return Object.entries(builders).flatMap(([name, build]) => build(results.sections[name]).map((chart) => ({ ...chart, name: `${prefix}${chart.name}` })));
}
