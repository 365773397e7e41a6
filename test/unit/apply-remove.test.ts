/**
 * RemoveItems and EnsureNamedFieldsAreMembers (src/apply/remove.ts), the tools of apply's prune,
 * on a custom resource's schema: members are dropped, the walk goes only where the set goes
 * deeper, and SMD's quirk that a container on that walk which ends up empty (or was empty, or is
 * atomic) becomes null. Then the prune as an applier sees it.
 */
import { describe, expect, it } from 'vitest';
import { applyConfiguration, customResourceManagedFieldsSchema } from '../../src/apply/index.js';
import { decodeFieldsV1, encodeFieldsV1, type FieldsV1 } from '../../src/apply/fields-v1.js';
import { ensureNamedFieldsAreMembers, removeItems } from '../../src/apply/remove.js';
import type { KubeObject } from '../../src/apimachinery/object.js';
import type { SchemaNode } from '../../src/schema/types.js';

const item: SchemaNode = {
  type: 'object',
  properties: { name: { type: 'string' }, port: { type: 'integer' }, value: { type: 'string' }, detail: { type: 'object', properties: { x: { type: 'string' }, y: { type: 'string' } } } },
};

const schema = customResourceManagedFieldsSchema({
  type: 'object',
  properties: {
    string: { type: 'string' },
    setList: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
    atomicList: { type: 'array', items: { type: 'string' } },
    mapList: { type: 'array', items: item, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name', 'port'] },
    granularMap: { type: 'object', additionalProperties: { type: 'string' } },
    atomicMap: { type: 'object', additionalProperties: { type: 'string' }, 'x-kubernetes-map-type': 'atomic' },
    struct: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' }, inner: { type: 'object', properties: { c: { type: 'string' } } } } },
  },
});

const remove = (value: Record<string, unknown>, fields: FieldsV1) => removeItems(value, decodeFieldsV1(fields), schema.root, schema);
const a1 = 'k:{"name":"a","port":1}';

describe('removeItems', () => {
  it.each([
    ['a member is dropped, the rest kept as they are', { string: 's', struct: { a: '1' } }, { 'f:string': {} }, { struct: { a: '1' } }],
    ['the walk drops only members deeper down', { struct: { a: '1', b: '2' } }, { 'f:struct': { 'f:a': {} } }, { struct: { b: '2' } }],
    ['a struct emptied by the walk becomes null', { struct: { a: '1', b: '2' }, string: 's' }, { 'f:struct': { 'f:a': {}, 'f:b': {} } }, { struct: null, string: 's' }],
    ['an empty struct on the walk becomes null', { struct: {}, string: 's' }, { 'f:struct': { 'f:a': {} } }, { struct: null, string: 's' }],
    ['a map entry is dropped', { granularMap: { x: '1', y: '2' } }, { 'f:granularMap': { 'f:x': {} } }, { granularMap: { y: '2' } }],
    ['an atomic map on the walk becomes null', { atomicMap: { x: '1', y: '2' } }, { 'f:atomicMap': { 'f:x': {} } }, { atomicMap: null }],
    ['a set item is dropped', { setList: ['x', 'y'] }, { 'f:setList': { 'v:"x"': {} } }, { setList: ['y'] }],
    ['a set emptied by the walk becomes null', { setList: ['x'] }, { 'f:setList': { 'v:"x"': {} } }, { setList: null }],
    ['an empty list on the walk becomes null', { setList: [] }, { 'f:setList': { 'v:"x"': {} } }, { setList: null }],
    ['an atomic list on the walk becomes null', { atomicList: ['x', 'y'] }, { 'f:atomicList': { 'v:"x"': {} } }, { atomicList: null }],
    ['a keyed item is dropped by its key', { mapList: [{ name: 'a', port: 1 }, { name: 'b', port: 2 }] }, { 'f:mapList': { [a1]: {} } }, { mapList: [{ name: 'b', port: 2 }] }],
    ['a field inside a keyed item is dropped', { mapList: [{ name: 'a', port: 1, value: 'v' }] }, { 'f:mapList': { [a1]: { 'f:value': {} } } }, { mapList: [{ name: 'a', port: 1 }] }],
    ['a scalar on the walk is kept as it is', { string: 's' }, { 'f:string': { 'f:x': {} } }, { string: 's' }],
    ['a value of another shape than its schema on the walk becomes null', { struct: 'text', setList: { x: 1 } }, { 'f:struct': { 'f:a': {} }, 'f:setList': { 'v:"x"': {} } }, { struct: null, setList: null }],
  ])('%s', (_name, value, fields, wanted) => {
    expect(remove(value, fields)).toEqual(wanted);
  });

  it('answers null for an object emptied altogether', () => {
    expect(remove({ string: 's' }, { 'f:string': {} })).toBeNull();
  });
});

describe('ensureNamedFieldsAreMembers', () => {
  const ensured = (fields: FieldsV1) => encodeFieldsV1(ensureNamedFieldsAreMembers(decodeFieldsV1(fields), schema.root, schema));

  it.each([
    ['declared struct fields the set reaches into become members', { 'f:struct': { 'f:inner': { 'f:c': {} } } }, { 'f:struct': { '.': {}, 'f:inner': { '.': {}, 'f:c': {} } } }],
    ['so do struct fields inside keyed list items', { 'f:mapList': { [a1]: { 'f:detail': { 'f:x': {} } } } }, { 'f:mapList': { '.': {}, [a1]: { 'f:detail': { '.': {}, 'f:x': {} } } } }],
    ['map entries are not named fields', { 'f:granularMap': { 'f:k': {} } }, { 'f:granularMap': { '.': {}, 'f:k': {} } }],
    ['undeclared fields are not named', { 'f:extra': { 'f:k': {} } }, { 'f:extra': { 'f:k': {} } }],
  ])('%s', (_name, fields, wanted) => {
    expect(ensured(fields)).toEqual(wanted);
  });
});

describe('prune, as an applier sees it', () => {
  const apiVersion = 'example.com/v1';
  const thing = (fields: Record<string, unknown>): KubeObject => ({ apiVersion, kind: 'Thing', metadata: { name: 't' }, ...fields });
  const applied = (...configs: Record<string, unknown>[]) => {
    let live: KubeObject | null = null;
    for (const config of configs) live = applyConfiguration({ live, config: thing(config), manager: 'm', force: false, apiVersion, kind: 'Thing', now: '2024-01-01T00:00:00Z', schema }).object;
    const { metadata: _metadata, apiVersion: _apiVersion, kind: _kind, ...rest } = live!;
    return rest;
  };

  it('removes a struct the applier dropped as a whole', () => {
    expect(applied({ struct: { a: '1', inner: { c: 'x' } } }, { struct: { a: '1' } })).toEqual({ struct: { a: '1' } });
  });

  it('removes a struct inside a keyed item the applier dropped as a whole', () => {
    expect(applied({ mapList: [{ name: 'a', port: 1, detail: { x: '1' } }] }, { mapList: [{ name: 'a', port: 1 }] })).toEqual({ mapList: [{ name: 'a', port: 1 }] });
  });

  it('removes the keyed items and set items the applier dropped, keeping the rest in order', () => {
    expect(applied(
      { mapList: [{ name: 'a', port: 1 }, { name: 'b', port: 2 }], setList: ['x', 'y', 'z'] },
      { mapList: [{ name: 'b', port: 2 }], setList: ['x', 'z'] },
    )).toEqual({ mapList: [{ name: 'b', port: 2 }], setList: ['x', 'z'] });
  });
});
