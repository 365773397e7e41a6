// `backups` (BENCH_ONLY=backups npm run bench; docs/backups.md): snapshot and restore rates of
// edge-apiserver beside etcd's snapshot of the reference kube-apiserver holding the same objects,
// in one run; and the Done-when check of issue 36 at BENCH_BACKUP_OBJECTS (50,000) objects:
//   1. both servers get the same objects: ConfigMaps (spread over 4 storage shards on edge),
//      Secrets and ServiceAccounts in 10 namespaces, ~1 KB each, written at concurrency 32;
//   2. edge: `npm run snapshot -- save` while a writer keeps creating and updating ConfigMaps in
//      another namespace; the snapshot's objects of that namespace are checked against a list at
//      the snapshot's version (exactly what it shows); then `restore` into a new tenant, checked
//      object by object (every object of the snapshot present and intact, apart from its
//      resourceVersion, and nothing else in those namespaces); then a corrupt copy is refused
//      and writes nothing;
//   3. kube: etcd's snapshot (the Maintenance.Snapshot RPC, what `etcdctl snapshot save` streams:
//      etcdctl is not among the reference binaries, so it is called through etcd's gRPC gateway)
//      into a file.
// Figures: objects/s and MB/s of each (MB of the file written; edge's also of its NDJSON), and the
// ratios edge/etcd.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { writeKubeconfig } from '../scripts/control-plane/controllers.mjs';
import { backups, clientOf, restore, save } from '../scripts/snapshot.mjs';
import { kubeMissing, startEdge, startKube, stateDirectory } from './side-by-side-servers.mjs';
import { fmt } from './stats.mjs';
import { call, request } from './tls-client.mjs';

const namespaces = Array.from({ length: 10 }, (_, index) => `backup-${index}`);
/** ~900 bytes that compress as real data does (random base64), the same for both servers. */
const payload = (index) => randomBytes(675).toString('base64') + String(index);

/** JSON with every object's keys sorted: the same object compares equal whatever its field order. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  return `{${Object.keys(value).filter((key) => value[key] !== undefined).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
}

function objectAt(index) {
  const namespace = namespaces[index % namespaces.length];
  const kind = index % 5 < 3 ? 'configmaps' : index % 5 === 3 ? 'secrets' : 'serviceaccounts';
  const name = `o${index}`;
  const body = kind === 'configmaps' ? { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { n: String(index % 7) } }, data: { payload: payload(index) } }
    : kind === 'secrets' ? { apiVersion: 'v1', kind: 'Secret', metadata: { name }, stringData: { payload: payload(index) } }
      : { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, annotations: { payload: payload(index) } } };
  return { path: `/api/v1/namespaces/${namespace}/${kind}`, body };
}

/** Writes the objects at `concurrency` clients; seconds taken. */
async function load(server, count, concurrency = 32) {
  for (const name of [...namespaces, 'churn']) await call(`${server.url}/api/v1/namespaces`, { method: 'POST', token: server.adminToken, body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } } });
  let next = 0;
  const began = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const { path: at, body } = objectAt(next++);
      await call(`${server.url}${at}`, { method: 'POST', token: server.adminToken, body });
    }
  }));
  return (performance.now() - began) / 1000;
}

/** Creates and updates ConfigMaps in `churn` until stopped; how many writes. */
function churn(server) {
  let stopped = false;
  let writes = 0;
  const done = (async () => {
    while (!stopped) {
      const name = `c${writes % 200}`;
      const url = `${server.url}/api/v1/namespaces/churn/configmaps`;
      const created = await request(url, { method: 'POST', token: server.adminToken, body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { w: String(writes) } } });
      if (created.status === 409) await call(`${url}/${name}`, { method: 'PATCH', token: server.adminToken, contentType: 'application/merge-patch+json', body: { data: { w: String(writes) } } });
      writes += 1;
    }
  })();
  return async () => {
    stopped = true;
    await done;
    return writes;
  };
}

/** The object lines of a snapshot file, by type/key: the object without its resourceVersion. */
async function objectsOf(lib, file, keep) {
  const objects = new Map();
  let header;
  for await (const line of lib.textLines(Readable.toWeb(createReadStream(file).pipe(createGunzip())))) {
    if (!header) {
      header = JSON.parse(line);
      continue;
    }
    if (!line.startsWith('{"t"')) continue;
    const item = JSON.parse(line);
    if (!keep(item)) continue;
    const type = header.types[item.t];
    delete item.object.metadata.resourceVersion;
    objects.set(`${type.resource}/${item.key}`, canonical(item.object));
  }
  return { header, objects };
}

