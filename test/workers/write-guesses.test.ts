/**
 * Writes that start from the isolate's guess of an object (src/storage/cacher/recent-objects.ts) after
 * another writer changed or removed the object behind the isolate's back (here: a write straight
 * to its storage shard, as another isolate's would be). Every answer must be the one a write that
 * reads the object first gives: storage's compare-and-swap refuses the stale guess, and what the
 * write decided from it (a refusal, a precondition, nothing to write) is decided again.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { storageShardStub } from '../../src/server/assembly/backend.js';
import type { StorageReply, StoredObject } from '../../src/durable/protocol.js';
import { api, freshNamespace } from './api-client.js';

let ns = '';
const configMaps = () => `/api/v1/namespaces/${ns}/configmaps`;
const pods = () => `/api/v1/namespaces/${ns}/pods`;
type Json = Record<string, any>;

/** The shard of core `resource` in the default cluster, reached without the Worker. */
const shardOf = (resource: string) => storageShardStub(env, { cluster: 'default', group: '', resource });

function valueOf<T>(reply: StorageReply<T>): T {
  if (!reply.ok) throw new Error(`storage refused: ${JSON.stringify(reply.failure)}`);
  return reply.value;
}

/** Rewrites an object straight in its shard; returns its new resourceVersion. */
async function changeBehind(resource: string, name: string, change: (object: Json) => void): Promise<string> {
  const shard = shardOf(resource);
  const key = `${ns}/${name}`;
  const stored = valueOf(await shard.get(key, { match: 'latest' }) as StorageReply<StoredObject>);
  const object = JSON.parse(stored.value) as Json;
  change(object);
  const write = { key, value: JSON.stringify(object), labels: object.metadata.labels ?? {}, fields: { 'metadata.name': name, 'metadata.namespace': ns } };
  return String(valueOf(await shard.update(write, stored.resourceVersion) as StorageReply<StoredObject>).resourceVersion);
}

/** Removes an object straight from its shard. */
async function removeBehind(resource: string, name: string): Promise<void> {
  const shard = shardOf(resource);
  const stored = valueOf(await shard.get(`${ns}/${name}`, { match: 'latest' }) as StorageReply<StoredObject>);
  valueOf(await shard.delete(stored.key, stored.resourceVersion));
}

/** A ConfigMap the isolate has just written (so it holds a guess of it). */
async function configMap(name: string, data: Record<string, string>): Promise<Json> {
  const response = await api('POST', configMaps(), { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data } });
  expect(response.status).toBe(201);
  return response.json;
}

const mergePatch = (name: string, patch: unknown, query = '') =>
  api('PATCH', `${configMaps()}/${name}${query}`, { body: patch, headers: { 'content-type': 'application/merge-patch+json' } });

beforeAll(async () => {
  ns = await freshNamespace('guesses');
});

describe('a write from a stale guess', () => {
  it('patches what storage holds, not what the isolate saw', async () => {
    await configMap('merged', { a: '1' });
    const behind = await changeBehind('configmaps', 'merged', (object) => (object.data.b = '2'));
    const patched = await mergePatch('merged', { data: { c: '3' } });
    expect(patched.status).toBe(200);
    expect(patched.json.data).toEqual({ a: '1', b: '2', c: '3' });
    expect(Number(patched.json.metadata.resourceVersion)).toBeGreaterThan(Number(behind));
  });

  it('writes a patch that is a no-op only on the guess', async () => {
    await configMap('noop', { a: '1' });
    const behind = await changeBehind('configmaps', 'noop', (object) => (object.data.a = '2'));
    const patched = await mergePatch('noop', { data: { a: '1' } });
    expect(patched.json.data).toEqual({ a: '1' });
    expect(patched.json.metadata.resourceVersion).not.toBe(behind);
    expect((await api('GET', `${configMaps()}/noop`)).json.data).toEqual({ a: '1' });
  });

  it('accepts a PUT at the resourceVersion storage holds, and refuses the guess\'s', async () => {
    const created = await configMap('put', { a: '1' });
    const behind = await changeBehind('configmaps', 'put', (object) => (object.data.a = '2'));
    const current = await api('PUT', `${configMaps()}/put`, { body: { ...created, metadata: { ...created.metadata, resourceVersion: behind }, data: { a: '3' } } });
    expect(current.status).toBe(200);
    expect(current.json.data).toEqual({ a: '3' });
    const stale = await api('PUT', `${configMaps()}/put`, { body: { ...created, data: { a: 'stale' } } });
    expect(stale.status).toBe(409);
  });

  it('deletes with the preconditions of what storage holds', async () => {
    await configMap('precondition', { a: '1' });
    const behind = await changeBehind('configmaps', 'precondition', (object) => (object.data.a = '2'));
    const deleted = await api('DELETE', `${configMaps()}/precondition`, {
      body: { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { resourceVersion: behind } },
    });
    expect(deleted.status).toBe(200);
    expect((await api('GET', `${configMaps()}/precondition`)).status).toBe(404);
  });

  it('keeps an object that gained a finalizer behind the isolate\'s back, marked for deletion', async () => {
    await configMap('finalized', { a: '1' });
    await changeBehind('configmaps', 'finalized', (object) => (object.metadata.finalizers = ['example.com/hold']));
    const deleted = await api('DELETE', `${configMaps()}/finalized`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.metadata.deletionTimestamp).toBeTruthy();
    expect(deleted.json.metadata.finalizers).toEqual(['example.com/hold']);
    const released = await mergePatch('finalized', { metadata: { finalizers: null } });
    expect(released.status).toBe(200);
    expect((await api('GET', `${configMaps()}/finalized`)).status).toBe(404);
  });

  it('answers 404 for an object removed behind the isolate\'s back', async () => {
    await configMap('gone', { a: '1' });
    await removeBehind('configmaps', 'gone');
    expect((await mergePatch('gone', { data: { a: '2' } })).status).toBe(404);
    await configMap('gone-too', { a: '1' });
    await removeBehind('configmaps', 'gone-too');
    expect((await api('DELETE', `${configMaps()}/gone-too`)).status).toBe(404);
  });

  it('refuses a binding of a pod bound behind the isolate\'s back, naming storage\'s node', async () => {
    const created = await api('POST', pods(), { body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } });
    expect(created.status).toBe(201);
    await changeBehind('pods', 'p', (object) => (object.spec.nodeName = 'elsewhere'));
    const bound = await api('POST', `${pods()}/p/binding`, { body: { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'p' }, target: { name: 'n1' } } });
    expect(bound.status).toBe(409);
    expect(bound.json.message).toBe('Operation cannot be fulfilled on pods/binding "p": pod p is already assigned to node "elsewhere"');
  });

  it('binds a pod unbound behind the isolate\'s back, which the isolate saw bound', async () => {
    const created = await api('POST', pods(), { body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'q' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } });
    expect(created.status).toBe(201);
    const binding = (node: string) => ({ apiVersion: 'v1', kind: 'Binding', metadata: { name: 'q' }, target: { name: node } });
    expect((await api('POST', `${pods()}/q/binding`, { body: binding('n1') })).status).toBe(201);
    await changeBehind('pods', 'q', (object) => delete object.spec.nodeName);
    const again = await api('POST', `${pods()}/q/binding`, { body: binding('n2') });
    expect(again.status).toBe(201);
    expect((await api('GET', `${pods()}/q`)).json.spec.nodeName).toBe('n2');
  });
});
