// Renders the benchmark figures of bench/README.md from a results file (default bench/results/latest.json),
// each with the conditions it was taken under, and after it any supplementary partial runs
// (bench/results/supplement-*.json); the side-by-side sections' charts (bench/charts/*.svg,
// bench/chart-specs.mjs) go beside their tables. Prints the Markdown; with --write, renders the
// charts and replaces the part of bench/README.md between the bench-results markers.
//   node bench/render-readme.mjs [--write] [results.json]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt } from './stats.mjs';
import { controlPlane, kubeLists, kubeMixed, kubeWatch, limits, ms, ratio, sharding, tenants } from './render-sections.mjs';
import { identity } from './render-identity.mjs';
import { chartSpecs } from './chart-specs.mjs';
import { readmeSources, writeCharts } from './render-charts.mjs';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const begin = '<!-- bench-results:begin -->';
const end = '<!-- bench-results:end -->';

const range = (values, digits = 1) => {
  const finite = values.filter(Number.isFinite);
  return `${fmt(Math.min(...finite), digits)}-${fmt(Math.max(...finite), digits)}`;
};

function header(results, file) {
  const { machine, software, settings } = results;
  const load = (values) => values.map((value) => fmt(value, 1)).join(' / ');
  return [
    `Figures of \`${file}\`, rendered by \`node bench/render-readme.mjs --write\`: commit \`${results.commit?.slice(0, 10)}\`` +
      `${results.uncommittedChanges ? ' (with uncommitted changes)' : ''}, ${results.startedAt.slice(0, 16).replace('T', ' ')} UTC; ` +
      `${machine.cores} cores (${machine.model}), ${machine.memoryGiB} GiB, load average ${load(machine.loadAverageAtStart)} at the start and ` +
      `${load(machine.loadAverageAtEnd ?? [])} at the end (1/5/15 min); Node ${software.node}, workerd ${software.workerd}; ` +
      `BENCH_SECONDS=${settings.BENCH_SECONDS}.${results.note ? ` Note: ${results.note}` : ''}`,
    '',
    'Server sections (mixed, list, watchers, apply, lifecycle, crd, encodings): plain HTTP (no TLS), no authentication ' +
      '(every path open to system:anonymous), AlwaysAllow authorization, no rate limits; one workerd through Miniflare with ' +
      'in-memory Durable Objects, and the load generator in the same Node process on the same cores.',
  ];
}

function mixed(section) {
  const rows = section.phases.flatMap(({ concurrency, ceiling, mixed: load }) => {
    const ops = Object.values(load.byOp);
    return [
      `| ceiling, c${concurrency} | ${fmt(ceiling.opsPerSecond)} | 100 | ${fmt(ceiling.p50, 1)} | ${fmt(ceiling.p99, 1)} |`,
      `| mixed ConfigMaps, c${concurrency} | ${fmt(load.opsPerSecond)} | ${fmt(load.percentOfCeiling, 0)} | ${range(ops.map((op) => op.p50))} per op | ${range(ops.map((op) => op.p99))} per op |`,
    ];
  });
  return [
    `**Mixed ConfigMap load**. Conditions: ${section.conditions}. Figures:`, '',
    '| | ops/s | % of ceiling | p50 (ms) | p99 (ms) |', '| --- | --- | --- | --- | --- |', ...rows,
  ];
}

function list(section) {
  const part = (name, figures) => `${name} ${ms(figures.ms, 0)} (workerd resident memory +${fmt(figures.rssRiseMiB, 0)} MiB at its peak)`;
  return [`**List of ${section.count.toLocaleString('en')} ConfigMaps**. Conditions: ${section.conditions}. Figures: ${part('one page', section.onePage)}; ${part('pages of 500', section.pagesOf500)}.`];
}

function watchers(section) {
  const rows = section.phases.map((phase) =>
    `| ${fmt(phase.offeredRate)} | ${fmt(phase.achievedRate, 2)} | ${phase.maxWritesInFlight} | ${phase.deliveredEvents.toLocaleString('en')} of ${phase.expectedEvents.toLocaleString('en')} | ` +
    `${fmt(phase.latencyMs.p50)} | ${fmt(phase.latencyMs.p99)} | ${fmt(phase.latencyMs.max)} |`);
  return [
    `**${section.watchers.toLocaleString('en')} watchers**. Conditions: ${section.conditions}. Figures:`, '',
    '| writes/s offered | writes/s sent | most writes in flight | events delivered | p50 (ms) | p99 (ms) | max (ms) |',
    '| --- | --- | --- | --- | --- | --- | --- |', ...rows, '',
    `workerd grew by ${fmt(section.memory.perWatcherKiB)} KiB per idle watcher (${fmt(section.memory.beforeMiB, 0)} -> ${fmt(section.memory.idleMiB, 0)} MiB), Worker-side sessions and HTTP streams included.`,
  ];
}

