// Deletion speed with the real kube-controller-manager (`deletion`): the reference kube-apiserver
// v1.32.13 + etcd and edge-apiserver (BUILTIN_CONTROLLERS=auto: its own controllers stand down
// while kube-controller-manager leads) side by side, each with kcm, kube-scheduler and 3 simulated
// nodes (scripts/control-plane/side-by-side.mjs). Each round, on each server in turn:
//   - namespace: 200 ConfigMaps, 50 Secrets, 5 Services and a Deployment of 10 Ready pods, then
//     DELETE of the namespace; time until a GET of the namespace answers 404;
//   - CRD: a namespaced CRD with 100 custom resources, then DELETE of the CRD; time until the CRD
//     answers 404 (kube's apiextensions finalizer deletes the resources first).
// Figures: medians over BENCH_DELETION_ROUNDS rounds (default 3) and edge/kube ratios (<= 1.5 is
// the target). Runs alone with `node bench/deletion.mjs` (PORT, REF_PORT, REF_ETCD_PORT, REF_RUN,
// CTRL_RUN as in scripts/kubectl-compare.mjs) or as `BENCH_ONLY=deletion npm run bench`;
// BENCH_DELETION_TIMELINE=1 also prints when each kind of the namespace's content was first empty.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from '../scripts/control-plane/api-client.mjs';
import { kubeBinaries } from '../scripts/control-plane/controllers.mjs';
import { startSideBySide } from '../scripts/control-plane/side-by-side.mjs';
import { fmt } from './stats.mjs';

const group = 'bench.edge-apiserver.dev';

export async function runDeletion({ rounds = 3, port = 0, refRun, ctrlRun } = {}) {
  console.log('deletion with kube-controller-manager: a namespace of 200 ConfigMaps, 50 Secrets, 5 Services, a Deployment of 10 pods; a CRD with 100 custom resources');
  const binaries = kubeBinaries();
  if (binaries.missing) return { skipped: binaries.missing };
  const scratch = mkdtempSync(path.join(tmpdir(), 'edge-bench-deletion-'));
  const { planes, stop } = await startSideBySide({ binaries, port, refRun: refRun ?? path.join(scratch, 'ref'), ctrlRun: ctrlRun ?? path.join(scratch, 'ctrl') });
  const runs = { kube: [], edge: [] };
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const label of ['kube', 'edge']) {
        const client = planes[label].client;
        const namespaceMs = await namespaceDeletion(client, `bench-ns-${round}`);
        const crdMs = await crdDeletion(client, round);
        runs[label].push({ namespaceMs, crdMs });
        console.log(`  ${label} round ${round}: namespace ${fmt(namespaceMs / 1000, 2)} s, CRD ${fmt(crdMs / 1000, 2)} s`);
      }
    }
  } finally {
    await stop();
  }
  const medians = {};
  for (const key of ['namespaceMs', 'crdMs']) {
    const kube = median(runs.kube.map((run) => run[key]));
    const edge = median(runs.edge.map((run) => run[key]));
    medians[key] = { kube, edge, edgeOverKube: edge / kube };
    console.log(`  ${key === 'namespaceMs' ? 'namespace' : 'CRD'} deletion: kube-apiserver ${fmt(kube / 1000, 2)} s, edge-apiserver ${fmt(edge / 1000, 2)} s: edge/kube ${fmt(edge / kube, 2)}x`);
  }
  return {
    conditions: `kube-controller-manager + kube-scheduler v1.32.13 and 3 simulated nodes on each server (both running at once, measured in turn), ${rounds} round(s); edge in memory with BUILTIN_CONTROLLERS=auto`,
    rounds, runs, medians,
  };
}

