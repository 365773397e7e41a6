/** The elements of merged lists: finding a map by its merge key, and the one element type of lists. */
import { errNoListOfLists, mergeError } from './errors.js';
import { errElementTypesNotIdentical, errNotAMap } from './error-texts.js';
import { goEqual, goPanic, goTypeOf, type GoType, type JsonMap } from './go-values.js';

/** The first map of `list` whose `key` equals `value`; kube's findMapInSliceBasedOnKeyValue. */
export function findMapInSlice(list: unknown[], key: string, value: unknown): { map: JsonMap; index: number } | undefined {
  for (const [index, item] of list.entries()) {
    if (goTypeOf(item) !== 'map') throw errNotAMap(index);
    const map = item as JsonMap;
    if (Object.hasOwn(map, key) && goEqual(map[key], value)) return { map, index };
  }
  return undefined;
}

/** The one element type of all the lists; kube's sliceElementType with its errors. */
export function sliceElementType(...lists: unknown[][]): GoType {
  let elementType: GoType | undefined;
  for (const list of lists) {
    for (const item of list) {
      const type = goTypeOf(item);
      if (elementType === undefined) {
        // reflect.TypeOf(nil).Kind() dereferences a nil interface: a list starting with null panics.
        if (type === 'nil') throw goPanic('invalid memory address or nil pointer dereference');
        if (type === 'slice') throw mergeError(errNoListOfLists);
        elementType = type;
      } else if (elementType !== type) {
        throw errElementTypesNotIdentical(lists);
      }
    }
  }
  if (elementType === undefined) throw mergeError('no elements in any of the given slices');
  return elementType;
}