function apply(section) {
  const line = (figures) => `${fmt(figures.opsPerSecond)} ops/s, p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}`;
  return [`**Server-side apply**. Conditions: ${section.conditions}. Figures: merge patch ${line(section.mergePatch)}; apply ${line(section.apply)}: ` +
    `apply runs at ${ratio(section.ratios.throughput)} the throughput of a merge patch, p99 ${ratio(section.ratios.p99)}.`];
}

function lifecycle(section) {
  return [`**The server's own deletion work**. Conditions: ${section.conditions}. Figures: client deletes ${ms(section.clientDeletesMs, 0)} (baseline); ` +
    `garbage collection ${ms(section.garbageCollectionMs, 0)} (${ratio(section.ratios.garbageCollection)}); namespace termination ` +
    `${ms(section.namespaceTerminationMs, 0)} (${ratio(section.ratios.namespaceTermination)}, including the 3 s admission-cache wait).`];
}

function crd(section) {
  const creates = (figures) => `${fmt(figures.opsPerSecond)} ops/s, p50 ${ms(figures.p50, 2)}`;
  return [`**Custom resources**. Conditions: ${section.conditions}. Figures: first object ${ms(section.firstObjectMs.withoutRules, 0)} after the CRD's create ` +
    `(${ms(section.firstObjectMs.withRules, 0)} with CEL rules); creates without rules ${creates(section.createsWithoutRules)}, with 5 CEL rules ` +
    `${creates(section.createsWithRules)}: ${ratio(section.ratios.throughput)} the throughput, p50 ${ratio(section.ratios.p50)}.`];
}

function encodings(section) {
  return [
    `**Encodings**. Conditions: ${section.conditions}. Figures:`, '',
    '| format | MiB | size vs JSON | ms | time vs JSON |', '| --- | --- | --- | --- | --- |',
    ...section.formats.map((row) => `| ${row.format} | ${fmt(row.bytes / 2 ** 20, 2)} | ${ratio(row.bytesRatio)} | ${fmt(row.ms, 0)} | ${ratio(row.timeRatio)} |`),
  ];
}

function codecs(section) {
  const row = (name, key) => `| ${name} | ${fmt(section.encodeMs[key], 0)} | ${fmt(section.decodeMs[key], 0)} | ${fmt(section.bytes[key] / 1e6, 2)} |`;
  return [
    `**Codecs in process**. Conditions: ${section.conditions}. Figures:`, '',
    '| codec | encode (ms) | decode (ms) | MB |', '| --- | --- | --- | --- |',
    row('JSON', 'json'), row('CBOR', 'cbor'), row('Protobuf', 'protobuf'),
  ];
}

function validation(section) {
  return [`**Validation per create**. Conditions: ${section.conditions}. Figures: ${fmt(section.withoutMicros, 0)} µs without validation (a parse), ` +
    `${fmt(section.withMicros, 0)} µs with everything (strict parse, Go type checks, pruning, defaults, kind and ObjectMeta validation): ${fmt(section.ratio, 1)}x.`];
}

function coldStart(section) {
  return [`**Cold start**. Conditions: ${section.conditions}. Figures: ready in ${ms(section.readyMs, 0)}, first request ${ms(section.firstRequestMs, 0)}, ` +
    `first Pod create ${ms(section.firstPodCreateMs, 0)} (bootstrap, new Durable Objects, lazy schema load), second ${ms(section.secondPodCreateMs, 0)}.` +
    (section.startup ? ` Isolate start-up, workerd's CPU from launch until ready: ${ms(section.startup.lazyOpenApi.cpuMs, 0)} with kube's OpenAPI documents loaded on first use against ` +
      `${ms(section.startup.eagerOpenApi.cpuMs, 0)} evaluated at start (${ratio(section.startup.lazyOpenApi.cpuMs / section.startup.eagerOpenApi.cpuMs)}), ` +
      `${fmt(section.startup.eagerOpenApi.residentMiB - section.startup.lazyOpenApi.residentMiB)} MiB less resident; the first /openapi/v3 then takes ${ms(section.startup.lazyOpenApi.firstOpenApiCpuMs, 0)} of CPU.` : '')];
}

