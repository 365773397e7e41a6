/**
 * Old values for new ones (apiserver/pkg/cel/common/equality.go, maplist.go): an object's or map's
 * field correlates with the old field of the same name, an item of an
 * x-kubernetes-list-type=map list with the first old item of the same keys; items of other lists
 * do not correlate. `deepEqual` is CachedDeepEqual: map lists compare item by item through their
 * keys (order does not matter), other lists and scalars as JSON.
 */
import { isJsonObject } from '../apimachinery/json-value.js';
import { jsonEqual } from '../schema/structural-validation.js';
import type { SchemaNode } from '../schema/types.js';

/** Key identity of a map-list item, or undefined when a key is missing or not a scalar. */
function itemKey(item: unknown, keys: readonly string[]): string | undefined {
  if (!isJsonObject(item)) return undefined;
  const values = keys.map((key) => item[key]);
  if (values.some((value) => value === undefined || value === null || typeof value === 'object')) return undefined;
  return JSON.stringify(values);
}

/** MakeMapList(schema, items).Get: the first item with the same keys as `item`, for list-type=map. */
export function mapListLookup(schema: SchemaNode, items: unknown): (item: unknown) => unknown {
  const keys = schema['x-kubernetes-list-map-keys'] ?? [];
  if (schema.type !== 'array' || schema['x-kubernetes-list-type'] !== 'map' || keys.length === 0 || !Array.isArray(items)) return () => undefined;
  const byKey = new Map<string, unknown>();
  for (const old of items) {
    const key = itemKey(old, keys);
    if (key !== undefined && !byKey.has(key)) byKey.set(key, old);
  }
  return (item) => {
    const key = itemKey(item, keys);
    return key === undefined ? undefined : byKey.get(key);
  };
}

/** A node of the new object with its correlated old value. */
export class Correlation {
  private readonly children = new Map<string | number, Correlation | undefined>();
  private lookup?: (item: unknown) => unknown;
  private equal?: boolean;

  constructor(readonly value: unknown, readonly old: unknown, readonly schema: SchemaNode) {}

  key(field: string): Correlation | undefined {
    if (!this.children.has(field)) this.children.set(field, this.correlateKey(field));
    return this.children.get(field);
  }

  private correlateKey(field: string): Correlation | undefined {
    if (!isJsonObject(this.value) || !isJsonObject(this.old) || !Object.hasOwn(this.value, field) || !Object.hasOwn(this.old, field)) return undefined;
    const property = this.schema.properties && Object.hasOwn(this.schema.properties, field) ? this.schema.properties[field] : undefined;
    const schema = property ?? (typeof this.schema.additionalProperties === 'object' ? this.schema.additionalProperties : undefined);
    return schema ? new Correlation(this.value[field], this.old[field], schema) : undefined;
  }

  index(position: number): Correlation | undefined {
    if (!this.children.has(position)) this.children.set(position, this.correlateIndex(position));
    return this.children.get(position);
  }

  private correlateIndex(position: number): Correlation | undefined {
    if (!Array.isArray(this.value) || !Array.isArray(this.old) || position >= this.value.length || !this.schema.items) return undefined;
    this.lookup ??= mapListLookup(this.schema, this.old);
    const old = this.lookup(this.value[position]);
    return old === undefined ? undefined : new Correlation(this.value[position], old, this.schema.items);
  }

  /** CachedDeepEqual. */
  deepEqual(): boolean {
    return (this.equal ??= this.compare());
  }

  private compare(): boolean {
    const [value, old] = [this.value, this.old];
    if (value === null || value === undefined || old === null || old === undefined) return (value ?? null) === (old ?? null);
    if (Array.isArray(value) !== Array.isArray(old) || isJsonObject(value) !== isJsonObject(old)) return false;
    if (Array.isArray(value) && Array.isArray(old)) {
      if (value.length !== old.length) return false;
      if (this.schema['x-kubernetes-list-type'] !== 'map') return jsonEqual(value, old);
      return value.every((_, index) => this.index(index)?.deepEqual() ?? false);
    }
    if (isJsonObject(value) && isJsonObject(old)) {
      const keys = Object.keys(value);
      return keys.length === Object.keys(old).length && keys.every((key) => this.key(key)?.deepEqual() ?? false);
    }
    return jsonEqual(value, old);
  }
}

/** ratchetingOptions: the node's correlation, or the nearest correlatable ancestor's. */
export interface Ratcheting {
  current?: Correlation;
  nearestParent?: Correlation;
}

/** Errors of rules without oldSelf are ratcheted (kept as warnings) when the node, or its nearest correlatable ancestor, is unchanged. */
export const shouldRatchet = (ratcheting: Ratcheting): boolean => (ratcheting.current ?? ratcheting.nearestParent)?.deepEqual() ?? false;

export function ratchetKey(ratcheting: Ratcheting, field: string): Ratcheting {
  if (!ratcheting.current) return ratcheting;
  if (!ratcheting.nearestParent && (field === 'apiVersion' || field === 'kind')) return {};
  return { current: ratcheting.current.key(field), nearestParent: ratcheting.current };
}

export function ratchetIndex(ratcheting: Ratcheting, position: number): Ratcheting {
  if (!ratcheting.current) return ratcheting;
  return { current: ratcheting.current.index(position), nearestParent: ratcheting.current };
}
