// `npm run bench`: starts the server (workerd through Miniflare, no wrangler dev proxy) and
// measures, in one process:
//   1. the platform ceiling: HTTP -> Worker -> one Durable Object RPC -> one SQLite insert;
//   2. a mixed ConfigMap load (create, get, merge-patch, list by label with limit, delete) at
//      concurrency 1 and 16: ops/s, p50/p99 per op, and the ratio to the ceiling;
//   3. a list of 10,000 objects, in one page and paged by 500: time and workerd peak memory;
//   4. 1,000 watchers on one type and 100 writes: write-to-delivery latency, memory while idle;
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
//  12. control planes per tenant (`tenants`, bench/tenants.mjs, its own servers).
// Figures are reported as ratios against the ceiling run in the same process; nothing is asserted.
import path from 'node:path';
import { bundleWorker, openAccess, projectRoot, startServer } from '../scripts/server.mjs';
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
import { runTenants } from './tenants.mjs';

const durationMs = Number(process.env.BENCH_SECONDS ?? 5) * 1000;

const probeScript = await bundleWorker(path.join(projectRoot, 'bench', 'probe-worker.ts'));
// Sections other than `authz` measure the API without access control (openAccess); `authz` starts its own servers.
const server = await startServer({
  bindings: openAccess,
  extraWorkers: [{
    name: 'probe',
    modules: true,
    scriptPath: probeScript,
    compatibilityDate: '2026-08-01',
    routes: ['*/__probe*'],
    durableObjects: { PROBE: { className: 'Probe', useSQLite: true } },
  }],
});
console.log(`server ${server.url}, ${durationMs / 1000}s per load phase\n`);

// BENCH_ONLY=crd,watchers runs only the named sections (the ceiling always runs with mixed).
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const wanted = (name) => !only || only.includes(name);

async function runMixedSection() {
  for (const concurrency of [1, 16]) {
    const ceiling = await runCeiling(server.url, concurrency, durationMs);
    const mixed = await runMixed(server.url, concurrency, durationMs);
    console.log(`concurrency ${concurrency}`);
    console.log(`  ceiling (bare DO SQLite insert round trip): ${fmt(ceiling.opsPerSecond)} ops/s, p50 ${fmt(ceiling.p50, 2)} ms, p99 ${fmt(ceiling.p99, 2)} ms`);
    console.log(`  mixed ConfigMap load: ${fmt(mixed.opsPerSecond)} ops/s = ${fmt((100 * mixed.opsPerSecond) / ceiling.opsPerSecond)}% of ceiling`);
    for (const [op, stats] of Object.entries(mixed.byOp)) {
      console.log(`    ${op.padEnd(12)} n=${String(stats.count).padStart(6)}  p50 ${fmt(stats.p50, 2).padStart(7)} ms  p99 ${fmt(stats.p99, 2).padStart(7)} ms  (p50 ${fmt(stats.p50 / ceiling.p50)}x ceiling)`);
    }
    console.log();
  }
}

const serverSections = [
  ['mixed', runMixedSection],
  ['list', () => runBigList(server.url, 10_000)],
  ['watchers', () => runWatchers(server.url, Number(process.env.BENCH_WATCHERS ?? 1000), 100)],
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
  ['tenants', () => runTenants(durationMs)],
];

try {
  for (const [name, run] of serverSections) {
    if (!wanted(name)) continue;
    await run();
    console.log();
  }
} finally {
  await server.stop();
}
for (const [name, run] of processSections) {
  if (!wanted(name)) continue;
  await run();
  console.log();
}
