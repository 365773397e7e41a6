// Strategic merge patch against kube's own test table: strategicpatch/patch_test.go (v1.32),
// applied to kube's MergeItem test struct. Each case is named after kube's test case (with
// /TwoWay: original + twoWay patch, /ThreeWay: current + threeWay patch) and applies the patch
// exactly as written there; results are compared with list order (toEqual ignores key order).
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../src/apimachinery/yaml.js';
import { StrategicMergePatchError, applyStrategicMergePatch, schemaLookupFromNode, type SchemaLookup } from '../../src/patch/strategic/index.js';
import type { SchemaNode } from '../../src/schema/types.js';

const mergeItemRef = { $ref: 'test.MergeItem' };

/** kube's MergeItem and RetainKeysMergeItem, their struct tags as OpenAPI extensions. */
const mergeItemSchemas: Record<string, SchemaNode> = {
  'test.MergeItem': {
    type: 'object',
    properties: {
      name: { type: 'string' },
      value: { type: 'string' },
      other: { type: 'string' },
      mergingList: { type: 'array', items: mergeItemRef, 'x-kubernetes-patch-strategy': 'merge', 'x-kubernetes-patch-merge-key': 'name' },
      nonMergingList: { type: 'array', items: mergeItemRef },
      mergingIntList: { type: 'array', items: { type: 'integer', format: 'int32' }, 'x-kubernetes-patch-strategy': 'merge' },
      nonMergingIntList: { type: 'array', items: { type: 'integer', format: 'int32' } },
      // *MergeItem with patchStrategy merge: a list sent here merges like a merging list.
      mergeItemPtr: { $ref: 'test.MergeItem', 'x-kubernetes-patch-strategy': 'merge', 'x-kubernetes-patch-merge-key': 'name' },
      simpleMap: { type: 'object', additionalProperties: { type: 'string' } },
      replacingItem: { $ref: 'io.k8s.apimachinery.pkg.runtime.RawExtension', 'x-kubernetes-patch-strategy': 'replace' },
      retainKeysMap: { $ref: 'test.RetainKeysMergeItem', 'x-kubernetes-patch-strategy': 'retainKeys' },
      retainKeysMergingList: {
        type: 'array', items: mergeItemRef, 'x-kubernetes-patch-strategy': 'merge,retainKeys', 'x-kubernetes-patch-merge-key': 'name',
      },
    },
  },
  'test.RetainKeysMergeItem': {
    type: 'object',
    properties: {
      name: { type: 'string' },
      value: { type: 'string' },
      other: { type: 'string' },
      simpleMap: { type: 'object', additionalProperties: { type: 'string' } },
      mergingIntList: { type: 'array', items: { type: 'integer', format: 'int32' }, 'x-kubernetes-patch-strategy': 'merge' },
      mergingList: { type: 'array', items: mergeItemRef, 'x-kubernetes-patch-strategy': 'merge', 'x-kubernetes-patch-merge-key': 'name' },
      nonMergingList: { type: 'array', items: mergeItemRef },
    },
  },
  'io.k8s.apimachinery.pkg.runtime.RawExtension': { type: 'object' },
};

const mergeItemSchema: SchemaLookup = schemaLookupFromNode(mergeItemRef, (name) => mergeItemSchemas[name]);

/** A YAML block indented in this source, parsed as kube's tests do (sigs.k8s.io/yaml, YAML 1.1). */
function yaml(text: string): unknown {
  const lines = text.replace(/^\n/, '').split('\n');
  const indent = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => line.length - line.trimStart().length));
  return parseYaml(lines.map((line) => line.slice(indent)).join('\n')) ?? {};
}

interface KubeCase {
  name: string;
  original: string;
  patch: string;
  result: string;
}

function apply(original: string, patch: string): unknown {
  return applyStrategicMergePatch(yaml(original), yaml(patch), mergeItemSchema);
}

