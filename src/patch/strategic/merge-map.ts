/**
 * Merging maps (kube's mergeMap, server side: MergeParallelList and IgnoreUnmatchedNulls set).
 * Order of work, as in kube: `$patch` on the map, `$retainKeys`, every `$setElementOrder/<field>`,
 * then each remaining patch field: null deletes, a field the original lacks (or holds with another
 * type) is taken from the patch without its nulls and directives, maps and lists recurse by the
 * field's patch strategy, scalars replace.
 */
import {
  applyRetainKeysDirective, deleteFromPrimitiveListDirectivePrefix, directiveMarker, discardNullValuesFromPatch,
  extractKey, extractRetainKeysPatchStrategy, handleDirectiveInMergeMap, removeDirectives, replaceDirective,
} from './directives.js';
import { mergePatchIntoOriginal } from './element-order.js';
import { goTypeOf, setField, type JsonMap } from './go-values.js';
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
