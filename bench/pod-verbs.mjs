// Server CPU per request for each step of a Pod's life, edge-apiserver against kube-apiserver +
// etcd (`node bench/pod-verbs.mjs`, not part of `npm run bench`): what a control plane's requests
// cost each server, one verb at a time, so that a rollout's total (the control-plane section) can
// be taken apart. On a fresh server of each kind (edge first, then the reference from
// ../shared/kube), PODS_VERBS_WATCHERS (0) cluster-wide Pod watches are opened, then 16 clients run
// each step over PODS_VERBS_PODS (1,000) Pods: create, binding, status patch (a simulated kubelet's),
// Event create, GET, label patch, delete. Reported per step: CPU microseconds per request of the
// server's processes (kube-apiserver + etcd; workerd + its HTTPS front, the front's share in
// brackets), and edge over kube. JSON over HTTP/1.1 with a bearer token, as the simulated kubelets
// talk (kube-controller-manager and kube-scheduler use Protobuf over HTTP/2).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiClient } from '../scripts/control-plane/api-client.mjs';
import { kubeBinaries } from '../scripts/control-plane/controllers.mjs';
import { runningPatch } from '../scripts/control-plane/pod-status.mjs';
import { startEdge, startReference } from '../scripts/control-plane/servers.mjs';
import { startedWorkerd } from './memory.mjs';
import { cpuSeconds } from './side-by-side-servers.mjs';
import { pool } from './stats.mjs';

const pods = Number(process.env.PODS_VERBS_PODS ?? 1000);
const watchers = Number(process.env.PODS_VERBS_WATCHERS ?? 0);
const clients = 16;
const namespace = 'pod-verbs';
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** A ReplicaSet's Pod as kube-controller-manager creates it (its defaults left to the server). */
function pod(index) {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name: `p${index}`, labels: { app: 'bench', 'pod-template-hash': '6db87cbb7f' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'bench-6db87cbb7f', uid: '8a3c1a8e-8f1c-4f38-9d7e-0a1b2c3d4e5f', controller: true, blockOwnerDeletion: true }],
    },
    spec: { containers: [{ name: 'app', image: 'nginx:1.26' }] },
  };
}

/** The event kube-scheduler records for a bound Pod (core/v1, as kubectl describe shows it). */
function scheduledEvent(index) {
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  return {
    apiVersion: 'v1', kind: 'Event', metadata: { name: `p${index}.scheduled` },
    involvedObject: { apiVersion: 'v1', kind: 'Pod', namespace, name: `p${index}` },
    reason: 'Scheduled', message: `Successfully assigned ${namespace}/p${index} to node-${index % 100}`, type: 'Normal',
    source: { component: 'default-scheduler' }, firstTimestamp: now, lastTimestamp: now, count: 1,
  };
}

/** The steps, in order; each takes the Pod's index and the uids the creates returned. */
const steps = {
  create: (client, i, uids) => client.request('POST', `/api/v1/namespaces/${namespace}/pods`, { body: pod(i) })
    .then((answer) => ((uids[i] = answer.body?.metadata?.uid), answer)),
  bind: (client, i) => client.request('POST', `/api/v1/namespaces/${namespace}/pods/p${i}/binding`, {
    body: { apiVersion: 'v1', kind: 'Binding', metadata: { name: `p${i}` }, target: { apiVersion: 'v1', kind: 'Node', name: `node-${i % 100}` } },
  }),
  status: (client, i, uids) => client.request('PATCH', `/api/v1/namespaces/${namespace}/pods/p${i}/status`, {
    body: runningPatch({ metadata: { name: `p${i}`, namespace, uid: uids[i] }, spec: pod(i).spec }, { hostIP: '10.0.0.1', podIP: `10.1.${i >> 8}.${i & 255}`, now: new Date() }),
    contentType: 'application/strategic-merge-patch+json',
  }),
  event: (client, i) => client.request('POST', `/api/v1/namespaces/${namespace}/events`, { body: scheduledEvent(i) }),
  get: (client, i) => client.request('GET', `/api/v1/namespaces/${namespace}/pods/p${i}`),
  'label patch': (client, i) => client.request('PATCH', `/api/v1/namespaces/${namespace}/pods/p${i}`, {
    body: { metadata: { labels: { step: String(i) } } }, contentType: 'application/merge-patch+json',
  }),
  delete: (client, i) => client.request('DELETE', `/api/v1/namespaces/${namespace}/pods/p${i}`, { body: { gracePeriodSeconds: 0 } }),
};

/** Runs `operation` for every index with `clients` in flight; any answer past 2xx fails the run. */
function forEveryPod(operation) {
  return pool(Array.from({ length: pods }, (_, index) => index), clients, async (index) => {
    const answer = await operation(index);
    if (answer.status >= 300) throw new Error(`${answer.status} ${answer.body?.message ?? ''}`);
  });
}

/** A fresh server by target: { server, pids, front } (front: the pids of edge's HTTPS front). */
async function start(target, runDir) {
  if (target === 'reference') {
    const server = await startReference({ binaries: kubeBinaries(), runDir });
    return { server, pids: server.pids(), front: [] };
  }
  const { result: server, pids } = await startedWorkerd(() => startEdge({ builtinControllers: 'off' }));
  return { server, pids: [...pids, server.frontPid], front: [server.frontPid] };
}

/** Every step on a fresh `target`: microseconds of CPU per request, total and the front's share. */
async function measure(target) {
  const runDir = mkdtempSync(path.join(tmpdir(), 'pod-verbs-'));
  const { server, pids, front } = await start(target, runDir);
  const client = new ApiClient({ url: server.url, token: server.token, maxSockets: clients });
  const costs = {};
  try {
    await client.expect('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } } });
    // No kube-controller-manager here to create it; Pods need it (ServiceAccount admission).
    await client.expect('POST', `/api/v1/namespaces/${namespace}/serviceaccounts`, { body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default' } } });
    const watches = [];
    for (let i = 0; i < watchers; i++) {
      watches.push(client.reflect('/api/v1/pods', () => {}));
      await watches.at(-1).synced;
    }
    const uids = [];
    for (const [name, step] of Object.entries(steps)) {
      await settle();
      const before = { all: cpuSeconds(pids), front: cpuSeconds(front) };
      await forEveryPod((index) => step(client, index, uids));
      await settle();
      costs[name] = { all: (cpuSeconds(pids) - before.all) * 1e6 / pods, front: (cpuSeconds(front) - before.front) * 1e6 / pods };
    }
    for (const watch of watches) watch.stop();
    return costs;
  } finally {
    await server.stop();
    rmSync(runDir, { recursive: true, force: true });
  }
}

const binaries = kubeBinaries();
if (binaries.missing) throw new Error(`pod-verbs needs the reference kube-apiserver: ${binaries.missing}`);
const edge = await measure('edge');
const kube = await measure('reference');
console.log(`server CPU per request, ${pods} Pods, ${clients} clients, ${watchers} cluster-wide Pod watches (us; edge's HTTPS front in brackets)`);
console.log(`  ${'step'.padEnd(12)}${'edge'.padStart(14)}${'kube'.padStart(8)}  edge/kube`);
for (const name of Object.keys(steps)) {
  const [ours, theirs] = [edge[name], kube[name]];
  console.log(`  ${name.padEnd(12)}${`${Math.round(ours.all)} (${Math.round(ours.front)})`.padStart(14)}${String(Math.round(theirs.all)).padStart(8)}  ${(ours.all / theirs.all).toFixed(2)}x`);
}
process.exit(0);