const customCases: KubeCase[] = [
  // rule: a primitive list with patch strategy merge becomes the union of both lists, without duplicates.
  { name: 'custom: unique scalars when merging lists', original: 'mergingIntList: [1, 2]', patch: 'mergingIntList: [2, 3]', result: 'mergingIntList: [1, 2, 3]' },
  // rule: `$patch: delete` in a map patch empties the map (the field stays, as {}).
  {
    name: 'custom: delete map from nested map',
    original: 'simpleMap: {key1: 1, key2: 1}', patch: 'simpleMap: {$patch: delete}', result: 'simpleMap: {}',
  },
  // rule: a `$patch: replace` item makes the other patch items the whole list.
  { name: 'custom: delete all items from merging list', original: 'mergingList: [{name: 1}, {name: 2}]', patch: 'mergingList: [{$patch: replace}]', result: 'mergingList: []' },
  // rule: two empty lists merge to the original empty list.
  { name: 'custom: merge empty merging lists', original: 'mergingList: []', patch: 'mergingList: []', result: 'mergingList: []' },
  // rule: `$patch: replace` at the top of a map patch replaces the whole map with the rest of the patch.
  { name: 'custom: delete all keys from map', original: '{name: 1, value: 1}', patch: '{$patch: replace}', result: '{}' },
  // rule: `$patch: replace` keeps the other fields of the patch map.
  { name: 'custom: add key and delete all keys from map', original: '{name: 1, value: 1}', patch: '{other: a, $patch: replace}', result: '{other: a}' },
  // rule: `$patch: delete` on a list item removes every item with that merge key value.
  {
    name: 'custom: delete all duplicate entries in a merging list',
    original: `
      mergingList:
        - name: 1
        - name: 1
        - name: 2
          value: a
        - name: 3
        - name: 3`,
    patch: `
      mergingList:
        - {name: 1, $patch: delete}
        - {name: 3, $patch: delete}`,
    result: 'mergingList: [{name: 2, value: a}]',
  },
  // rule: a retainKeys field merges like any map when the patch has no `$retainKeys`.
  { name: 'custom: retainKeys map can add a field when no retainKeys directive present', original: 'retainKeysMap: {name: foo}', patch: 'retainKeysMap: {value: bar}', result: 'retainKeysMap: {name: foo, value: bar}' },
  // rule: null deletes a field, also in a retainKeys map.
  {
    name: 'custom: retainKeys map can delete a field when no retainKeys directive present',
    original: 'retainKeysMap: {name: foo, value: a}', patch: 'retainKeysMap: {value: null}', result: 'retainKeysMap: {name: foo}',
  },
  // rule: a merge,retainKeys list merges items by merge key when no `$retainKeys` is sent.
  {
    name: 'custom: retainKeys list can add a field when no retainKeys directive present',
    original: 'retainKeysMergingList: [{name: bar}, {name: foo}]',
    patch: 'retainKeysMergingList: [{name: foo, value: a}]',
    result: 'retainKeysMergingList: [{name: bar}, {name: foo, value: a}]',
  },
  // rule: merged lists take the order of the patch list for the items it names.
  {
    name: 'custom: preserve the order from the patch in a merging list',
    original: 'mergingList: [{name: 1}, {name: 2, value: b}, {name: 3}]',
    patch: 'mergingList: [{name: 3, value: c}, {name: 1, value: a}, {name: 2, other: x}]',
    result: 'mergingList: [{name: 3, value: c}, {name: 1, value: a}, {name: 2, value: b, other: x}]',
  },
  // rule: server-only items keep their place relative to the live list (before an item that followed them).
  {
    name: 'custom: preserve the order from the patch in a merging list 2',
    original: 'mergingList: [{name: 1}, {name: 2, value: b}, {name: 3}]',
    patch: 'mergingList: [{name: 3, value: c}, {name: 1, value: a}]',
    result: 'mergingList: [{name: 2, value: b}, {name: 3, value: c}, {name: 1, value: a}]',
  },
  // rule: a primitive merge list takes the patch order.
  { name: 'custom: preserve the order from the patch in a merging int list', original: 'mergingIntList: [1, 2, 3]', patch: 'mergingIntList: [3, 1, 2]', result: 'mergingIntList: [3, 1, 2]' },
  // rule: server-only primitives are interleaved back where the live list had them.
  { name: 'custom: preserve the order from the patch in a merging int list (2)', original: 'mergingIntList: [1, 2, 3]', patch: 'mergingIntList: [3, 1]', result: 'mergingIntList: [2, 3, 1]' },
  // rule: `$setElementOrder` may name items the list does not have; only existing items are ordered.
  {
    name: 'custom raw: $setElementOrder contains item that is not present in the list to be merged',
    original: 'mergingList: [{name: 1}, {name: 3}]',
    patch: `
      $setElementOrder/mergingList: [{name: 3}, {name: 2}, {name: 1}]
      mergingList: [{name: 3, value: 3}, {name: 1, value: 1}]`,
    result: 'mergingList: [{name: 3, value: 3}, {name: 1, value: 1}]',
  },
  // rule: `$setElementOrder` alone reorders a primitive list.
  {
    name: 'custom raw: $setElementOrder contains item that is not present in the int list to be merged',
    original: 'mergingIntList: [1, 3]', patch: '$setElementOrder/mergingIntList: [3, 2, 1]', result: 'mergingIntList: [3, 1]',
  },
  // rule: `$deleteFromPrimitiveList` of an absent value changes nothing.
  {
    name: 'custom raw: $deleteFromPrimitiveList of nonexistent item in primitive list should not add the item to the list',
    original: 'mergingIntList: [1, 2]', patch: '$deleteFromPrimitiveList/mergingIntList: [3]', result: 'mergingIntList: [1, 2]',
  },
  // rule: `$deleteFromPrimitiveList` never adds anything, even to a null list.
  {
    name: 'custom raw: $deleteFromPrimitiveList on empty primitive list should not add the item to the list',
    original: 'mergingIntList:', patch: '$deleteFromPrimitiveList/mergingIntList: [3]', result: 'mergingIntList:',
  },
  // rule: `$deleteFromPrimitiveList` on a field the original lacks does not create it.
  {
    name: 'custom raw: $deleteFromPrimitiveList on nonexistent primitive list should not add the primitive list',
    original: 'foo: [bar]', patch: '$deleteFromPrimitiveList/mergingIntList: [3]', result: 'foo: [bar]',
  },
  // rule: `$deleteFromPrimitiveList` removes the listed values from a merge list.
  {
    name: 'custom raw: $deleteFromPrimitiveList should delete item from a list with merge patch strategy',
    original: 'mergingIntList: [1, 2, 3]', patch: '$deleteFromPrimitiveList/mergingIntList: [2]', result: 'mergingIntList: [1, 3]',
  },
  // rule: `$deleteFromPrimitiveList` deletes whatever the field's strategy (kube #110472).
  {
    name: 'custom raw: $deleteFromPrimitiveList should delete item from a list without merge patch strategy',
    original: 'nonMergingIntList: [1, 2, 3]', patch: '$deleteFromPrimitiveList/nonMergingIntList: [2]', result: 'nonMergingIntList: [1, 3]',
  },
];

