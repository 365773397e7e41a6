// `node scripts/compare-control-plane.mjs`: the control plane scenario (scripts/control-plane/
// scenario.mjs) on the reference kube-apiserver v1.32.13 + etcd (../shared/kube/start-apiserver.sh)
// and on edge-apiserver, one after the other, each with the same unmodified kube-controller-manager
// and kube-scheduler and simulated nodes. Reports each step's outcome on both, and the error lines
// of the controllers' and scheduler's logs as signatures (log-errors.mjs): the ones only the edge
// run shows are the ones to explain. Exits 1 if an outcome differs from the expected one on edge,
// or edge shows an error signature the reference does not.
// Settings: REF_PORT, REF_ETCD_PORT (free ports if unset), REF_RUN (default /tmp/edge-compare-ref),
// COMPARE_RUN (default /tmp/edge-compare), BUILTIN_CONTROLLERS (edge's, default auto), ONLY=edge|reference,
// COMPARE_ROUNDS (runs of each, alternated; error signatures are taken over all of a server's runs).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { kubeBinaries } from './control-plane/controllers.mjs';
import { startControlPlane } from './control-plane/harness.mjs';
import { errorSignatures } from './control-plane/log-errors.mjs';
import { scenarioContext } from './control-plane/scenario-context.mjs';
import { runScenario } from './control-plane/scenario.mjs';
import { startEdge, startReference } from './control-plane/servers.mjs';

const binaries = kubeBinaries();
if (binaries.missing) {
  console.error(`cannot compare: ${binaries.missing}`);
  process.exit(2);
}
const runRoot = process.env.COMPARE_RUN ?? '/tmp/edge-compare';
rmSync(runRoot, { recursive: true, force: true });
const namespace = 'scenario';

/** One full run against a started server: { results, signatures }. */
async function runAgainst(label, server) {
  const runDir = path.join(runRoot, label);
  console.log(`\n== ${label}: ${server.url}`);
  const plane = await startControlPlane({ binaries, url: server.url, token: server.token, runDir });
  try {
    await plane.client.expect('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } } });
    const context = scenarioContext({ kubectl: plane.kubectl, client: plane.client, namespace, nodes: plane.nodes, failover: plane.failover });
    const results = await runScenario(context, (result) => {
      console.log(`  ${result.ok ? 'ok  ' : 'FAIL'} ${result.seconds.toFixed(1).padStart(5)}s  ${result.name}${result.ok ? '' : `\n         got ${JSON.stringify(result.outcome)}\n    expected ${JSON.stringify(result.expected)}`}`);
    });
    await plane.stop();
    const signatures = new Map();
    for (const file of plane.logFiles()) {
      for (const [signature, count] of errorSignatures(readFileSync(file, 'utf8'), namespace)) {
        const key = `${path.basename(file, '.log').replace(/-2$/, '')}: ${signature}`;
        signatures.set(key, (signatures.get(key) ?? 0) + count);
      }
    }
    return { results, signatures };
  } finally {
    await plane.stop().catch(() => {});
    await server.stop();
  }
}

/**
 * COMPARE_ROUNDS (default 1) runs of each, alternated: the races of kube-controller-manager's
 * controllers with a namespace being emptied (its namespace controller deletes resource types in
 * random order) show differently from run to run, so the error signatures of all rounds of a
 * server are taken together.
 */
const rounds = Math.max(1, Number(process.env.COMPARE_ROUNDS ?? 1));
const runs = { reference: [], edge: [] };
for (let round = 1; round <= rounds; round++) {
  const suffix = rounds > 1 ? `-${round}` : '';
  if (process.env.ONLY !== 'edge') runs.reference.push(await runAgainst(`reference${suffix}`, await startReference({ binaries, runDir: process.env.REF_RUN ?? '/tmp/edge-compare-ref' })));
  if (process.env.ONLY !== 'reference') runs.edge.push(await runAgainst(`edge${suffix}`, await startEdge({ builtinControllers: process.env.BUILTIN_CONTROLLERS ?? 'auto' })));
}

const report = { rounds, steps: [], errors: { both: [], referenceOnly: [], edgeOnly: [] } };
const okInAll = (list, index) => (list.length ? list.every((run) => run.results[index].ok) : undefined);
for (const [index, step] of (runs.edge[0] ?? runs.reference[0]).results.entries()) {
  report.steps.push({
    name: step.name, referenceOk: okInAll(runs.reference, index), edgeOk: okInAll(runs.edge, index),
    reference: runs.reference.map((run) => run.results[index].outcome), edge: runs.edge.map((run) => run.results[index].outcome),
  });
}
const referenceErrors = union(runs.reference);
const edgeErrors = union(runs.edge);
for (const signature of new Set([...referenceErrors.keys(), ...edgeErrors.keys()])) {
  const entry = { signature, reference: referenceErrors.get(signature) ?? 0, edge: edgeErrors.get(signature) ?? 0 };
  report.errors[entry.reference && entry.edge ? 'both' : entry.edge ? 'edgeOnly' : 'referenceOnly'].push(entry);
}
writeFileSync(path.join(runRoot, 'report.json'), JSON.stringify(report, null, 2));

console.log(`\n== outcomes (reference / edge${rounds > 1 ? `, ok in all ${rounds} rounds` : ''})`);
for (const step of report.steps) console.log(`  ${mark(step.referenceOk)} ${mark(step.edgeOk)}  ${step.name}`);
console.log(`\n== error lines of kube-controller-manager and kube-scheduler (count on reference / edge)`);
for (const [title, list] of [['on both', report.errors.both], ['only on the reference', report.errors.referenceOnly], ['only on edge', report.errors.edgeOnly]]) {
  console.log(`  ${title}: ${list.length}`);
  for (const entry of list) console.log(`    ${String(entry.reference).padStart(3)} / ${String(entry.edge).padEnd(3)} ${entry.signature.slice(0, 400)}`);
}
console.log(`\nreport: ${path.join(runRoot, 'report.json')}; logs under ${runRoot}/{reference,edge}*/logs`);
const failed = report.steps.some((step) => step.edgeOk === false) || report.errors.edgeOnly.length > 0;
process.exit(failed ? 1 : 0);

/** Error signatures of several runs, counts added. */
function union(list) {
  const total = new Map();
  for (const run of list) for (const [signature, count] of run.signatures) total.set(signature, (total.get(signature) ?? 0) + count);
  return total;
}

function mark(ok) {
  return ok === undefined ? '  - ' : ok ? ' ok ' : 'FAIL';
}
