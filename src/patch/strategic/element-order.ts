/**
 * Ordering of merged lists (design proposal "preserve order in strategic merge patch"):
 * `$setElementOrder/<field>` > order of the patch list > order of the live list. Items of the
 * patch are sorted by the patch order, server-only items by the live order, then the server-only
 * items are interleaved back where the live list had them (mergeSortedSlice).
 */
import { errBadArgType, errNoMergeKey, errOrderDoesNotMatch } from './error-texts.js';
import {
  deleteDirective, directiveMarker, extractKey, extractRetainKeysPatchStrategy, removeDirectives, setElementOrderDirectivePrefix,
} from './directives.js';
import { sliceStable } from './go-sort.js';
import { goEqual, goHashKey, goTypeOf, setField, type JsonMap } from './go-values.js';
import { findMapInSlice, mergeSliceHandler, sliceElementType } from './merge-slice.js';
import type { SchemaLookup } from './schema-lookup.js';

/** Applies every `$setElementOrder/<field>` of `patch`, merging and ordering that field's list. */
export function mergePatchIntoOriginal(original: JsonMap, patch: JsonMap, schema: SchemaLookup): void {
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(setElementOrderDirectivePrefix) || !Object.hasOwn(patch, key)) continue;
    const setElementOrder = patch[key];
    delete patch[key];
    if (!Array.isArray(setElementOrder)) throw errBadArgType('slice', setElementOrder);
    const field = extractKey(key, setElementOrderDirectivePrefix);
    const merged = mergeOrderedField(original, patch, field, setElementOrder, schema);
    if (merged === undefined) continue;
    setField(original, field, merged);
    delete patch[field];
  }
}

/** The merged and ordered list of `field`, or undefined when neither side has the field. */
function mergeOrderedField(original: JsonMap, patch: JsonMap, field: string, setElementOrder: unknown[], schema: SchemaLookup): unknown[] | undefined {
  const originalList = listField(original, field);
  const patchList = listField(patch, field);
  const { schema: elementSchema, patchMeta } = schema.lookupPatchMetadataForSlice(field);
  const { strategy } = extractRetainKeysPatchStrategy(patchMeta.strategies);
  const mergeKey = patchMeta.mergeKey ?? '';
  validatePatchWithSetOrderList(patchList ?? [], setElementOrder, mergeKey);
  if (!originalList && !patchList) return undefined;
  // kube orders by its original slice after the merge wrote into the shared backing array.
  const originalView = [...(originalList ?? [])];
  const merged = !patchList ? originalView
    : !originalList ? (removeDirectives(patchList) as unknown[])
    : mergeSliceHandler(originalList, patchList, elementSchema, strategy, mergeKey, false, originalView);
  const [patchItems, serverOnlyItems] = mergeKey === ''
    ? partitionPrimitivesByPresentInList(merged, setElementOrder)
    : partitionMapsByPresentInList(merged, setElementOrder, mergeKey);
  const mapElements = sliceElementType(originalView, patchList ?? []) === 'map';
  return normalizeElementOrder(patchItems, serverOnlyItems, setElementOrder, originalView, mergeKey, mapElements);
}

/** The list under `field`, undefined when absent; anything else than a list is kube's ErrBadArgType. */
function listField(map: JsonMap, field: string): unknown[] | undefined {
  if (!Object.hasOwn(map, field)) return undefined;
  const value = map[field];
  if (!Array.isArray(value)) throw errBadArgType('slice', value);
  return value;
}

/** The patch list (deletions aside) must follow the relative order of `$setElementOrder`. */
function validatePatchWithSetOrderList(patchList: unknown[], setElementOrder: unknown[], mergeKey: string): void {
  if (setElementOrder.length === 0 || patchList.length === 0) return;
  const nonDeleteList = mergeKey === '' ? patchList : extractToDeleteItems(patchList)[0];
  let patchIndex = 0;
  let orderIndex = 0;
  while (patchIndex < nonDeleteList.length && orderIndex < setElementOrder.length) {
    const item = nonDeleteList[patchIndex];
    if (goTypeOf(item) === 'map' && Object.hasOwn(item as JsonMap, directiveMarker)) {
      patchIndex++;
      continue;
    }
    if (mergeKeyValueEqual(item, setElementOrder[orderIndex], mergeKey)) patchIndex++;
    orderIndex++;
  }
  if (patchIndex < nonDeleteList.length && orderIndex >= setElementOrder.length) throw errOrderDoesNotMatch(patchList, setElementOrder);
}

function mergeKeyValueEqual(left: unknown, right: unknown, mergeKey: string): boolean {
  if (mergeKey === '') return goEqual(left, right);
  const [leftMap, rightMap] = [left, right].map((item) => {
    if (goTypeOf(item) !== 'map') throw errBadArgType('map', item);
    if (!Object.hasOwn(item as JsonMap, mergeKey)) throw errNoMergeKey(item as JsonMap, mergeKey);
    return item as JsonMap;
  }) as [JsonMap, JsonMap];
  return goEqual(leftMap[mergeKey], rightMap[mergeKey]);
}

