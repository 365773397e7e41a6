/**
 * The CEL view of a structural schema: kube's SchemaDeclType (apiserver/pkg/cel/common/schemas.go)
 * with its size bounds. Quirks kept: x-kubernetes-preserve-unknown-fields is ignored (an object
 * without properties has no fields; a property without a type is not visible); int-or-string is
 * dyn; formats byte, duration, date and date-time become bytes, duration and timestamp; unbounded
 * lists and maps get the most elements that fit in a 3 MiB request (estimateMaxArrayItemsFromMinSize);
 * a string's maxLength counts 4 bytes per rune. Resource roots (the custom resource and embedded
 * resources) see apiVersion, kind and metadata.{name,generateName} only (WithTypeAndObjectMeta).
 */
import type { SchemaNode } from '../schema/types.js';
import { escapeName } from './escaping.js';
import { maxRequestSizeBytes, maxSize, minSize } from './limits.js';

export type ScalarName = 'int' | 'double' | 'bool' | 'string' | 'bytes' | 'duration' | 'timestamp';

interface DeclBase {
  /** The schema this type describes (after WithTypeAndObjectMeta at resource roots). */
  schema: SchemaNode;
  /** Most elements (list items, map entries, string bytes) the data may hold. */
  maxElements: number;
  /** Smallest JSON serialization of a value. */
  minSize: number;
  /** The type's name as cel-go prints it in messages. */
  name: string;
}

export interface FieldDecl {
  /** The JSON property name. */
  property: string;
  type: DeclType;
}

export interface ObjectDecl extends DeclBase { kind: 'object'; fields: Map<string, FieldDecl> }
export interface MapDecl extends DeclBase { kind: 'map'; value: DeclType }
export interface ListDecl extends DeclBase { kind: 'list'; elem: DeclType; listType: 'atomic' | 'set' | 'map'; mapKeys: string[] }
export interface ScalarDecl extends DeclBase { kind: 'scalar'; scalar: ScalarName }
/** x-kubernetes-int-or-string: dyn, an int or a string at runtime. */
export interface IntOrStringDecl extends DeclBase { kind: 'intOrString' }

export type DeclType = ObjectDecl | MapDecl | ListDecl | ScalarDecl | IntOrStringDecl;

const stringNode: SchemaNode = { type: 'string' };

/** WithTypeAndObjectMeta: unless the schema already declares them all, apiVersion, kind and a minimal metadata. */
export function withTypeAndObjectMeta(schema: SchemaNode): SchemaNode {
  const properties = schema.properties ?? {};
  const metadata = properties.metadata;
  if (properties.kind?.type === 'string' && properties.apiVersion?.type === 'string' && metadata?.type === 'object' &&
    metadata.properties?.name?.type === 'string' && metadata.properties.generateName?.type === 'string') return schema;
  return {
    ...schema,
    properties: {
      ...properties,
      kind: stringNode,
      apiVersion: stringNode,
      metadata: { type: 'object', properties: { name: stringNode, generateName: stringNode } },
    },
  };
}

const maxItemsFor = (itemMinSize: number): number => Math.floor((maxRequestSizeBytes - 2) / (itemMinSize + 1));
const maxPropertiesFor = (valueMinSize: number): number => Math.floor((maxRequestSizeBytes - 2) / (valueMinSize + 6));
const nonNegative = (value: number): number => Math.max(0, value);

/** SchemaDeclType: the CEL type of `schema`, or undefined when rules cannot see it. */
export function schemaDeclType(schema: SchemaNode, isResourceRoot: boolean, name = 'selfType'): DeclType | undefined {
  if (schema['x-kubernetes-int-or-string']) {
    const maxElements = schema.maxLength !== undefined ? nonNegative(schema.maxLength) * 4 : maxRequestSizeBytes - 2;
    return { kind: 'intOrString', schema, maxElements, minSize: 1, name: 'dyn' };
  }
  const node = isResourceRoot ? withTypeAndObjectMeta(schema) : schema;
  switch (node.type) {
    case 'array': return listDecl(node, name);
    case 'object': return typeof node.additionalProperties === 'object' ? mapDecl(node, name) : objectDecl(node, name);
    case 'string': return stringDecl(node);
    case 'boolean': return { kind: 'scalar', scalar: 'bool', schema: node, maxElements: 0, minSize: minSize.bool, name: 'bool' };
    case 'number': return { kind: 'scalar', scalar: 'double', schema: node, maxElements: 0, minSize: minSize.number, name: 'double' };
    case 'integer': return { kind: 'scalar', scalar: 'int', schema: node, maxElements: 0, minSize: minSize.number, name: 'int' };
    default: return undefined;
  }
}

