// The ceiling probe and the mixed ConfigMap load of the benchmark.
import { closedLoop, summarize } from './stats.mjs';

const json = { 'content-type': 'application/json' };

async function call(url, init) {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  if (response.status >= 300) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status}`);
  return response;
}

async function createNamespace(server, name) {
  await call(`${server}/api/v1/namespaces`, { method: 'POST', headers: json, body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }) });
}

/** The bare Durable Object SQLite insert round trip, at `concurrency`. */
export async function runCeiling(server, concurrency, durationMs) {
  const body = JSON.stringify({ data: { a: '1' } });
  const result = await closedLoop({
    concurrency, durationMs,
    operation: async () => {
      await call(`${server}/__probe`, { method: 'POST', headers: json, body });
      return 'insert';
    },
  });
  return { opsPerSecond: result.opsPerSecond, ...summarize(result.byOp.insert) };
}

/**
 * Each worker cycles create -> get -> merge-patch -> list by label (limit 10) -> delete on its own
 * small ConfigMaps in one namespace.
 */
export async function runMixed(server, concurrency, durationMs) {
  const namespace = `bench-${concurrency}-${Date.now().toString(36)}`;
  await createNamespace(server, namespace);
  const base = `${server}/api/v1/namespaces/${namespace}/configmaps`;
  const steps = ['create', 'get', 'merge-patch', 'list', 'delete'];
  const result = await closedLoop({
    concurrency, durationMs,
    operation: async (worker, iteration) => {
      const step = steps[iteration % steps.length];
      const name = `w${worker}-${Math.floor(iteration / steps.length)}`;
      await mixedStep(base, step, name, worker);
      return step;
    },
  });
  const byOp = Object.fromEntries(steps.map((step) => [step, summarize(result.byOp[step] ?? [])]));
  return { opsPerSecond: result.opsPerSecond, byOp };
}

async function mixedStep(base, step, name, worker) {
  switch (step) {
    case 'create':
      return call(base, { method: 'POST', headers: json, body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { worker: String(worker) } }, data: { a: '1', b: 'x'.repeat(200) } }) });
    case 'get':
      return call(`${base}/${name}`);
    case 'merge-patch':
      return call(`${base}/${name}`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ data: { c: String(Date.now()) } }) });
    case 'list':
      return call(`${base}?labelSelector=worker%3D${worker}&limit=10`);
    default:
      return call(`${base}/${name}`, { method: 'DELETE' });
  }
}
