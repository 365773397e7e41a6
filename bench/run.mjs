// `npm run bench`: starts the server (workerd through Miniflare, no wrangler dev proxy) and
// measures, in one process:
//   1. the platform ceiling: HTTP -> Worker -> one Durable Object RPC -> one SQLite insert;
//   2. a mixed ConfigMap load (create, get, merge-patch, list by label with limit, delete) at
//      concurrency 1 and 16: ops/s, p50/p99 per op, and the ratio to the ceiling;
//   3. a list of 10,000 objects, in one page and paged by 500: time and workerd peak memory;
//   4. 1,000 watchers on one type and writes at fixed rates: write-to-delivery latency, events
//      delivered, memory while idle;
//   5. validation cost per create (2 KB Pod) against create without validation;
//   6. server-side apply of a 5 KB Deployment by two managers against a merge patch of it;
//   7. the server's own deletion work: a namespace of 1,000 objects, 1,000 dependents collected;
//   8. custom resources: CRD create to first object, creates with 5 CEL rules against none;
//   9. a list of 5,000 Pods as JSON, CBOR and Protobuf (bytes, time), and gzipped, over HTTP
//      and, in process, each codec's encode/decode time against JSON's;
//  10. Worker cold start (fresh workerd processes);
//  11. authorization cost (`authz`, its own servers with authentication on): the ConfigMap load as
//      an ordinary user under RBAC with 500 roles and 500 bindings against AlwaysAllow, and the
//      first request after the policy changed;
//  12. side by side with the reference kube-apiserver + etcd (`kube-mixed`, `kube-lists`,
//      `kube-watch`: bench/side-by-side-*.mjs, skipped when ../shared/kube is absent);
//  13. lists and a watch at the platform's limits (`limits`, its own server: bench/limits.mjs);
//  13b. one type over 1, 2, 4 and 8 storage shards (`sharding`, its own servers): writes, the
//      merged watch's delay, a cluster-wide list (bench/sharding.mjs);
//  14. a real control plane (`control-plane`, its own servers): kube-controller-manager and
//      kube-scheduler v1.32.13 with simulated nodes, BENCH_CP_PODS pods (1,000) of one Deployment
//      onto BENCH_CP_NODES nodes (100), time until all are bound and all Ready, against kube-apiserver
//      + etcd in the same run (BENCH_CP_ROUNDS rounds, default 1; needs ../shared/kube);
//  14b. deletion speed with kube-controller-manager (`deletion`, its own servers, bench/deletion.mjs):
//      a filled namespace and a CRD with 100 custom resources, edge/kube (BENCH_DELETION_ROUNDS, 3);
//  15. control planes per tenant (`tenants`, bench/tenants.mjs, its own servers);
//  16. snapshot and restore (`backups`, bench/backups.mjs, its own servers) beside etcd's snapshot.
//  17. identity and audit (`identity`, bench/identity.mjs, its own servers): audit at Metadata and
//      RequestResponse and JWT authentication, CPU per request against kube-apiserver + etcd.
// Figures are reported as ratios against a baseline run in the same process; nothing is asserted.
// The raw results (figures, conditions, commit, machine, software, settings) go to
// bench/results/ (results.mjs); a full run then renders them into bench/README.md, tables and the
// side-by-side charts (bench/charts/*.svg), with `node bench/render-readme.mjs --write`.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { bundleWorker, openAccess, projectCompatibility, projectRoot, startServer } from '../scripts/server.mjs';
import { fmt } from './stats.mjs';
import { runCeiling, runMixed } from './mixed-load.mjs';
import { runBigList } from './big-list.mjs';
import { runWatchers } from './watchers.mjs';
import { runValidationCost } from './validation.mjs';
import { runColdStart } from './cold-start.mjs';
import { runApplyCost } from './apply.mjs';
import { runLifecycle } from './lifecycle.mjs';
import { runCustomResources } from './crd.mjs';
import { runEncodings } from './encodings.mjs';
import { runCodecSpeed } from './codec-speed.mjs';
import { runAuthz } from './authz.mjs';
import { sideBySideSections } from './side-by-side.mjs';
import { runSharding } from './sharding.mjs';
import { runLimits } from './limits.mjs';
import { openAccessServer, runContext, writeResults } from './results.mjs';
import { runControlPlane } from './control-plane.mjs';
import { runDeletion } from './deletion.mjs';
import { runTenants } from './tenants.mjs';
import { runBackups } from './backups.mjs';
import { runIdentity } from './identity.mjs';

const durationMs = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const context = runContext();
const startedAt = new Date().toISOString();
const watchRates = (process.env.BENCH_WATCH_RATES ?? '2,10').split(',').map(Number);

const probeScript = await bundleWorker(path.join(projectRoot, 'bench', 'probe-worker.ts'));
// Sections other than `authz` measure the API without access control (openAccess); `authz` starts its own servers.
const server = await startServer({
  bindings: openAccess,
  extraWorkers: [{
    name: 'probe',
    modules: true,
    scriptPath: probeScript,
    ...projectCompatibility(),
    // Reached on its own workerd socket, as the server is (scripts/server.mjs), so that both sides of the ratio take the same path.
    unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
    durableObjects: { PROBE: { className: 'Probe', useSQLite: true } },
  }],
});
const probeUrl = (await server.mf.unsafeGetDirectURL('probe')).toString().replace(/\/$/, '');
console.log(`server ${server.url}, ${durationMs / 1000}s per load phase\n`);

