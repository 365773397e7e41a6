/**
 * Type values at runtime: what `type(x)` returns and what type names (`int`, `list`,
 * `google.protobuf.Timestamp`, `net.IP`) evaluate to. Schema objects have their (per-CRD) object
 * type, so `type(self.a) == type(self.b)` holds for values of the same schema node.
 */
import { CelScalar, celType, isCelType, isCelUint, listType, mapType, objectType, type CelType, type CelValue } from '@bufbuild/cel';
import { KList, KMap, KObject, Opaque, Optional, type Value } from '../values/kinds.js';

const names: Record<string, CelType> = {
  int: CelScalar.INT, uint: CelScalar.UINT, double: CelScalar.DOUBLE, bool: CelScalar.BOOL, string: CelScalar.STRING,
  bytes: CelScalar.BYTES, null_type: CelScalar.NULL, type: CelScalar.TYPE, dyn: CelScalar.DYN,
  list: listType(CelScalar.DYN), map: mapType(CelScalar.DYN, CelScalar.DYN),
};

/** The value of a type name used as an expression. */
export function typeNameValue(name: string): CelType {
  return names[name] ?? objectType(name);
}

/** type(value). */
export function typeOfValue(value: Value): CelType {
  if (value instanceof KList) return names.list!;
  if (value instanceof KMap) return names.map!;
  if (value instanceof KObject) return objectType(value.decl.name);
  if (value instanceof Optional) return objectType('optional_type');
  if (value instanceof Opaque) return objectType(value.typeName);
  if (isCelType(value)) return CelScalar.TYPE;
  if (isCelUint(value)) return CelScalar.UINT;
  return celType(value as CelValue);
}
