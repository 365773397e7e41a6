/**
 * Ordering of merged lists (design proposal "preserve order in strategic merge patch"):
 * `$setElementOrder/<field>` > order of the patch list > order of the live list. Items of the
 * patch are sorted by the patch order, server-only items by the live order, then the server-only
 * items are interleaved back where the live list had them (mergeSortedSlice).
 */
import { errBadArgType, errNoMergeKey } from './error-texts.js';
import { deleteDirective, directiveMarker } from './directives.js';
import { sliceStable } from './go-sort.js';
import { goEqual, goHashKey, goTypeOf, type JsonMap } from './go-values.js';
import { findMapInSlice } from './list-elements.js';

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
export function extractToDeleteItems(list: unknown[]): [unknown[], unknown[]] {
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
