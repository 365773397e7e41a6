/**
 * Reading and writing decoded JSON documents the way kube's typed structs see them. Readers never
 * throw: an absent field and an explicit `null` are both Go's nil, and a field of the wrong JSON
 * type (which kube's decoder would have refused) reads as absent, or as Go's zero value where the
 * reader returns one. Writers fill zero values as Go defaulting does and restore Go's struct field
 * order, which encoding/json follows on output.
 */
import { isJsonObject } from '../apimachinery/json-value.js';

export type JsonRecord = Record<string, unknown>;

/** The value as a JSON object, or undefined for anything else (arrays included). */
export function asRecord(value: unknown): JsonRecord | undefined {
  return isJsonObject(value) ? value : undefined;
}

/** The value as an array, or [] (a nil slice). */
export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The elements of an array as JSON objects (a []Struct as typed code iterates it); non-objects read as empty objects, keeping indices. */
export function asRecords(value: unknown): JsonRecord[] {
  return asList(value).map((item) => asRecord(item) ?? {});
}

/** The value as a string, or '' (Go's zero string). */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The value as a string, or undefined (a nil *string). */
export function asOptionalText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The elements of a string array (non-strings read as ''). */
export function asTexts(value: unknown): string[] {
  return asList(value).map(asText);
}

/** The value as a JSON number, or undefined. */
export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** A map[string]string that is never nil: absent reads as {}, non-string values as '', in JSON order. */
export function asTextMap(value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(asRecord(value) ?? {})) result[key] = asText(item);
  return result;
}

/** A map[string]string that may be nil: undefined when absent; only string values are kept. */
export function asOptionalTextMap(value: unknown): Record<string, string> | undefined {
  const map = asRecord(value);
  if (!map) return undefined;
  return Object.fromEntries(Object.entries(map).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** True when the field is Go's nil: absent or null. */
export function isUnset(value: unknown): boolean {
  return value === undefined || value === null;
}

/** The object under `key`, created empty when absent, null or not an object. */
export function ensureRecord(parent: JsonRecord, key: string): JsonRecord {
  const existing = asRecord(parent[key]);
  if (existing) return existing;
  const created: JsonRecord = {};
  parent[key] = created;
  return created;
}

/** Sets `key` only when it is unset (kube's `if obj.X == nil { obj.X = ... }`). */
export function setDefault(target: JsonRecord, key: string, value: unknown): void {
  if (isUnset(target[key])) target[key] = value;
}

/** A deep copy of a JSON value (undefined stays undefined). */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/**
 * Reorders `target`'s keys in place: the keys of `order` first (Go's struct field order, which
 * encoding/json follows), then any others in their current order. Undefined values are dropped.
 */
export function orderKeys(target: JsonRecord, order: readonly string[]): void {
  const entries = Object.entries(target).filter(([, value]) => value !== undefined);
  const known = new Set(order);
  const sorted = [
    ...order.flatMap((key) => entries.filter(([name]) => name === key)),
    ...entries.filter(([name]) => !known.has(name)),
  ];
  for (const key of Object.keys(target)) delete target[key];
  for (const [key, value] of sorted) target[key] = value;
}

/** Orders each object of the array under `key` with `order`. */
export function orderEach(parent: JsonRecord, key: string, order: readonly string[]): void {
  for (const item of asList(parent[key])) {
    const record = asRecord(item);
    if (record) orderKeys(record, order);
  }
}
