/**
 * Merging maps (kube's mergeMap, server side: MergeParallelList and IgnoreUnmatchedNulls set).
 * Order of work, as in kube: `$patch` on the map, `$retainKeys`, every `$setElementOrder/<field>`
 * (its list merged, then ordered by element-order.ts),
 * then each remaining patch field: null deletes, a field the original lacks (or holds with another
 * type) is taken from the patch without its nulls and directives, maps and lists recurse by the
 * field's patch strategy, scalars replace.
 */
import {
  applyRetainKeysDirective, deleteFromPrimitiveListDirectivePrefix, directiveMarker, discardNullValuesFromPatch,
  extractKey, extractRetainKeysPatchStrategy, handleDirectiveInMergeMap, removeDirectives, replaceDirective, setElementOrderDirectivePrefix,
} from './directives.js';
import { errBadArgType, errNoMergeKey, errOrderDoesNotMatch } from './error-texts.js';
import { extractToDeleteItems, normalizeElementOrder, partitionMapsByPresentInList, partitionPrimitivesByPresentInList } from './element-order.js';
import { goEqual, goTypeOf, setField, type JsonMap } from './go-values.js';
import { sliceElementType } from './list-elements.js';
import { mergeSliceHandler } from './merge-slice.js';
import type { SchemaLookup } from './schema-lookup.js';

/** Merges `patch` into `original` (both mutated) and answers the merged map. */
export function mergeMap(original: JsonMap, patch: JsonMap, schema: SchemaLookup): JsonMap {
  if (Object.hasOwn(patch, directiveMarker)) return handleDirectiveInMergeMap(patch[directiveMarker], patch);
  applyRetainKeysDirective(original, patch);
  mergePatchIntoOriginal(original, patch, schema);
  for (const key of Object.keys(patch)) {
    if (Object.hasOwn(patch, key)) mergeField(original, key, patch[key], schema);
  }
  return original;
}

/** Merges one patch field; `$deleteFromPrimitiveList/<field>` works on `<field>`. */
function mergeField(original: JsonMap, patchKey: string, patchValue: unknown, schema: SchemaLookup): void {
  const isDeleteList = patchKey.startsWith(deleteFromPrimitiveListDirectivePrefix);
  // kube keeps the directive key itself when nothing follows the slash.
  const key = isDeleteList ? extractKey(patchKey, deleteFromPrimitiveListDirectivePrefix) || patchKey : patchKey;
  if (patchValue === null) {
    // Even `$deleteFromPrimitiveList/<field>: null` deletes <field> itself.
    delete original[key];
    return;
  }
  if (!Object.hasOwn(original, key) || goTypeOf(original[key]) !== goTypeOf(patchValue)) {
    if (!isDeleteList) takePatchValue(original, key, patchValue);
    return;
  }
  const type = goTypeOf(patchValue);
  if (type === 'map') setField(original, key, mergeMapField(original[key] as JsonMap, patchValue as JsonMap, key, schema));
  else if (type === 'slice') setField(original, key, mergeSliceField(original[key] as unknown[], patchValue as unknown[], key, isDeleteList, schema));
  else takePatchValue(original, key, patchValue);
}

/** Sets `key` to the patch value without its null fields and directive-carrying maps. */
function takePatchValue(original: JsonMap, key: string, patchValue: unknown): void {
  discardNullValuesFromPatch(patchValue);
  const kept = removeDirectives(patchValue);
  if (kept === undefined) delete original[key];
  else setField(original, key, kept);
}

/** A map field: strategy `replace` takes the patch map as sent, anything else merges. */
function mergeMapField(original: JsonMap, patch: JsonMap, key: string, schema: SchemaLookup): JsonMap {
  const { schema: fieldSchema, patchMeta } = schema.lookupPatchMetadataForStruct(key);
  const { strategy } = extractRetainKeysPatchStrategy(patchMeta.strategies);
  return strategy === replaceDirective ? patch : mergeMap(original, patch, fieldSchema);
}

function mergeSliceField(original: unknown[], patch: unknown[], key: string, isDeleteList: boolean, schema: SchemaLookup): unknown[] {
  const { schema: elementSchema, patchMeta } = schema.lookupPatchMetadataForSlice(key);
  const { strategy } = extractRetainKeysPatchStrategy(patchMeta.strategies);
  return mergeSliceHandler(original, patch, elementSchema, strategy, patchMeta.mergeKey ?? '', isDeleteList);
}

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