const createCases: KubeCase[] = [
  // rule: fields absent from the original are added, the others kept.
  { name: 'create: nil original/ThreeWay', original: '{name: 1, other: a}', patch: '{value: 1}', result: '{name: 1, value: 1, other: a}' },
  // rule: null deletes a field.
  { name: 'create: add field and delete field from map/TwoWay', original: '{name: 1}', patch: '{name: null, value: 1}', result: '{value: 1}' },
  // rule: maps merge recursively; null deletes a nested field.
  {
    name: 'create: delete field from nested map/ThreeWay',
    original: 'simpleMap: {key1: 1, key2: 1, other: a}', patch: 'simpleMap: {key2: null}', result: 'simpleMap: {key1: 1, other: a}',
  },
  // rule: a list without patch strategy is replaced.
  { name: 'create: replace list of scalars/TwoWay', original: 'nonMergingIntList: [1, 2]', patch: 'nonMergingIntList: [2, 3]', result: 'nonMergingIntList: [2, 3]' },
  // rule: deleting every item by merge key leaves an empty list.
  {
    name: 'create: delete all maps from merging list with conflict/ThreeWay',
    original: 'mergingList: [{name: 1, other: a}, {name: 2, other: b}]',
    patch: 'mergingList: [{name: 1, $patch: delete}, {name: 2, $patch: delete}]',
    result: 'mergingList: []',
  },
  // rule: deleting items from an empty list is no error.
  {
    name: 'create: delete all maps from empty merging list/ThreeWay',
    original: 'mergingList: []', patch: 'mergingList: [{name: 1, $patch: delete}, {name: 2, $patch: delete}]', result: 'mergingList: []',
  },
  // rule: a null for a field the original lacks is dropped (IgnoreUnmatchedNulls).
  {
    name: 'create: defined null values should propagate overwrite current fields (with conflict)/TwoWay',
    original: '{name: 2}', patch: '{name: 1, value: 1, other: null}', result: '{name: 1, value: 1}',
  },
  // rule: a retainKeys field the patch does not touch is left alone.
  {
    name: 'create: retainKeys map with no change should not be present/ThreeWay',
    original: '{name: a, other: c, retainKeysMap: {name: foo}}', patch: '{value: b}', result: '{name: a, value: b, other: c, retainKeysMap: {name: foo}}',
  },
];