function listDecl(node: SchemaNode, name: string): ListDecl | undefined {
  const items = node.items;
  const elem = items ? schemaDeclType(items, items['x-kubernetes-embedded-resource'] === true, `${name}.@idx`) : undefined;
  if (!elem) return undefined;
  const maxElements = node.maxItems !== undefined ? nonNegative(node.maxItems) : maxItemsFor(elem.minSize);
  const listType = node['x-kubernetes-list-type'] ?? 'atomic';
  return { kind: 'list', schema: node, elem, listType, mapKeys: node['x-kubernetes-list-map-keys'] ?? [], maxElements, minSize: 2, name: 'list' };
}

function mapDecl(node: SchemaNode, name: string): MapDecl | undefined {
  const values = node.additionalProperties as SchemaNode;
  const value = schemaDeclType(values, values['x-kubernetes-embedded-resource'] === true, `${name}.@elem`);
  if (!value) return undefined;
  const maxElements = node.maxProperties !== undefined ? nonNegative(node.maxProperties) : maxPropertiesFor(value.minSize);
  return { kind: 'map', schema: node, value, maxElements, minSize: 2, name: 'map' };
}

function objectDecl(node: SchemaNode, name: string): ObjectDecl {
  const fields = new Map<string, FieldDecl>();
  const required = new Set(node.required ?? []);
  let size = 2;
  for (const [property, propertySchema] of Object.entries(node.properties ?? {})) {
    const type = schemaDeclType(propertySchema, propertySchema['x-kubernetes-embedded-resource'] === true, `${name}.${property}`);
    if (!type) continue;
    const escaped = escapeName(property);
    if (escaped !== undefined) fields.set(escaped, { property, type });
    if (required.has(property) && propertySchema.default === undefined) size += property.length + type.minSize + 4;
  }
  return { kind: 'object', schema: node, fields, maxElements: 0, minSize: size, name };
}

function stringDecl(node: SchemaNode): ScalarDecl {
  const base = { kind: 'scalar' as const, schema: node };
  switch (node.format) {
    case 'byte': {
      const maxElements = node.maxLength !== undefined ? nonNegative(node.maxLength) : maxRequestSizeBytes - 2;
      return { ...base, scalar: 'bytes', maxElements, minSize: minSize.string, name: 'bytes' };
    }
    case 'duration': return { ...base, scalar: 'duration', maxElements: maxSize.duration, minSize: minSize.duration, name: 'google.protobuf.Duration' };
    case 'date': return { ...base, scalar: 'timestamp', maxElements: maxSize.date, minSize: minSize.date, name: 'google.protobuf.Timestamp' };
    case 'date-time': return { ...base, scalar: 'timestamp', maxElements: maxSize.dateTime, minSize: minSize.dateTime, name: 'google.protobuf.Timestamp' };
  }
  let maxElements = maxRequestSizeBytes - 2;
  if (node.maxLength !== undefined) maxElements = nonNegative(node.maxLength) * 4;
  else if (node.enum?.length) maxElements = Math.max(0, ...node.enum.map((value) => (typeof value === 'string' ? value.length : 0)));
  return { ...base, scalar: 'string', maxElements, minSize: minSize.string, name: 'string' };
}

/** maxCardinality: how often data of this minimal size can repeat in one request (the rule's worst-case invocations). */
export function maxCardinality(minSerializedSize: number): number {
  return Math.floor(maxRequestSizeBytes / (minSerializedSize + 1));
}
