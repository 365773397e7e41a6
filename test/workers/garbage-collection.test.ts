/**
 * The garbage collector, run by the lifecycle controller shards inside workerd: background,
 * orphan and foreground propagation, blockOwnerDeletion, owners of other types and
 * cluster-scoped owners, dangling references, and dependents that keep a live owner.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, configMap, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';
import { watch, type WatchStream } from './watch-client.js';

let ns = '';
const cm = () => `/api/v1/namespaces/${ns}/configmaps`;
const secrets = () => `/api/v1/namespaces/${ns}/secrets`;
const jsonPatch = { 'content-type': 'application/json-patch+json' };

interface Owner { apiVersion: string; kind: string; name: string; uid: string; blockOwnerDeletion?: boolean }

const ownerOf = (object: any, extra: Partial<Owner> = {}): Owner =>
  ({ apiVersion: object.apiVersion, kind: object.kind, name: object.metadata.name, uid: object.metadata.uid, ...extra });

async function owner(name: string): Promise<any> {
  return (await api('POST', cm(), { body: configMap(name) })).json;
}

async function dependent(path: string, name: string, owners: Owner[], extra: Record<string, unknown> = {}): Promise<any> {
  const kind = path.endsWith('secrets') ? 'Secret' : 'ConfigMap';
  const created = await api('POST', path, { body: { apiVersion: 'v1', kind, metadata: { name, ownerReferences: owners, ...extra } } });
  expect(created.status).toBe(201);
  return created.json;
}

const gone = async (path: string) => (await api('GET', path)).status === 404;

/** The names of `names` in the order their DELETED events arrive on `stream`. */
async function deletions(stream: WatchStream, names: string[]): Promise<string[]> {
  const order: string[] = [];
  while (order.length < names.length) {
    const event = await stream.next(10_000);
    if (!event) break;
    const name = event.object.metadata?.name;
    if (event.type === 'DELETED' && names.includes(name)) order.push(name);
  }
  await stream.close();
  return order;
}

beforeAll(async () => {
  ns = await freshNamespace('gc');
});