const rawCases: KubeCase[] = [
  // rule: a list the original lacks is taken without the items carrying `$patch` (kube #117568).
  {
    name: 'raw: nested patch merge with empty list/TwoWay',
    original: 'name: hi',
    patch: 'mergingList: [{name: hello}, {$patch: delete, name: doesntexist}]',
    result: '{name: hi, mergingList: [{name: hello}]}',
  },
  // rule: `$setElementOrder` may list deleted items; server-only items go after the ordered ones.
  {
    name: 'raw: nested patch merge with empty list/ThreeWay',
    original: '{name: hi, mergingList: [{name: hello2}]}',
    patch: `
      $setElementOrder/mergingList: [{name: hello}, {name: doesntexist}]
      mergingList: [{name: hello}]`,
    result: '{name: hi, mergingList: [{name: hello}, {name: hello2}]}',
  },
  // rule: `$deleteFromPrimitiveList` with `$setElementOrder` keeps server-only values.
  {
    name: 'raw: delete items in lists of scalars/ThreeWay',
    original: 'mergingIntList: [1, 2, 3, 4]',
    patch: `
      $setElementOrder/mergingIntList: [1, 2]
      $deleteFromPrimitiveList/mergingIntList: [3]`,
    result: 'mergingIntList: [1, 2, 4]',
  },
  // rule: additions, deletions and order of a primitive list in one patch.
  {
    name: 'raw: add and delete items in lists of scalars/TwoWay',
    original: 'mergingIntList: [1, 2, 3]',
    patch: `
      $setElementOrder/mergingIntList: [1, 2, 4]
      $deleteFromPrimitiveList/mergingIntList: [3]
      mergingIntList: [4]`,
    result: 'mergingIntList: [1, 2, 4]',
  },
  // rule: new items are placed by `$setElementOrder`, existing items keep server-side fields.
  {
    name: 'raw: merge lists of maps/ThreeWay',
    original: 'mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}]',
    patch: `
      $setElementOrder/mergingList: [{name: 4}, {name: 1}, {name: 2}, {name: 3}]
      mergingList: [{name: 4, value: 4}, {name: 3, value: 3}]`,
    result: 'mergingList: [{name: 4, value: 4}, {name: 1, other: a}, {name: 2, value: 2, other: b}, {name: 3, value: 3}]',
  },
  // rule: items merge by merge key; unknown keys are appended; server-only items stay after.
  {
    name: 'raw: add field to map in merging list with conflict/ThreeWay',
    original: 'mergingList: [{name: 1, other: a}, {name: 3, value: 2, other: b}]',
    patch: `
      $setElementOrder/mergingList: [{name: 1}, {name: 2}]
      mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]`,
    result: 'mergingList: [{name: 1, value: 1, other: a}, {name: 2, value: 2}, {name: 3, value: 2, other: b}]',
  },
  // rule: `$patch: delete` removes the item with that merge key.
  {
    name: 'raw: delete map from merging list/ThreeWay',
    original: 'mergingList: [{name: 1}, {name: 2, other: b}]',
    patch: `
      $setElementOrder/mergingList: [{name: 2}]
      mergingList: [{name: 1, $patch: delete}]`,
    result: 'mergingList: [{name: 2, other: b}]',
  },
  // rule: deleting a missing item is no error; an item named only by its merge key is added.
  {
    name: 'raw: delete missing map from merging list with conflict/ThreeWay',
    original: 'mergingList: [{name: 3, other: a}]',
    patch: `
      $setElementOrder/mergingList: [{name: 2}]
      mergingList: [{name: 2}, {name: 1, $patch: delete}]`,
    result: 'mergingList: [{name: 2}, {name: 3, other: a}]',
  },
  // rule: server-only items are interleaved where the live list had them.
  {
    name: 'raw: add map and delete map from merging list/ThreeWay',
    original: 'mergingList: [{name: 1}, {name: 2, other: b}, {name: 4, other: c}]',
    patch: `
      $setElementOrder/mergingList: [{name: 2}, {name: 3}]
      mergingList: [{name: 3}, {name: 1, $patch: delete}]`,
    result: 'mergingList: [{name: 2, other: b}, {name: 4, other: c}, {name: 3}]',
  },
  // rule: with nothing to compare against, server-only items come first (mergeSortedSlice).
  {
    name: 'raw: add map and delete map from merging list with conflict/ThreeWay',
    original: 'mergingList: [{name: 1, other: a}, {name: 4, other: c}]',
    patch: `
      $setElementOrder/mergingList: [{name: 2}, {name: 3}]
      mergingList: [{name: 2}, {name: 3}, {name: 1, $patch: delete}]`,
    result: 'mergingList: [{name: 4, other: c}, {name: 2}, {name: 3}]',
  },
  // rule: null deletes a field inside a merged list item; a missing item is added.
  {
    name: 'raw: delete missing field from map in merging list with conflict/ThreeWay',
    original: 'mergingList: [{name: 1, other: a}, {name: 2, other: b}]',
    patch: `
      $setElementOrder/mergingList: [{name: 1}, {name: 2}]
      mergingList: [{name: 1, value: null}, {name: 2, value: 2}]`,
    result: 'mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}]',
  },
  // rule: a list without strategy inside a merged item is replaced.
  {
    name: 'raw: replace non merging list nested in merging list/ThreeWay',
    original: `
      mergingList:
        - name: 1
          other: a
          nonMergingList: [{name: 1}, {name: 2, value: 2}]
        - name: 2
          other: b`,
    patch: `
      $setElementOrder/mergingList: [{name: 1}, {name: 2}]
      mergingList:
        - name: 1
          nonMergingList: [{name: 1, value: 1}]`,
    result: `
      mergingList:
        - name: 1
          other: a
          nonMergingList: [{name: 1, value: 1}]
        - name: 2
          other: b`,
  },
  // rule: nested merge keys: a merging list inside a merged item merges, with its own `$setElementOrder`.
  {
    name: 'raw: add field to map in merging list nested in merging list/ThreeWay',
    original: `
      mergingList:
        - name: 1
          other: a
          mergingList: [{name: 1}, {name: 2, value: 2}]
        - name: 2
          other: b`,
    patch: `
      $setElementOrder/mergingList: [{name: 1}, {name: 2}]
      mergingList:
        - $setElementOrder/mergingList: [{name: 1}, {name: 2}]
          name: 1
          mergingList: [{name: 1, value: 1}]`,
    result: `
      mergingList:
        - name: 1
          other: a
          mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]
        - name: 2
          other: b`,
  },
  // rule: the nested `$setElementOrder` puts a re-added item after the existing one.
  {
    name: 'raw: add field to map in merging list nested in merging list with deletion conflict (2)/ThreeWay',
    original: `
      mergingList:
        - name: 1
          other: a
          mergingList: [{name: 2, value: 2, other: d}]
        - name: 2
          other: b`,
    patch: `
      $setElementOrder/mergingList: [{name: 1}, {name: 2}]
      mergingList:
        - $setElementOrder/mergingList: [{name: 2}, {name: 1}]
          name: 1
          mergingList: [{name: 1, value: 1}]`,
    result: `
      mergingList:
        - name: 1
          other: a
          mergingList: [{name: 2, value: 2, other: d}, {name: 1, value: 1}]
        - name: 2
          other: b`,
  },
  // rule: a pointer-to-struct field with strategy merge merges a list like a merging list.
  {
    name: 'raw: add map to merging list by pointer/ThreeWay',
    original: 'mergeItemPtr: [{name: 1, other: a}, {name: 3}]',
    patch: `
      $setElementOrder/mergeItemPtr: [{name: 1}, {name: 2}]
      mergeItemPtr: [{name: 2}]`,
    result: 'mergeItemPtr: [{name: 1, other: a}, {name: 2}, {name: 3}]',
  },
  // rule: primitive union placed by `$setElementOrder`, server-only values after.
  {
    name: 'raw: merge lists of scalars/ThreeWay',
    original: 'mergingIntList: [1, 2, 4]',
    patch: `
      $setElementOrder/mergingIntList: [1, 2, 3]
      mergingIntList: [3]`,
    result: 'mergingIntList: [1, 2, 3, 4]',
  },
  // rule: a server-only primitive stays between the items it sat between.
  {
    name: 'raw: add an item in a list of primitives and preserve order/ThreeWay',
    original: 'mergingIntList: [1, 4, 2]',
    patch: `
      $setElementOrder/mergingIntList: [3, 1, 2]
      mergingIntList: [3]`,
    result: 'mergingIntList: [3, 1, 4, 2]',
  },
  // rule: deletion and reordering of a list of maps.
  {
    name: 'raw: delete an item in a list and preserve order/ThreeWay',
    original: 'mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}, {name: 3, value: 3}]',
    patch: `
      $setElementOrder/mergingList: [{name: 2}, {name: 1}]
      mergingList: [{name: 3, $patch: delete}]`,
    result: 'mergingList: [{name: 2, value: 2, other: b}, {name: 1, other: a}]',
  },
  // rule: `$setElementOrder` alone reorders; server-only items follow the item they followed live.
  {
    name: 'raw: set elements order in a list with server-only items 3/ThreeWay',
    original: `
      mergingList:
        - {name: 1, other: a}
        - {name: 2, value: 2}
        - {name: 7}
        - {name: 9}
        - {name: 8}
        - {name: 3, value: 3}
        - {name: 4, value: 4}`,
    patch: '$setElementOrder/mergingList: [{name: 2}, {name: 1}, {name: 4}, {name: 3}]',
    result: `
      mergingList:
        - {name: 2, value: 2}
        - {name: 1, other: a}
        - {name: 7}
        - {name: 9}
        - {name: 8}
        - {name: 4, value: 4}
        - {name: 3, value: 3}`,
  },
  // rule: the same interleaving for primitives.
  {
    name: 'raw: set elements order in a int list with server-only items 2/ThreeWay',
    original: 'mergingIntList: [1, 2, 9, 3, 4]', patch: '$setElementOrder/mergingIntList: [2, 1, 4, 3]', result: 'mergingIntList: [2, 1, 9, 4, 3]',
  },
  // rule: duplicates of a merge key sort together (kube documents this as the behaviour, not a goal).
  {
    name: 'raw: behavior of set element order for a merging list with duplicate/TwoWay',
    original: 'mergingList: [{name: 1}, {name: 2, value: dup1}, {name: 3}, {name: 2, value: dup2}, {name: 4}]',
    patch: '$setElementOrder/mergingList: [{name: 2}, {name: 1}, {name: 4}, {name: 3}, {name: 2}]',
    result: 'mergingList: [{name: 2, value: dup1}, {name: 2, value: dup2}, {name: 1}, {name: 4}, {name: 3}]',
  },
  // rule: the same for duplicate primitives.
  {
    name: 'raw: behavior of set element order for a merging int list with duplicate/TwoWay',
    original: 'mergingIntList: [1, 2, 3, 2, 4]', patch: '$setElementOrder/mergingIntList: [2, 1, 4, 3, 2]', result: 'mergingIntList: [2, 2, 1, 4, 3]',
  },
];

