/**
 * updateManagedFields, kube's FieldManager.UpdateNoErrors for create, update and non-apply patch.
 * Sources: structured-merge-diff merge/update.go (Updater.Update), merge/leaf_test.go;
 * k8s.io/apimachinery managedfields/internal: fieldmanager.go (decodeLiveOrNew,
 * isResetManagedFields), fieldmanager_test.go (TestResetManagedFieldsEmptyList/EmptyItem,
 * TestUpdateViaSubresources, TestNoTrackManagedFieldsForClientSideApply,
 * TestUpdateDoesNotChangeManagedFields, TestApplyStripsFields), capmanagers.go,
 * managedfieldsupdater.go, stripmeta.go, buildmanagerinfo.go, skipnonapplied.go.
 */
import { describe, expect, it } from 'vitest';
import { builtinManagedFieldsSchema, customResourceManagedFieldsSchema, updateManagedFields, type ManagedFieldsEntry } from '../../src/apply/index.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

const schema = builtinManagedFieldsSchema('', 'v1', 'ConfigMap');
const t0 = '2024-01-01T00:00:00Z';
const t1 = '2024-01-01T00:01:00Z';
const t2 = '2024-01-01T00:02:00Z';

function configMap(data: Record<string, string> | undefined, extra: Partial<KubeObject['metadata']> = {}): KubeObject {
  const object: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'ns', ...extra } };
  if (data) object.data = data;
  return object;
}

/** A stored object: uid set (it exists) and the given managedFields. */
function stored(object: KubeObject, managedFields: ManagedFieldsEntry[]): KubeObject {
  return { ...object, metadata: { ...object.metadata, uid: 'u1', managedFields } };
}

function entry(manager: string, fieldsV1: Record<string, unknown>, time = t0, extra: Partial<ManagedFieldsEntry> = {}): ManagedFieldsEntry {
  return { manager, operation: 'Update', apiVersion: 'v1', time, fieldsType: 'FieldsV1', fieldsV1: fieldsV1 as ManagedFieldsEntry['fieldsV1'], ...extra };
}

const update = (live: KubeObject | null, updated: KubeObject, manager: string, extra: Record<string, unknown> = {}) =>
  updateManagedFields({ live, updated, manager, apiVersion: 'v1', now: t1, schema, ...extra });

describe('ownership after an update (Updater.Update)', () => {
  const created = stored(configMap({ a: '1', b: '2' }), [entry('creator', { 'f:data': { '.': {}, 'f:a': {}, 'f:b': {} } })]);

  it('a changed field moves to the writer; unchanged ones stay (update forces, never conflicts)', () => {
    expect(update(created, configMap({ a: 'x', b: '2' }), 'writer')).toEqual([
      entry('creator', { 'f:data': { '.': {}, 'f:b': {} } }),
      entry('writer', { 'f:data': { 'f:a': {} } }, t1),
    ]);
  });

  it('a removed field leaves every manager; a manager left with nothing is dropped (update_remove_empty_set)', () => {
    const live = stored(configMap({ a: '1' }), [entry('creator', { 'f:data': { 'f:a': {} } })]);
    expect(update(live, configMap({}), 'writer')).toEqual([]);
  });

  it('a no-op update changes neither fields nor times (TestUpdateDoesNotChangeManagedFields)', () => {
    expect(update(created, configMap({ a: '1', b: '2' }), 'creator')).toEqual(created.metadata.managedFields);
  });

  it('the same manager adds to its entry and its time moves (golden 037)', () => {
    const live = stored(configMap({ a: '1' }), [entry('w', { 'f:data': { 'f:a': {} } })]);
    expect(update(live, configMap({ a: '1', b: '2' }), 'w')).toEqual([entry('w', { 'f:data': { 'f:a': {}, 'f:b': {} } }, t1)]);
  });

  it('an empty fieldManager is "unknown" (buildmanagerinfo.go)', () => {
    expect(update(null, configMap({ a: '1' }), '')[0]!.manager).toBe('unknown');
  });

  it('apiVersion, kind and metadata name, namespace, uid, resourceVersion, generation, creationTimestamp are never owned (TestApplyStripsFields)', () => {
    const bare: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b', namespace: 'b', uid: 'b', resourceVersion: '1', generation: 2, creationTimestamp: t0 } };
    expect(update(null, bare, 'm')).toEqual([]);
  });

  it('labels and annotations are owned, with "." for maps the write created', () => {
    const labelled = configMap(undefined, { labels: { a: 'b' }, annotations: { note: 'x' } });
    expect(update(null, labelled, 'm')[0]!.fieldsV1).toEqual({ 'f:metadata': { 'f:annotations': { '.': {}, 'f:note': {} }, 'f:labels': { '.': {}, 'f:a': {} } } });
  });

  it('finalizers are a set (patch strategy merge without key): v: items', () => {
    const finalized = configMap(undefined, { finalizers: ['example.com/a', 'example.com/b'] });
    expect(update(null, finalized, 'm')[0]!.fieldsV1).toEqual({ 'f:metadata': { 'f:finalizers': { '.': {}, 'v:"example.com/a"': {}, 'v:"example.com/b"': {} } } });
  });

  it('ownerReferences are keyed by uid and atomic inside (OwnerReference is a structType=atomic)', () => {
    const owned = configMap(undefined, { ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'p', uid: 'u-1' }] });
    expect(update(null, owned, 'm')[0]!.fieldsV1).toEqual({ 'f:metadata': { 'f:ownerReferences': { '.': {}, 'k:{"uid":"u-1"}': {} } } });
  });
});

