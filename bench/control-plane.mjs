// A real control plane under load (`control-plane`): the unmodified kube-controller-manager and
// kube-scheduler v1.32.13 with simulated nodes (scripts/control-plane), once against the reference
// kube-apiserver v1.32.13 + etcd (../shared/kube) and once against edge-apiserver (in memory,
// BUILTIN_CONTROLLERS=off as beside kube-controller-manager), in this order, each round. One
// Deployment of BENCH_CP_PODS pods (default 1,000) onto BENCH_CP_NODES nodes (default 100): the
// time from its create until every pod is bound to a node, and until every pod is Ready, seen
// through a watch. The controllers' and scheduler's client rate limits are raised (QPS 500,
// burst 1,000) so the servers, not the clients' defaults (20 and 50 QPS), set the pace. Figures
// are the reference's time over edge's (>= 1.0: edge at least as fast), and the CPU seconds the
// servers' processes used from the create until all Ready (kube-apiserver + etcd; workerd + the
// HTTPS front, each in its own process); nothing is asserted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sleep } from '../scripts/control-plane/api-client.mjs';
import { kubeBinaries, patientLeaderElection } from '../scripts/control-plane/controllers.mjs';
import { startControlPlane } from '../scripts/control-plane/harness.mjs';
import { startEdge, startReference } from '../scripts/control-plane/servers.mjs';
import { startedWorkerd } from './memory.mjs';
import { cpuSeconds } from './side-by-side-servers.mjs';
import { fmt } from './stats.mjs';

const clientLimits = ['--kube-api-qps=500', '--kube-api-burst=1000'];
const namespace = 'bench-control-plane';

export async function runControlPlane({ pods = 1000, nodes = 100, rounds = 1 } = {}) {
  console.log(`control plane: ${pods} pods of one Deployment onto ${nodes} simulated nodes (kube-controller-manager and kube-scheduler v1.32.13)`);
  const binaries = kubeBinaries();
  if (binaries.missing) {
    console.log(`  skipped: ${binaries.missing}`);
    return { skipped: binaries.missing };
  }
  const times = { reference: [], edge: [] };
  for (let round = 0; round < rounds; round++) {
    for (const target of ['reference', 'edge']) {
      const runDir = mkdtempSync(path.join(tmpdir(), `edge-bench-cp-${target}-`));
      const server = await start(target, binaries, runDir);
      try {
        const front = server.frontPid ? [server.frontPid] : [];
        let before = {};
        const result = await measure({ binaries, server, runDir, pods, nodes, onCreate: async () => { before = { all: cpuSeconds(server.pids()), front: cpuSeconds(front) }; } });
        result.serverCpuSeconds = cpuSeconds(server.pids()) - before.all;
        result.frontCpuSeconds = cpuSeconds(front) - before.front;
        times[target].push(result);
        console.log(`  ${target.padEnd(9)} round ${round + 1}: all bound ${fmt(result.bound / 1000, 2)} s, all Ready ${fmt(result.ready / 1000, 2)} s, server CPU ${fmt(result.serverCpuSeconds, 2)} s${front.length ? ` (the HTTPS front ${fmt(result.frontCpuSeconds, 2)} s of it)` : ''}`);
      } finally {
        await server.stop();
        rmSync(runDir, { recursive: true, force: true });
      }
    }
  }
  const median = (list, key) => list.map((entry) => entry[key]).sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const medians = {};
  for (const key of ['bound', 'ready']) {
    const reference = median(times.reference, key);
    const edge = median(times.edge, key);
    medians[key] = { referenceMs: reference, edgeMs: edge, referenceOverEdge: reference / edge };
    console.log(`  all ${key === 'bound' ? 'bound' : 'Ready'}: kube-apiserver ${fmt(reference / 1000, 2)} s, edge-apiserver ${fmt(edge / 1000, 2)} s: ${fmt(reference / edge, 2)}x`);
  }
  const cpu = { reference: median(times.reference, 'serverCpuSeconds'), edge: median(times.edge, 'serverCpuSeconds') };
  medians.serverCpuSeconds = { reference: cpu.reference, edge: cpu.edge, referenceOverEdge: cpu.reference / cpu.edge };
  console.log(`  server CPU from the create until all Ready: kube-apiserver + etcd ${fmt(cpu.reference, 2)} s, edge (workerd + its HTTPS front) ${fmt(cpu.edge, 2)} s: ${fmt(cpu.reference / cpu.edge, 2)}x`);
  return {
    conditions: `kube-controller-manager and kube-scheduler v1.32.13 (client QPS 500, burst 1,000) with ${nodes} simulated nodes, one Deployment of ${pods} pods, ${rounds} round(s), the reference then edge (in memory, BUILTIN_CONTROLLERS=off, its HTTPS front in a process of its own) on fresh servers; times from the Deployment's create, seen through a watch; server CPU: kube-apiserver + etcd, workerd + the HTTPS front`,
    pods, nodes, rounds, runs: times, medians,
  };
}

/** A fresh server by target name, with `pids()`: kube-apiserver and etcd, or workerd and edge's HTTPS front. */
async function start(target, binaries, runDir) {
  if (target === 'reference') return startReference({ binaries, runDir: path.join(runDir, 'ref') });
  const { result: server, pids: workerd } = await startedWorkerd(() => startEdge({ builtinControllers: 'off' }));
  const pids = [...workerd, server.frontPid];
  return { ...server, pids: () => pids };
}

/**
 * One rollout on a fresh control plane: milliseconds from the Deployment's create to all pods
 * bound and all Ready. `onCreate` runs just before the Deployment's create (a profiler's start).
 */
export async function measure({ binaries, server, runDir, pods, nodes, onCreate = async () => {} }) {
  const plane = await startControlPlane({
    binaries, url: server.url, token: server.token, runDir, nodes,
    simulation: { concurrency: 32, prefix: 'bench-node' }, controllerArgs: clientLimits, schedulerArgs: clientLimits, election: patientLeaderElection,
  });
  try {
    await plane.client.expect('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } } });
    while ((await plane.client.request('GET', `/api/v1/namespaces/${namespace}/serviceaccounts/default`)).status !== 200) await sleep(200);
    const bound = new Map();
    const ready = new Map();
    const watch = plane.client.reflect(`/api/v1/namespaces/${namespace}/pods`, (type, pod) => {
      const now = performance.now();
      const name = pod.metadata.name;
      if (pod.spec.nodeName && !bound.has(name)) bound.set(name, now);
      if (pod.status?.conditions?.some((condition) => condition.type === 'Ready' && condition.status === 'True') && !ready.has(name)) ready.set(name, now);
    });
    await watch.synced;
    await onCreate();
    const start = performance.now();
    await plane.client.expect('POST', `/apis/apps/v1/namespaces/${namespace}/deployments`, { body: deployment(pods) });
    const deadline = Date.now() + 900_000;
    while (ready.size < pods && Date.now() < deadline) await Promise.race([sleep(100), plane.failed]);
    watch.stop();
    if (ready.size < pods) throw new Error(`only ${ready.size} of ${pods} pods became Ready`);
    return { bound: Math.max(...bound.values()) - start, ready: Math.max(...ready.values()) - start };
  } finally {
    await plane.stop();
  }
}

function deployment(replicas) {
  const labels = { app: 'bench' };
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'bench' },
    spec: { replicas, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'app', image: 'nginx:1.26' }] } } },
  };
}
