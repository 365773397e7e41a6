/**
 * Snapshot and restore (src/backup/, docs/backups.md), inside workerd: a snapshot taken while writes
 * go on holds exactly what a list at its version shows; restored into a fresh tenant, every object
 * comes back with its uid, creationTimestamp, generation, finalizers, ownerReferences and
 * managedFields, versions above the snapshot's (an old version answers 410), a custom type served
 * before its objects, the garbage collector acting only once the restore is activated; a tenant that
 * is not empty is refused; a corrupt, truncated or foreign file writes nothing; only cluster admins.
 */
import { exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { restoreSnapshot, type OpenLines } from '../../src/backup/client.js';
import { SnapshotReader, type SnapshotHeader, type SnapshotItem } from '../../src/backup/format.js';
import { gzipLines } from '../../src/backup/lines.js';
import { adminAuthorization, api, configMap, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';

vi.setConfig({ testTimeout: 120_000 });

const tenancy = 'tenancy.edge-apiserver.dev';
let counter = 0;

async function createTenant(): Promise<string> {
  const name = `bk${Date.now().toString(36)}${counter++}`;
  const created = await api('POST', `/apis/${tenancy}/v1alpha1/controlplanes`, { body: { apiVersion: `${tenancy}/v1alpha1`, kind: 'ControlPlane', metadata: { name } } });
  expect(created.status, created.text).toBe(201);
  await eventually(async () => (await api('GET', `/apis/${tenancy}/v1alpha1/controlplanes/${name}`)).json?.status?.conditions?.some((c: any) => c.type === 'Ready' && c.status === 'True'));
  return name;
}

/** The snapshot's response (headers read, body not yet). */
async function snapshotResponse(prefix = '', as = adminAuthorization): Promise<Response> {
  return (exports as any).default.fetch(new Request(`http://edge.test${prefix}/edge-apiserver/v1/snapshot`, { headers: as }));
}

async function linesOf(response: Response): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of gzipLines(response.body!)) lines.push(line);
  return lines;
}

const open = (lines: string[]): OpenLines => async function* () {
  yield* lines;
};

function restoreCall(tenant: string, calls: unknown[] = []) {
  return async (body: Record<string, unknown>) => {
    calls.push(body);
    const response = await api('POST', `/clusters/${tenant}/edge-apiserver/v1/restore`, { body });
    if (response.status !== 200) throw new Error(`${response.status}: ${response.text}`);
    return response.json;
  };
}

const widgets = (group: string) => ({
  apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `widgets.${group}` },
  spec: {
    group, scope: 'Namespaced', names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } } } }],
  },
});

const withoutVersion = (object: any) => ({ ...object, metadata: { ...object.metadata, resourceVersion: undefined } });
/** A list's items as the objects they are (kube's list items carry no apiVersion and kind). */
const itemsOf = (list: any, apiVersion: string, kind: string) => list.items.map((item: any) => ({ apiVersion, kind, ...item }));