const retainKeysCases: KubeCase[] = [
  // rule: `$retainKeys` clears every original field it does not list (a discriminated union switches member).
  {
    name: 'raw: retainKeys map should clear defaulted field with conflict (discriminated union)/ThreeWay',
    original: 'retainKeysMap: {name: type1, value: foo}',
    patch: 'retainKeysMap: {$retainKeys: [name, other], name: type2, other: bar}',
    result: 'retainKeysMap: {name: type2, other: bar}',
  },
  // rule: `$retainKeys` with a null field: the field is deleted and unlisted fields cleared.
  {
    name: 'raw: retainKeys map deletes a field and clears a field/ThreeWay',
    original: 'retainKeysMap: {name: foo, value: bar, other: a}',
    patch: 'retainKeysMap: {$retainKeys: [name], value: null}',
    result: 'retainKeysMap: {name: foo}',
  },
  // rule: `$retainKeys` alone only clears.
  {
    name: 'raw: retainKeys map clears a field/ThreeWay',
    original: 'retainKeysMap: {name: foo, value: bar, other: a}',
    patch: 'retainKeysMap: {$retainKeys: [name, value]}',
    result: 'retainKeysMap: {name: foo, value: bar}',
  },
  // rule: `$retainKeys` lets the directives of listed lists through: union, deletion and order.
  {
    name: 'raw: retainKeys map adds an item and deletes an item in nested merging int list/ThreeWay',
    original: 'retainKeysMap: {name: foo, mergingIntList: [1, 2, 3, 4]}',
    patch: `
      retainKeysMap:
        $retainKeys: [mergingIntList, name]
        mergingIntList: [5]
        $deleteFromPrimitiveList/mergingIntList: [2]
        $setElementOrder/mergingIntList: [1, 3, 5]`,
    result: 'retainKeysMap: {name: foo, mergingIntList: [1, 3, 5, 4]}',
  },
  // rule: `$retainKeys` with an item deletion inside a listed merging list.
  {
    name: 'raw: retainKeys map deletes an item in nested merging list/ThreeWay',
    original: 'retainKeysMap: {name: foo, mergingList: [{name: a}, {name: b}, {name: x}]}',
    patch: `
      retainKeysMap:
        $retainKeys: [mergingList, name]
        $setElementOrder/mergingList: [{name: a}]
        mergingList: [{name: b, $patch: delete}]`,
    result: 'retainKeysMap: {name: foo, mergingList: [{name: a}, {name: x}]}',
  },
  // rule: `$retainKeys` inside an item of a merge,retainKeys list clears that item's other fields.
  {
    name: 'raw: retainKeys list of maps clears a field/ThreeWay',
    original: 'retainKeysMergingList: [{name: bar}, {name: foo, value: a, other: x}]',
    patch: `
      $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
      retainKeysMergingList:
        - $retainKeys: [name, value]
          name: foo`,
    result: 'retainKeysMergingList: [{name: bar}, {name: foo, value: a}]',
  },
  // rule: several `$setElementOrder` lists in one map are independent.
  {
    name: 'raw: delete and reorder in one list, reorder in another/TwoWay',
    original: `
      mergingList: [{name: a, value: a}, {name: b, value: b}]
      mergeItemPtr: [{name: c, value: c}, {name: d, value: d}]`,
    patch: `
      $setElementOrder/mergingList: [{name: b}]
      $setElementOrder/mergeItemPtr: [{name: d}, {name: c}]
      mergingList: [{$patch: delete, name: a}]`,
    result: `
      mergingList: [{name: b, value: b}]
      mergeItemPtr: [{name: d, value: d}, {name: c, value: c}]`,
  },
  // rule: a field with strategy replace takes the patch map whole; a merging list still merges.
  {
    name: 'TestReplaceWithRawExtension: replace RawExtension field and merge list/ThreeWay',
    original: `
      name: my-object
      value: some-value
      other: current-other
      mergingList: [{name: 1}, {name: 3}]
      replacingItem: {Some: Generic, Yaml: Inside, The: RawExtension, Field: Period}`,
    patch: `
      $setElementOrder/mergingList: [{name: 1}, {name: 2}]
      mergingList: [{name: 2}]
      replacingItem: {Newly: Modified, Yaml: Inside, The: RawExtension}`,
    result: `
      name: my-object
      value: some-value
      other: current-other
      mergingList: [{name: 1}, {name: 2}, {name: 3}]
      replacingItem: {Newly: Modified, Yaml: Inside, The: RawExtension}`,
  },
];