describe('entry order and versions (encodeManagedFields, BuildManagerIdentifier)', () => {
  it('sorts Apply before Update, then by time, then by manager', () => {
    const live = stored(configMap({ a: '1', b: '2' }), [
      entry('zeta', { 'f:data': { 'f:a': {} } }, t0),
      entry('applier', { 'f:data': { 'f:b': {} } }, t2, { operation: 'Apply' }),
    ]);
    const managers = update(live, configMap({ a: '1', b: '2', c: '3' }), 'alpha').map((item) => `${item.operation}:${item.manager}`);
    expect(managers).toEqual(['Apply:applier', 'Update:zeta', 'Update:alpha']);
  });

  it('Update entries are per manager and apiVersion: the same manager through another version gets its own entry', () => {
    const live = stored(configMap({ a: '1' }), [entry('m', { 'f:data': { 'f:a': {} } }, t0, { apiVersion: 'v0' })]);
    const result = update(live, configMap({ a: '1', b: '2' }), 'm');
    expect(result.map((item) => item.apiVersion)).toEqual(['v0', 'v1']);
  });

  it('a write through a subresource is its own entry with `subresource` last (golden 071)', () => {
    const result = update(null, configMap({ a: '1' }), 'm', { subresource: 'status' });
    expect(Object.keys(result[0]!)).toEqual(['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1', 'subresource']);
  });
});

describe('managedFields in the request (decodeLiveOrNew, isResetManagedFields)', () => {
  const live = stored(configMap({ a: '1' }), [entry('creator', { 'f:data': { 'f:a': {} } })]);

  it.each([
    ['[{}] clears them (TestResetManagedFieldsEmptyItem)', [{}]],
    ['[] clears them too (TestResetManagedFieldsEmptyList)', []],
  ])('%s', (_name, managedFields) => {
    expect(update(live, configMap({ a: '1' }, { managedFields }), 'writer')).toEqual([]);
  });

  it('after a reset an existing object stays untracked (skipnonapplied.go, TestNoTrackManagedFieldsForClientSideApply)', () => {
    const untracked = stored(configMap({ a: '1' }), []);
    expect(update(untracked, configMap({ a: '2' }), 'writer')).toEqual([]);
  });

  it('valid entries in the request replace the live ones', () => {
    const given = [entry('given', { 'f:data': { 'f:a': {} } }, t0)];
    expect(update(live, configMap({ a: '1' }, { managedFields: given }), 'writer')).toEqual(given);
  });

  it('undecodable entries in the request fall back to the live ones', () => {
    const invalid = [{ manager: 'x', operation: 'Sideways', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: {} }];
    expect(update(live, configMap({ a: '1' }, { managedFields: invalid }), 'writer')).toEqual(live.metadata.managedFields);
  });

  it('a subresource write ignores the request\'s managedFields, even a reset (TestUpdateViaSubresources)', () => {
    expect(update(live, configMap({ a: '1' }, { managedFields: [{}] }), 'writer', { subresource: 'status' })).toEqual(live.metadata.managedFields);
  });
});