describe('snapshot and restore', () => {
  it('snapshots one version while writes go on, and restores it into an empty tenant', async () => {
    const namespace = await freshNamespace('bk');
    const group = `bk${Date.now().toString(36)}.example.com`;
    expect((await api('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: widgets(group) })).status).toBe(201);
    await eventually(async () => (await api('GET', `/apis/${group}/v1/namespaces/${namespace}/widgets`)).status === 200);
    for (let index = 0; index < 3; index++) {
      expect((await api('POST', `/apis/${group}/v1/namespaces/${namespace}/widgets`, { body: { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name: `w${index}` }, spec: { size: index } } })).status).toBe(201);
    }
    for (let index = 0; index < 40; index++) {
      expect((await api('POST', `/api/v1/namespaces/${namespace}/configmaps`, { body: configMap(`c${String(index).padStart(2, '0')}`, { metadata: { name: `c${String(index).padStart(2, '0')}`, finalizers: index === 0 ? ['example.com/keep'] : undefined } }) })).status).toBe(201);
    }
    const owner = (await api('GET', `/api/v1/namespaces/${namespace}/configmaps/c01`)).json;
    const dependent = await api('POST', `/api/v1/namespaces/${namespace}/secrets`, { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'owned', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'c01', uid: owner.metadata.uid }] }, stringData: { k: 'v' } } });
    expect(dependent.status).toBe(201);

    const response = await snapshotResponse();
    expect(response.status).toBe(200);
    const at = Number(response.headers.get('x-snapshot-resource-version'));
    // Writes after the snapshot's version, before its body is read: none of them may show.
    expect((await api('POST', `/api/v1/namespaces/${namespace}/configmaps`, { body: configMap('late') })).status).toBe(201);
    expect((await api('PATCH', `/api/v1/namespaces/${namespace}/configmaps/c02`, { body: { data: { a: 'changed' } }, headers: { 'content-type': 'application/merge-patch+json' } })).status).toBe(200);
    expect((await api('DELETE', `/api/v1/namespaces/${namespace}/configmaps/c03`)).status).toBe(200);
    const lines = await linesOf(response);
    const reader = new SnapshotReader();
    const items = lines.map((line) => reader.line(line)).filter((item): item is SnapshotItem => !!item && 'key' in item);
    const header = reader.end();
    expect(header.resourceVersion).toBe(at);
    const typeIndex = (group: string, resource: string) => header.types.findIndex((type) => type.group === group && type.resource === resource);
    expect(typeIndex('apiextensions.k8s.io', 'customresourcedefinitions')).toBe(0);
    const inNamespace = (t: number) => items.filter((item) => item.t === t && item.object.metadata.namespace === namespace).map((item) => item.object);
    const atT = await api('GET', `/api/v1/namespaces/${namespace}/configmaps?resourceVersion=${at}&resourceVersionMatch=Exact`);
    const configMapsAtT = itemsOf(atT.json, 'v1', 'ConfigMap');
    expect(inNamespace(typeIndex('', 'configmaps'))).toEqual(configMapsAtT);
    expect(inNamespace(typeIndex('', 'configmaps')).map((object: any) => object.metadata.name)).not.toContain('late');
    expect(inNamespace(typeIndex(group, 'widgets'))).toHaveLength(3);

    const tenant = await createTenant();
    const reports = await restoreSnapshot(open(lines), restoreCall(tenant));
    expect(reports.filter((report) => report.failed)).toEqual([]);
    const restored = await api('GET', `/clusters/${tenant}/api/v1/namespaces/${namespace}/configmaps`);
    expect(itemsOf(restored.json, 'v1', 'ConfigMap').map(withoutVersion)).toEqual(configMapsAtT.map(withoutVersion));
    expect(restored.json.items.every((item: any) => Number(item.metadata.resourceVersion) > at)).toBe(true);
    expect(restored.json.items[0].metadata.finalizers).toEqual(['example.com/keep']);
    const restoredWidgets = await api('GET', `/clusters/${tenant}/apis/${group}/v1/namespaces/${namespace}/widgets`);
    expect(itemsOf(restoredWidgets.json, `${group}/v1`, 'Widget').map(withoutVersion)).toEqual(inNamespace(typeIndex(group, 'widgets')).map(withoutVersion));
    // A version from before the restore is gone: the client lists again.
    expect((await api('GET', `/clusters/${tenant}/api/v1/namespaces/${namespace}/configmaps?resourceVersion=${at}&resourceVersionMatch=Exact`)).status).toBe(410);
    // The garbage collector knows the restored owner and dependent: deleting the owner collects the dependent.
    expect((await api('DELETE', `/clusters/${tenant}/api/v1/namespaces/${namespace}/configmaps/c01`)).status).toBe(200);
    await eventually(async () => (await api('GET', `/clusters/${tenant}/api/v1/namespaces/${namespace}/secrets/owned`)).status === 404);

    // Not empty any more: refused, with a message saying why.
    const again = await api('POST', `/clusters/${tenant}/edge-apiserver/v1/restore`, { body: { step: 'begin', header } });
    expect(again.status).toBe(409);
    expect(again.json.message).toContain('a snapshot is restored only into an empty cluster');
    expect(again.json.message).toContain(`customresourcedefinition widgets.${group}`);
  });

  it('keeps the garbage collector off a half-restored cluster: a dependent restored before its owner stays', async () => {
    const namespace = await freshNamespace('half');
    const owner = await api('POST', `/api/v1/namespaces/${namespace}/secrets`, { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'owner' }, stringData: { k: 'v' } } });
    expect(owner.status).toBe(201);
    const dependentBody = { ...configMap('dependent'), metadata: { name: 'dependent', ownerReferences: [{ apiVersion: 'v1', kind: 'Secret', name: 'owner', uid: owner.json.metadata.uid }] } };
    expect((await api('POST', `/api/v1/namespaces/${namespace}/configmaps`, { body: dependentBody })).status).toBe(201);
    const lines = await linesOf(await snapshotResponse());
    const reader = new SnapshotReader();
    const items = lines.map((line) => reader.line(line)).filter((item): item is SnapshotItem => !!item && 'key' in item);
    const header = reader.end();
    const tenant = await createTenant();
    const call = restoreCall(tenant);
    await call({ step: 'begin', header });
    // ConfigMaps come before Secrets: everything up to the Secrets, then a pause, as a slow restore would have.
    const secrets = header.types.findIndex((type) => type.group === '' && type.resource === 'secrets');
    for (let t = 0; t < secrets; t++) {
      const ofType = items.filter((item) => item.t === t);
      for (let at = 0; at < ofType.length; at += 200) await call({ step: 'objects', header, items: ofType.slice(at, at + 200) });
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await api('GET', `/clusters/${tenant}/api/v1/namespaces/${namespace}/configmaps/dependent`)).status).toBe(200);
    expect((await api('GET', `/clusters/${tenant}/api/v1/namespaces/${namespace}/secrets/owner`)).status).toBe(404);
    await call({ step: 'objects', header, items: items.filter((item) => item.t >= secrets) });
    for (let step: Record<string, unknown> = {}; ;) {
      const answer = (await call({ step: 'activate', header, ...step })) as { done: boolean; t: number; s: number; after: string };
      if (answer.done) break;
      step = { t: answer.t, s: answer.s, after: answer.after };
    }
    // Activated: the graph knows the pair; the owner's deletion collects the dependent.
    expect((await api('GET', `/clusters/${tenant}/api/v1/namespaces/${namespace}/configmaps/dependent`)).status).toBe(200);
    expect((await api('DELETE', `/clusters/${tenant}/api/v1/namespaces/${namespace}/secrets/owner`)).status).toBe(200);
    await eventually(async () => (await api('GET', `/clusters/${tenant}/api/v1/namespaces/${namespace}/configmaps/dependent`)).status === 404);
  });

  it('refuses a corrupt, truncated or foreign file before writing anything', async () => {
    const lines = await linesOf(await snapshotResponse());
    const objectLine = lines.findIndex((line) => line.includes('"kind":"ConfigMap"'));
    const corrupt = lines.map((line, index) => (index === objectLine ? line.replace('"kind":"ConfigMap"', '"kind":"ConfigMaq"') : line));
    const truncated = lines.slice(0, -1);
    const foreign = [JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [] })];
    const reordered = [lines[0]!, ...lines.slice(1, -1).reverse(), lines[lines.length - 1]!];
    const calls: unknown[] = [];
    await expect(restoreSnapshot(open(corrupt), restoreCall('nowhere', calls))).rejects.toThrow(/configmaps: checksum [0-9a-f]{8} does not match the trailer's/);
    await expect(restoreSnapshot(open(truncated), restoreCall('nowhere', calls))).rejects.toThrow('truncated: no trailer');
    await expect(restoreSnapshot(open(foreign), restoreCall('nowhere', calls))).rejects.toThrow('not an edge-apiserver snapshot');
    await expect(restoreSnapshot(open(reordered), restoreCall('nowhere', calls))).rejects.toThrow('out of order');
    expect(calls).toEqual([]);
  });

  it('is for cluster admins only, and refuses a request without a valid header', async () => {
    expect((await snapshotResponse('', { authorization: 'Bearer nobody' } as any)).status).toBe(401);
    expect((await api('GET', '/edge-apiserver/v1/snapshot', { as: 'alice' })).status).toBe(403);
    expect((await api('POST', '/edge-apiserver/v1/restore', { body: { step: 'begin', header: { kind: 'EdgeSnapshot', formatVersion: 1 } }, as: 'alice' })).status).toBe(403);
    const bad = await api('POST', '/edge-apiserver/v1/restore', { body: { step: 'begin', header: { kind: 'List' } } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('not an edge-apiserver snapshot');
    const header: Partial<SnapshotHeader> = { kind: 'EdgeSnapshot', formatVersion: 1, cluster: 'x', resourceVersion: 1, types: [] };
    expect((await api('POST', '/edge-apiserver/v1/restore', { body: { step: 'begin', header } })).status).toBe(409);
  });
});