const unknownFieldCases: KubeCase[] = [
  // rule: a value for a field the original lacks is taken without its null fields (kube #107705).
  {
    name: 'TestUnknownField: discard nulls in nested and adds not nulls',
    original: '{array: [1, 2, 3], complex: {nested: true}, name: foo, scalar: true}',
    patch: '{complex_nullable: {key: {keynotnull: value, keynull: null}}}',
    result: '{array: [1, 2, 3], complex: {nested: true}, complex_nullable: {key: {keynotnull: value}}, name: foo, scalar: true}',
  },
  // rule: nulls are discarded inside list items too, leaving empty maps.
  {
    name: 'TestUnknownField: filter if slice is all empty',
    original: '{}', patch: '{complex_nullable: [{inner_one: {key_one: null, key_two: null}}]}', result: '{complex_nullable: [{inner_one: {}}]}',
  },
  // rule: nulls that are list elements stay.
  {
    name: 'TestUnknownField: not filter nulls from non-associative slice',
    original: '{}', patch: '{complex_nullable: [key1, null, key2]}', result: '{complex_nullable: [key1, null, key2]}',
  },
  // rule: nulls already in the original are kept.
  {
    name: 'TestUnknownField: nested null values in original are preserved',
    original: '{complex: {key: null}, thing: null}', patch: '{nested: {value: 5}}', result: '{complex: {key: null}, nested: {value: 5}, thing: null}',
  },
  // rule: null deletes fields the original has, also unknown ones (scalars need no schema).
  {
    name: 'TestUnknownField: removed only/ThreeWay',
    original: '{name: foo, scalar: true, complex: {nested: true}, array: [1, 2, 3]}', patch: '{complex: null, scalar: null}', result: '{array: [1, 2, 3], name: foo}',
  },
];

