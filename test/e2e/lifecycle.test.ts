/**
 * What the server does on its own when things are deleted, driven by kubectl 1.32 and
 * @kubernetes/client-node against a real local server: a namespace with 500 objects of 10 types
 * terminates completely; an owner with 200 dependents of 3 types is collected in each
 * propagation mode (a foreground owner seen waiting for its blocking dependents); and both finish
 * when the server restarts while they are held unfinished (persisted state).
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
  return { objects, manifests, owner };
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

/** A ConfigMap in `namespace` held by a finalizer, optionally a blocking dependent of `owner`. */
async function heldConfigMap(objects: k8s.KubernetesObjectApi, namespace: string, owner?: k8s.KubernetesObject): Promise<Manifest> {
  const manifest: Manifest = {
    apiVersion: 'v1', kind: 'ConfigMap',
    metadata: {
      name: 'held', namespace, finalizers: [holdFinalizer],
      ...(owner ? { ownerReferences: [{ apiVersion: owner.apiVersion!, kind: owner.kind!, name: owner.metadata!.name!, uid: owner.metadata!.uid!, blockOwnerDeletion: true }] } : {}),
    },
  };
  await objects.create(manifest);
  return manifest;
}

const holdFinalizer = 'e2e.example.com/hold';

/** The live object, or null once it is gone. */
async function live(objects: k8s.KubernetesObjectApi, manifest: Manifest): Promise<k8s.KubernetesObject | null> {
  try {
    return await objects.read({ apiVersion: manifest.apiVersion, kind: manifest.kind, metadata: { name: manifest.metadata!.name!, namespace: manifest.metadata!.namespace! } });
  } catch (error) {
    if ((error as { code?: number }).code === 404) return null;
    throw error;
  }
}

async function beingDeleted(objects: k8s.KubernetesObjectApi, manifest: Manifest): Promise<boolean> {
  return !!(await live(objects, manifest))?.metadata?.deletionTimestamp;
}

async function release(objects: k8s.KubernetesObjectApi, manifest: Manifest): Promise<void> {
  const current = await live(objects, manifest);
  await objects.replace({ ...current!, metadata: { ...current!.metadata, finalizers: [] } } as Manifest);
}

const ownerManifest = (namespace: string): Manifest => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'owner', namespace } });

describe('garbage collection of 200 dependents of 3 kinds', () => {
  it('--cascade=background: the owner goes at once, then its dependents', async () => {
    const server = inject('serverUrl');
    const namespace = `gc-background-${Date.now().toString(36)}`;
    const { objects, manifests } = await ownerWithDependents(kubeConfig(server), namespace, 200);
    const deleted = await kubectlFor(server)('delete', 'deployment', 'owner', '-n', namespace, '--cascade=background', '--wait=false');
    expect(deleted.stdout).toContain('deployment.apps "owner" deleted');
    expect(await live(objects, ownerManifest(namespace))).toBeNull();
    await eventually(async () => JSON.stringify(await census(objects, manifests)) === JSON.stringify({ left: 0, owned: 0 }), 120_000);
  }, 240_000);

  // kube's documented foreground deletion: the owner stays, marked (deletionTimestamp and the
  // foregroundDeletion finalizer), until every dependent with blockOwnerDeletion is gone. One of
  // them is held by a finalizer, so the owner is seen waiting after all the others went.
  it('--cascade=foreground: the owner stays marked until its blocking dependents are gone', async () => {
    const server = inject('serverUrl');
    const namespace = `gc-foreground-${Date.now().toString(36)}`;
    const { objects, manifests, owner } = await ownerWithDependents(kubeConfig(server), namespace, 200);
    const held = await heldConfigMap(objects, namespace, owner);
    const deleted = await kubectlFor(server)('delete', 'deployment', 'owner', '-n', namespace, '--cascade=foreground', '--wait=false');
    expect(deleted.stdout).toContain('deployment.apps "owner" deleted');
    const marked = await live(objects, ownerManifest(namespace));
    expect(marked?.metadata?.finalizers).toEqual(['foregroundDeletion']);
    expect(marked?.metadata?.deletionTimestamp).toBeDefined();
    await eventually(async () => (await census(objects, manifests)).left === 0 && (await beingDeleted(objects, held)), 120_000);
    expect((await live(objects, ownerManifest(namespace)))?.metadata?.finalizers).toEqual(['foregroundDeletion']);
    await release(objects, held);
    await eventually(async () => (await live(objects, ownerManifest(namespace))) === null, 120_000);
    expect(await live(objects, held)).toBeNull();
  }, 240_000);

  it('--cascade=orphan: the dependents lose their owner reference, then the owner goes', async () => {
    const server = inject('serverUrl');
    const namespace = `gc-orphan-${Date.now().toString(36)}`;
    const { objects, manifests } = await ownerWithDependents(kubeConfig(server), namespace, 200);
    const deleted = await kubectlFor(server)('delete', 'deployment', 'owner', '-n', namespace, '--cascade=orphan', '--wait=false');
    expect(deleted.stdout).toContain('deployment.apps "owner" deleted');
    await eventually(async () => (await live(objects, ownerManifest(namespace))) === null, 120_000);
    expect(await census(objects, manifests)).toEqual({ left: 600, owned: 0 });
  }, 240_000);
});

// Work held open by finalizers when the server stops, so it is unfinished by construction; the
// restarted server must resume it from what it persisted (graph, tasks, alarms).
describe('lifecycle work across a server restart', () => {
  it('finishes a namespace termination and a foreground garbage collection begun before the restart', async () => {
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
    const heldInNamespace = await heldConfigMap(objects, 'doomed');
    const { manifests, owner } = await ownerWithDependents(config, 'kept', 200);
    const heldDependent = await heldConfigMap(objects, 'kept', owner);
    await core.deleteNamespace({ name: 'doomed' });
    await objects.delete(ownerManifest('kept'), undefined, undefined, undefined, undefined, 'Foreground');
    // Both controllers have reached their held object: the work has begun and cannot finish.
    await eventually(async () => (await beingDeleted(objects, heldInNamespace)) && (await beingDeleted(objects, heldDependent)), 120_000);
    const unfinished = async () => ({
      namespace: (await core.readNamespace({ name: 'doomed' })).status?.phase,
      owner: (await live(objects, ownerManifest('kept')))?.metadata?.finalizers,
    });
    expect(await unfinished()).toEqual({ namespace: 'Terminating', owner: ['foregroundDeletion'] });
    await server.stop();

    server = await startTestServer({ port, persistTo });
    expect(await unfinished()).toEqual({ namespace: 'Terminating', owner: ['foregroundDeletion'] });
    await release(objects, heldInNamespace);
    await release(objects, heldDependent);
    await eventually(() => namespaceGone(core, 'doomed'), 120_000);
    await eventually(async () => (await live(objects, ownerManifest('kept'))) === null, 120_000);
    expect(await census(objects, [...manifests, heldDependent])).toEqual({ left: 0, owned: 0 });
    expect(await census(objects, content)).toEqual({ left: 0, owned: 0 });
    await server.stop();
  }, 300_000);
});
