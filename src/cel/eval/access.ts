/**
 * Field selection, indexing and list concatenation with kube's semantics: a missing object field
 * or map key is `no such key: <name>`, a list index out of range `index out of bounds: <i>`; in
 * optional mode (`.?`, `[?]`, or any access on an optional) a missing entry is optional.none().
 * `X + Y` follows X's list type: a set appends only Y's new elements, a map list overwrites X's
 * items with Y's items of the same keys and appends the others (apiserver/pkg/cel/common/values.go).
 */
import { isCelUint } from '@bufbuild/cel';
import { celEquals, mapListKey } from '../values/equality.js';
import { EvalError, KList, KMap, KObject, Optional, type MapKey, type Value } from '../values/kinds.js';

const noSuchOverload = (): EvalError => new EvalError('no such overload');

/** Wraps a lookup result for optional mode. */
function finish(found: Value | undefined, missing: () => EvalError, optional: boolean): Value {
  if (optional) return found === undefined ? Optional.none : new Optional(found);
  // A map key holding null reads as null (kube's UnstructuredToVal); only an absent key is missing.
  return found === undefined ? missing() : found;
}

/** `operand.field` (or has(operand.field) when `testOnly`). */
export function selectField(operand: Value, field: string, testOnly: boolean, optional: boolean): Value {
  if (operand instanceof Optional) {
    if (operand.value === undefined) return testOnly ? false : Optional.none;
    return selectField(operand.value, field, testOnly, true);
  }
  let found: Value | undefined;
  if (operand instanceof KObject) found = operand.field(field);
  else if (operand instanceof KMap) found = operand.get(field);
  else return noSuchOverload();
  if (testOnly) return found !== undefined;
  return finish(found, () => new EvalError(`no such key: ${field}`), optional);
}

/** A map key as stored: doubles with integral values compare as ints. */
function mapKey(key: Value): MapKey | undefined {
  if (typeof key === 'string' || typeof key === 'bigint' || typeof key === 'boolean') return key;
  if (typeof key === 'number' && Number.isInteger(key)) return BigInt(key);
  return isCelUint(key) ? key.value : undefined;
}

/** `operand[key]`. */
export function indexValue(operand: Value, key: Value, optional: boolean): Value {
  if (operand instanceof Optional) {
    if (operand.value === undefined) return Optional.none;
    return indexValue(operand.value, key, true);
  }
  if (operand instanceof KList) {
    const index = typeof key === 'bigint' ? key : isCelUint(key) ? key.value : typeof key === 'number' && Number.isInteger(key) ? BigInt(key) : undefined;
    if (index === undefined) return noSuchOverload();
    const found = index >= 0n && index < BigInt(operand.size) ? operand.get(Number(index)) : undefined;
    return finish(found, () => new EvalError(`index out of bounds: ${index}`), optional);
  }
  if (operand instanceof KMap) {
    const stored = mapKey(key);
    if (stored === undefined) return noSuchOverload();
    return finish(operand.get(stored), () => new EvalError(`no such key: ${String(key)}`), optional);
  }
  return noSuchOverload();
}

/** `left + right` for lists. */
export function concatLists(left: KList, right: KList): KList {
  const mine = [...left];
  const theirs = [...right];
  switch (left.semantics.listType) {
    case 'set': {
      const added: Value[] = [];
      for (const item of theirs) if (![...mine, ...added].some((existing) => celEquals(existing, item))) added.push(item);
      return KList.of([...mine, ...added], left.semantics);
    }
    case 'map': {
      const keys = left.semantics.mapKeys;
      const merged = [...mine];
      const positions = new Map(mine.map((item, index) => [mapListKey(item, keys), index] as const));
      for (const item of theirs) {
        const at = positions.get(mapListKey(item, keys));
        if (at === undefined) merged.push(item);
        else merged[at] = item;
      }
      return KList.of(merged, left.semantics);
    }
    default: return KList.of([...mine, ...theirs], left.semantics);
  }
}

/** `element in container`. */
export function contains(container: Value, element: Value): Value {
  if (container instanceof KList) return [...container].some((item) => celEquals(item, element));
  if (container instanceof KMap) {
    const key = mapKey(element);
    return key !== undefined && container.has(key);
  }
  return noSuchOverload();
}
