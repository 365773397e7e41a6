// Control planes per tenant (`tenants`; its own servers, authentication on, TLS off):
//   1. N tenants (BENCH_TENANTS, default 1,000) created through the default plane: the first tenth
//      (at most 100) one at a time, for the latency from a create request to the first successful
//      GET /clusters/NAME/api/v1/namespaces (by the default plane's admin), p50 and p99; the rest
//      16 at a time, for tenants created per second (anchor: kcp's load test, about 8 workspaces
//      per second); then the time until the controllers report all of them Ready (kubeconfig delivered);
//   2. workerd's resident memory before the first tenant, after all N sat idle for
//      BENCH_IDLE_SECONDS (default 45; workerd evicts Durable Objects idle for about 30 s), and again
//      after N more were made the same way and sat idle: the second rise per tenant is what an
//      idle tenant holds (the first also holds the allocator's high-water mark of the creation
//      burst, reused by the second) (anchor: kcp, about 9.8 MiB per workspace); the open Durable
//      Object databases then; and the isolate's JavaScript heap after a full collection
//      (bench/isolate-heap.mjs), which leaves out native memory and garbage;
//   3. the storage of an idle tenant (its bootstrap only): the SQLite size of each of its Durable
//      Objects, as the storage probe Worker reads them (bench/tenant-storage-probe.ts);
//   4. a noisy tenant beside a quiet one, on a server with the default limits (per user, per tenant
//      with its queue: src/flowcontrol/rate-limit.ts; a tenant's requests under way per isolate:
//      src/flowcontrol/tenant-seats.ts): the quiet tenant's reads (paced at 50/s) alone, then while the
//      noisy one's admin runs 32 concurrent writers as fast as they can (in a worker thread, so
//      that they do not delay the quiet client); the quiet p99 beside against alone (target: within 2x).
// Nothing is asserted; figures are ratios or per-tenant costs measured in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { bundleWorker, projectCompatibility, projectRoot, startServer } from '../scripts/server.mjs';
import { credentialBindings, randomToken, signingKeyPem } from '../scripts/local-credentials.mjs';
import { openDatabases, residentMiB } from './memory.mjs';
import { stateDirectory } from './side-by-side-servers.mjs';
import { freePort, isolateHeapMiB } from './isolate-heap.mjs';
import { fmt, summarize } from './stats.mjs';
import { call } from './token-call.mjs';

const group = 'tenancy.edge-apiserver.dev/v1alpha1';


/**
 * A server whose Durable Objects persist to tmpfs: in memory (Miniflare's default) every tenant's
 * stored objects would count in workerd's resident memory, which on the platform they do not.
 */
async function start(admin, bindings, inspectorPort) {
  const probe = await bundleWorker(path.join(projectRoot, 'bench', 'tenant-storage-probe.ts'));
  const persistTo = mkdtempSync(path.join(stateDirectory(), 'edge-tenants-'));
  const server = await startServer({
    persistTo,
    ...(inspectorPort ? { inspectorPort } : {}),
    bindings: { ...credentialBindings({ adminToken: admin, signingKey: signingKeyPem() }), ...bindings },
    extraWorkers: [{
      name: 'tenant-storage-probe', modules: true, scriptPath: probe, ...projectCompatibility(), routes: ['*/__tenant-storage*'],
      durableObjects: { STORAGE_SHARDS: { className: 'StorageShard', scriptName: 'edge-apiserver' }, CONTROLLERS: { className: 'ControllerPartition', scriptName: 'edge-apiserver' } },
    }],
  });
  return { ...server, stop: async () => { await server.stop(); rmSync(persistTo, { recursive: true, force: true }); } };
}

/** Creates tenant `name` and polls its namespaces until they answer; the milliseconds in between. */
async function createAndReach(url, admin, name) {
  const began = performance.now();
  const created = await call(`${url}/apis/${group}/controlplanes`, admin, 'POST', { apiVersion: group, kind: 'ControlPlane', metadata: { name } });
  if (created.status !== 201) throw new Error(`create ${name}: ${created.status} ${created.text.slice(0, 200)}`);
  for (;;) {
    const listed = await call(`${url}/clusters/${name}/api/v1/namespaces`, admin);
    if (listed.status === 200) return performance.now() - began;
  }
}

