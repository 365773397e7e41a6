/**
 * Merging lists (kube's mergeSliceHandler / mergeSlice): with patch strategy `merge`, lists of
 * maps merge item by item on the merge key and lists of primitives become the union; any other
 * list is replaced by the patch list as sent. `$deleteFromPrimitiveList` deletes whatever the
 * field's strategy. The result is ordered by normalizeElementOrder (element-order.ts).
 */
import { mergeError } from './errors.js';
import { errNoMergeKey, errBadPatchType } from './error-texts.js';
import { deleteDirective, directiveMarker, mergeDirective, replaceDirective } from './directives.js';
import { normalizeElementOrder, partitionMapsByPresentInList, partitionPrimitivesByPresentInList } from './element-order.js';
import { goEqual, goHashKey, type JsonMap } from './go-values.js';
import { findMapInSlice, sliceElementType } from './list-elements.js';
import { mergeMap } from './merge-map.js';
import type { SchemaLookup } from './schema-lookup.js';

/**
 * Merges `patch` into `original` (both lists) per the field's strategy and merge key.
 * `originalView` stands for the caller's Go slice over the same backing array as `original`:
 * kube deletes items in place (append(original[:i], original[i+1:]...)) and appends new items
 * into the freed slots, and $setElementOrder then orders by that view (see mergeListOfMaps).
 */
export function mergeSliceHandler(
  original: unknown[], patch: unknown[], schema: SchemaLookup, strategy: string, mergeKey: string, isDeleteList: boolean,
  originalView: unknown[] = [...original],
): unknown[] {
  // Delete lists are handled the same way regardless of what the field's patch strategy is.
  if (strategy === mergeDirective || isDeleteList) return mergeSlice(originalView, patch, schema, mergeKey, isDeleteList);
  return patch;
}

function mergeSlice(original: unknown[], patch: unknown[], schema: SchemaLookup, mergeKey: string, isDeleteList: boolean): unknown[] {
  if (original.length === 0 && patch.length === 0) return [...original];
  const mapElements = sliceElementType(original, patch) === 'map';
  let merged: unknown[];
  let serverOrder = [...original];
  if (!mapElements) {
    if (isDeleteList) return deleteFromSlice(original, patch);
    // Not reproduced: with duplicates in the live list, Go's deduplication also rewrites the caller's view.
    merged = deduplicateScalars([...original, ...patch]);
  } else {
    if (mergeKey === '') throw mergeError(`cannot merge lists without merge key for ${schema.name}`);
    ({ merged, serverOrder, patch } = mergeListOfMaps(original, patch, mergeKey, schema));
  }
  // kube partitions by whether a merge key is declared, not by the kind of the elements.
  const [patchItems, serverOnlyItems] = mergeKey === ''
    ? partitionPrimitivesByPresentInList(merged, patch)
    : partitionMapsByPresentInList(merged, patch, mergeKey);
  return normalizeElementOrder(patchItems, serverOnlyItems, patch, serverOrder, mergeKey, mapElements);
}

/**
 * Items carrying `$patch`: `delete` removes every original item with that merge key, `replace`
 * makes the other patch items the whole list (taken as sent), `merge` is refused. The other
 * items merge into the original item with the same merge key, or are appended as sent.
 * `backing` is updated as Go's backing array is (deletions shift it, appends fill the freed slots).
 */
function mergeListOfMaps(backing: unknown[], patch: unknown[], mergeKey: string, schema: SchemaLookup): { merged: unknown[]; serverOrder: unknown[]; patch: unknown[] } {
  let length = backing.length;
  const withoutSpecialElements: unknown[] = [];
  let replace = false;
  for (const item of patch as JsonMap[]) {
    if (!Object.hasOwn(item, directiveMarker)) withoutSpecialElements.push(item);
    else if (item[directiveMarker] === deleteDirective) length = deleteMatchingEntries(backing, length, item, mergeKey);
    else if (item[directiveMarker] === replaceDirective) replace = true; // the other $patch items are still checked
    else if (item[directiveMarker] === mergeDirective) throw mergeError('merging lists cannot yet be specified in the patch');
    else throw errBadPatchType(item[directiveMarker], item);
  }
  if (replace) return { merged: withoutSpecialElements, serverOrder: withoutSpecialElements, patch: [] };
  const serverOrder = backing.slice(0, length);
  return { merged: mergeSliceWithoutSpecialElements(backing, length, withoutSpecialElements, mergeKey, schema), serverOrder, patch: withoutSpecialElements };
}

/** Removes every item whose merge key equals the delete item's, shifting `backing`; answers the new length. */
function deleteMatchingEntries(backing: unknown[], length: number, deleteItem: JsonMap, mergeKey: string): number {
  if (!Object.hasOwn(deleteItem, mergeKey)) throw errNoMergeKey(deleteItem, mergeKey);
  for (let found = findMapInSlice(backing.slice(0, length), mergeKey, deleteItem[mergeKey]); found;
    found = findMapInSlice(backing.slice(0, length), mergeKey, deleteItem[mergeKey])) {
    backing.copyWithin(found.index, found.index + 1, length);
    length--;
  }
  return length;
}

/** Merges each patch item into the original item with the same merge key, or appends it as sent. */
function mergeSliceWithoutSpecialElements(backing: unknown[], length: number, patch: unknown[], mergeKey: string, schema: SchemaLookup): unknown[] {
  const result = backing.slice(0, length);
  for (const item of patch as JsonMap[]) {
    if (!Object.hasOwn(item, mergeKey)) throw errNoMergeKey(item, mergeKey);
    const found = findMapInSlice(result, mergeKey, item[mergeKey]);
    if (found) {
      result[found.index] = mergeMap(found.map, item, schema);
      backing[found.index] = result[found.index];
    } else {
      // A new item keeps its nulls and nested directives: kube appends the patch item as it is.
      if (result.length < backing.length) backing[result.length] = item;
      result.push(item);
    }
  }
  return result;
}

/** The items of `current` not listed in `toDelete` (the parallel list of `$deleteFromPrimitiveList`). */
function deleteFromSlice(current: unknown[], toDelete: unknown[]): unknown[] {
  const deleted = new Set(toDelete.map(goHashKey));
  return current.filter((item) => !deleted.has(goHashKey(item)));
}

/** kube's deduplicateScalars: a later duplicate is overwritten by the last element, so order moves. */
function deduplicateScalars(items: unknown[]): unknown[] {
  let length = items.length - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      if (goEqual(items[i], items[j])) {
        items[j] = items[length];
        items.length = length;
        length--;
        j--;
      }
    }
  }
  return items;
}