describe('garbage collection', () => {
  it('collects the dependents of a deleted owner, of any type (background)', async () => {
    const o = await owner('o1');
    await dependent(cm(), 'd1', [ownerOf(o)]);
    await dependent(secrets(), 's1', [ownerOf(o)]);
    expect((await api('DELETE', `${cm()}/o1`, { body: { propagationPolicy: 'Background' } })).status).toBe(200);
    await eventually(async () => (await gone(`${cm()}/d1`)) && (await gone(`${secrets()}/s1`)));
  });

  it('keeps a dependent that still has a live owner, dropping its reference to the gone one', async () => {
    const [a, b] = [await owner('oa'), await owner('ob')];
    await dependent(cm(), 'd2', [ownerOf(a), ownerOf(b)]);
    await api('DELETE', `${cm()}/oa`);
    await eventually(async () => (await api('GET', `${cm()}/d2`)).json.metadata.ownerReferences?.length === 1);
    expect((await api('GET', `${cm()}/d2`)).json.metadata.ownerReferences[0].uid).toBe(b.metadata.uid);
  });

  it('orphans: dependents lose the reference, then the owner goes', async () => {
    const o = await owner('o3');
    await dependent(cm(), 'd3', [ownerOf(o)]);
    const deleted = await api('DELETE', `${cm()}/o3`, { body: { propagationPolicy: 'Orphan' } });
    expect(deleted.json.metadata.finalizers).toEqual(['orphan']);
    await eventually(() => gone(`${cm()}/o3`));
    const kept = await api('GET', `${cm()}/d3`);
    expect([kept.status, kept.json.metadata.ownerReferences]).toEqual([200, undefined]);
  });

  it('foreground: the owner waits for dependents that block it, then goes', async () => {
    const o = await owner('o4');
    await dependent(cm(), 'd4', [ownerOf(o)]);
    await dependent(cm(), 'd4b', [ownerOf(o, { blockOwnerDeletion: true })], { finalizers: ['acc.example.com/hold'] });
    const events = await watch(`${cm()}?watch=1&resourceVersion=${(await api('GET', cm())).json.metadata.resourceVersion}&timeoutSeconds=30`);
    const deleted = await api('DELETE', `${cm()}/o4`, { body: { propagationPolicy: 'Foreground' } });
    expect(deleted.json.metadata.finalizers).toEqual(['foregroundDeletion']);
    expect(deleted.json.metadata.deletionTimestamp).toMatch(/^20\d\d-/);
    await eventually(async () => (await gone(`${cm()}/d4`)) && !!(await api('GET', `${cm()}/d4b`)).json.metadata.deletionTimestamp);
    // The collector has deleted what it could; the owner is still there, waiting for the held blocking dependent.
    expect((await api('GET', `${cm()}/o4`)).json.metadata).toMatchObject({ finalizers: ['foregroundDeletion'], deletionTimestamp: deleted.json.metadata.deletionTimestamp });
    await api('PATCH', `${cm()}/d4b`, { body: [{ op: 'remove', path: '/metadata/finalizers' }], headers: jsonPatch });
    await eventually(() => gone(`${cm()}/o4`));
    // One store, one commit order: the blocking dependent was deleted before its owner.
    const order = await deletions(events, ['d4', 'd4b', 'o4']);
    expect(order.indexOf('d4b')).toBeLessThan(order.indexOf('o4'));
    expect(order.sort()).toEqual(['d4', 'd4b', 'o4']);
  });

  it('foreground with no blocking dependent: the owner is marked, then it and its dependents are deleted', async () => {
    const o = await owner('o5');
    await dependent(cm(), 'd5', [ownerOf(o)]);
    const deleted = await api('DELETE', `${cm()}/o5`, { body: { propagationPolicy: 'Foreground' } });
    // Unlike a background delete (a Success Status, the object gone at once), the owner stays, marked.
    expect([deleted.status, deleted.json.kind, deleted.json.metadata.finalizers]).toEqual([200, 'ConfigMap', ['foregroundDeletion']]);
    expect(deleted.json.metadata.deletionTimestamp).toMatch(/^20\d\d-/);
    await eventually(async () => (await gone(`${cm()}/o5`)) && (await gone(`${cm()}/d5`)));
  });

  it('collects a dependent whose owner never existed (dangling reference)', async () => {
    await dependent(cm(), 'd6', [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'ghost', uid: '00000000-0000-4000-8000-000000000000' }]);
    await eventually(() => gone(`${cm()}/d6`));
  });

  it('collects the dependents of a cluster-scoped owner', async () => {
    const role = (await api('POST', '/apis/rbac.authorization.k8s.io/v1/clusterroles', { body: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: `gc-owner-${ns}` } } })).json;
    await dependent(cm(), 'd7', [ownerOf(role)]);
    await api('DELETE', `/apis/rbac.authorization.k8s.io/v1/clusterroles/gc-owner-${ns}`);
    await eventually(() => gone(`${cm()}/d7`));
  });

  it('never collects a cluster-scoped dependent naming a namespaced owner (unresolvable)', async () => {
    const o = await owner('o8');
    const name = `gc-dependent-${ns}`;
    await api('POST', '/apis/rbac.authorization.k8s.io/v1/clusterroles', { body: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name, ownerReferences: [ownerOf(o)] } } });
    await api('DELETE', `${cm()}/o8`);
    // A sibling dependent in the namespace shows the collector has run for this owner.
    await dependent(cm(), 'd8', [ownerOf(o)]);
    await eventually(() => gone(`${cm()}/d8`));
    expect((await api('GET', `/apis/rbac.authorization.k8s.io/v1/clusterroles/${name}`)).status).toBe(200);
  });

  it('collects dependents of dependents (a chain)', async () => {
    const o = await owner('o9');
    const middle = await dependent(cm(), 'm9', [ownerOf(o)]);
    await dependent(secrets(), 'leaf9', [ownerOf(middle)]);
    await api('DELETE', `${cm()}/o9`);
    await eventually(async () => (await gone(`${cm()}/m9`)) && (await gone(`${secrets()}/leaf9`)));
  });
});
