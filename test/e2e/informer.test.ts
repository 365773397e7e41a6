/**
 * A real @kubernetes/client-node informer (list + watch) against a real local server: its cache
 * must equal the server's list after 1,000 objects are created, updated and deleted; and a
 * watcher must resume across a server restart (persisted state) with no gap and no duplicate.
 */
import * as k8s from '@kubernetes/client-node';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { kubeConfig } from './kubeconfig.js';
import { eventually, freePort, pool } from './waiting.js';
import { startTestServer } from './test-server.js';


/** An informer over the ConfigMaps of `namespace` that records every event it delivers. */
function recordingInformer(config: k8s.KubeConfig, namespace: string) {
  const core = config.makeApiClient(k8s.CoreV1Api);
  const lists = { count: 0 };
  const informer = k8s.makeInformer(config, `/api/v1/namespaces/${namespace}/configmaps`, () => {
    lists.count += 1;
    return core.listNamespacedConfigMap({ namespace });
  });
  const seen: string[] = [];
  const record = (type: string) => (object: k8s.V1ConfigMap) => seen.push(`${type} ${object.metadata!.name} ${object.metadata!.resourceVersion}`);
  informer.on('add', record('add'));
  informer.on('update', record('update'));
  informer.on('delete', record('delete'));
  informer.on('error', () => setTimeout(() => void informer.start().catch(() => {}), 300));
  return { informer, core, seen, lists };
}

/** name -> resourceVersion, of the informer's cache and of a fresh list. */
const state = (items: readonly k8s.V1ConfigMap[]) => Object.fromEntries(items.map((item) => [item.metadata!.name!, item.metadata!.resourceVersion!]).sort());

type CachingInformer = k8s.Informer<k8s.V1ConfigMap> & k8s.ObjectCache<k8s.V1ConfigMap>;

async function converged(informer: CachingInformer, core: k8s.CoreV1Api, namespace: string): Promise<boolean> {
  const listed = await core.listNamespacedConfigMap({ namespace });
  return JSON.stringify(state(informer.list())) === JSON.stringify(state(listed.items));
}

function expectNoDuplicates(seen: string[]): void {
  expect(seen.length).toBe(new Set(seen).size);
}

describe('client-node informer', () => {
  // Started while 16 creates are in flight, so its watch resumes from the list's resourceVersion
  // with changes already after it: one list, then every change exactly once from the watch.
  it('caches exactly the server state through 1,000 creates, updates and deletes, from one list', async () => {
    const config = kubeConfig(inject('serverUrl'));
    const namespace = `informer-${Date.now().toString(36)}`;
    const { informer, core, seen, lists } = recordingInformer(config, namespace);
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    const names = Array.from({ length: 1000 }, (_, i) => `cm-${i}`);
    let created = 0;
    let started: Promise<void> | undefined;
    await pool(names, 16, async (name) => {
      await core.createNamespacedConfigMap({ namespace, body: { metadata: { name }, data: { v: '0' } } });
      if (++created === 200) started = informer.start();
    });
    await started;
    await pool(names.slice(0, 500), 16, (name) => core.patchNamespacedConfigMap(
      { name, namespace, body: { data: { v: '1' } } }, k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch)));
    await pool(names.slice(700), 16, (name) => core.deleteNamespacedConfigMap({ name, namespace }));
    await eventually(() => converged(informer, core, namespace));
    expect(informer.list()).toHaveLength(700);
    expectNoDuplicates(seen);
    // A re-list (after a 410, say) would hide lost events; there was none, and each change came once.
    expect(lists.count).toBe(1);
    const byType = (type: string) => seen.filter((line) => line.startsWith(`${type} `)).length;
    expect([byType('add'), byType('update'), byType('delete')]).toEqual([1000, 500, 300]);
    await informer.stop();
  }, 180_000);
});

describe('watch across a server restart', () => {
  it('resumes from the last resourceVersion: no gap, no duplicate', async () => {
    const persistTo = mkdtempSync(path.join(tmpdir(), 'edge-restart-'));
    const port = await freePort();
    let server = await startTestServer({ port, persistTo });
    const config = kubeConfig(server.url);
    const namespace = 'restart';
    const { informer, core, seen, lists } = recordingInformer(config, namespace);
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    await informer.start();
    for (let i = 0; i < 20; i++) await core.createNamespacedConfigMap({ namespace, body: { metadata: { name: `before-${i}` } } });
    await eventually(() => converged(informer, core, namespace));
    await server.stop();
    server = await startTestServer({ port, persistTo });
    for (let i = 0; i < 20; i++) await core.createNamespacedConfigMap({ namespace, body: { metadata: { name: `after-${i}` } } });
    for (let i = 0; i < 10; i++) await core.deleteNamespacedConfigMap({ name: `before-${i}`, namespace });
    await eventually(() => converged(informer, core, namespace));
    expect(informer.list()).toHaveLength(30);
    expectNoDuplicates(seen);
    expect(seen.filter((line) => line.startsWith('add'))).toHaveLength(40);
    expect(lists.count).toBe(1);
    await informer.stop();
    await server.stop();
  }, 120_000);
});
