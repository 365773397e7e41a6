/**
 * Decoded JSON values as structured-merge-diff sees them (value/value.go): a total order across
 * types, deep equality, and copies. Object entries holding `undefined` count as absent.
 */
import { isJsonObject } from '../apimachinery/json-value.js';
import { compareGoStrings } from './go-json.js';

export { isJsonObject };

/** A JSON object's entries that are present (not undefined). */
export function presentEntries(object: Record<string, unknown>): Array<[string, unknown]> {
  return Object.entries(object).filter(([, value]) => value !== undefined);
}

/** SMD's value type order: numbers < strings < booleans < lists < maps < null. */
function typeRank(value: unknown): number {
  if (typeof value === 'number') return 0;
  if (typeof value === 'string') return 1;
  if (typeof value === 'boolean') return 2;
  if (Array.isArray(value)) return 3;
  if (isJsonObject(value)) return 4;
  return 5;
}

/** value.Compare: a total order on values, used to sort set items and list keys. */
export function compareJsonValues(left: unknown, right: unknown): number {
  const rank = typeRank(left) - typeRank(right);
  if (rank !== 0) return rank < 0 ? -1 : 1;
  if (typeof left === 'number') return left === right ? 0 : left < (right as number) ? -1 : 1;
  if (typeof left === 'string') return compareGoStrings(left, right as string);
  if (typeof left === 'boolean') return left === right ? 0 : left ? 1 : -1;
  if (Array.isArray(left)) return compareLists(left, right as unknown[]);
  if (isJsonObject(left)) return compareMaps(left, right as Record<string, unknown>);
  return 0;
}

function compareLists(left: unknown[], right: unknown[]): number {
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const byItem = compareJsonValues(left[index], right[index]);
    if (byItem !== 0) return byItem;
  }
  return left.length === right.length ? 0 : left.length < right.length ? -1 : 1;
}

/** MapCompare: entries in key order, compared pairwise, then the smaller map first. */
function compareMaps(left: Record<string, unknown>, right: Record<string, unknown>): number {
  const leftKeys = presentEntries(left).map(([key]) => key).sort(compareGoStrings);
  const rightKeys = presentEntries(right).map(([key]) => key).sort(compareGoStrings);
  for (let index = 0; index < Math.min(leftKeys.length, rightKeys.length); index++) {
    const byKey = compareGoStrings(leftKeys[index]!, rightKeys[index]!);
    if (byKey !== 0) return byKey;
    const byValue = compareJsonValues(left[leftKeys[index]!], right[rightKeys[index]!]);
    if (byValue !== 0) return byValue;
  }
  return leftKeys.length === rightKeys.length ? 0 : leftKeys.length < rightKeys.length ? -1 : 1;
}

/** value.Equals: deep equality; object key order does not matter. */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (Array.isArray(left)) {
    return Array.isArray(right) && left.length === right.length && left.every((item, index) => jsonEqual(item, right[index]));
  }
  if (isJsonObject(left) && isJsonObject(right)) {
    const leftEntries = presentEntries(left);
    if (leftEntries.length !== presentEntries(right).length) return false;
    return leftEntries.every(([key, value]) => right[key] !== undefined && jsonEqual(value, right[key]));
  }
  return false;
}

/** A deep copy of a decoded JSON value (undefined entries dropped). */
export function copyJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyJson) as T;
  if (isJsonObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of presentEntries(value)) out[key] = copyJson(item);
    return out as T;
  }
  return value;
}

/** True for null, an empty list or an empty map (SMD's "empty/null" that compares as a leaf). */
export function isEmptyContainer(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isJsonObject(value) && presentEntries(value).length === 0;
}