describe('reset fields (a strategy\'s ResetFields) and typing failures', () => {
  const podSchema = builtinManagedFieldsSchema('', 'v1', 'Pod');
  const pod = (status: Record<string, unknown>): KubeObject => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }] }, status,
  });

  it('a main-resource write does not own status', () => {
    const result = updateManagedFields({ live: null, updated: pod({ phase: 'Pending' }), manager: 'm', apiVersion: 'v1', now: t1, schema: podSchema, resetFields: [['status']] });
    expect(Object.keys(result[0]!.fieldsV1!)).toEqual(['f:spec']);
  });

  it('a /status write does not own spec', () => {
    const live = stored(pod({ phase: 'Pending' }), [entry('creator', { 'f:spec': { 'f:containers': { 'k:{"name":"c"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } })]);
    const updated = { ...pod({ phase: 'Running' }), spec: { containers: [{ name: 'c', image: 'other' }] } };
    const result = updateManagedFields({ live, updated, manager: 'kubelet', subresource: 'status', apiVersion: 'v1', now: t1, schema: podSchema, resetFields: [['spec']] });
    expect(result.at(-1)).toMatchObject({ manager: 'kubelet', subresource: 'status', fieldsV1: { 'f:status': { 'f:phase': {} } } });
  });

  it('a built-in item without its key is keyed by the Go zero value (Container.name is a non-pointer string)', () => {
    const unnamed = { ...pod({}), spec: { containers: [{ image: 'i' }] } };
    const result = updateManagedFields({ live: null, updated: unnamed, manager: 'm', apiVersion: 'v1', now: t1, schema: podSchema });
    expect(Object.keys((result[0]!.fieldsV1 as Record<string, Record<string, object>>)['f:spec']!['f:containers']!)).toEqual(['k:{"name":""}']);
  });

  it('a custom resource SMD cannot type (a keyed item without its key) clears managedFields (UpdateNoErrors, 1.32)', () => {
    const crSchema = customResourceManagedFieldsSchema({
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'] } },
    });
    const unnamed: KubeObject = { apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 't' }, items: [{}] };
    expect(updateManagedFields({ live: null, updated: unnamed, manager: 'm', apiVersion: 'example.com/v1', now: t1, schema: crSchema })).toEqual([]);
  });
});

describe('cap of Update entries (capmanagers.go, DefaultMaxUpdateManagers = 10)', () => {
  it('merges the two oldest of 11 update entries into "ancient-changes" with the newer time', () => {
    const data: Record<string, string> = {};
    const entries: ManagedFieldsEntry[] = [];
    for (let index = 0; index < 10; index++) {
      data[`k${index}`] = 'v';
      entries.push(entry(`m${index}`, { 'f:data': { [`f:k${index}`]: {} } }, `2024-01-01T00:00:0${index}Z`));
    }
    const result = update(stored(configMap(data), entries), configMap({ ...data, k10: 'v' }), 'm10');
    expect(result).toHaveLength(10);
    expect(result[0]).toEqual(entry('ancient-changes', { 'f:data': { 'f:k0': {}, 'f:k1': {} } }, '2024-01-01T00:00:01Z'));
    expect(result.slice(1).map((item) => item.manager)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10']);
  });

  it('leaves Apply entries out of the count', () => {
    const entries = Array.from({ length: 10 }, (_, index) => entry(`a${index}`, { 'f:data': { [`f:k${index}`]: {} } }, t0, { operation: 'Apply' }));
    const data = Object.fromEntries(entries.map((_, index) => [`k${index}`, 'v']));
    expect(update(stored(configMap(data), entries), configMap({ ...data, extra: 'v' }), 'u')).toHaveLength(11);
  });
});