async function waitAllReady(url, admin, count) {
  for (;;) {
    const list = JSON.parse((await call(`${url}/apis/${group}/controlplanes`, admin)).text);
    const ready = list.items.filter((item) => item.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')).length;
    if (ready >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Creates tenants `from`..`to`-1, 16 at a time; the seconds it took. */
async function createConcurrently(url, admin, from, to) {
  let next = from;
  const began = performance.now();
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (next < to) await createAndReach(url, admin, `t${next++}`);
  }));
  return (performance.now() - began) / 1000;
}

/** Waits `seconds` (workerd evicts Durable Objects idle for about 30 s); workerd's resident MiB and its open databases then. */
async function idle(seconds) {
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return { rss: residentMiB(), openDatabases: openDatabases() };
}

async function creation(count, idleSeconds) {
  const admin = randomToken();
  const inspectorPort = await freePort();
  const server = await start(admin, { RATE_LIMIT_QPS: '1000000000', RATE_LIMIT_BURST: '1000000000', TENANT_RATE_LIMIT_QPS: '1000000000', TENANT_RATE_LIMIT_BURST: '1000000000' }, inspectorPort);
  try {
    await call(`${server.url}/api/v1/namespaces`, admin);
    // The snapshot's own memory stays with workerd: taken before the first resident figure, it is in both.
    const heapBefore = await isolateHeapMiB(inspectorPort);
    const before = await idle(2);
    const sequential = Math.min(100, Math.ceil(count / 10));
    const latencies = [];
    const began = performance.now();
    for (let i = 0; i < sequential; i++) latencies.push(await createAndReach(server.url, admin, `t${i}`));
    const createdIn = await createConcurrently(server.url, admin, sequential, count);
    await waitAllReady(server.url, admin, count);
    const readyIn = (performance.now() - began) / 1000;
    const first = await idle(idleSeconds);
    const heapAfter = await isolateHeapMiB(inspectorPort);
    // A second thousand made the same way: workerd's allocator keeps the high-water mark of the
    // first burst (Durable Objects open at once while tenants are made), which the second reuses,
    // so the rise from the first idle figure to the second is what idle tenants hold.
    await createConcurrently(server.url, admin, count, 2 * count);
    await waitAllReady(server.url, admin, 2 * count);
    const second = await idle(idleSeconds);
    const stats = summarize(latencies);
    const perTenant = (from, to, tenants) => ((to - from) * 1024) / tenants;
    const rssMiB = { before: before.rss, afterFirst: first.rss, afterSecond: second.rss, firstBurstPerTenantKiB: perTenant(before.rss, first.rss, count), perIdleTenantKiB: perTenant(first.rss, second.rss, count) };
    console.log(`Control planes per tenant: ${count} tenants created through the default plane`);
    console.log(`  one at a time (${sequential}): create request -> first successful GET /clusters/NAME/api/v1/namespaces p50 ${fmt(stats.p50)} ms, p99 ${fmt(stats.p99)} ms (target p99 < 50 ms)`);
    console.log(`  16 at a time (${count - sequential}): ${fmt((count - sequential) / createdIn)} tenants created (and reached) per second (kcp: about 8/s); all ${count} Ready (kubeconfig delivered) ${fmt(readyIn)} s after the first create`);
    console.log(`  workerd resident memory ${fmt(before.rss)} MiB before, ${fmt(first.rss)} MiB with ${count} idle tenants, ${fmt(second.rss)} MiB with ${2 * count} (${idleSeconds} s idle each time; open Durable Object databases then: ${first.openDatabases}, ${second.openDatabases})`);
    console.log(`    per idle tenant (the second ${count}): ${fmt(rssMiB.perIdleTenantKiB)} KiB (target < 100 KiB; kcp about 9.8 MiB); the first ${count} raised it by ${fmt(rssMiB.firstBurstPerTenantKiB)} KiB per tenant: the creation burst's high-water mark, kept by workerd's allocator and reused`);
    console.log(`  the isolate's JavaScript heap after a full collection: ${fmt(heapBefore)} MiB before, ${fmt(heapAfter)} MiB after the first ${count}: ${fmt(((heapAfter - heapBefore) * 1024) / count)} KiB per tenant (tenant contexts, the default plane's caches)`);
    const storage = await storageOfTenant(server.url, server.entryUrl ?? server.url, admin, 't0');
    return {
      count, reachMs: stats, createdPerSecond: (count - sequential) / createdIn, allReadySeconds: readyIn, idleSeconds,
      openDatabases: { first: first.openDatabases, second: second.openDatabases },
      rssMiB, heapMiB: { before: heapBefore, after: heapAfter, perTenantKiB: ((heapAfter - heapBefore) * 1024) / count }, storage,
    };
  } finally {
    await server.stop();
  }
}

/** The probe Worker is reached by its route, through Miniflare's entry socket (`probeUrl`). */
async function storageOfTenant(url, probeUrl, admin, name) {
  const uid = JSON.parse((await call(`${url}/apis/${group}/controlplanes/${name}`, admin)).text).metadata.uid;
  const report = JSON.parse((await call(`${probeUrl}/__tenant-storage?cluster=${encodeURIComponent(`${name}:${uid}`)}`, admin)).text);
  const used = report.objects.filter((object) => object.bytes > report.empty);
  const total = used.reduce((sum, object) => sum + object.bytes, 0);
  console.log(`  storage of an idle tenant (bootstrap only): ${fmt(total / 1024)} KiB in ${used.length} Durable Objects (${used.map((object) => `${object.name} ${fmt(object.bytes / 1024)}`).join(', ')} KiB); the other ${report.objects.length - used.length} hold nothing (an empty database reports ${report.empty} bytes)`);
  return { totalKiB: total / 1024, objectsUsed: used.length, objects: report.objects.length };
}

async function paced(url, token, durationMs, perSecond) {
  const latencies = [];
  const interval = 1000 / perSecond;
  const deadline = performance.now() + durationMs;
  // A late read does not make the next ones catch up: the pace never exceeds perSecond.
  for (let at = performance.now(); at < deadline; at = Math.max(at + interval, performance.now())) {
    const wait = at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const began = performance.now();
    const response = await call(`${url}/api/v1/namespaces/default/configmaps/quiet`, token);
    if (response.status !== 200) throw new Error(`quiet read: ${response.status} ${response.text}`);
    latencies.push(performance.now() - began);
  }
  return summarize(latencies);
}

/** The noisy tenant's 32 writers, as fast as they can, in a worker thread (bench/noisy-writers.mjs). */
function noisy(url, token, durationMs) {
  const worker = new Worker(new URL('./noisy-writers.mjs', import.meta.url), { workerData: { url, token, durationMs } });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => worker.terminate());
}

