/**
 * Reading and writing decoded JSON documents the way kube's typed structs see them: an absent
 * field and an explicit `null` are both Go's nil, and a field of the wrong JSON type (which kube's
 * decoder would have refused) reads as absent rather than crashing a validator.
 */
import { fieldError, GoLiteral, type FieldError } from '../../core/field-errors.js';
import { isJsonObject } from '../../core/json-value.js';
import { fieldImmutableMessage } from '../../core/validation/metadata-fields.js';
import type { KubeObject } from '../../registry/object.js';

export type JsonRecord = Record<string, unknown>;

/** The value as a JSON object, or undefined when it is anything else. */
export function record(value: unknown): JsonRecord | undefined {
  return isJsonObject(value) ? value : undefined;
}

/** `parent[key]` as a JSON object, created empty when absent or null. */
export function ensureRecord(parent: JsonRecord, key: string): JsonRecord {
  const existing = record(parent[key]);
  if (existing) return existing;
  const created: JsonRecord = {};
  parent[key] = created;
  return created;
}

/** The object's spec for writing (created when absent), as defaulting functions see `obj.Spec`. */
export function specForWrite(object: KubeObject): JsonRecord {
  return ensureRecord(object, 'spec');
}

/** The object's spec for reading; an absent spec reads as an empty struct. */
export function specOf(object: KubeObject): JsonRecord {
  return record(object.spec) ?? {};
}

/** True when the field is Go's nil: absent or null. */
export function isUnset(value: unknown): boolean {
  return value === undefined || value === null;
}

/** Sets `target[key]` when it is unset (kube's `if obj.X == nil { obj.X = ... }`). */
export function setDefault(target: JsonRecord, key: string, value: unknown): void {
  if (isUnset(target[key])) target[key] = value;
}

/** A JSON number, or undefined for anything else. */
export function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** A JSON string, or '' for anything else (Go's zero string). */
export function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A JSON string, or undefined for anything else (a nil *string). */
export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A JSON array, or [] for anything else (a nil slice). */
export function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The list's entries as JSON objects (a []Struct as typed code iterates it; non-objects read as empty). */
export function recordList(value: unknown): JsonRecord[] {
  return listOf(value).map((item) => record(item) ?? {});
}

/** A map[string]string, or undefined when absent (string values only are kept). */
export function stringMap(value: unknown): Record<string, string> | undefined {
  const map = record(value);
  if (!map) return undefined;
  return Object.fromEntries(Object.entries(map).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Moves the listed keys to the front in the given order (Go struct field order), others after. */
export function orderFields(target: JsonRecord, order: readonly string[]): void {
  const entries = Object.entries(target);
  for (const [key] of entries) delete target[key];
  for (const key of order) {
    const entry = entries.find(([name]) => name === key);
    if (entry) target[key] = entry[1];
  }
  for (const [key, value] of entries) if (!(key in target)) target[key] = value;
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

/** apivalidation.ValidateNonnegativeField. */
export function validateNonNegative(value: number | undefined, path: string): FieldError[] {
  if (value === undefined || value >= 0) return [];
  return [fieldError.invalid(path, value, 'must be greater than or equal to 0')];
}

/** apivalidation.ValidateImmutableField: the new value is the bad value, rendered as the caller gives it. */
export function validateImmutable(next: unknown, old: unknown, path: string, badValue: unknown = next): FieldError[] {
  return semanticEqual(next, old) ? [] : [fieldError.invalid(path, badValue, fieldImmutableMessage)];
}

/**
 * A strategy's `obj.Status = XStatus{}`: status starts as the Go zero value, written last as kube
 * orders it. `zero` lists the status fields without omitempty, which a zero status still shows.
 */
export function resetStatus(object: KubeObject, zero: JsonRecord = {}): void {
  delete object.status;
  object.status = { ...zero };
}

/** A strategy's `newObj.Status = oldObj.Status`. */
export function keepStatus(object: KubeObject, old: KubeObject): void {
  delete object.status;
  if (old.status !== undefined) object.status = old.status;
}

/** field.TooMany: `Too many: 21: must have at most 20 items`. */
export function tooMany(path: string, actual: number, maximum: number): FieldError {
  return { type: 'FieldValueTooMany', field: path, badValue: actual, detail: `must have at most ${maximum} ${maximum === 1 ? 'item' : 'items'}` };
}

/**
 * field.Invalid with field.OmitValueType{}: kube prints `Invalid value: <detail>` without a value.
 * core/field-errors.ts has no omitted-value form yet, so the detail rides in the bad value, which
 * renders the same text.
 */
export function invalidOmittingValue(path: string, detail: string): FieldError {
  return fieldError.invalid(path, new GoLiteral(detail));
}
