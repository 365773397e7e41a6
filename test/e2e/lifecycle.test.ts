/**
 * What the server does on its own when things are deleted, driven by kubectl 1.32 and
 * @kubernetes/client-node against a real local server: a namespace with 500 objects of 10 types
 * terminates completely; an owner with 200 dependents of 3 types is collected in each
 * propagation mode; and both finish when the server restarts midway (persisted state).
 */
import * as k8s from '@kubernetes/client-node';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { kubeConfig } from './kubeconfig.js';
import { kubectlFor } from './kubectl.js';
import { eventually, freePort, pool } from './waiting.js';
import { startTestServer } from './test-server.js';

type Manifest = k8s.KubernetesObject & Record<string, unknown>;

/** A namespaced custom resource kind, Gear of lifecycle.e2e.example.com. */
const gearDefinition: Manifest = {
  apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'gears.lifecycle.e2e.example.com' },
  spec: {
    group: 'lifecycle.e2e.example.com', scope: 'Namespaced', names: { plural: 'gears', kind: 'Gear' },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { teeth: { type: 'integer' } } } } } } }],
  },
};

/** Creates the Gear CRD (once per server) and waits until it serves. */
async function ensureGears(config: k8s.KubeConfig): Promise<void> {
  const objects = k8s.KubernetesObjectApi.makeApiClient(config);
  try {
    await objects.create(gearDefinition);
  } catch (error) {
    if ((error as { code?: number }).code !== 409) throw error;
  }
  await eventually(async () => {
    try {
      await objects.list('lifecycle.e2e.example.com/v1', 'Gear', 'default');
      return true;
    } catch {
      return false;
    }
  });
}

/** Ten namespaced kinds, a custom resource among them, `count` objects each. */
function namespaceContent(namespace: string, count: number): Manifest[] {
  const meta = (name: string) => ({ name, namespace });
  const template = (name: string) => ({ metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
  const makers: ((name: string) => Manifest)[] = [
    (name) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: meta(name), data: { a: '1' } }),
    (name) => ({ apiVersion: 'v1', kind: 'Secret', metadata: meta(name), stringData: { a: '1' } }),
    (name) => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(name) }),
    (name) => ({ apiVersion: 'v1', kind: 'Service', metadata: meta(name), spec: { ports: [{ port: 80 }] } }),
    (name) => ({ apiVersion: 'v1', kind: 'Pod', metadata: meta(name), spec: { containers: [{ name: 'c', image: 'nginx' }] } }),
    (name) => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: meta(name), spec: { selector: { matchLabels: { app: name } }, template: template(name) } }),
    (name) => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: meta(name), spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } } }),
    (name) => ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: meta(name), rules: [] }),
    (name) => ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: meta(name), roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name }, subjects: [] }),
    (name) => ({ apiVersion: 'lifecycle.e2e.example.com/v1', kind: 'Gear', metadata: meta(name), spec: { teeth: 12 } }),
  ];
  return makers.flatMap((make) => Array.from({ length: count }, (_, index) => make(`o${index}`)));
}

/** `count` dependents of each of three kinds, owned by `owner` (every tenth blocking its deletion). */
function dependents(namespace: string, owner: k8s.KubernetesObject, count: number): Manifest[] {
  const reference = (index: number) => ({
    apiVersion: owner.apiVersion!, kind: owner.kind!, name: owner.metadata!.name!, uid: owner.metadata!.uid!,
    ...(index % 10 === 0 ? { blockOwnerDeletion: true } : {}),
  });
  const meta = (name: string, index: number) => ({ name, namespace, ownerReferences: [reference(index)] });
  return Array.from({ length: count }, (_, index) => [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta(`cm-${index}`, index) },
    { apiVersion: 'v1', kind: 'Secret', metadata: meta(`secret-${index}`, index) },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(`sa-${index}`, index) },
  ]).flat();
}

async function createAll(objects: k8s.KubernetesObjectApi, manifests: Manifest[]): Promise<void> {
  await pool(manifests, 16, (manifest) => objects.create(manifest));
}