async function tenantToken(url, admin, name) {
  await call(`${url}/apis/${group}/controlplanes`, admin, 'POST', { apiVersion: group, kind: 'ControlPlane', metadata: { name } });
  for (;;) {
    const secret = await call(`${url}/api/v1/namespaces/tenancy-system/secrets/${name}-kubeconfig`, admin);
    if (secret.status === 200) return Buffer.from(JSON.parse(secret.text).data.token, 'base64').toString();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function neighbours(durationMs) {
  const admin = randomToken();
  const server = await start(admin, JSON.parse(process.env.BENCH_NEIGHBOUR_BINDINGS ?? '{}'));
  try {
    const [quiet, loud] = [await tenantToken(server.url, admin, 'quiet'), await tenantToken(server.url, admin, 'noisy')];
    const quietUrl = `${server.url}/clusters/quiet`;
    await call(`${quietUrl}/api/v1/namespaces/default/configmaps`, quiet, 'POST', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'quiet' } });
    await paced(quietUrl, quiet, 2000, 50);
    const alone = await paced(quietUrl, quiet, durationMs, 50);
    const [beside, load] = await Promise.all([paced(quietUrl, quiet, durationMs, 50), noisy(`${server.url}/clusters/noisy`, loud, durationMs)]);
    console.log(`Noisy neighbour (default limits: 100/s per user, burst 200; per tenant 500/s, burst 1,000, queued up to 2 s, 2 requests under way per isolate; the noisy writers in a worker thread of their own): the quiet tenant's reads at 50/s`);
    console.log(`  alone: p50 ${fmt(alone.p50, 2)} ms, p99 ${fmt(alone.p99, 2)} ms; beside a tenant at full load (32 writers: ${fmt(load.admitted / (durationMs / 1000))}/s admitted, ${fmt(load.throttled / (durationMs / 1000))}/s answered 429): p50 ${fmt(beside.p50, 2)} ms, p99 ${fmt(beside.p99, 2)} ms = ${fmt(beside.p99 / alone.p99, 2)}x alone (target within 2x)`);
    return { aloneMs: alone, besideMs: beside, noisyPerSecond: { admitted: load.admitted / (durationMs / 1000), throttled: load.throttled / (durationMs / 1000) }, p99Ratio: beside.p99 / alone.p99 };
  } finally {
    await server.stop();
  }
}

/** The `tenants` section. */
export async function runTenants(durationMs) {
  const created = await creation(Number(process.env.BENCH_TENANTS ?? 1000), Number(process.env.BENCH_IDLE_SECONDS ?? 45));
  const neighbour = await neighbours(durationMs);
  return {
    conditions: 'its own servers (workerd through Miniflare, authentication on); tenants created through the default plane by its admin, 16 at a time after the first tenth one at a time; memory after the tenants sat idle; the neighbours on default limits (per tenant: 500/s queued up to 2 s, 2 requests under way per isolate), the noisy writers in a worker thread of their own',
    creation: created, neighbours: neighbour,
  };
}
