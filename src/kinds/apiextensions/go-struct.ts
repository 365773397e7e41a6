/**
 * Decoded JSON reshaped as Go writes it back: a request's object is decoded into kube's typed
 * structs and marshalled again, so the response has the structs' field order, omits `omitempty`
 * fields holding their zero value, and shows the zero value of fields without `omitempty`. Maps
 * come out with sorted keys. A field of the wrong JSON type is left alone (the decoder refused it
 * before this runs).
 */
import { compareGoStrings } from '../../apimachinery/selectors/go-strings.js';
import { isJsonObject } from '../../apimachinery/json-value.js';
import type { JsonRecord } from '../json-values.js';

/**
 * How one struct field marshals: `text`/`bool`/`list`/`struct` have no omitempty (absent reads as
 * '', false, null, {}); the `?` kinds are omitempty values, dropped when zero; `pointer` is an
 * omitempty pointer, dropped only when nil (null or absent).
 */
export type GoFieldKind = 'text' | 'text?' | 'bool' | 'bool?' | 'number?' | 'pointer' | 'list' | 'list?' | 'map?' | 'struct';

/** A struct's fields in declaration order. */
export type GoStruct = Readonly<Record<string, GoFieldKind>>;

const zeroOf: Partial<Record<GoFieldKind, unknown>> = { text: '', bool: false, list: null, struct: {} };

/** True for a present value that omitempty drops. */
function isOmittedZero(kind: GoFieldKind, value: unknown): boolean {
  switch (kind) {
    case 'text?': return value === '';
    case 'bool?': return value === false;
    case 'number?': return value === 0;
    case 'list?': return Array.isArray(value) && value.length === 0;
    case 'map?': return isJsonObject(value) && Object.keys(value).length === 0;
    default: return false;
  }
}

/** Rewrites `target` in place as Go marshals the struct; undeclared keys keep their place after. */
export function shapeStruct(target: JsonRecord, fields: GoStruct): void {
  const shaped: JsonRecord = {};
  for (const [name, kind] of Object.entries(fields)) {
    const value = target[name];
    if (value === undefined || value === null) {
      if (kind in zeroOf) shaped[name] = structuredClone(zeroOf[kind]);
    } else if (!isOmittedZero(kind, value)) {
      shaped[name] = value;
    }
  }
  for (const [name, value] of Object.entries(target)) {
    if (!(name in fields) && value !== undefined) shaped[name] = value;
  }
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, shaped);
}

/** Applies `shape` to the object under `key` when it is one. */
export function shapeChild(parent: JsonRecord, key: string, shape: (value: JsonRecord) => void): void {
  const value = parent[key];
  if (isJsonObject(value)) shape(value);
}

/** Applies `shape` to each object of the array under `key`. */
export function shapeEach(parent: JsonRecord, key: string, shape: (value: JsonRecord) => void): void {
  const value = parent[key];
  if (Array.isArray(value)) for (const item of value) if (isJsonObject(item)) shape(item);
}

/** Sorts a map's keys as Go marshals maps (byte order); values are kept. */
export function sortMapKeys(map: JsonRecord): void {
  const keys = Object.keys(map).sort(compareGoStrings);
  const entries = keys.map((key) => [key, map[key]] as const);
  for (const key of keys) delete map[key];
  for (const [key, value] of entries) map[key] = value;
}

/**
 * A free-form JSON value (apiextensions JSON: default, example, enum items) as kube writes it:
 * decoded into interface{} and marshalled again, so every object has sorted keys.
 */
export function sortJsonDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortJsonDeep);
  if (!isJsonObject(value)) return value;
  const sorted: JsonRecord = {};
  for (const key of Object.keys(value).sort(compareGoStrings)) sorted[key] = sortJsonDeep(value[key]);
  return sorted;
}