/** Every object of the types in `namespace` on a server (paged), by type/key, without resourceVersion. */
async function listed(server, prefix, resources, namespace, token) {
  const objects = new Map();
  for (const resource of resources) {
    let token_ = '';
    do {
      const page = JSON.parse(await call(`${server.url}${prefix}/api/v1/namespaces/${namespace}/${resource}?limit=500${token_ ? `&continue=${encodeURIComponent(token_)}` : ''}`, { token }));
      const kind = { configmaps: 'ConfigMap', secrets: 'Secret', serviceaccounts: 'ServiceAccount' }[resource];
      for (const item of page.items) {
        delete item.metadata.resourceVersion;
        objects.set(`${resource}/${namespace}/${item.metadata.name}`, canonical({ apiVersion: 'v1', kind, ...item }));
      }
      token_ = page.metadata.continue ?? '';
    } while (token_);
  }
  return objects;
}

/** Differences between two maps of objects, the first few. */
function differences(expected, actual) {
  const found = [];
  for (const [key, value] of expected) if (actual.get(key) !== value) found.push(`${key}: ${actual.has(key) ? 'differs' : 'missing'}`);
  for (const key of actual.keys()) if (!expected.has(key)) found.push(`${key}: not in the snapshot`);
  return found;
}

async function edgeSide(count, work) {
  const edge = await startEdge({ bindings: { SHARDED_TYPES: 'configmaps=4' } });
  try {
    const loadSeconds = await load(edge, count);
    const lib = await backups();
    const kubeconfig = path.join(work, 'edge.kubeconfig');
    writeKubeconfig(kubeconfig, { url: edge.url, token: edge.adminToken });
    const client = clientOf(kubeconfig);
    const stopChurn = churn(edge);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const file = path.join(work, 'edge.ndjson.gz');
    let began = performance.now();
    const header = await save(lib, client, file);
    const saveSeconds = (performance.now() - began) / 1000;
    const churnWrites = await stopChurn();
    const fileBytes = statSync(file).size;
    let ndjsonBytes = 0;
    for await (const chunk of createReadStream(file).pipe(createGunzip())) ndjsonBytes += chunk.length;
    const objects = header.types.reduce((sum, type) => sum + type.count, 0);

    // The snapshot holds what a list at its version shows, while writes went on.
    const inChurn = await objectsOf(lib, file, (item) => item.object.metadata.namespace === 'churn');
    const atT = JSON.parse(await call(`${edge.url}/api/v1/namespaces/churn/configmaps?resourceVersion=${header.resourceVersion}&resourceVersionMatch=Exact`, { token: edge.adminToken }));
    const churnAtT = new Map(atT.items.map((item) => [`configmaps/churn/${item.metadata.name}`, canonical({ apiVersion: 'v1', kind: 'ConfigMap', ...item, metadata: { ...item.metadata, resourceVersion: undefined } })]));
    const snapshotMatchesList = differences(churnAtT, inChurn.objects);

    // Restore into a new tenant, checked object by object.
    const tenant = `restore${Date.now().toString(36)}`;
    await call(`${edge.url}/apis/tenancy.edge-apiserver.dev/v1alpha1/controlplanes`, { method: 'POST', token: edge.adminToken, body: { apiVersion: 'tenancy.edge-apiserver.dev/v1alpha1', kind: 'ControlPlane', metadata: { name: tenant } } });
    for (let attempt = 0; (await request(`${edge.url}/clusters/${tenant}/api/v1/namespaces`, { token: edge.adminToken })).status !== 200 && attempt < 600; attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
    const tenantConfig = path.join(work, 'tenant.kubeconfig');
    writeKubeconfig(tenantConfig, { url: `${edge.url}/clusters/${tenant}`, token: edge.adminToken });
    // A corrupt copy (one object's byte changed) is refused before anything is written.
    const corrupt = path.join(work, 'corrupt.ndjson.gz');
    const text = await new Response(Readable.toWeb(createReadStream(file).pipe(createGunzip()))).text();
    await pipeline(Readable.from([text.replace('"kind":"Secret"', '"kind":"Secreu"')]), createGzip(), createWriteStream(corrupt));
    const refused = await restore(lib, clientOf(tenantConfig), corrupt).then(() => 'accepted', (error) => error.message);
    const wroteNothing = (await listed(edge, `/clusters/${tenant}`, ['configmaps'], namespaces[0], edge.adminToken)).size === 0;
    began = performance.now();
    const reports = await restore(lib, clientOf(tenantConfig), file);
    const restoreSeconds = (performance.now() - began) / 1000;
    const expected = (await objectsOf(lib, file, (item) => namespaces.includes(item.object.metadata.namespace) && ['ConfigMap', 'Secret', 'ServiceAccount'].includes(item.object.kind))).objects;
    const restored = new Map();
    for (const namespace of namespaces) for (const [key, value] of await listed(edge, `/clusters/${tenant}`, ['configmaps', 'secrets', 'serviceaccounts'], namespace, edge.adminToken)) restored.set(key, value);
    const restoreDiffers = differences(expected, restored);
    return {
      loadSeconds, objects, fileBytes, ndjsonBytes, churnWrites, saveSeconds, restoreSeconds,
      checks: {
        snapshotMatchesListAtVersion: snapshotMatchesList.length === 0 ? true : snapshotMatchesList.slice(0, 5),
        restoredIntactAndNothingElse: restoreDiffers.length === 0 ? { objects: expected.size } : restoreDiffers.slice(0, 5),
        corruptRefused: refused, corruptWroteNothing: wroteNothing,
        failedObjects: reports.reduce((sum, report) => sum + report.failed, 0),
      },
    };
  } finally {
    await edge.stop();
  }
}

async function kubeSide(count, work) {
  const kube = await startKube();
  try {
    const loadSeconds = await load(kube, count);
    const etcd = `http://127.0.0.1:${process.env.REF_ETCD_PORT ?? '23790'}`;
    const file = path.join(work, 'etcd.db');
    const began = performance.now();
    const response = await fetch(`${etcd}/v3/maintenance/snapshot`, { method: 'POST', body: '{}' });
    const out = createWriteStream(file);
    let rest = '';
    // The gateway streams one JSON message per line: {"result":{"remaining_bytes","blob"(base64)}}.
    for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) if (line.trim()) out.write(Buffer.from(JSON.parse(line).result.blob ?? '', 'base64'));
    }
    if (rest.trim()) out.write(Buffer.from(JSON.parse(rest).result.blob ?? '', 'base64'));
    await new Promise((resolve) => out.end(resolve));
    const saveSeconds = (performance.now() - began) / 1000;
    return { loadSeconds, fileBytes: statSync(file).size, saveSeconds };
  } finally {
    await kube.stop();
  }
}

