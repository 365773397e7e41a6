/**
 * The directives of a strategic merge patch (kube's strategicpatch patch.go):
 * - `$patch: replace | delete` in a map (and `replace | delete | merge` in a list item);
 * - `$retainKeys: [...]`: the fields of the original map to keep;
 * - `$deleteFromPrimitiveList/<field>: [...]`: values to remove from a list of primitives;
 * - `$setElementOrder/<field>: [...]`: the order of a merged list (element-order.ts).
 */
import {
  errBadPatchFormatForPrimitiveList, errBadPatchFormatForRetainKeys, errBadPatchFormatForSetElementOrderList, mergeError,
  type StrategicMergePatchError,
} from './errors.js';
import { errBadPatchType } from './error-texts.js';
import { goHashKey, isJsonMap, setField, type JsonMap } from './go-values.js';

export const directiveMarker = '$patch';
export const deleteDirective = 'delete';
export const replaceDirective = 'replace';
export const mergeDirective = 'merge';
export const retainKeysStrategy = 'retainKeys';
export const retainKeysDirective = '$retainKeys';
export const deleteFromPrimitiveListDirectivePrefix = '$deleteFromPrimitiveList';
export const setElementOrderDirectivePrefix = '$setElementOrder';

/** `$setElementOrder/containers` -> `containers`; kube's extractKey, with its format errors (400). */
export function extractKey(key: string, prefix: string): string {
  const slash = key.indexOf('/');
  if (slash < 0 || key.slice(0, slash) !== prefix) {
    if (prefix === deleteFromPrimitiveListDirectivePrefix) throw mergeError(errBadPatchFormatForPrimitiveList);
    throw mergeError(errBadPatchFormatForSetElementOrderList);
  }
  return key.slice(slash + 1);
}

/** A map patch carrying `$patch`: `replace` takes the patch as it is, `delete` yields `{}`. */
export function handleDirectiveInMergeMap(directive: unknown, patch: JsonMap): JsonMap {
  if (directive === replaceDirective) {
    // kube returns the rest of the patch untouched: nested directives and nulls included.
    delete patch[directiveMarker];
    return patch;
  }
  if (directive === deleteDirective) return {};
  throw errBadPatchType(directive, patch);
}

/**
 * `$retainKeys`: every non-null field of the patch must be listed (else 400), and the fields of
 * `original` that are not listed are cleared. The patch field's own strategy does not matter.
 */
export function applyRetainKeysDirective(original: JsonMap, patch: JsonMap): void {
  if (!Object.hasOwn(patch, retainKeysDirective)) return;
  const retainKeys = patch[retainKeysDirective];
  delete patch[retainKeysDirective];
  if (!Array.isArray(retainKeys)) throw mergeError(errBadPatchFormatForRetainKeys);
  // A Go map[interface{}]: list items that are maps or lists panic when hashed.
  const retained = new Set(retainKeys.map(goHashKey));
  const isRetained = (key: string): boolean => retained.has(goHashKey(key));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || key.startsWith(deleteFromPrimitiveListDirectivePrefix) || key.startsWith(setElementOrderDirectivePrefix)) continue;
    if (!isRetained(key)) throw mergeError(errBadPatchFormatForRetainKeys);
  }
  for (const key of Object.keys(original)) {
    if (!isRetained(key)) delete original[key];
  }
}

/**
 * A patch value taken where the original has nothing to merge with, without its directives:
 * maps carrying `$patch` (even `replace`) are dropped, lists lose such items (kube #117568).
 * Answers undefined when the value itself is dropped. Other directive keys stay.
 */
export function removeDirectives(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(removeDirectives).filter((item) => item !== undefined);
  }
  if (!isJsonMap(value)) return value;
  if (Object.hasOwn(value, directiveMarker)) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const kept = removeDirectives(child);
    if (kept === undefined) delete value[key];
    else setField(value, key, kept);
  }
  return value;
}

/** Drops null fields of maps, at any depth (nulls inside lists stay): kube's discardNullValuesFromPatch. */
export function discardNullValuesFromPatch(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) discardNullValuesFromPatch(item);
  } else if (isJsonMap(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (child === null) delete value[key];
      else discardNullValuesFromPatch(child);
    }
  }
}

/** Splits `merge,retainKeys` into (retainKeys, the other strategy); kube's extractRetainKeysPatchStrategy. */
export function extractRetainKeysPatchStrategy(strategies: string[]): { retainKeys: boolean; strategy: string } {
  const [first = '', second = ''] = strategies;
  if (strategies.length <= 1) {
    return first === retainKeysStrategy ? { retainKeys: true, strategy: '' } : { retainKeys: false, strategy: first };
  }
  if (strategies.length === 2 && first === retainKeysStrategy) return { retainKeys: true, strategy: second };
  if (strategies.length === 2 && second === retainKeysStrategy) return { retainKeys: true, strategy: first };
  throw unexpectedPatchStrategy(strategies);
}

function unexpectedPatchStrategy(strategies: string[]): StrategicMergePatchError {
  return mergeError(`unexpected patch strategy: [${strategies.join(' ')}]`);
}
