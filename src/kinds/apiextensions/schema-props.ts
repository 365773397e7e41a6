/**
 * Reading a JSONSchemaProps node (decoded JSON) as kube's typed struct sees it: null is nil, the
 * JSONSchemaPropsOrBool / OrArray unions split into their sides, maps walked in Go's sorted key
 * order (kube ranges over Go maps in random order; sorted keeps errors deterministic).
 */
import { compareGoStrings } from '../../apimachinery/selectors/go-strings.js';
import { isJsonObject } from '../../apimachinery/json-value.js';
import { asList, asRecord, asText, isUnset, type JsonRecord } from '../json-values.js';

/** A JSONSchemaProps node. */
export type SchemaProps = JsonRecord;

/** True when the field is set (not nil). */
export const isSet = (value: unknown): boolean => !isUnset(value);

/** The node's `type` ('' when unset). */
export const typeOf = (schema: SchemaProps): string => asText(schema.type);

/** `items` when it is a single schema. */
export function itemsSchema(schema: SchemaProps): SchemaProps | undefined {
  return asRecord(schema.items);
}

/** `items` when it is a list of schemas (JSONSchemaPropsOrArray.JSONSchemas). */
export function itemsList(schema: SchemaProps): SchemaProps[] {
  return Array.isArray(schema.items) ? schema.items.map((item) => asRecord(item) ?? {}) : [];
}

/** A JSONSchemaPropsOrBool: undefined when nil; `true`/`false` for a boolean; a schema allows. */
export function orBool(value: unknown): { allows: boolean; schema: SchemaProps | undefined } | undefined {
  if (typeof value === 'boolean') return { allows: value, schema: undefined };
  const schema = asRecord(value);
  return schema ? { allows: true, schema } : undefined;
}

/** A map of schemas (properties, definitions, ...) as [key, schema] pairs in sorted key order. */
export function schemaEntries(value: unknown): [string, SchemaProps][] {
  if (!isJsonObject(value)) return [];
  return Object.keys(value).sort(compareGoStrings).map((key) => [key, asRecord(value[key]) ?? {}]);
}

/** The property named `key`, if the node declares it. */
export function propertyOf(schema: SchemaProps, key: string): SchemaProps | undefined {
  const properties = asRecord(schema.properties);
  return properties && Object.hasOwn(properties, key) ? asRecord(properties[key]) ?? {} : undefined;
}

/** The schemas of a list field (allOf, anyOf, oneOf). */
export function schemaList(value: unknown): SchemaProps[] {
  return asList(value).map((item) => asRecord(item) ?? {});
}

/** validation.SchemaHas: true when `predicate` holds for the node or any schema under it. */
export function schemaHas(schema: SchemaProps | undefined, predicate: (node: SchemaProps) => boolean): boolean {
  if (!schema) return false;
  if (predicate(schema)) return true;
  const children: (SchemaProps | undefined)[] = [
    itemsSchema(schema), ...itemsList(schema), ...schemaList(schema.allOf), ...schemaList(schema.anyOf), ...schemaList(schema.oneOf),
    asRecord(schema.not), ...schemaEntries(schema.properties).map(([, node]) => node), orBool(schema.additionalProperties)?.schema,
    ...schemaEntries(schema.patternProperties).map(([, node]) => node), orBool(schema.additionalItems)?.schema,
    ...schemaEntries(schema.definitions).map(([, node]) => node),
    ...schemaEntries(schema.dependencies).map(([, node]) => node),
  ];
  return children.some((child) => schemaHas(child, predicate));
}
