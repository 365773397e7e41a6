// Worker cold start: a fresh workerd per run (new isolates, new Durable Objects), timing the
// server's readiness, the first request, and the first and second create of a Pod (the first one
// pays for loading the core/v1 schemas lazily and for creating the Durable Objects); and the CPU
// of an isolate's start-up with kube's OpenAPI documents loaded on first use (the Worker as it
// is) against evaluated at start (bench/eager-openapi-entry.ts, the Worker before), runs of the
// two alternated: workerd's CPU time (all threads, /proc schedstat) from its launch until it is
// ready (the Worker's isolate started) and its resident memory then, and the CPU of the first
// /openapi/v3 request, which pays for the documents when they are loaded on first use. Locally
// every Durable Object shares the Worker's isolate; on the platform each isolate that starts,
// Durable Objects' included, pays the start-up.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { openAccess, projectRoot, startServer } from '../scripts/server.mjs';
import { residentMiB, workerdPids } from './memory.mjs';
import { fmt, quantile } from './stats.mjs';

const json = { 'content-type': 'application/json' };
const pod = (name) => JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });
const eagerEntry = path.join(projectRoot, 'bench', 'eager-openapi-entry.ts');

async function timed(task) {
  const began = performance.now();
  await task();
  return performance.now() - began;
}

async function once() {
  const began = performance.now();
  const server = await startServer({ bindings: openAccess });
  const ready = performance.now() - began;
  try {
    const version = await timed(() => fetch(`${server.url}/version`).then((r) => r.arrayBuffer()));
    const firstCreate = await timed(() => fetch(`${server.url}/api/v1/namespaces/default/pods`, { method: 'POST', headers: json, body: pod('a') }).then((r) => r.arrayBuffer()));
    const secondCreate = await timed(() => fetch(`${server.url}/api/v1/namespaces/default/pods`, { method: 'POST', headers: json, body: pod('b') }).then((r) => r.arrayBuffer()));
    return { ready, version, firstCreate, secondCreate };
  } finally {
    await server.stop();
  }
}

/** CPU milliseconds a process has run, all its threads. */
function cpuMillis(pid) {
  return readdirSync(`/proc/${pid}/task`).reduce((sum, task) => sum + Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]) / 1e6, 0);
}

/** workerd's CPU and memory from launch until ready, and the CPU of the first /openapi/v3, for one Worker variant. */
async function startupCost(entry) {
  const server = await startServer({ bindings: openAccess, ...(entry ? { entry } : {}) });
  try {
    const pids = workerdPids();
    const cpu = () => pids.reduce((sum, pid) => sum + cpuMillis(pid), 0);
    const atReady = { cpu: cpu(), memory: residentMiB(pids) };
    await fetch(`${server.url}/openapi/v3`).then((r) => r.arrayBuffer());
    return { ...atReady, openapi: cpu() - atReady.cpu };
  } finally {
    await server.stop();
  }
}

async function runStartupCpu(runs) {
  const lazy = [];
  const eager = [];
  for (let i = 0; i < runs; i++) {
    eager.push(await startupCost(eagerEntry));
    lazy.push(await startupCost());
  }
  const median = (results, key) => quantile(results.map((result) => result[key]).sort((a, b) => a - b), 0.5);
  const line = (results) => `${fmt(median(results, 'cpu'))} ms CPU and ${fmt(median(results, 'memory'))} MiB resident at ready; first /openapi/v3 ${fmt(median(results, 'openapi'))} ms CPU`;
  console.log(`Isolate start-up (median of ${runs} fresh workerd each, alternated): workerd from launch until ready`);
  console.log(`  OpenAPI documents evaluated at start (before): ${line(eager)}`);
  console.log(`  OpenAPI documents loaded on first use (now):    ${line(lazy)}`);
  const saved = median(eager, 'cpu') - median(lazy, 'cpu');
  console.log(`  now/before at ready: ${fmt(median(lazy, 'cpu') / median(eager, 'cpu'), 2)}x CPU (${fmt(saved)} ms less), ${fmt(median(eager, 'memory') - median(lazy, 'memory'))} MiB less`);
  const figures = (results) => ({ cpuMs: median(results, 'cpu'), residentMiB: median(results, 'memory'), firstOpenApiCpuMs: median(results, 'openapi') });
  return { lazyOpenApi: figures(lazy), eagerOpenApi: figures(eager) };
}

export async function runColdStart(runs = 5) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await once());
  const median = (key) => quantile(results.map((result) => result[key]).sort((a, b) => a - b), 0.5);
  console.log(`Worker cold start (median of ${runs} fresh workerd processes)`);
  console.log(`  workerd ready ${fmt(median('ready'))} ms; first request (/version) ${fmt(median('version'))} ms`);
  console.log(`  first Pod create ${fmt(median('firstCreate'))} ms (bootstrap, new Durable Objects, lazy schema load), second ${fmt(median('secondCreate'))} ms`);
  const startup = await runStartupCpu(runs);
  return {
    conditions: `median of ${runs} fresh workerd processes started through Miniflare (bundling included in "ready"), requests over plain HTTP without access control`,
    runs, readyMs: median('ready'), firstRequestMs: median('version'), firstPodCreateMs: median('firstCreate'), secondPodCreateMs: median('secondCreate'),
    startup,
  };
}