/** Splits `list` into the items present in `partitionBy` (Go map lookup) and the others. */
export function partitionPrimitivesByPresentInList(list: unknown[], partitionBy: unknown[]): [unknown[], unknown[]] {
  const present = new Set(partitionBy.map(goHashKey));
  return [list.filter((item) => present.has(goHashKey(item))), list.filter((item) => !present.has(goHashKey(item)))];
}

/** Splits maps by whether `partitionBy` has a map with the same merge key value. */
export function partitionMapsByPresentInList(list: unknown[], partitionBy: unknown[], mergeKey: string): [unknown[], unknown[]] {
  const inPatch: unknown[] = [];
  const serverOnly: unknown[] = [];
  for (const item of list) {
    if (goTypeOf(item) !== 'map') throw errBadArgType('map', item);
    const map = item as JsonMap;
    if (!Object.hasOwn(map, mergeKey)) throw errNoMergeKey(map, mergeKey);
    (findMapInSlice(partitionBy, mergeKey, map[mergeKey]) ? inPatch : serverOnly).push(map);
  }
  return [inPatch, serverOnly];
}

/** Sorts patch items by `patchOrder`, server-only items by `serverOrder`, then interleaves them. */
export function normalizeElementOrder(
  patch: unknown[], serverOnly: unknown[], patchOrder: unknown[], serverOrder: unknown[], mergeKey: string, mapElements: boolean,
): unknown[] {
  const sortedPatch = normalizeSliceOrder(patch, patchOrder, mergeKey, mapElements);
  const sortedServerOnly = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, mapElements);
  return mergeSortedSlice(sortedServerOnly, sortedPatch, serverOrder, mergeKey, mapElements);
}

/** Stable-sorts `toSort` by `order` (Go's SliceStable with kube's lenient less); deletions go last. */
function normalizeSliceOrder(toSort: unknown[], order: unknown[], mergeKey: string, mapElements: boolean): unknown[] {
  let items = [...toSort];
  let toDelete: unknown[] = [];
  if (mapElements) {
    validateMergeKeyInLists(mergeKey, toSort, order);
    [items, toDelete] = extractToDeleteItems(toSort);
  }
  sliceStable(items, (i, j) => {
    const left = indexOf(order, items[i], mergeKey, mapElements);
    const right = left >= 0 ? indexOf(order, items[j], mergeKey, mapElements) : -1;
    return left >= 0 && right >= 0 ? left < right : true;
  });
  return [...items, ...toDelete];
}

function validateMergeKeyInLists(mergeKey: string, ...lists: unknown[][]): void {
  for (const item of lists.flat()) {
    if (goTypeOf(item) !== 'map') throw errBadArgType('map', item);
    if (!Object.hasOwn(item as JsonMap, mergeKey)) throw errNoMergeKey(item as JsonMap, mergeKey);
  }
}

/** Splits a list of maps into the items without `$patch: delete` and those with it. */
function extractToDeleteItems(list: unknown[]): [unknown[], unknown[]] {
  const keep: unknown[] = [];
  const toDelete: unknown[] = [];
  for (const item of list) {
    if (goTypeOf(item) !== 'map') throw errBadArgType('map', item);
    const map = item as JsonMap;
    (Object.hasOwn(map, directiveMarker) && map[directiveMarker] === deleteDirective ? toDelete : keep).push(map);
  }
  return [keep, toDelete];
}

/**
 * Merges two sorted lists by best effort: an item of `left` (server-only) goes before the next
 * item of `right` (patch) only when the live list has both and has it first.
 */
function mergeSortedSlice(left: unknown[], right: unknown[], serverOrder: unknown[], mergeKey: string, mapElements: boolean): unknown[] {
  const merged: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (j >= right.length) merged.push(left[i++]);
    else if (i >= left.length) merged.push(right[j++]);
    else {
      const leftIndex = indexOf(serverOrder, left[i], mergeKey, mapElements);
      const rightIndex = indexOf(serverOrder, right[j], mergeKey, mapElements);
      if (leftIndex >= 0 && rightIndex >= 0 && leftIndex < rightIndex) merged.push(left[i++]);
      else merged.push(right[j++]);
    }
  }
  return merged;
}

/** kube's index: position of the item (maps: of its merge key value) in `list`, or -1. */
function indexOf(list: unknown[], item: unknown, mergeKey: string, mapElements: boolean): number {
  const valueOf = (value: unknown): unknown => {
    if (!mapElements) return value;
    return goTypeOf(value) === 'map' ? (value as JsonMap)[mergeKey] ?? null : null;
  };
  const wanted = valueOf(item);
  return list.findIndex((candidate) => goEqual(wanted, valueOf(candidate)));
}
