/**
 * OpenAPI `default`s applied as kube's structural defaulting does
 * (apiextensions-apiserver/pkg/apiserver/schema/defaulting/algorithm.go):
 * - a property with a default is set when absent, or when `null` and not nullable;
 * - a `null` map value or list item that is not nullable takes the additionalProperties/items default;
 * - then every present property, map value and list item is defaulted recursively;
 * - defaults are deep-copied; scalars and opaque types (RawExtension, ...) are left alone.
 * Built-in schemas reach their nodes through `$ref`s: a wrapper's own default/nullable wins over
 * the target's. Built-in kinds carry few defaults (the build drops openapi-gen's Go zero values);
 * the same code serves custom resources, whose schemas have no `$ref`s.
 */
import { isJsonObject } from '../apimachinery/json-value.js';
import { isOpaqueSchema } from './custom-unmarshalers.js';
import { resolveNode, schemaForKind, schemaNamed } from './registry.js';
import type { SchemaNode, SchemaResolver } from './types.js';

/** A JSON value's deep copy. */
function copyJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyJson) as T;
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyJson(item)])) as T;
  return value;
}

/** The default of a (possibly wrapping) node. */
function defaultOf(node: SchemaNode, resolve: SchemaResolver): unknown {
  return node.default !== undefined ? node.default : resolveNode(node, resolve).default;
}

function isNullable(node: SchemaNode, resolve: SchemaResolver): boolean {
  return node.nullable ?? resolveNode(node, resolve).nullable ?? false;
}

/** True when the node is a named type decoded verbatim (no defaulting inside). */
function isOpaque(node: SchemaNode): boolean {
  return node.$ref !== undefined && isOpaqueSchema(node.$ref);
}

/** Whether a structural schema (a custom resource's: no `$ref`s) declares a default anywhere defaulting reaches. */
export function schemaHasDefaults(schema: SchemaNode): boolean {
  if (schema.default !== undefined) return true;
  const additional = typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : [];
  return [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : []), ...additional].some(schemaHasDefaults);
}

/** Applies the defaults of `schema` to `value` in place. */
export function applyDefaults(schema: SchemaNode, value: unknown, resolve: SchemaResolver = schemaNamed): void {
  if (isOpaque(schema)) return;
  const node = resolveNode(schema, resolve);
  if (isJsonObject(value)) {
    defaultObject(node, value, resolve);
  } else if (Array.isArray(value) && node.items) {
    const items = node.items;
    const itemDefault = defaultOf(items, resolve);
    for (let index = 0; index < value.length; index++) {
      if (value[index] === null && itemDefault !== undefined && !isNullable(items, resolve)) value[index] = copyJson(itemDefault);
      applyDefaults(items, value[index], resolve);
    }
  }
}

function defaultObject(node: SchemaNode, value: Record<string, unknown>, resolve: SchemaResolver): void {
  const properties = node.properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    const fallback = defaultOf(property, resolve);
    if (fallback === undefined) continue;
    if (!Object.hasOwn(value, name) || (value[name] === null && !isNullable(property, resolve))) value[name] = copyJson(fallback);
  }
  const additional = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
  for (const key of Object.keys(value)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (property) {
      applyDefaults(property, value[key], resolve);
    } else if (additional) {
      const fallback = defaultOf(additional, resolve);
      if (value[key] === null && fallback !== undefined && !isNullable(additional, resolve)) value[key] = copyJson(fallback);
      applyDefaults(additional, value[key], resolve);
    }
  }
}

/** Applies the OpenAPI defaults of a built-in kind's schema to `object` in place (no-op without a schema). */
export function applySchemaDefaults(group: string, version: string, kind: string, object: unknown): void {
  const schema = schemaForKind(group, version, kind);
  if (schema) applyDefaults(schema, object);
}

/**
 * kube's PruneNonNullableNullsWithoutDefaults (run before defaulting for custom resources):
 * deletes properties and map values that are `null` although not nullable and without a
 * default. List items stay (a `null` item is a type error).
 */
export function pruneNonNullableNulls(schema: SchemaNode, value: unknown, resolve: SchemaResolver = schemaNamed): void {
  if (isOpaque(schema)) return;
  const node = resolveNode(schema, resolve);
  if (isJsonObject(value)) {
    const additional = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
    for (const key of Object.keys(value)) {
      const field = node.properties && Object.hasOwn(node.properties, key) ? node.properties[key] : additional;
      if (!field) continue;
      if (value[key] === null && defaultOf(field, resolve) === undefined && !isNullable(field, resolve)) {
        delete value[key];
        continue;
      }
      pruneNonNullableNulls(field, value[key], resolve);
    }
  } else if (Array.isArray(value) && node.items) {
    for (const item of value) pruneNonNullableNulls(node.items, item, resolve);
  }
}