export async function runBackups(count = Number(process.env.BENCH_BACKUP_OBJECTS ?? 50_000)) {
  const work = mkdtempSync(path.join(stateDirectory(), 'edge-bench-backups-'));
  try {
    const edge = await edgeSide(count, work);
    const missing = kubeMissing();
    const kube = missing ? { skipped: missing } : await kubeSide(count, work);
    const rate = (side) => ({ objectsPerSecond: edge.objects / side.saveSeconds, mbPerSecond: side.fileBytes / 1e6 / side.saveSeconds });
    const edgeSave = rate(edge);
    const restoreRate = { objectsPerSecond: edge.objects / edge.restoreSeconds, mbPerSecond: edge.fileBytes / 1e6 / edge.restoreSeconds, ndjsonMbPerSecond: edge.ndjsonBytes / 1e6 / edge.restoreSeconds };
    console.log(`backups: ${count} objects (+ the servers' own); edge snapshot ${edge.objects} objects, ${fmt(edge.fileBytes / 1e6, 1)} MB gzip'd (${fmt(edge.ndjsonBytes / 1e6, 1)} MB NDJSON), ${edge.churnWrites} writes during it`);
    console.log(`  edge snapshot save: ${fmt(edge.saveSeconds, 1)} s, ${fmt(edgeSave.objectsPerSecond)} objects/s, ${fmt(edgeSave.mbPerSecond, 2)} MB/s (${fmt(edge.ndjsonBytes / 1e6 / edge.saveSeconds, 2)} MB/s of NDJSON)`);
    console.log(`  edge restore:       ${fmt(edge.restoreSeconds, 1)} s, ${fmt(restoreRate.objectsPerSecond)} objects/s, ${fmt(restoreRate.mbPerSecond, 2)} MB/s (${fmt(restoreRate.ndjsonMbPerSecond, 2)} MB/s of NDJSON)`);
    console.log(`  checks: ${JSON.stringify(edge.checks)}`);
    let ratios;
    if (!kube.skipped) {
      const etcdSave = rate(kube);
      ratios = { saveObjectsPerSecond: edgeSave.objectsPerSecond / etcdSave.objectsPerSecond, saveSeconds: edge.saveSeconds / kube.saveSeconds, restoreVsEtcdSaveSeconds: edge.restoreSeconds / kube.saveSeconds };
      console.log(`  etcd snapshot (etcdctl snapshot save's RPC): ${fmt(kube.saveSeconds, 2)} s, ${fmt(kube.fileBytes / 1e6, 1)} MB, ${fmt(etcdSave.objectsPerSecond)} objects/s, ${fmt(etcdSave.mbPerSecond, 2)} MB/s`);
      console.log(`  ratios edge/etcd: snapshot time ${fmt(ratios.saveSeconds, 2)}x, objects/s ${fmt(ratios.saveObjectsPerSecond, 3)}x; edge restore time / etcd snapshot time ${fmt(ratios.restoreVsEtcdSaveSeconds, 2)}x`);
    } else console.log(`  etcd: skipped (${kube.skipped})`);
    return {
      conditions: `${count} objects (3/5 ConfigMaps over 4 shards, 1/5 Secrets, 1/5 ServiceAccounts, ~1 KB, 10 namespaces) loaded at concurrency 32 into each server; edge saved by npm run snapshot while one client wrote ConfigMaps in another namespace, restored into a new tenant; etcd snapshot through the gateway of Maintenance.Snapshot (etcdctl's RPC); state on tmpfs`,
      edge: { ...edge, save: edgeSave, restore: restoreRate }, kube, ratios,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
