/**
 * Resource types spread over several storage shards, end to end: a server with ConfigMaps,
 * Pods, Events and Leases sharded 4 ways, driven by kubectl 1.32 and a client-node informer.
 * Lists and watches across shards are exact; namespace deletion and garbage collection reach
 * every shard.
 */
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeConfig } from './kubeconfig.js';
import { type Kubectl, kubectlFor } from './kubectl.js';
import { apiFetch, startTestServer, type TestServer } from './test-server.js';
import { eventually, pool } from './waiting.js';

const sharding = 'configmaps=4:name,pods=4,events=4,leases.coordination.k8s.io=4:name';
let server: TestServer;
let k: Kubectl;
let core: k8s.CoreV1Api;

beforeAll(async () => {
  server = await startTestServer({ bindings: { SHARDED_TYPES: sharding } });
  k = kubectlFor(server.url);
  core = kubeConfig(server.url).makeApiClient(k8s.CoreV1Api);
});

afterAll(async () => {
  await server?.stop();
});

const names = (text: string) => text.trim().split('\n').filter(Boolean).sort();

describe('types sharded 4 ways', () => {
  it('kubectl creates, lists across namespaces and shards, pages, and deletes', async () => {
    for (const namespace of ['sa', 'sb']) expect((await k('create', 'namespace', namespace)).code).toBe(0);
    await pool(Array.from({ length: 30 }, (_, index) => index), 8, async (index) => {
      const result = await k('create', 'configmap', `cm-${String(index).padStart(2, '0')}`, '-n', index % 2 ? 'sa' : 'sb', `--from-literal=i=${index}`);
      expect(result.stderr).toBe('');
    });
    const all = await k('get', 'configmaps', '-A', '-l', '!kube-root-ca', '-o', 'jsonpath={range .items[*]}{.metadata.namespace}/{.metadata.name}{"\\n"}{end}');
    const expected = Array.from({ length: 30 }, (_, index) => `${index % 2 ? 'sa' : 'sb'}/cm-${String(index).padStart(2, '0')}`);
    expect(names(all.stdout).filter((name) => name.includes('/cm-'))).toEqual(expected.sort());
    const paged = await k('get', 'configmaps', '-n', 'sa', '--chunk-size=4', '-o', 'name');
    expect(names(paged.stdout).filter((name) => name.includes('cm-'))).toHaveLength(15);
    expect((await k('delete', 'configmaps', '-n', 'sb', '--all')).code).toBe(0);
    expect(names((await k('get', 'configmaps', '-n', 'sb', '-o', 'name')).stdout).filter((name) => name.includes('cm-'))).toEqual([]);
  });

  it('a client-node informer on a sharded type converges through creates, updates and deletes', async () => {
    const config = kubeConfig(server.url);
    const namespace = 'informed';
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    const informer = k8s.makeInformer(config, '/api/v1/configmaps', () => core.listConfigMapForAllNamespaces());
    informer.on('error', () => setTimeout(() => void informer.start().catch(() => {}), 300));
    await informer.start();
    const items = Array.from({ length: 200 }, (_, index) => `cm-${index}`);
    await pool(items, 16, (name) => core.createNamespacedConfigMap({ namespace, body: { metadata: { name }, data: { v: '0' } } }));
    await pool(items.slice(0, 100), 16, (name) => core.patchNamespacedConfigMap({ name, namespace, body: { data: { v: '1' } } }, k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch)));
    await pool(items.slice(150), 16, (name) => core.deleteNamespacedConfigMap({ name, namespace }));
    const state = (list: readonly k8s.V1ConfigMap[]) => JSON.stringify(list.map((item) => `${item.metadata!.namespace}/${item.metadata!.name}@${item.metadata!.resourceVersion}`).sort());
    await eventually(async () => state(informer.list()) === state((await core.listConfigMapForAllNamespaces()).items));
    expect(informer.list().filter((item) => item.metadata!.namespace === namespace)).toHaveLength(150);
    await informer.stop();
  });

  it('deleting a namespace empties every shard of its content; owners collect dependents across shards', async () => {
    const namespace = 'doomed';
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    const owner = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: `owner-${Date.now()}` } } });
    const reference = { apiVersion: 'v1', kind: 'ConfigMap', name: owner.metadata!.name!, uid: owner.metadata!.uid! };
    await pool(Array.from({ length: 12 }, (_, index) => index), 6, (index) => core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: `${reference.name}-dep-${index}`, ownerReferences: [reference] } } }));
    await pool(Array.from({ length: 12 }, (_, index) => index), 6, (index) => core.createNamespacedConfigMap({ namespace, body: { metadata: { name: `c${index}` } } }));
    await core.deleteNamespace({ name: namespace });
    await core.deleteNamespacedConfigMap({ name: reference.name, namespace: 'default' });
    await eventually(async () => (await core.listNamespace()).items.every((item) => item.metadata!.name !== namespace));
    await eventually(async () => (await core.listNamespacedConfigMap({ namespace: 'default' })).items.every((item) => !item.metadata!.name!.startsWith(`${reference.name}-dep-`)));
  });

  it('kubectl get -w across shards sees each change once, in order', async () => {
    await k('create', 'namespace', 'watched');
    const watch = await apiFetch(`${server.url}/api/v1/configmaps?watch=1&timeoutSeconds=30&resourceVersion=${(await core.listConfigMapForAllNamespaces()).metadata!.resourceVersion}`);
    const reader = watch.body!.getReader();
    await pool(Array.from({ length: 20 }, (_, index) => index), 4, (index) => core.createNamespacedConfigMap({ namespace: 'watched', body: { metadata: { name: `w${index}` } } }));
    let text = '';
    const decoder = new TextDecoder();
    while (text.split('\n').filter((line) => line.includes('"w')).length < 20) text += decoder.decode((await reader.read()).value);
    await reader.cancel();
    const events = text.split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line)).filter((event) => event.object.metadata.namespace === 'watched');
    const versions = events.map((event) => Number(event.object.metadata.resourceVersion));
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(events.map((event) => event.object.metadata.name)).size).toBe(20);
  });
});