describe('strategic merge patch: kube patch_test.go cases', () => {
  it.each([...customCases, ...createCases, ...rawCases, ...retainKeysCases, ...unknownFieldCases])('$name', ({ original, patch, result }) => {
    expect(apply(original, patch)).toEqual(yaml(result));
  });

  it('counts at least 40 kube cases', () => {
    expect(customCases.length + createCases.length + rawCases.length + retainKeysCases.length + unknownFieldCases.length).toBeGreaterThanOrEqual(40);
  });

  it('modifies neither argument', () => {
    const original = yaml('mergingList: [{name: 1, value: a}, {name: 2}]');
    const patch = yaml('{$setElementOrder/mergingList: [{name: 2}, {name: 1}], mergingList: [{name: 1, $patch: delete}], other: null}');
    const [originalText, patchText] = [JSON.stringify(original), JSON.stringify(patch)];
    applyStrategicMergePatch(original, patch, mergeItemSchema);
    expect([JSON.stringify(original), JSON.stringify(patch)]).toEqual([originalText, patchText]);
  });
});

interface KubeErrorCase {
  name: string;
  original: string;
  patch: string;
  message: string;
  code: 400 | 422 | 500;
}

const errorCases: KubeErrorCase[] = [
  // rule: the patch list must follow the relative order of `$setElementOrder` (plain error: 500).
  {
    name: 'custom raw: should check if order in $setElementOrder and patch list match',
    original: 'mergingList: [{name: 1}, {name: 3}, {name: 2}]',
    patch: `
      $setElementOrder/mergingList: [{name: 1}, {name: 2}, {name: 3}]
      mergingList: [{name: 3, value: 3}, {name: 1, value: 1}]`,
    message: "The order in patch list:\n[map[name:3 value:3] map[name:1 value:1]]\n doesn't match $setElementOrder list:\n[map[name:1] map[name:2] map[name:3]]\n",
    code: 500,
  },
  // rule: the same check for primitive lists.
  {
    name: 'custom raw: $setElementOrder contains item that is not present in the int list to be merged (order mismatch)',
    original: 'mergingIntList: [1, 3, 2]',
    patch: `
      $setElementOrder/mergingIntList: [1, 2, 3]
      mergingIntList: [3, 1]`,
    message: "The order in patch list:\n[3 1]\n doesn't match $setElementOrder list:\n[1 2 3]\n",
    code: 500,
  },
  // rule: every item of a merging list patch must carry the merge key (plain error: 500).
  {
    name: 'custom raw: missing merge key should error out',
    original: 'mergingList: [{name: 1, value: a}]', patch: 'mergingList: [{value: b}]',
    message: 'map: map[value:b] does not contain declared merge key: name', code: 500,
  },
  // rule: maps merge only through the schema; a map field the struct lacks is an error.
  {
    name: 'TestUnknownField: diff',
    original: '{array: [1, 2, 3], complex: {nested: true}, name: foo, scalar: true}', patch: '{complex: {nested: false}}',
    message: 'unable to find api field in struct MergeItem for the json field "complex"', code: 500,
  },
];

describe('strategic merge patch: kube patch_test.go error cases', () => {
  it.each(errorCases)('$name', ({ original, patch, message, code }) => {
    const error = captureError(() => apply(original, patch));
    expect({ message: error.message, code: error.code }).toEqual({ message, code });
  });
});

function captureError(run: () => unknown): StrategicMergePatchError {
  try {
    run();
  } catch (error) {
    if (error instanceof StrategicMergePatchError) return error;
    throw error;
  }
  throw new Error('expected a StrategicMergePatchError');
}
