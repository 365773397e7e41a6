/**
 * The structured-merge-diff view of an OpenAPI schema node, as kube derives it
 * (k8s.io/kube-openapi/pkg/schemaconv, managedfields TypeConverter):
 * - arrays are lists: `x-kubernetes-list-type` atomic | set | map (keys from
 *   `x-kubernetes-list-map-keys`); without it `x-kubernetes-patch-strategy: merge` reads as a map
 *   keyed by `x-kubernetes-patch-merge-key` (a set without one); otherwise atomic;
 * - objects are maps: `x-kubernetes-map-type: atomic` makes them leaves, otherwise granular
 *   (struct fields and map entries alike); unknown keys use additionalProperties, or are deduced
 *   when the schema allows anything (no properties, `true`, preserve-unknown-fields);
 * - `x-kubernetes-int-or-string` and typed scalars are scalars; anything else is deduced from the
 *   value (maps granular, lists atomic), SMD's `__untyped_deduced_`.
 * A `$ref` wrapper's own `x-kubernetes-map-type` overrides the target's (makeOpenAPIRef).
 */
import type { SchemaNode, SchemaResolver } from '../schema/types.js';
import { isJsonObject } from './values.js';

/** What the engine needs to type an object: its root node and how to follow `$ref`s. */
export interface ManagedFieldsSchema {
  /** The kind's root node; undefined when the kind has none (every value is deduced). */
  readonly root: SchemaNode | undefined;
  readonly resolve: SchemaResolver;
  /** Built-in kinds are Go structs in kube: values compare in Go's zero-value shape (go-shape.ts). */
  readonly goTyped: boolean;
}

export interface ScalarType {
  readonly kind: 'scalar';
}

export interface ListType {
  readonly kind: 'list';
  readonly atomic: boolean;
  /** Key fields of an associative list; empty for a set (or an atomic list). */
  readonly keys: readonly string[];
  readonly item: SchemaNode | undefined;
}

export interface MapType {
  readonly kind: 'map';
  readonly atomic: boolean;
  readonly fields: Readonly<Record<string, SchemaNode>>;
  /** The type of keys that are not declared fields; undefined: deduced. */
  readonly element: SchemaNode | undefined;
  /** The `$ref` name of a built-in struct, for its Go zero values. */
  readonly name: string | undefined;
  readonly required: readonly string[];
  /** A struct: keys other than its fields are not declared in the schema (no element type, nothing preserved). */
  readonly closed: boolean;
}

export type ValueType = ScalarType | ListType | MapType;

const scalarType: ScalarType = { kind: 'scalar' };
const deducedList: ListType = { kind: 'list', atomic: true, keys: [], item: undefined };
const deducedMap: MapType = { kind: 'map', atomic: false, fields: {}, element: undefined, name: undefined, required: [], closed: false };
const scalarTypes = new Set(['string', 'integer', 'number', 'boolean']);
const typeCache = new WeakMap<SchemaNode, ValueType | 'deduced'>();

/** The type of `value` under `node`: the node's type, or the one deduced from the value. */
export function valueTypeOf(node: SchemaNode | undefined, value: unknown, schema: ManagedFieldsSchema): ValueType {
  const type = node ? declaredType(node, schema.resolve) : 'deduced';
  return type === 'deduced' ? deducedType(value) : type;
}

/** The type a node declares without looking at a value ('deduced' when it does not). */
export function declaredType(node: SchemaNode, resolve: SchemaResolver): ValueType | 'deduced' {
  let type = typeCache.get(node);
  if (type === undefined) {
    type = computeType(node, resolve);
    typeCache.set(node, type);
  }
  return type;
}

/** SMD's deduced atom for an untyped value. */
export function deducedType(value: unknown): ValueType {
  if (Array.isArray(value)) return deducedList;
  if (isJsonObject(value)) return deducedMap;
  return scalarType;
}

function computeType(wrapper: SchemaNode, resolve: SchemaResolver): ValueType | 'deduced' {
  const { node, name } = resolveReference(wrapper, resolve);
  if (node['x-kubernetes-int-or-string']) return scalarType;
  if (node.type === 'array') return listType(node);
  if (node.type === 'object' || node.properties || node.additionalProperties !== undefined) {
    const mapTypeName = wrapper['x-kubernetes-map-type'] ?? node['x-kubernetes-map-type'];
    return mapType(node, name, mapTypeName === 'atomic');
  }
  if (node.type && scalarTypes.has(node.type)) return scalarType;
  return 'deduced';
}

/** Follows `$ref`s, keeping the last schema name seen. */
function resolveReference(wrapper: SchemaNode, resolve: SchemaResolver): { node: SchemaNode; name: string | undefined } {
  let node = wrapper;
  let name: string | undefined;
  for (let hops = 0; node.$ref !== undefined && hops < 16; hops++) {
    const target = resolve(node.$ref);
    if (!target) break;
    name = node.$ref;
    node = target;
  }
  return { node, name };
}

function listType(node: SchemaNode): ListType {
  const item = node.items;
  const listKind = node['x-kubernetes-list-type'];
  if (listKind === 'atomic') return { kind: 'list', atomic: true, keys: [], item };
  if (listKind === 'set') return { kind: 'list', atomic: false, keys: [], item };
  if (listKind === 'map') return { kind: 'list', atomic: false, keys: node['x-kubernetes-list-map-keys'] ?? [], item };
  const strategies = (node['x-kubernetes-patch-strategy'] ?? '').split(',');
  if (strategies.includes('merge')) {
    const mergeKey = node['x-kubernetes-patch-merge-key'];
    return { kind: 'list', atomic: false, keys: mergeKey ? [mergeKey] : [], item };
  }
  return { kind: 'list', atomic: true, keys: [], item };
}

function mapType(node: SchemaNode, name: string | undefined, atomic: boolean): MapType {
  const fields = node.properties ?? {};
  const additional = node.additionalProperties;
  // Unknown keys of a struct without additionalProperties are not expected (decoding drops them);
  // they are deduced here rather than rejected.
  const element = typeof additional === 'object' ? additional : undefined;
  const closed = element === undefined && additional !== true && !node['x-kubernetes-preserve-unknown-fields'] && Object.keys(fields).length > 0;
  return { kind: 'map', atomic, fields, element, name, required: node.required ?? [], closed };
}

/** The node of a map entry: the declared field's, or the element type's. */
export function entryNode(type: MapType, key: string): SchemaNode | undefined {
  return Object.hasOwn(type.fields, key) ? type.fields[key] : type.element;
}

/** True when `key` is a declared struct field (not a map entry). */
export function isDeclaredField(type: MapType, key: string): boolean {
  return Object.hasOwn(type.fields, key);
}