function authz(section) {
  const loads = section.loads.map(({ concurrency, alwaysAllow, rbac, ratios }) =>
    `c${concurrency}: AlwaysAllow ${fmt(alwaysAllow.opsPerSecond)} ops/s, RBAC ${fmt(rbac.opsPerSecond)} ops/s (${ratio(ratios.throughput)} the throughput, p50 ${ratio(ratios.p50)}, p99 ${ratio(ratios.p99)})`);
  const { rbac, alwaysAllow } = section.afterPolicyWrite;
  const policy = section.policy;
  return [`**Authorization**. Conditions: ${section.conditions}; ${policy.clusterroles} ClusterRoles, ${policy.clusterrolebindings} ClusterRoleBindings, ` +
    `${policy.roles} Roles, ${policy.rolebindings} RoleBindings. Figures: ${loads.join('; ')}. First request after an RBAC write: RBAC ${ms(rbac.cold, 2)} ` +
    `(${ms(rbac.warm, 2)} warm), AlwaysAllow ${ms(alwaysAllow.cold, 2)} (${ms(alwaysAllow.warm, 2)} warm).`];
}

const renderers = [
  ['mixed', mixed], ['list', list], ['watchers', watchers], ['apply', apply], ['lifecycle', lifecycle], ['crd', crd],
  ['encodings', encodings], ['codecs', codecs], ['validation', validation], ['cold-start', coldStart], ['authz', authz],
  ['kube-mixed', kubeMixed], ['kube-lists', kubeLists], ['kube-watch', kubeWatch], ['limits', limits], ['sharding', sharding],
  ['control-plane', controlPlane], ['tenants', tenants], ['identity', identity],
];

/** Image links to a section's charts, below its table. */
const chartLines = (charts, name) => charts.filter((chart) => chart.section === name).flatMap((chart) => ['', `![${chart.alt}](charts/${chart.name}.svg)`]);

/** The Markdown of a results file's figures; `prefix` names its charts (bench/chart-specs.mjs). */
export function render(results, file, prefix = '') {
  const charts = chartSpecs(results, prefix);
  const blocks = [header(results, file)];
  for (const [name, renderer] of renderers) {
    const section = results.sections[name];
    if (!section) blocks.push([`**${name}**: not in this run.`]);
    else if (section.failed) blocks.push([`**${name}**: failed in this run (${section.failed}).`]);
    else blocks.push([...renderer(section), ...chartLines(charts, name)]);
  }
  return blocks.map((lines) => lines.join('\n')).join('\n\n');
}

/** A partial run kept beside the main one: what it ran, when, on which commit, and its sections' figures. */
function renderSupplement(results, file, prefix) {
  const names = Object.keys(results.sections);
  const load = (values) => (values ?? []).map((value) => fmt(value, 1)).join(' / ');
  const lines = [
    `### Supplementary run: ${names.join(', ')}`, '',
    `Figures of \`${file}\`, a separate run of ${names.map((name) => `\`${name}\``).join(', ')} only (\`BENCH_ONLY\`), kept beside the full run above and not merged into it: ` +
      `commit \`${results.commit?.slice(0, 10)}\`${results.uncommittedChanges ? ' (with uncommitted changes)' : ''}, ${results.startedAt.slice(0, 16).replace('T', ' ')} UTC; ` +
      `load average ${load(results.machine.loadAverageAtStart)} at the start and ${load(results.machine.loadAverageAtEnd)} at the end (1/5/15 min); ` +
      `BENCH_SECONDS=${results.settings.BENCH_SECONDS}.${results.note ? ` Note: ${results.note}` : ''}`,
  ];
  const charts = chartSpecs(results, prefix);
  const blocks = [lines];
  for (const [name, renderer] of renderers) {
    const section = results.sections[name];
    if (section && !section.failed) blocks.push([...renderer(section), ...chartLines(charts, name)]);
  }
  return blocks.map((block) => block.join('\n')).join('\n\n');
}

const args = process.argv.slice(2);
const sources = readmeSources(args.find((arg) => !arg.startsWith('--')));
const [main, ...supplements] = sources;
const markdown = [render(main.results, main.file), ...supplements.map(({ results, file, prefix }) => renderSupplement(results, file, prefix))].join('\n\n');
if (args.includes('--write')) {
  const charts = await writeCharts(sources);
  console.log(`bench/charts: ${charts.length} charts`);
  const readmePath = path.join(projectRoot, 'bench', 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const from = readme.indexOf(begin);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`bench/README.md has no ${begin} ... ${end} block`);
  writeFileSync(readmePath, `${readme.slice(0, from + begin.length)}\n${markdown}\n${readme.slice(to)}`);
  console.log(`bench/README.md: benchmark figures from ${sources.map((source) => source.file).join(', ')}`);
} else {
  console.log(markdown);
}
