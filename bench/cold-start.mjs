// Worker cold start: a fresh workerd per run (new isolates, new Durable Objects), timing the
// server's readiness, the first request, and the first and second create of a Pod (the first one
// pays for loading the core/v1 schemas lazily and for creating the Durable Objects).
import { openAccess, startServer } from '../scripts/server.mjs';
import { fmt, quantile } from './stats.mjs';

const json = { 'content-type': 'application/json' };
const pod = (name) => JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });

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

export async function runColdStart(runs = 5) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await once());
  const median = (key) => quantile(results.map((result) => result[key]).sort((a, b) => a - b), 0.5);
  console.log(`Worker cold start (median of ${runs} fresh workerd processes)`);
  console.log(`  workerd ready ${fmt(median('ready'))} ms; first request (/version) ${fmt(median('version'))} ms`);
  console.log(`  first Pod create ${fmt(median('firstCreate'))} ms (bootstrap, new Durable Objects, lazy schema load), second ${fmt(median('secondCreate'))} ms`);
  return {
    conditions: `median of ${runs} fresh workerd processes started through Miniflare (bundling included in "ready"), requests over plain HTTP without access control`,
    runs, readyMs: median('ready'), firstRequestMs: median('version'), firstPodCreateMs: median('firstCreate'), secondPodCreateMs: median('secondCreate'),
  };
}
