/**
 * How kube's strategic merge patch sees decoded JSON: Go's `interface{}` values after
 * kjson.UnmarshalCaseSensitivePreserveInts (integers are int64, other numbers float64), their
 * reflect types, interface `==` (which panics on two maps or two slices), and the `%v` / `%s`
 * renderings its error messages print.
 */
import { StrategicMergePatchError } from './errors.js';

/** A JSON object as kube's map[string]interface{}. */
export type JsonMap = Record<string, unknown>;

/** The reflect type of a decoded JSON value; `nil` is reflect.TypeOf(nil). */
export type GoType = 'map' | 'slice' | 'string' | 'int64' | 'float64' | 'bool' | 'nil';

const goTypeNames: Record<GoType, string> = {
  map: 'map[string]interface {}', slice: '[]interface {}', string: 'string', int64: 'int64', float64: 'float64', bool: 'bool',
  nil: '%!s(<nil>)',
};

/** True when `value` is a JSON object (kube's map[string]interface{}). */
export function isJsonMap(value: unknown): value is JsonMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets `key` as an own data property, also for `__proto__`. */
export function setField(map: JsonMap, key: string, value: unknown): void {
  Object.defineProperty(map, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The reflect type of `value`; JSON integers decode as int64, other numbers as float64. */
export function goTypeOf(value: unknown): GoType {
  if (value === null || value === undefined) return 'nil';
  if (Array.isArray(value)) return 'slice';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 2 ** 63 ? 'int64' : 'float64';
  return 'map';
}

/** `reflect.TypeOf(value)` printed with `%s`, as mergepatch.ErrBadArgType does. */
export function goTypeName(value: unknown): string {
  return goTypeNames[goTypeOf(value)];
}

/** A Go runtime panic; kube-apiserver answers it with a plain-text 500. */
export function goPanic(message: string): StrategicMergePatchError {
  return new StrategicMergePatchError(`runtime error: ${message}`, 500, true);
}

/** Go's `==` on two interface{} values: different types are unequal, two maps or slices panic. */
export function goEqual(left: unknown, right: unknown): boolean {
  const type = goTypeOf(left);
  if (type !== goTypeOf(right)) return false;
  if (type === 'map' || type === 'slice') throw goPanic(`comparing uncomparable type ${goTypeNames[type]}`);
  return type === 'nil' || left === right;
}

/** A key standing for `value` in a Go map[interface{}]; maps and slices panic (unhashable). */
export function goHashKey(value: unknown): string {
  const type = goTypeOf(value);
  if (type === 'map' || type === 'slice') throw goPanic(`hash of unhashable type ${goTypeNames[type]}`);
  return `${type}:${String(value)}`;
}

/** Go's `%v` of a decoded JSON value: `map[a:1 b:[x y]]`, keys sorted, `<nil>` for null. */
export function formatGoValue(value: unknown): string {
  switch (goTypeOf(value)) {
    case 'nil':
      return '<nil>';
    case 'slice':
      return `[${(value as unknown[]).map(formatGoValue).join(' ')}]`;
    case 'map':
      return formatGoMap(value as JsonMap, formatGoValue);
    case 'float64':
      return formatGoFloat(value as number);
    default:
      return String(value);
  }
}

/** Go's `%s` of a decoded JSON value: strings bare, other scalars as `%!s(int64=5)`. */
export function formatGoStringVerb(value: unknown): string {
  const type = goTypeOf(value);
  if (type === 'string') return value as string;
  if (type === 'nil') return '%!s(<nil>)';
  if (type === 'slice') return `[${(value as unknown[]).map(formatGoStringVerb).join(' ')}]`;
  if (type === 'map') return formatGoMap(value as JsonMap, formatGoStringVerb);
  return `%!s(${type}=${formatGoValue(value)})`;
}

function formatGoMap(map: JsonMap, format: (value: unknown) => string): string {
  const keys = Object.keys(map).sort();
  return `map[${keys.map((key) => `${key}:${format(map[key])}`).join(' ')}]`;
}

/** strconv.FormatFloat(f, 'g', -1, 64), which `%v` uses: exponent form below 1e-4 and from 1e6. */
export function formatGoFloat(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : value < 0 ? '-Inf' : 'NaN';
  const [mantissa = '0', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  // Shortest formatting decides with precision 6: %e when exp < -4 || exp >= 6 (1e+06, 1e-05).
  if (exponent < -4 || exponent >= 6) {
    const sign = exponent < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return String(value);
}
