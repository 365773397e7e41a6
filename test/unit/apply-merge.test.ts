/**
 * Server-side apply merge and ownership, ported from structured-merge-diff's merge tests
 * (merge/leaf_test.go, set_test.go, key_test.go, multiple_appliers_test.go, nested_test.go) onto
 * a custom resource (unstructured, as SMD's test types are). Rules: merge/update.go (Apply, prune,
 * update), typed/merge.go (list order), typed/tofieldset.go, schemaconv (list and map types).
 */
import { describe, expect, it } from 'vitest';
import { applyConfiguration, customResourceManagedFieldsSchema, updateManagedFields, type ManagedFieldsEntry } from '../../src/apply/index.js';
import { StatusError } from '../../src/apimachinery/status.js';
import type { KubeObject } from '../../src/apimachinery/object.js';
import type { SchemaNode } from '../../src/schema/types.js';
import { mergeOrder } from '../../src/apply/merge.js';

const item = (extra: Record<string, SchemaNode> = {}): SchemaNode => ({
  type: 'object', properties: { name: { type: 'string' }, port: { type: 'integer' }, protocol: { type: 'string', default: 'TCP' }, value: { type: 'string' }, ...extra },
});

const schema = customResourceManagedFieldsSchema({
  type: 'object',
  properties: {
    numeric: { type: 'integer' },
    string: { type: 'string' },
    bool: { type: 'boolean' },
    setList: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
    atomicList: { type: 'array', items: { type: 'string' } },
    mapList: { type: 'array', items: item(), 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name', 'port'] },
    ports: { type: 'array', items: item(), 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['port', 'protocol'] },
    mergeList: { type: 'array', items: item(), 'x-kubernetes-patch-strategy': 'merge', 'x-kubernetes-patch-merge-key': 'name' },
    granularMap: { type: 'object', additionalProperties: { type: 'string' } },
    atomicMap: { type: 'object', additionalProperties: { type: 'string' }, 'x-kubernetes-map-type': 'atomic' },
    struct: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' }, inner: { type: 'object', properties: { c: { type: 'string' } } } } },
  },
});

const apiVersion = 'example.com/v1';
const now = '2024-01-01T00:00:00Z';

function thing(fields: Record<string, unknown>): KubeObject {
  return { apiVersion, kind: 'Thing', metadata: { name: 't' }, ...fields };
}

type Operation =
  | { apply: Record<string, unknown>; manager: string; force?: boolean; at?: string }
  | { update: Record<string, unknown>; manager: string; at?: string };

/** Runs writes in order against one object, as the registry would store each result. */
function run(operations: Operation[], initial: KubeObject | null = null): KubeObject {
  let live = initial;
  for (const operation of operations) {
    const at = operation.at ?? now;
    if ('apply' in operation) {
      live = applyConfiguration({ live, config: thing(operation.apply), manager: operation.manager, force: operation.force ?? false, apiVersion, kind: 'Thing', now: at, schema }).object;
      continue;
    }
    const updated = { ...thing(operation.update), metadata: { name: 't', uid: 'u', managedFields: live?.metadata.managedFields } };
    const managedFields = updateManagedFields({ live, updated, manager: operation.manager, apiVersion, now: at, schema });
    live = { ...updated, metadata: { ...updated.metadata, managedFields } };
  }
  return live!;
}

/** The object without apiVersion, kind and metadata. */
function content(object: KubeObject): Record<string, unknown> {
  const { apiVersion: _a, kind: _k, metadata: _m, ...rest } = object;
  return rest;
}

/** `Operation:manager` -> fieldsV1. */
function owners(object: KubeObject): Record<string, unknown> {
  const entries = (object.metadata.managedFields ?? []) as ManagedFieldsEntry[];
  return Object.fromEntries(entries.map((entry) => [`${entry.operation}:${entry.manager}`, entry.fieldsV1]));
}

function conflictOf(operations: Operation[], initial: KubeObject | null = null): StatusError {
  try {
    run(operations, initial);
  } catch (error) {
    if (error instanceof StatusError) return error;
    throw error;
  }
  throw new Error('expected a conflict');
}

describe('leaf fields (merge/leaf_test.go)', () => {
  it('apply_twice: the second apply adds and changes; the applier owns what it applied', () => {
    const object = run([{ apply: { numeric: 1, string: 's' }, manager: 'default' }, { apply: { numeric: 2, string: 's', bool: false }, manager: 'default' }]);
    expect(content(object)).toEqual({ numeric: 2, string: 's', bool: false });
    expect(owners(object)).toEqual({ 'Apply:default': { 'f:bool': {}, 'f:numeric': {}, 'f:string': {} } });
  });

  it('apply_update_apply_no_conflict: an updater\'s new field survives the applier\'s next apply', () => {
    const object = run([
      { apply: { numeric: 1, string: 's' }, manager: 'default' },
      { update: { numeric: 1, string: 's', bool: true }, manager: 'controller' },
      { apply: { numeric: 2, string: 's' }, manager: 'default' },
    ]);
    expect(content(object)).toEqual({ numeric: 2, string: 's', bool: true });
    expect(owners(object)).toEqual({ 'Apply:default': { 'f:numeric': {}, 'f:string': {} }, 'Update:controller': { 'f:bool': {} } });
  });

  const controllerTookString: Operation[] = [
    { apply: { numeric: 1, string: 's' }, manager: 'default' },
    { update: { numeric: 1, string: 'controller string', bool: true }, manager: 'controller' },
  ];

  it('apply_update_apply_with_conflict: changing a field an updater took is a conflict naming the updater and its version', () => {
    const error = conflictOf([...controllerTookString, { apply: { numeric: 2, string: 'user string' }, manager: 'default' }]);
    expect(error.status).toMatchObject({
      code: 409,
      reason: 'Conflict',
      message: 'Apply failed with 1 conflict: conflict with "controller" using example.com/v1: .string',
      details: { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "controller" using example.com/v1', field: '.string' }] },
    });
  });

  it('…and forcing takes the field: the updater keeps only what it still owns', () => {
    const object = run([...controllerTookString, { apply: { numeric: 2, string: 'user string' }, manager: 'default', force: true }]);
    expect(content(object)).toEqual({ numeric: 2, string: 'user string', bool: true });
    expect(owners(object)).toEqual({ 'Apply:default': { 'f:numeric': {}, 'f:string': {} }, 'Update:controller': { 'f:bool': {} } });
  });

  it('apply_twice_remove: fields the applier dropped and nobody else owns are removed', () => {
    const object = run([{ apply: { numeric: 1, string: 's', bool: false }, manager: 'default' }, { apply: { string: 'new' }, manager: 'default' }]);
    expect(content(object)).toEqual({ string: 'new' });
    expect(owners(object)).toEqual({ 'Apply:default': { 'f:string': {} } });
  });

  it('update_apply_omits: a field an updater changed since is not removed when the applier drops it', () => {
    const object = run([{ apply: { numeric: 2 }, manager: 'default' }, { update: { numeric: 1 }, manager: 'controller' }, { apply: {}, manager: 'default' }]);
    expect(content(object)).toEqual({ numeric: 1 });
    expect(owners(object)).toEqual({ 'Update:controller': { 'f:numeric': {} } });
  });

  it('apply_remove_empty_set: applying nothing removes everything the applier owned, and its entry', () => {
    const object = run([{ apply: { string: 's' }, manager: 'default' }, { apply: {}, manager: 'default' }]);
    expect(content(object)).toEqual({});
    expect(object.metadata.managedFields).toBeUndefined();
  });
});

describe('shared ownership and several appliers (merge/multiple_appliers_test.go)', () => {
  it('two appliers setting the same value share the field without a conflict', () => {
    const object = run([{ apply: { string: 'same' }, manager: 'a' }, { apply: { string: 'same' }, manager: 'b' }]);
    expect(owners(object)).toEqual({ 'Apply:a': { 'f:string': {} }, 'Apply:b': { 'f:string': {} } });
  });

  it('when one sharer drops the field it stays, owned by the other', () => {
    const object = run([{ apply: { string: 'same', numeric: 1 }, manager: 'a' }, { apply: { string: 'same' }, manager: 'b' }, { apply: { numeric: 1 }, manager: 'a' }]);
    expect(content(object)).toEqual({ string: 'same', numeric: 1 });
    expect(owners(object)).toEqual({ 'Apply:a': { 'f:numeric': {} }, 'Apply:b': { 'f:string': {} } });
  });

  it('conflicts with several managers are listed per manager, in identifier (`{"manager":...`) order', () => {
    const error = conflictOf([
      { apply: { string: 'x' }, manager: 'zed' },
      { update: { string: 'x', numeric: 1 }, manager: 'alpha' },
      { apply: { string: 'y', numeric: 2 }, manager: 'new' },
    ]);
    expect(error.status.message).toBe('Apply failed with 2 conflicts: conflicts with "alpha" using example.com/v1:\n- .numeric\nconflicts with "zed":\n- .string');
    expect(error.status.details?.causes?.map((cause) => cause.field)).toEqual(['.numeric', '.string']);
  });
});

describe('lists by x-kubernetes-list-type (merge/set_test.go, key_test.go, schemaconv)', () => {
  it('set: items are merged and owned one by one (v:)', () => {
    const object = run([{ apply: { setList: ['a', 'b'] }, manager: 'one' }, { apply: { setList: ['c'] }, manager: 'two' }]);
    expect(object.setList).toEqual(['a', 'b', 'c']);
    expect(owners(object)).toEqual({ 'Apply:one': { 'f:setList': { 'v:"a"': {}, 'v:"b"': {} } }, 'Apply:two': { 'f:setList': { 'v:"c"': {} } } });
  });

  it('set: an item the applier drops is removed', () => {
    const object = run([{ apply: { setList: ['a', 'b'] }, manager: 'one' }, { apply: { setList: ['c'] }, manager: 'two' }, { apply: { setList: ['a'] }, manager: 'one' }]);
    expect(object.setList).toEqual(['a', 'c']);
  });

  it('atomic (no list type): the list is one field, replacing it is a conflict', () => {
    const error = conflictOf([{ apply: { atomicList: ['a', 'b'] }, manager: 'one' }, { apply: { atomicList: ['c'] }, manager: 'two' }]);
    expect(error.status.message).toBe('Apply failed with 1 conflict: conflict with "one": .atomicList');
  });

  it('atomic, forced: the new list replaces the old one whole', () => {
    const object = run([{ apply: { atomicList: ['a', 'b'] }, manager: 'one' }, { apply: { atomicList: ['c'] }, manager: 'two', force: true }]);
    expect(object.atomicList).toEqual(['c']);
    expect(owners(object)).toEqual({ 'Apply:two': { 'f:atomicList': {} } });
  });

  it('map with two keys: items differing in one key are different items, keyed k:{...} in key-name order', () => {
    const object = run([
      { apply: { mapList: [{ port: 80, name: 'a', value: 'x' }] }, manager: 'one' },
      { apply: { mapList: [{ name: 'a', port: 81, value: 'y' }] }, manager: 'two' },
    ]);
    expect(object.mapList).toEqual([{ port: 80, name: 'a', value: 'x' }, { name: 'a', port: 81, value: 'y' }]);
    expect(owners(object)['Apply:two']).toEqual({ 'f:mapList': { 'k:{"name":"a","port":81}': { '.': {}, 'f:name': {}, 'f:port': {}, 'f:value': {} } } });
  });

  it('map: a key field missing from an item takes its schema default (protocol TCP)', () => {
    const object = run([{ apply: { ports: [{ port: 80 }] }, manager: 'one' }]);
    expect(Object.keys((owners(object)['Apply:one'] as Record<string, object>)['f:ports']!)).toEqual(['k:{"port":80,"protocol":"TCP"}']);
  });

  it('map: fields of the same item from two appliers merge; a different value is a conflict at the field', () => {
    const error = conflictOf([
      { apply: { mapList: [{ name: 'a', port: 1, value: 'x' }] }, manager: 'one' },
      { apply: { mapList: [{ name: 'a', port: 1, value: 'y' }] }, manager: 'two' },
    ]);
    expect(error.status.message).toBe('Apply failed with 1 conflict: conflict with "one": .mapList[name="a",port=1].value');
  });

  it('patch strategy merge with a merge key reads as a map keyed by it', () => {
    const object = run([{ apply: { mergeList: [{ name: 'x', value: '1' }] }, manager: 'one' }, { apply: { mergeList: [{ name: 'y' }] }, manager: 'two' }]);
    expect(object.mergeList).toEqual([{ name: 'x', value: '1' }, { name: 'y' }]);
    expect(owners(object)['Apply:two']).toEqual({ 'f:mergeList': { 'k:{"name":"y"}': { '.': {}, 'f:name': {} } } });
  });

  it('order: items the configuration names follow its order, others keep their place (typed/merge.go)', () => {
    const object = run([
      { apply: { mapList: [{ name: 'x', port: 1 }, { name: 'y', port: 1 }] }, manager: 'one' },
      { apply: { mapList: [{ name: 'z', port: 1 }, { name: 'x', port: 1 }] }, manager: 'two' },
    ]);
    expect((object.mapList as Array<{ name: string }>).map((entry) => entry.name)).toEqual(['z', 'x', 'y']);
  });

  it.each([
    // structured-merge-diff #205 ("new algorithm for structural merge", kube >= 1.23): the
    // configuration's order for shared items, non-overlapping items appended, not prepended.
    ['reordered by the configuration', ['a', 'b'], ['b', 'a'], ['b', 'a']],
    ['a new item is appended', ['a'], ['c'], ['a', 'c']],
    ['live-only items keep their place', ['a', 'b', 'c'], ['c', 'a'], ['b', 'c', 'a']],
    ['all shared, same order', ['a', 'b', 'c'], ['a', 'b', 'c'], ['a', 'b', 'c']],
  ])('order: %s', (_name, live, config, merged) => {
    expect(mergeOrder(live, config).map((step) => step.key)).toEqual(merged);
  });

  it('a live list may repeat a key (#253): repeats the configuration names collapse into its item, others stay', () => {
    const live = thing({ mapList: [{ name: 'a', port: 1, value: 'x' }, { name: 'a', port: 1, value: 'y' }, { name: 'b', port: 1 }] });
    // The repeated item is owned whole (by "before-first-apply" here): collapsing it takes force.
    expect(conflictOf([{ apply: { mapList: [{ name: 'a', port: 1, value: 'z' }] }, manager: 'one' }], live).message).toContain('.mapList[name="a",port=1]');
    const collapsed = run([{ apply: { mapList: [{ name: 'a', port: 1, value: 'z' }] }, manager: 'one', force: true }], live);
    expect(collapsed.mapList).toEqual([{ name: 'a', port: 1, value: 'z' }, { name: 'b', port: 1 }]);
    const kept = run([{ apply: { mapList: [{ name: 'c', port: 1 }] }, manager: 'one' }], live);
    expect((kept.mapList as Array<{ name: string }>).map((entry) => entry.name)).toEqual(['a', 'a', 'b', 'c']);
  });

  it('duplicate keys in a configuration are a 500 naming the list (SMD validation)', () => {
    const error = conflictOf([{ apply: { mapList: [{ name: 'a', port: 1 }, { name: 'a', port: 1 }] }, manager: 'one' }]);
    expect(error.status).toMatchObject({ code: 500, message: 'failed to create typed patch object (/t; example.com/v1, Kind=Thing): .mapList: duplicate entries for key [name="a",port=1]' });
  });
});

describe('maps and structs (merge/nested_test.go, x-kubernetes-map-type)', () => {
  it('a granular map merges entries from several appliers', () => {
    const object = run([{ apply: { granularMap: { a: '1' } }, manager: 'one' }, { apply: { granularMap: { b: '2' } }, manager: 'two' }]);
    expect(object.granularMap).toEqual({ a: '1', b: '2' });
    expect(owners(object)['Apply:two']).toEqual({ 'f:granularMap': { 'f:b': {} } });
  });

  it('an atomic map is one field: another applier\'s different map conflicts', () => {
    const error = conflictOf([{ apply: { atomicMap: { a: '1' } }, manager: 'one' }, { apply: { atomicMap: { b: '2' } }, manager: 'two' }]);
    expect(error.status.message).toBe('Apply failed with 1 conflict: conflict with "one": .atomicMap');
  });

  it('struct fields from several appliers merge; nested structs too', () => {
    const object = run([{ apply: { struct: { a: '1', inner: { c: '3' } } }, manager: 'one' }, { apply: { struct: { b: '2' } }, manager: 'two' }]);
    expect(object.struct).toEqual({ a: '1', inner: { c: '3' }, b: '2' });
    expect(owners(object)['Apply:one']).toEqual({ 'f:struct': { 'f:a': {}, 'f:inner': { 'f:c': {} } } });
  });

  it('a struct the applier stops applying is removed whole (EnsureNamedFieldsAreMembers)', () => {
    const object = run([{ apply: { struct: { inner: { c: '3' } }, string: 's' }, manager: 'one' }, { apply: { string: 's' }, manager: 'one' }]);
    expect(content(object)).toEqual({ string: 's' });
  });

  it('an empty struct in a configuration is owned as a leaf', () => {
    const object = run([{ apply: { struct: {} }, manager: 'one' }]);
    expect(owners(object)).toEqual({ 'Apply:one': { 'f:struct': {} } });
  });
});