/** Fills a namespace, deletes it: milliseconds from the DELETE until the namespace is gone. */
async function namespaceDeletion(client, name) {
  await client.expect('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } } });
  const base = `/api/v1/namespaces/${name}`;
  await inParallel(200, (i) => client.expect('POST', `${base}/configmaps`, { body: { metadata: { name: `cm-${i}` }, data: { key: `value-${i}`.repeat(20) } } }));
  await inParallel(50, (i) => client.expect('POST', `${base}/secrets`, { body: { metadata: { name: `secret-${i}` }, stringData: { password: `p-${i}` } } }));
  await inParallel(5, (i) => client.expect('POST', `${base}/services`, { body: { metadata: { name: `svc-${i}` }, spec: { selector: { app: 'bench' }, ports: [{ port: 80 + i }] } } }));
  await client.expect('POST', `/apis/apps/v1/namespaces/${name}/deployments`, { body: {
    metadata: { name: 'bench' },
    spec: { replicas: 10, selector: { matchLabels: { app: 'bench' } }, template: { metadata: { labels: { app: 'bench' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.26' }] } } },
  } });
  await until(async () => (await client.request('GET', `/apis/apps/v1/namespaces/${name}/deployments/bench`)).body?.status?.readyReplicas === 10, 180);
  const began = performance.now();
  await client.expect('DELETE', base);
  const timeline = process.env.BENCH_DELETION_TIMELINE ? watchEmptying(client, name, began) : null;
  await until(async () => (await client.request('GET', base)).status === 404, 600);
  if (timeline) console.log(`    ${name} emptied: ${(await timeline.stop()).join(', ')}`);
  return performance.now() - began;
}

const timelineKinds = { configmaps: '/api/v1', secrets: '/api/v1', services: '/api/v1', pods: '/api/v1', deployments: '/apis/apps/v1', replicasets: '/apis/apps/v1', serviceaccounts: '/api/v1' };

/**
 * BENCH_DELETION_TIMELINE: when each kind of the namespace's content was first seen empty, and
 * when each True condition kcm's namespace controller reported was first seen (seconds after the DELETE).
 */
function watchEmptying(client, namespace, began) {
  const emptied = new Map();
  let running = true;
  const loop = (async () => {
    while (running) {
      await Promise.all(Object.entries(timelineKinds).filter(([kind]) => !emptied.has(kind)).map(async ([kind, prefix]) => {
        const answer = await client.request('GET', `${prefix}/namespaces/${namespace}/${kind}?limit=1`);
        if (answer.status === 200 && !answer.body.items.length && !emptied.has(kind)) emptied.set(kind, (performance.now() - began) / 1000);
      }));
      const conditions = (await client.request('GET', `/api/v1/namespaces/${namespace}`)).body?.status?.conditions ?? [];
      for (const condition of conditions.filter((c) => c.status === 'True')) {
        const key = `${condition.type}: ${condition.message}`;
        if (!emptied.has(key)) emptied.set(key, (performance.now() - began) / 1000);
      }
      await sleep(200);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return [...emptied].sort((a, b) => a[1] - b[1]).map(([kind, at]) => `${kind} ${fmt(at, 1)} s`);
    },
  };
}

/** A CRD with 100 custom resources, deleted: milliseconds from the DELETE until the CRD is gone. */
async function crdDeletion(client, round) {
  const plural = `widgets${round}`;
  const crdPath = `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${plural}.${group}`;
  await client.expect('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `${plural}.${group}` },
    spec: {
      group, scope: 'Namespaced', names: { plural, singular: `widget${round}`, kind: `Widget${round}`, listKind: `Widget${round}List` },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } } } }],
    },
  } });
  await until(async () => ((await client.request('GET', crdPath)).body?.status?.conditions ?? []).some((c) => c.type === 'Established' && c.status === 'True'), 60);
  const items = `/apis/${group}/v1/namespaces/default/${plural}`;
  await until(async () => (await client.request('GET', items)).status === 200, 60);
  await inParallel(100, (i) => client.expect('POST', items, { body: { apiVersion: `${group}/v1`, kind: `Widget${round}`, metadata: { name: `w-${i}` }, spec: { size: i } } }));
  const began = performance.now();
  await client.expect('DELETE', crdPath);
  await until(async () => (await client.request('GET', crdPath)).status === 404, 600);
  return performance.now() - began;
}

async function inParallel(count, task, width = 16) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < count) await task(next++);
  }));
}

/** Polls `done()` every 100 ms; throws after `seconds`. */
async function until(done, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not done within ${seconds} s`);
    await sleep(100);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runDeletion({
    rounds: Number(process.env.BENCH_DELETION_ROUNDS ?? 3), port: Number(process.env.PORT ?? 0),
    refRun: process.env.REF_RUN, ctrlRun: process.env.CTRL_RUN,
  });
}
