// `npm run conformance`: kubernetes' own conformance specs (../shared/kube/e2e, e2e.test v1.32.13)
// against edge-apiserver and the reference kube-apiserver v1.32.13 + etcd, one after the other
// (or at the same time, TOGETHER=1), each with the real kube-controller-manager, kube-scheduler and
// three simulated nodes beside it (scripts/conformance/targets.mjs). Prints each server's counts, the specs whose outcome differs,
// and edge's failures with their messages; exits 1 when a spec the reference passes does not pass
// on edge (with ONLY=edge: when any spec fails). Everything it starts, it stops (also on Ctrl-C).
// Settings (environment):
//   FOCUS, SKIP          ginkgo regexes (default: run-conformance.sh's selection, 90 specs)
//   FOCUS_FILE           a file of full spec texts, one a line (# comments), run instead of FOCUS, with SKIP
//                        defaulting to [Serial]|[Disruptive] (e.g. scripts/conformance/api-machinery-part.txt)
//   ONLY                 edge | reference (default both)
//   PROCS                e2e.test processes sharing each server's specs, as `ginkgo -p` runs them (default 1)
//   TOGETHER             1: run the reference and edge at the same time, not one after the other
//   TENANT               run edge's specs in tenant /clusters/NAME, through the kubeconfig its Secret delivers
//   SHARDED_TYPES        edge's SHARDED_TYPES (README "A resource type over several storage shards")
//   PORT                 edge's HTTPS port (default: a free one); REF_PORT, REF_ETCD_PORT likewise for the reference
//   EDGE_HOST            the address edge listens on and clients reach it at (default 127.0.0.1, where, as the
//                        reference, it publishes no default/kubernetes Endpoints: kube refuses loopback ones)
//   REF_RUN              the reference's run directory (default /tmp/edge-conformance-ref)
//   CONFORMANCE_RUN      where reports and logs go (default .cache/conformance)
// Arguments after `--` go to e2e.test (e.g. -- --ginkgo.dry-run).
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { kubeBinaries, projectRoot } from './control-plane/controllers.mjs';
import { counts, differences, focusOfFile, readSpecs } from './conformance/report.mjs';
import { runConformance, stopSuites } from './conformance/run-suite.mjs';
import { edgeTarget, referenceTarget } from './conformance/targets.mjs';

const binaries = kubeBinaries();
if (binaries.missing) {
  console.error(`cannot run the conformance suite: ${binaries.missing}`);
  process.exit(2);
}
const env = process.env;
const runRoot = path.resolve(env.CONFORMANCE_RUN ?? path.join(projectRoot, '.cache', 'conformance'));
const targets = env.ONLY ? [env.ONLY] : ['reference', 'edge'];
const extraArgs = process.argv.slice(2);
const focus = env.FOCUS_FILE ? focusOfFile(env.FOCUS_FILE) : env.FOCUS;
const skip = env.SKIP ?? (env.FOCUS_FILE ? '\\[Serial\\]|\\[Disruptive\\]' : undefined);
const procs = Math.max(1, Number(env.PROCS ?? 1) || 1);
rmSync(runRoot, { recursive: true, force: true });

// What each running target started, to stop in reverse order (its own when it ends, all on a signal).
const started = new Set();
async function stopAll(stops) {
  started.delete(stops);
  for (const stop of stops.reverse()) await stop().catch((error) => console.error(`stop: ${error.message}`));
  stops.length = 0;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopSuites();
    Promise.all([...started].map(stopAll)).finally(() => process.exit(130));
  });
}

/** Starts one target, runs the selection against it, stops it; resolves with its specs. */
async function runOn(name) {
  const runDir = path.join(runRoot, name);
  const stops = [];
  started.add(stops);
  const onStop = (stop) => stops.push(stop);
  const since = Date.now();
  try {
    const target = name === 'edge'
      ? await edgeTarget({ binaries, runDir, host: env.EDGE_HOST, port: Number(env.PORT ?? 0), tenant: env.TENANT, shardedTypes: env.SHARDED_TYPES, onStop })
      : await referenceTarget({ binaries, runDir, refRun: env.REF_RUN ?? '/tmp/edge-conformance-ref', port: env.REF_PORT && Number(env.REF_PORT), etcdPort: env.REF_ETCD_PORT && Number(env.REF_ETCD_PORT), onStop });
    console.log(`== ${target.label}: ${target.url} (control plane ready in ${seconds(since)}); e2e log: ${path.join(runDir, 'e2e', 'e2e.log')}`);
    const code = await runConformance({ kubeconfig: target.kubeconfig, out: path.join(runDir, 'e2e'), focus, skip, binDir: binaries.dir, procs, extraArgs });
    const specs = readSpecs(path.join(runDir, 'e2e', 'report.json'));
    console.log(`   e2e.test exited ${code} after ${seconds(since)}: ${JSON.stringify(counts(specs))}`);
    return specs;
  } finally {
    await stopAll(stops);
  }
}

const results = {};
if (env.TOGETHER === '1') {
  // Both to their end (each stops what it started), even when one fails to start.
  const settled = await Promise.allSettled(targets.map(runOn));
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  targets.forEach((name, index) => { results[name] = settled[index].value; });
} else {
  for (const name of targets) results[name] = await runOn(name);
}

const summary = { counts: {}, differences: [], edgeFailures: [] };
for (const [name, specs] of Object.entries(results)) summary.counts[name] = counts(specs);
if (results.edge) {
  for (const [spec, result] of results.edge) if (!['passed', 'skipped', 'pending'].includes(result.state)) summary.edgeFailures.push({ spec, ...result });
}
if (results.edge && results.reference) summary.differences = differences(results.reference, results.edge);
writeFileSync(path.join(runRoot, 'summary.json'), JSON.stringify(summary, null, 2));

console.log('\n== counts');
for (const [name, count] of Object.entries(summary.counts)) console.log(`  ${name.padEnd(10)} ${JSON.stringify(count)}`);
if (results.edge && results.reference) {
  console.log(`\n== specs whose outcome differs (reference / edge): ${summary.differences.length}`);
  for (const spec of summary.differences) console.log(`  ${spec.reference.padEnd(8)} ${spec.edge.padEnd(8)} ${spec.name}\n      ${spec.message}`);
}
if (results.edge) {
  console.log(`\n== edge's failures: ${summary.edgeFailures.length}`);
  for (const spec of summary.edgeFailures) console.log(`  ${spec.state.padEnd(8)} ${spec.seconds.toFixed(0).padStart(4)}s ${spec.spec}\n      ${spec.message}${spec.location ? `  (${spec.location})` : ''}`);
}
console.log(`\nsummary: ${path.join(runRoot, 'summary.json')}`);
const regressions = results.reference ? summary.differences.filter((spec) => spec.reference === 'passed') : summary.edgeFailures;
process.exit(regressions.length ? 1 : 0);

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(0)} s`;
}
