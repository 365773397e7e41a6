/**
 * Types of the rule checker, printed as cel-go prints them in messages (`list(int)`,
 * `map(string, int)`, `google.protobuf.Timestamp`, `null`, `optional_type(string)`), with
 * cel-go's assignability: dyn (and type parameters) match anything, containers compare their
 * parameters, schema objects are assignable only to the same object type.
 */
import type { DeclType, ObjectDecl } from '../decl-types.js';

export type PrimName = 'int' | 'uint' | 'double' | 'bool' | 'string' | 'bytes' | 'null' | 'duration' | 'timestamp' | 'dyn';

export type CheckType =
  | { k: 'prim'; name: PrimName }
  | { k: 'list'; elem: CheckType }
  | { k: 'map'; key: CheckType; value: CheckType }
  | { k: 'object'; decl: ObjectDecl }
  | { k: 'type'; of: CheckType }
  | { k: 'optional'; of: CheckType }
  | { k: 'opaque'; name: string }
  | { k: 'param'; name: string }
  | { k: 'error' };

const prims = new Map<PrimName, CheckType>();
/** The primitive type `name` (shared instances). */
export const prim = (name: PrimName): CheckType => {
  if (!prims.has(name)) prims.set(name, { k: 'prim', name });
  return prims.get(name)!;
};
export const dyn = prim('dyn');
export const errorType: CheckType = { k: 'error' };
export const listOf = (elem: CheckType): CheckType => ({ k: 'list', elem });
export const mapOf = (key: CheckType, value: CheckType): CheckType => ({ k: 'map', key, value });
export const optionalOf = (of: CheckType): CheckType => ({ k: 'optional', of });
export const typeOf = (of: CheckType): CheckType => ({ k: 'type', of });

/** True for dyn and the error type, which match anything. */
export const isDynamic = (type: CheckType): boolean => type.k === 'error' || (type.k === 'prim' && type.name === 'dyn');
export const isPrim = (type: CheckType, name: PrimName): boolean => type.k === 'prim' && type.name === name;

/** The checker type of a schema type. */
export function fromDecl(decl: DeclType): CheckType {
  switch (decl.kind) {
    case 'object': return { k: 'object', decl };
    case 'map': return mapOf(prim('string'), fromDecl(decl.value));
    case 'list': return listOf(fromDecl(decl.elem));
    case 'intOrString': return dyn;
    case 'scalar': return prim(decl.scalar);
  }
}

/** cel-go's FormatCELType. */
export function formatType(type: CheckType): string {
  switch (type.k) {
    case 'prim':
      if (type.name === 'duration') return 'google.protobuf.Duration';
      if (type.name === 'timestamp') return 'google.protobuf.Timestamp';
      return type.name;
    case 'list': return `list(${formatType(type.elem)})`;
    case 'map': return `map(${formatType(type.key)}, ${formatType(type.value)})`;
    case 'object': return type.decl.name;
    case 'type': return `type(${formatType(type.of)})`;
    case 'optional': return `optional_type(${formatType(type.of)})`;
    case 'opaque': return type.name;
    case 'param': return type.name;
    case 'error': return '*error*';
  }
}

export type Bindings = Map<string, CheckType>;

/** Whether `actual` can be passed where `expected` is declared, binding type parameters. */
export function assignable(expected: CheckType, actual: CheckType, bindings: Bindings): boolean {
  if (expected.k === 'param') {
    const bound = bindings.get(expected.name);
    if (!bound || isDynamic(bound)) {
      bindings.set(expected.name, actual);
      return true;
    }
    return assignable(bound, actual, bindings);
  }
  if (isDynamic(expected) || isDynamic(actual)) return true;
  switch (expected.k) {
    case 'prim': return actual.k === 'prim' && actual.name === expected.name;
    case 'list': return actual.k === 'list' && assignable(expected.elem, actual.elem, bindings);
    case 'map': return actual.k === 'map' && assignable(expected.key, actual.key, bindings) && assignable(expected.value, actual.value, bindings);
    case 'object': return actual.k === 'object' && actual.decl === expected.decl;
    case 'type': return actual.k === 'type' && assignable(expected.of, actual.of, bindings);
    case 'optional': return actual.k === 'optional' && assignable(expected.of, actual.of, bindings);
    case 'opaque': return actual.k === 'opaque' && actual.name === expected.name;
    default: return false;
  }
}

/** `type` with its parameters replaced by their bindings (unbound ones become dyn). */
export function substitute(type: CheckType, bindings: Bindings): CheckType {
  switch (type.k) {
    case 'param': return bindings.get(type.name) ?? dyn;
    case 'list': return listOf(substitute(type.elem, bindings));
    case 'map': return mapOf(substitute(type.key, bindings), substitute(type.value, bindings));
    case 'type': return typeOf(substitute(type.of, bindings));
    case 'optional': return optionalOf(substitute(type.of, bindings));
    default: return type;
  }
}

/** Structural type equality (used to merge overload results). */
export function sameType(left: CheckType, right: CheckType): boolean {
  return formatType(left) === formatType(right) && (left.k !== 'object' || (right.k === 'object' && left.decl === right.decl));
}
