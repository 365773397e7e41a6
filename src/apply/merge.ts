/**
 * Merge (typed/merge.go), the first step of an apply: the applied configuration laid over the
 * live object. Leaves (scalars, atomic lists and maps, containers empty or null on both sides)
 * take the configuration's value; granular maps merge entry by entry; associative lists merge
 * item by item. Nothing is removed here (removal is prune's job), and a null in the
 * configuration does not clear a granular map (SMD quirk: null merges as an empty map).
 * List order: the live order while the configuration reorders nothing, the configuration's order
 * for the items it names otherwise (SMD's shared-order walk).
 */
import { TypedValueError, groupByKey, groupListItems, listItemKeys, type ItemGroup } from './list-items.js';
import { fieldElement, fieldPathText, pathElementText, type FieldPath } from './path-element.js';
import { entryNode, valueTypeOf, type ListType, type ManagedFieldsSchema, type MapType } from './schema-types.js';
import type { SchemaNode } from '../schema/types.js';
import { copyJson, isEmptyContainer, isJsonObject, presentEntries } from './values.js';

/** live.Merge(config) for whole objects. */
export function mergeObjects(live: unknown, config: unknown, schema: ManagedFieldsSchema): unknown {
  return merge(live, config, schema.root, [], schema);
}

/** Undefined means "no output" (the field is left out of its parent). */
function merge(left: unknown, right: unknown, node: SchemaNode | undefined, path: FieldPath, schema: ManagedFieldsSchema): unknown {
  const leftType = left === undefined || left === null ? undefined : valueTypeOf(node, left, schema);
  const rightType = right === undefined || right === null ? undefined : valueTypeOf(node, right, schema);
  // A kind change (deduced fields) takes the configuration's value whole.
  if (leftType && rightType && leftType.kind !== rightType.kind) return copyJson(right);
  const type = rightType ?? leftType ?? valueTypeOf(node, {}, schema);
  if (type.kind === 'scalar' || type.atomic || (isEmptyContainer(left) && isEmptyContainer(right))) {
    return copyJson(right !== undefined ? right : left);
  }
  return type.kind === 'list' ? mergeLists(type, left, right, path, schema) : mergeMaps(type, left, right, path, schema);
}

function mergeMaps(type: MapType, left: unknown, right: unknown, path: FieldPath, schema: ManagedFieldsSchema): unknown {
  const leftMap = isJsonObject(left) ? left : {};
  const rightMap = isJsonObject(right) ? right : {};
  const out: Record<string, unknown> = {};
  const keys = [...presentEntries(leftMap).map(([key]) => key), ...presentEntries(rightMap).map(([key]) => key).filter((key) => leftMap[key] === undefined)];
  for (const key of keys) {
    const merged = merge(leftMap[key], rightMap[key], entryNode(type, key), [...path, fieldElement(key)], schema);
    if (merged !== undefined) out[key] = merged;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The configuration's items by element key; it must not repeat a key ("duplicate entries for key"). */
function configurationItems(type: ListType, list: unknown, path: FieldPath, schema: ManagedFieldsSchema): Map<string, ItemGroup> {
  const pathText = fieldPathText(path);
  const groups = groupListItems(type, Array.isArray(list) ? list : [], schema, pathText);
  for (const { element, items } of groups.values()) {
    if (items.length > 1) throw new TypedValueError(pathText, `duplicate entries for key ${pathElementText(element)}`);
  }
  return groups;
}

/**
 * Merges associative lists item by item, in SMD's order. The live list may repeat a key (kube
 * types stored objects allowing duplicates): repeated items the configuration does not name are
 * kept, one it names becomes the configuration's item alone.
 */
function mergeLists(type: ListType, left: unknown, right: unknown, path: FieldPath, schema: ManagedFieldsSchema): unknown {
  const leftItems = Array.isArray(left) ? left : [];
  const leftKeys = listItemKeys(type, leftItems, schema, fieldPathText(path));
  const lhs = groupByKey(leftKeys, leftItems);
  const rhs = configurationItems(type, right, path, schema);
  const out: unknown[] = [];
  for (const step of mergeOrder(leftKeys.map(({ key }) => key), [...rhs.keys()])) {
    const group = lhs.get(step.key);
    const leftItem = step.leftIndex !== undefined ? leftItems[step.leftIndex] : group?.items.length === 1 ? group.items[0] : undefined;
    const element = (rhs.get(step.key) ?? group)!.element;
    const merged = merge(leftItem, step.leftIndex !== undefined ? undefined : rhs.get(step.key)?.items[0], type.item, [...path, element], schema);
    if (merged !== undefined) out.push(merged);
  }
  return out.length > 0 ? out : undefined;
}

/** One item of the merged list: a live-only item by position, or a configuration item by key. */
interface MergeStep {
  readonly key: string;
  readonly leftIndex?: number;
}

/**
 * SMD's list merge walk (typed/merge.go since structured-merge-diff #205, duplicates since #253):
 * items both sides have follow the configuration's order, live-only items keep their place
 * relative to them, configuration-only items come where the configuration has them.
 */
export function mergeOrder(leftKeys: readonly string[], rightKeys: readonly string[]): MergeStep[] {
  const inLeft = new Set(leftKeys);
  const inRight = new Set(rightKeys);
  const shared = rightKeys.filter((key) => inLeft.has(key));
  const merged = new Set<string>();
  const steps: MergeStep[] = [];
  let nextShared = 0;
  for (let l = 0, r = 0; l < leftKeys.length || r < rightKeys.length; ) {
    const leftKey = leftKeys[l];
    const rightKey = rightKeys[r];
    if (leftKey !== undefined && leftKey === rightKey) {
      steps.push({ key: leftKey });
      merged.add(leftKey);
      l++, r++, nextShared++;
      continue;
    }
    if (leftKey !== undefined && rightKey !== undefined && inRight.has(leftKey) && shared[nextShared] !== undefined && shared[nextShared] !== leftKey) {
      l++; // a shared item, but not the one due now: it is merged when the configuration reaches it
      continue;
    }
    if (leftKey !== undefined && !inRight.has(leftKey)) {
      steps.push({ key: leftKey, leftIndex: l++ });
      continue;
    }
    if (leftKey !== undefined && merged.has(leftKey)) l++; // a repeat of an item already merged
    if (rightKey !== undefined) {
      steps.push({ key: rightKey });
      merged.add(rightKey);
      if (shared[nextShared] === rightKey) nextShared++;
      r++;
    } else if (leftKey !== undefined && !merged.has(leftKey)) l++; // unreachable for consistent inputs
  }
  return steps;
}
