/**
 * Safe access to decoded JSON whose field types nobody has checked yet (schema validation is not
 * served), plus kube's Go struct field order for output. Readers never throw: a wrong type reads
 * as absent, as if Go had dropped it.
 */

export type JsonRecord = Record<string, unknown>;

/** The value as a JSON object, or undefined for anything else (arrays included). */
export function asRecord(value: unknown): JsonRecord | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonRecord) : undefined;
}

/** The value as an array, or an empty one. */
export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The elements of an array that are JSON objects; other elements read as empty objects, keeping indices. */
export function asRecords(value: unknown): JsonRecord[] {
  return asList(value).map((item) => asRecord(item) ?? {});
}

/** The value as a string, or '' (Go's zero value). */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The elements of a string array (non-strings read as ''). */
export function asTexts(value: unknown): string[] {
  return asList(value).map(asText);
}

/** A string map (non-string values read as ''), in JSON order. */
export function asTextMap(value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(asRecord(value) ?? {})) result[key] = asText(item);
  return result;
}

/** The object under `key`, created empty when absent or not an object. */
export function ensureRecord(parent: JsonRecord, key: string): JsonRecord {
  const existing = asRecord(parent[key]);
  if (existing) return existing;
  const created: JsonRecord = {};
  parent[key] = created;
  return created;
}

/** Sets `key` only when it is absent (undefined or null), as Go defaulting fills zero values. */
export function setDefault(target: JsonRecord, key: string, value: unknown): void {
  if (target[key] === undefined || target[key] === null) target[key] = value;
}

/** Same JSON value, ignoring object key order (Go's reflect.DeepEqual on decoded values). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = asRecord(value);
  if (record) {
    const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A deep copy of a JSON value. */
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
