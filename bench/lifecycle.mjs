// The server's own deletion work: terminating a namespace of 1,000 objects (10 types), and the
// garbage collection of 1,000 dependents (ConfigMaps) of a deleted owner. Baseline, same run: a
// client deleting 1,000 ConfigMaps itself, 16 requests in flight. Times are from the DELETE
// to the moment a poll (every 50 ms) sees the work finished.
import { fmt, pool } from './stats.mjs';

const json = { 'content-type': 'application/json' };

async function call(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

async function until(check) {
  const started = performance.now();
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
  return performance.now() - started;
}

const kinds = [
  ['api/v1', 'configmaps', (name) => ({ metadata: { name }, data: { a: '1' } })],
  ['api/v1', 'secrets', (name) => ({ metadata: { name }, stringData: { a: '1' } })],
  ['api/v1', 'serviceaccounts', (name) => ({ metadata: { name } })],
  ['api/v1', 'pods', (name) => ({ metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx' }] } })],
  ['api/v1', 'podtemplates', (name) => ({ metadata: { name }, template: { spec: { containers: [{ name: 'c', image: 'nginx' }] } } })],
  ['apis/apps/v1', 'deployments', (name) => ({ metadata: { name }, spec: { selector: { matchLabels: { a: name } }, template: { metadata: { labels: { a: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } })],
  ['apis/rbac.authorization.k8s.io/v1', 'roles', (name) => ({ metadata: { name }, rules: [] })],
  ['apis/rbac.authorization.k8s.io/v1', 'rolebindings', (name) => ({ metadata: { name }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name }, subjects: [] })],
  ['apis/coordination.k8s.io/v1', 'leases', (name) => ({ metadata: { name }, spec: {} })],
  ['apis/discovery.k8s.io/v1', 'endpointslices', (name) => ({ metadata: { name }, addressType: 'IPv4', endpoints: [] })],
];

async function createNamespace(server, name) {
  await call(`${server}/api/v1/namespaces`, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name } }) });
}

/** Creates `count` objects spread over the ten kinds in `namespace`. */
async function fill(server, namespace, count) {
  const work = Array.from({ length: count }, (_, index) => [kinds[index % kinds.length], `o${index}`]);
  await pool(work, 16, ([[prefix, resource, make], name]) =>
    call(`${server}/${prefix}/namespaces/${namespace}/${resource}`, { method: 'POST', headers: json, body: JSON.stringify(make(name)) }));
}

async function configMaps(server, namespace, count, extra = {}) {
  const names = Array.from({ length: count }, (_, index) => `cm${index}`);
  await pool(names, 16, (name) => call(`${server}/api/v1/namespaces/${namespace}/configmaps`, {
    method: 'POST', headers: json, body: JSON.stringify({ metadata: { name, labels: { bench: 'gc' }, ...extra }, data: { a: '1' } }),
  }));
  return names;
}

const empty = async (server, namespace) => (await call(`${server}/api/v1/namespaces/${namespace}/configmaps?labelSelector=bench&limit=1`)).items.length === 0;

export async function runLifecycle(server, count = 1000) {
  const stamp = Date.now().toString(36);

  const baselineNamespace = `bench-del-${stamp}`;
  await createNamespace(server, baselineNamespace);
  const names = await configMaps(server, baselineNamespace, count);
  const started = performance.now();
  await pool(names, 16, (name) => call(`${server}/api/v1/namespaces/${baselineNamespace}/configmaps/${name}`, { method: 'DELETE' }));
  const baseline = performance.now() - started;

  const gcNamespace = `bench-gc-${stamp}`;
  await createNamespace(server, gcNamespace);
  const owner = await call(`${server}/api/v1/namespaces/${gcNamespace}/configmaps`, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name: 'owner' } }) });
  const ownerReferences = [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid }];
  await configMaps(server, gcNamespace, count, { ownerReferences });
  await call(`${server}/api/v1/namespaces/${gcNamespace}/configmaps/owner`, { method: 'DELETE', headers: json, body: JSON.stringify({ propagationPolicy: 'Background' }) });
  const collected = await until(() => empty(server, gcNamespace));

  const doomed = `bench-ns-${stamp}`;
  await createNamespace(server, doomed);
  await fill(server, doomed, count);
  await call(`${server}/api/v1/namespaces/${doomed}`, { method: 'DELETE' });
  const terminated = await until(async () => (await fetch(`${server}/api/v1/namespaces/${doomed}`)).status === 404);

  console.log(`server-side deletion of ${count} objects (baseline: the client deletes ${count} ConfigMaps, 16 in flight)`);
  console.log(`  baseline client deletes:                 ${fmt(baseline)} ms`);
  console.log(`  garbage collection of ${count} dependents:  ${fmt(collected)} ms = ${fmt(collected / baseline, 2)}x baseline`);
  console.log(`  namespace of ${count} objects (10 types):   ${fmt(terminated)} ms = ${fmt(terminated / baseline, 2)}x baseline (includes the 3 s admission-cache wait)`);
  return {
    conditions: `${count} objects each; baseline: the client deletes ${count} ConfigMaps itself, 16 requests in flight; garbage collection: ${count} ConfigMap dependents of one owner deleted in background; namespace: ${count} objects of 10 types; times from the DELETE until a poll (every 50 ms) sees the work finished`,
    count,
    clientDeletesMs: baseline,
    garbageCollectionMs: collected,
    namespaceTerminationMs: terminated,
    ratios: { garbageCollection: collected / baseline, namespaceTermination: terminated / baseline },
  };
}
