/**
 * Strategic merge patch (`application/strategic-merge-patch+json`) as kube-apiserver v1.32
 * applies it: k8s.io/apimachinery/pkg/util/strategicpatch StrategicMergeMapPatch, server side.
 *
 *   const schema = schemaLookupForKind('apps', 'v1', 'Deployment');
 *   try { patched = applyStrategicMergePatch(current, patch, schema); }
 *   catch (error) { if (error instanceof StrategicMergePatchError) -> strategicMergePatchStatus(error) (or, when
 *     error.panicked, a text/plain 500 with apiserverPanicText) }
 */
import { StrategicMergePatchError, errBadJSONDoc, mergeError } from './errors.js';
import { goTypeOf, isJsonMap, type JsonMap } from './go-values.js';
import { mergeMap } from './merge-map.js';
import type { SchemaLookup } from './schema-lookup.js';

export {
  StrategicMergePatchError, strategicMergePatchStatus, apiserverPanicText, errBadJSONDoc, errNoListOfLists,
  errBadPatchFormatForPrimitiveList, errBadPatchFormatForRetainKeys, errBadPatchFormatForSetElementOrderList,
  errPatchContentNotMatchRetainKeys, errUnsupportedStrategicMergePatchFormat,
} from './errors.js';
export { schemaLookupFromNode, patchMetaOf, type PatchMeta, type PatchMetaLookup, type SchemaLookup } from './schema-lookup.js';
export { schemaLookupForKind } from './kind-schema.js';

const unmarshalTypeNames: Record<string, string> = { slice: 'array', string: 'string', int64: 'number', float64: 'number', bool: 'bool' };

/** kube's StrategicMergePatch of `patch` onto `original` (a JSON object); neither argument is modified. */
export function applyStrategicMergePatch(original: unknown, patch: unknown, schema: SchemaLookup): unknown {
  if (!isJsonMap(original)) throw mergeError(errBadJSONDoc);
  return mergeMap(structuredClone(original), decodePatch(patch), schema);
}

/**
 * The patch as kube decodes it into a map[string]interface{}: `null` is an empty patch, any other
 * non-object is the decoder's error, which the handler answers with 400.
 */
function decodePatch(patch: unknown): JsonMap {
  if (patch === null || patch === undefined) return {};
  if (isJsonMap(patch)) return structuredClone(patch);
  const typeName = unmarshalTypeNames[goTypeOf(patch)] ?? 'value';
  throw new StrategicMergePatchError(`json: cannot unmarshal ${typeName} into Go value of type map[string]interface {}`, 400);
}
