// Side by side (issue 17): the mixed ConfigMap load against the reference kube-apiserver + etcd and
// edge-apiserver in one run, both over HTTPS with a bearer token and RBAC (servers in
// side-by-side-servers.mjs). Each client cycles create -> get -> merge-patch -> list by label
// (limit=50) -> delete of its own 200-byte ConfigMaps in one namespace, at 1, 16 and 64 clients;
// then an accumulating load (create, get, list by label; nothing deleted) at 16. Phases alternate
// kube, edge, kube, edge (half the time each), after an unrecorded warm-up of each. Reported per
// server: throughput, p50/p99 per verb with the distribution (bench/distribution.mjs, for the
// README's charts), requests per CPU-second of its processes (kube-apiserver + etcd; workerd), and
// edge/kube ratios. The load generator shares the machine's cores.
import { closedLoop, fmt } from './stats.mjs';
import { summarizeWithDistribution } from './distribution.mjs';
import { cpuSeconds, kubeMissing, startPrepared } from './side-by-side-servers.mjs';
import { request } from './tls-client.mjs';

const namespace = 'mixed';
const cycle = ['create', 'get', 'merge-patch', 'list', 'delete'];
const accumulating = ['create', 'get', 'list'];

const object = (name, worker) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { worker } }, data: { a: '1', b: 'x'.repeat(200) } });

/** One step of a client; returns the step's name, or `<step> failed` when the server refused it. */
async function step(server, name, worker, verb) {
  const base = `${server.url}/api/v1/namespaces/${namespace}/configmaps`;
  const { token } = server;
  const answers = {
    create: () => request(base, { method: 'POST', token, body: object(name, worker) }),
    get: () => request(`${base}/${name}`, { token }),
    'merge-patch': () => request(`${base}/${name}`, { method: 'PATCH', token, contentType: 'application/merge-patch+json', body: { data: { c: String(Date.now()) } } }),
    list: () => request(`${base}?labelSelector=worker%3D${worker}&limit=50`, { token }),
    delete: () => request(`${base}/${name}`, { method: 'DELETE', token }),
  };
  const { status } = await answers[verb]();
  return status < 300 ? verb : `${verb} failed`;
}

/** One phase on `server`: the closed loop, its wall time and the CPU its processes used. */
async function phase(server, verbs, concurrency, durationMs, tag) {
  const cpuBefore = cpuSeconds(server.pids());
  const started = performance.now();
  const result = await closedLoop({
    concurrency, durationMs,
    operation: (worker, iteration) => step(server, `${tag}-${worker}-${Math.floor(iteration / verbs.length)}`, `${tag}-${worker}`, verbs[iteration % verbs.length]),
  });
  return { seconds: (performance.now() - started) / 1000, cpu: cpuSeconds(server.pids()) - cpuBefore, byOp: result.byOp };
}

/** One phase of the create/get/merge-patch/list/delete cycle on `server` (the profile script's load). */
export const mixedPhase = (server, concurrency, durationMs, tag) => phase(server, cycle, concurrency, durationMs, tag);

/** Alternated phases of both servers at one concurrency; per server: throughput, CPU, latencies per verb. */
async function compare(servers, verbs, concurrency, durationMs, label) {
  for (const server of servers) await phase(server, verbs, concurrency, Math.min(1000, durationMs / 4), `${label}w`);
  const totals = servers.map(() => ({ seconds: 0, cpu: 0, byOp: {} }));
  for (let round = 0; round < 2; round++) {
    for (const [index, server] of servers.entries()) {
      const result = await phase(server, verbs, concurrency, durationMs / 2, `${label}${round}`);
      const total = totals[index];
      total.seconds += result.seconds;
      total.cpu += result.cpu;
      for (const [op, latencies] of Object.entries(result.byOp)) (total.byOp[op] ??= []).push(...latencies);
    }
  }
  return Object.fromEntries(servers.map((server, index) => {
    const { seconds, cpu, byOp } = totals[index];
    const requests = Object.values(byOp).reduce((sum, latencies) => sum + latencies.length, 0);
    const perVerb = Object.fromEntries(Object.entries(byOp).map(([op, latencies]) => [op, summarizeWithDistribution(latencies)]));
    return [server.name, { opsPerSecond: requests / seconds, cpuSeconds: cpu, requestsPerCpuSecond: requests / cpu, byOp: perVerb }];
  }));
}

function report(label, verbs, { kube, edge }) {
  console.log(`  ${label}`);
  for (const [name, stats] of [['kube', kube], ['edge', edge]]) {
    const perVerb = Object.entries(stats.byOp).map(([op, s]) => `${op} ${fmt(s.p50, 1)}/${fmt(s.p99, 1)}${op.endsWith('failed') ? ` (n=${s.count})` : ''}`).join('  ');
    console.log(`    ${name}  ${fmt(stats.opsPerSecond).padStart(7)} ops/s  ${fmt(stats.requestsPerCpuSecond).padStart(7)} requests per CPU-second (${fmt(stats.cpuSeconds, 2)} s)  p50/p99 ms: ${perVerb}`);
  }
  const p99Ratios = verbs.map((verb) => `${verb} ${fmt(edge.byOp[verb]?.p99 / kube.byOp[verb]?.p99, 2)}x`).join('  ');
  console.log(`    edge/kube: throughput ${fmt(edge.opsPerSecond / kube.opsPerSecond, 2)}x, requests per CPU-second ${fmt(edge.requestsPerCpuSecond / kube.requestsPerCpuSecond, 2)}x, p99 ${p99Ratios}`);
}

/** The section: both servers started once, loads at 1, 16 and 64 clients and the accumulating load. */
export async function runSideBySideMixed(durationMs) {
  const missing = kubeMissing();
  if (missing) {
    console.log(`side-by-side mixed load: skipped (${missing})`);
    return { skipped: missing };
  }
  const servers = [];
  try {
    for (const name of ['kube', 'edge']) servers.push(await startPrepared(name, [namespace]));
    console.log(`side by side: mixed ConfigMap load, kube-apiserver v1.32.13 + etcd against edge-apiserver (HTTPS, bearer token, RBAC), ${durationMs / 1000} s per server and load, alternated`);
    const loads = [];
    for (const concurrency of [1, 16, 64]) {
      const result = await compare(servers, cycle, concurrency, durationMs, `c${concurrency}`);
      report(`${concurrency} client(s): create, get, merge-patch, list by label (limit=50), delete`, cycle, result);
      loads.push({ load: 'cycle', concurrency, ...result });
    }
    const result = await compare(servers, accumulating, 16, durationMs, 'acc');
    report('16 clients: create, get, list by label (limit=50), objects accumulate', accumulating, result);
    loads.push({ load: 'accumulating', concurrency: 16, ...result });
    return {
      conditions: `closed loop, ${durationMs / 1000} s per server and load in two alternated halves after a warm-up; HTTPS with keep-alive (node:https) as user bench (RBAC ClusterRoleBinding); one namespace; 200-byte ConfigMaps`,
      loads,
    };
  } finally {
    for (const server of servers) await server.stop();
  }
}
