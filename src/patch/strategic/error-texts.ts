/**
 * kube's formatted strategic merge patch errors (mergepatch errors.go and the fmt.Errorf calls of
 * strategicpatch patch.go), with the Go `%v` / `%s` renderings of the values they print.
 * All of them are plain errors, which kube-apiserver answers with a 500.
 */
import { mergeError, type StrategicMergePatchError } from './errors.js';
import { formatGoStringVerb, formatGoValue, goTypeName, type JsonMap } from './go-values.js';

/** mergepatch.ErrNoMergeKey: `map: map[image:nginx] does not contain declared merge key: name`. */
export function errNoMergeKey(map: JsonMap, mergeKey: string): StrategicMergePatchError {
  return mergeError(`map: ${formatGoValue(map)} does not contain declared merge key: ${mergeKey}`);
}

/** mergepatch.ErrBadArgType: `expected a map[string]interface {}, but received a string`. */
export function errBadArgType(expected: 'map' | 'slice', actual: unknown): StrategicMergePatchError {
  const expectedName = expected === 'map' ? 'map[string]interface {}' : '[]interface {}';
  return mergeError(`expected a ${expectedName}, but received a ${goTypeName(actual)}`);
}

/** mergepatch.ErrBadPatchType: `unknown patch type: bogus in map: map[$patch:bogus name:a]`. */
export function errBadPatchType(directive: unknown, map: JsonMap): StrategicMergePatchError {
  return mergeError(`unknown patch type: ${formatGoStringVerb(directive)} in map: ${formatGoValue(map)}`);
}

/** sliceElementType: the lists printed with fmt.Sprint of the [][]interface{}. */
export function errElementTypesNotIdentical(lists: unknown[][]): StrategicMergePatchError {
  return mergeError(`list element types are not identical: ${formatGoValue(lists)}`);
}

/** validatePatchWithSetOrderList: the patch list is not in the order of `$setElementOrder`. */
export function errOrderDoesNotMatch(patchList: unknown[], setElementOrder: unknown[]): StrategicMergePatchError {
  return mergeError(`The order in patch list:\n${formatGoValue(patchList)}\n doesn't match $setElementOrder list:\n${formatGoValue(setElementOrder)}\n`);
}

/** findMapInSliceBasedOnKeyValue: an element of a merging list is not a map. */
export function errNotAMap(index: number): StrategicMergePatchError {
  return mergeError(`value for key ${index} is not a map`);
}