// BENCH_ONLY=crd,watchers runs only the named sections (the ceiling always runs with mixed).
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const wanted = (name) => !only || only.includes(name);

async function runMixedSection() {
  const phases = [];
  for (const concurrency of [1, 16]) {
    const ceiling = await runCeiling(probeUrl, concurrency, durationMs);
    const mixed = await runMixed(server.url, concurrency, durationMs);
    const percentOfCeiling = (100 * mixed.opsPerSecond) / ceiling.opsPerSecond;
    phases.push({ concurrency, ceiling, mixed: { ...mixed, percentOfCeiling } });
    console.log(`concurrency ${concurrency}`);
    console.log(`  ceiling (bare DO SQLite insert round trip): ${fmt(ceiling.opsPerSecond)} ops/s, p50 ${fmt(ceiling.p50, 2)} ms, p99 ${fmt(ceiling.p99, 2)} ms`);
    console.log(`  mixed ConfigMap load: ${fmt(mixed.opsPerSecond)} ops/s = ${fmt(percentOfCeiling)}% of ceiling`);
    for (const [op, stats] of Object.entries(mixed.byOp)) {
      console.log(`    ${op.padEnd(12)} n=${String(stats.count).padStart(6)}  p50 ${fmt(stats.p50, 2).padStart(7)} ms  p99 ${fmt(stats.p99, 2).padStart(7)} ms  (p50 ${fmt(stats.p50 / ceiling.p50)}x ceiling)`);
    }
    console.log();
  }
  return {
    conditions: `closed loop, ${durationMs / 1000} s per phase, ceiling then mixed at each concurrency; the ceiling is a probe Worker in the same workerd doing one Durable Object RPC with one SQLite insert; the mixed load cycles create, get, merge-patch, list by label (limit 10) and delete of each client's own small ConfigMaps in one namespace`,
    phases,
  };
}

const serverSections = [
  ['mixed', runMixedSection],
  ['list', () => runBigList(server.url, 10_000)],
  ['watchers', () => runWatchers(server.url, Number(process.env.BENCH_WATCHERS ?? 1000), watchRates, Number(process.env.BENCH_WATCH_SECONDS ?? 10))],
  ['apply', () => runApplyCost(server.url, durationMs)],
  ['lifecycle', () => runLifecycle(server.url, 1000)],
  ['crd', () => runCustomResources(server.url, durationMs)],
  ['encodings', () => runEncodings(server.url, 5000)],
];
const processSections = [
  ['validation', runValidationCost],
  ['codecs', () => runCodecSpeed(5000, 9)],
  ['cold-start', () => runColdStart(5)],
  ['authz', () => runAuthz(durationMs)],
  ...sideBySideSections(durationMs),
  ['limits', () => runLimits()],
  ['sharding', () => runSharding(durationMs)],
  ['control-plane', () => runControlPlane({
    pods: Number(process.env.BENCH_CP_PODS ?? 1000), nodes: Number(process.env.BENCH_CP_NODES ?? 100), rounds: Number(process.env.BENCH_CP_ROUNDS ?? 1),
  })],
  ['deletion', () => runDeletion({ rounds: Number(process.env.BENCH_DELETION_ROUNDS ?? 3) })],
  ['tenants', () => runTenants(durationMs)],
  ['backups', () => runBackups()],
  ['identity', () => runIdentity()],
];

const sections = {};
/** Runs a section and keeps its results, with when it ran and the machine's load around it. */
async function record(name, run, server) {
  const ran = { startedAt: new Date().toISOString(), loadAverage1mBefore: os.loadavg()[0] };
  const began = performance.now();
  let figures;
  try {
    figures = await run();
  } catch (error) {
    // One section's failure is recorded; the others still run and the results are still written.
    console.log(`${name} failed: ${error?.stack ?? error}`);
    figures = { failed: String(error?.message ?? error) };
  }
  Object.assign(ran, { seconds: (performance.now() - began) / 1000, loadAverage1mAfter: os.loadavg()[0] });
  sections[name] = { ...(server ? { server } : {}), ...figures, ran };
  console.log();
}

try {
  for (const [name, run] of serverSections) {
    if (wanted(name)) await record(name, run, openAccessServer);
  }
} finally {
  await server.stop();
}
for (const [name, run] of processSections) {
  if (wanted(name)) await record(name, run, null);
}

const results = { schema: 1, startedAt, finishedAt: new Date().toISOString(), ...context, sections };
results.machine.loadAverageAtEnd = os.loadavg();
const written = writeResults(results, { full: !only });
for (const file of written) console.log(`results: ${path.relative(process.cwd(), file)}`);
// A run that replaced latest.json ends by rendering bench/README.md's figures and charts from it.
if (written.some((file) => path.basename(file) === 'latest.json')) {
  try {
    execFileSync(process.execPath, [path.join(projectRoot, 'bench', 'render-readme.mjs'), '--write'], { cwd: projectRoot, stdio: 'inherit' });
  } catch {
    console.log('rendering bench/README.md failed (the results are written): run `node bench/render-readme.mjs --write` again');
  }
}
// Every section stops what it started; a run still alive 10 s after its results says what holds it
// (a full run once stayed up after writing them: a section's failed start had left workerd running).
setTimeout(() => {
  console.log(`still running 10 s after the results: ${JSON.stringify(process.getActiveResourcesInfo())}`);
}, 10_000).unref();
