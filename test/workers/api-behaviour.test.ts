/**
 * What kube-apiserver does on success, through the Worker in workerd: metadata it sets, dry-run,
 * no-op updates, generation, create-on-update, representations (YAML, Table,
 * PartialObjectMetadata), namespaces, and lists at past resourceVersions.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StorageShard } from '../../src/durable/storage-shard.js';
import { api, configMap, freshNamespace } from './api-client.js';

let ns = '';
const cm = () => `/api/v1/namespaces/${ns}/configmaps`;
const merge = { 'content-type': 'application/merge-patch+json' };

beforeAll(async () => {
  ns = await freshNamespace('ok');
});

describe('metadata kube sets', () => {
  it('sets uid, creationTimestamp and resourceVersion, no generation on a ConfigMap, in kube field order', async () => {
    const created = await api('POST', cm(), { body: configMap('meta', { metadata: { name: 'meta', generation: 7, uid: 'mine' } }) });
    expect(created.status).toBe(201);
    const { metadata } = created.json;
    expect(Object.keys(created.json)).toEqual(['kind', 'apiVersion', 'metadata', 'data']);
    expect(Object.keys(metadata)).toEqual(['name', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp', 'managedFields']);
    expect(metadata.managedFields).toEqual([{
      manager: 'unknown', operation: 'Update', apiVersion: 'v1', time: metadata.creationTimestamp, fieldsType: 'FieldsV1',
      fieldsV1: { 'f:data': { '.': {}, 'f:a': {} } },
    }]);
    expect(metadata.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(metadata.creationTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('tracks generation for kinds with a spec: 1 on create, +1 on spec change only', async () => {
    const deployments = `/apis/apps/v1/namespaces/${ns}/deployments`;
    const body = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
    expect((await api('POST', deployments, { body })).json.metadata.generation).toBe(1);
    const labelled = await api('PATCH', `${deployments}/web`, { body: { metadata: { labels: { a: 'b' } } }, headers: merge });
    expect(labelled.json.metadata.generation).toBe(1);
    const scaled = await api('PATCH', `${deployments}/web`, { body: { spec: { replicas: 3 } }, headers: merge });
    expect(scaled.json.metadata.generation).toBe(2);
  });

  it('keeps the resourceVersion when an update changes nothing, whatever the order of label keys', async () => {
    const created = await api('POST', cm(), { body: configMap('noop', { metadata: { name: 'noop', labels: { b: '2', a: '1' } } }) });
    expect(Object.keys(created.json.metadata.labels)).toEqual(['a', 'b']);
    const same = await api('PATCH', `${cm()}/noop`, { body: { data: { a: '1' } }, headers: merge });
    expect(same.json.metadata.resourceVersion).toBe(created.json.metadata.resourceVersion);
    const reordered = await api('PUT', `${cm()}/noop`, { body: configMap('noop', { metadata: { name: 'noop', labels: { b: '2', a: '1' } } }) });
    expect(reordered.json.metadata.resourceVersion).toBe(created.json.metadata.resourceVersion);
  });

  it('carries uid and creationTimestamp through a PUT that omits them', async () => {
    const created = await api('POST', cm(), { body: configMap('put') });
    const replaced = await api('PUT', `${cm()}/put`, { body: configMap('put', { data: { a: '2' } }) });
    expect(replaced.status).toBe(200);
    expect(replaced.json.metadata.uid).toBe(created.json.metadata.uid);
    expect(replaced.json.metadata.creationTimestamp).toBe(created.json.metadata.creationTimestamp);
  });

  it('creates on PUT for kinds that allow it (Lease), answering 201', async () => {
    const lease = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'l1' }, spec: { holderIdentity: 'me' } };
    const response = await api('PUT', `/apis/coordination.k8s.io/v1/namespaces/${ns}/leases/l1`, { body: lease });
    expect(response.status).toBe(201);
  });
});

describe('dry run', () => {
  it('processes create, patch and delete fully but stores nothing', async () => {
    const dry = await api('POST', `${cm()}?dryRun=All`, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'dry-' }, data: { a: '1' } } });
    expect(dry.status).toBe(201);
    expect(dry.json.metadata.name).toMatch(/^dry-[a-z0-9]{5}$/);
    expect(dry.json.metadata.resourceVersion).toBeUndefined();
    expect((await api('GET', `${cm()}/${dry.json.metadata.name}`)).status).toBe(404);
    await api('POST', cm(), { body: configMap('keep') });
    const patched = await api('PATCH', `${cm()}/keep?dryRun=All`, { body: { data: { a: '2' } }, headers: merge });
    expect(patched.json.data.a).toBe('2');
    expect((await api('DELETE', `${cm()}/keep?dryRun=All`)).json.status).toBe('Success');
    expect((await api('GET', `${cm()}/keep`)).json.data.a).toBe('1');
    expect((await api('POST', `${cm()}?dryRun=All`, { body: configMap('keep') })).status).toBe(409);
  });
});

describe('representations', () => {
  it('reads and writes YAML', async () => {
    const created = await api('POST', cm(), {
      body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: yaml\ndata:\n  flag: "yes"\n  hex: "0x1F"\n',
      headers: { 'content-type': 'application/yaml', accept: 'application/yaml' },
    });
    expect(created.headers.get('content-type')).toBe('application/yaml');
    expect(created.text).toMatch(/^apiVersion: v1\ndata:\n  flag: "yes"\n  hex: "0x1F"\nkind: ConfigMap\nmetadata:\n/);
  });

  it('answers a Table with kube\'s ConfigMap columns (Name, Data, Age), honouring includeObject', async () => {
    await api('POST', cm(), { body: configMap('t1') });
    const accept = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' };
    const table = await api('GET', `${cm()}?fieldSelector=metadata.name%3Dt1`, { headers: accept });
    expect(table.json).toMatchObject({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', columnDefinitions: [{ name: 'Name', format: 'name' }, { name: 'Data' }, { name: 'Age' }] });
    expect(table.json.rows).toEqual([{ cells: ['t1', 1, expect.stringMatching(/^\d+s$/)], object: expect.objectContaining({ kind: 'PartialObjectMetadata' }) }]);
    const full = await api('GET', `${cm()}?fieldSelector=metadata.name%3Dt1&includeObject=Object`, { headers: accept });
    expect(full.json.rows[0].object).toMatchObject({ kind: 'ConfigMap', data: { a: '1' } });
    const none = await api('GET', `${cm()}/t1?includeObject=None`, { headers: accept });
    expect(none.json.rows[0].object).toBeNull();
  });

  it('answers PartialObjectMetadataList', async () => {
    const list = await api('GET', cm(), { headers: { accept: 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io' } });
    expect(list.json.kind).toBe('PartialObjectMetadataList');
    expect(list.json.items.every((item: any) => item.kind === 'PartialObjectMetadata' && !('data' in item))).toBe(true);
  });
});

describe('namespaces', () => {
  it('creates namespaces Active with the kubernetes finalizer and the name label', async () => {
    const namespace = (await api('GET', `/api/v1/namespaces/${ns}`)).json;
    expect(namespace).toMatchObject({ spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' }, metadata: { labels: { 'kubernetes.io/metadata.name': ns } } });
  });
});

describe('lists through history', () => {
  it('answers 410 Expired for a compacted resourceVersion and for an expired continue token', async () => {
    const expiring = await freshNamespace('expiring');
    const base = `/api/v1/namespaces/${expiring}/configmaps`;
    for (const name of ['a', 'b', 'c']) await api('POST', base, { body: configMap(name) });
    const page = (await api('GET', `${base}?limit=1`)).json;
    await api('PATCH', `${base}/a`, { body: { data: { x: '1' } }, headers: merge });
    const latest = (await api('GET', base)).json.metadata.resourceVersion;
    const stub = env.STORAGE_SHARDS.get(env.STORAGE_SHARDS.idFromName('default/core/configmaps'));
    await runInDurableObject(stub, (instance: StorageShard) => instance.compact(Number(latest)));
    const old = await api('GET', `${base}?resourceVersion=${page.metadata.resourceVersion}&resourceVersionMatch=Exact`);
    expect(old.json).toMatchObject({ code: 410, reason: 'Expired', message: 'The resourceVersion for the provided list is too old.' });
    const continued = await api('GET', `${base}?limit=1&continue=${page.metadata.continue}`);
    expect(continued.json).toMatchObject({ code: 410, reason: 'Expired' });
    expect(continued.json.message).toMatch(/^The provided continue parameter is too old/);
    const resumed = await api('GET', `${base}?limit=5&continue=${continued.json.metadata.continue}`);
    expect(resumed.json.items.map((item: any) => item.metadata.name)).toEqual(['b', 'c']);
  });
});
