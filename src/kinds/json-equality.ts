/**
 * Equality of decoded JSON values as kube's Go code compares the structs they decode to. Two
 * contracts, deliberately distinct: `sameJson` is reflect.DeepEqual (nil and empty differ, key
 * order does not matter), `semanticEqual` is apiequality.Semantic.DeepEqual as the strategies use
 * it for immutability (nil and empty slices or maps are equal).
 */
import { isJsonObject } from '../apimachinery/json-value.js';

/** reflect.DeepEqual on decoded values: the same JSON, ignoring object key order and undefined values. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isJsonObject(value)) {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * apiequality.Semantic.DeepEqual on decoded JSON: nil and empty slices or maps are equal, and
 * absent equals null. (kube tells a nil struct pointer from an empty struct; this does not: an
 * object whose fields are all empty counts as absent.)
 */
export function semanticEqual(left: unknown, right: unknown): boolean {
  const a = normalizeEmpty(left);
  const b = normalizeEmpty(right);
  if (a === undefined || b === undefined) return a === b;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => semanticEqual(item, b[index]));
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => semanticEqual(a[key], b[key]));
  }
  return a === b;
}

function normalizeEmpty(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value) && value.length === 0) return undefined;
  if (isJsonObject(value) && Object.values(value).every((item) => normalizeEmpty(item) === undefined)) return undefined;
  return value;
}