/** How many of `manifests` still exist, and how many of those still name an owner. */
async function census(objects: k8s.KubernetesObjectApi, manifests: Manifest[]): Promise<{ left: number; owned: number }> {
  let left = 0;
  let owned = 0;
  await pool(manifests, 16, async (manifest) => {
    try {
      const live = await objects.read({ apiVersion: manifest.apiVersion, kind: manifest.kind, metadata: { name: manifest.metadata!.name!, namespace: manifest.metadata!.namespace! } });
      left += 1;
      if (live.metadata?.ownerReferences?.length) owned += 1;
    } catch (error) {
      if ((error as { code?: number }).code !== 404) throw error;
    }
  });
  return { left, owned };
}

async function namespaceGone(core: k8s.CoreV1Api, name: string): Promise<boolean> {
  try {
    await core.readNamespace({ name });
    return false;
  } catch (error) {
    return (error as { code?: number }).code === 404;
  }
}

/** An owner Deployment with 3 x `count` dependents in a fresh namespace. */
async function ownerWithDependents(config: k8s.KubeConfig, namespace: string, count: number) {
  const objects = k8s.KubernetesObjectApi.makeApiClient(config);
  await config.makeApiClient(k8s.CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  const owner = await objects.create({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'owner', namespace },
    spec: { selector: { matchLabels: { app: 'owner' } }, template: { metadata: { labels: { app: 'owner' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  } as Manifest);
  const manifests = dependents(namespace, owner, count);
  await createAll(objects, manifests);
  return { objects, manifests };
}

describe('namespace termination', () => {
  it('removes a namespace with 500 objects of 10 types (a custom resource among them), and everything in it', async () => {
    const server = inject('serverUrl');
    const config = kubeConfig(server);
    const namespace = `term-${Date.now().toString(36)}`;
    const core = config.makeApiClient(k8s.CoreV1Api);
    const objects = k8s.KubernetesObjectApi.makeApiClient(config);
    await ensureGears(config);
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    const manifests = namespaceContent(namespace, 50);
    await createAll(objects, manifests);
    const deleted = await kubectlFor(server)('delete', 'namespace', namespace, '--wait=false');
    expect(deleted.stdout).toContain(`namespace "${namespace}" deleted`);
    await eventually(() => namespaceGone(core, namespace), 120_000);
    expect(await census(objects, manifests)).toEqual({ left: 0, owned: 0 });
  }, 240_000);
});

describe('garbage collection of 200 dependents of 3 kinds', () => {
  it.each([
    ['background', { left: 0, owned: 0 }],
    ['foreground', { left: 0, owned: 0 }],
    ['orphan', { left: 600, owned: 0 }],
  ])('--cascade=%s', async (cascade, expected) => {
    const server = inject('serverUrl');
    const namespace = `gc-${cascade}-${Date.now().toString(36)}`;
    const { objects, manifests } = await ownerWithDependents(kubeConfig(server), namespace, 200);
    const deleted = await kubectlFor(server)('delete', 'deployment', 'owner', '-n', namespace, `--cascade=${cascade}`, '--wait=false');
    expect(deleted.stdout).toContain('deployment.apps "owner" deleted');
    const owner = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'owner', namespace } };
    await eventually(async () => (await census(objects, [owner])).left === 0, 120_000);
    await eventually(async () => JSON.stringify(await census(objects, manifests)) === JSON.stringify(expected), 120_000);
  }, 240_000);
});

describe('lifecycle work across a server restart', () => {
  it('finishes a namespace termination and a garbage collection begun before the restart', async () => {
    const persistTo = mkdtempSync(path.join(tmpdir(), 'edge-lifecycle-'));
    const port = await freePort();
    let server = await startTestServer({ port, persistTo });
    const config = kubeConfig(server.url);
    const core = config.makeApiClient(k8s.CoreV1Api);
    const objects = k8s.KubernetesObjectApi.makeApiClient(config);
    await ensureGears(config);
    await core.createNamespace({ body: { metadata: { name: 'doomed' } } });
    const content = namespaceContent('doomed', 30);
    await createAll(objects, content);
    const { manifests } = await ownerWithDependents(config, 'kept', 200);
    await core.deleteNamespace({ name: 'doomed' });
    await objects.delete({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'owner', namespace: 'kept' } }, undefined, undefined, undefined, undefined, 'Background');
    await server.stop();
    server = await startTestServer({ port, persistTo });
    await eventually(() => namespaceGone(core, 'doomed'), 120_000);
    await eventually(async () => (await census(objects, manifests)).left === 0, 120_000);
    expect(await census(objects, content)).toEqual({ left: 0, owned: 0 });
    await server.stop();
  }, 300_000);
});
