/**
 * apiextensions v1 JSONSchemaProps as kube writes a CRD back (types_jsonschema.go field order,
 * omitempty everywhere except the pointers' nil check). Free-form JSON values (default, example,
 * enum items) go through interface{} in kube's internal version, so their objects come back with
 * sorted keys; `default: null` and `example: null` are nil and omitted. The JSONSchemaPropsOr*
 * unions marshal as whichever side is set (golden 079: properties sorted, `default` before `enum`).
 */
import { isJsonObject } from '../../apimachinery/json-value.js';
import type { JsonRecord } from '../json-values.js';
import { type GoStruct, shapeChild, shapeEach, shapeStruct, sortJsonDeep, sortMapKeys } from './go-struct.js';

const jsonSchemaProps: GoStruct = {
  id: 'text?', $schema: 'text?', $ref: 'pointer', description: 'text?', type: 'text?', format: 'text?', title: 'text?',
  default: 'pointer', maximum: 'pointer', exclusiveMaximum: 'bool?', minimum: 'pointer', exclusiveMinimum: 'bool?',
  maxLength: 'pointer', minLength: 'pointer', pattern: 'text?', maxItems: 'pointer', minItems: 'pointer', uniqueItems: 'bool?',
  multipleOf: 'pointer', enum: 'list?', maxProperties: 'pointer', minProperties: 'pointer', required: 'list?', items: 'pointer',
  allOf: 'list?', oneOf: 'list?', anyOf: 'list?', not: 'pointer', properties: 'map?', additionalProperties: 'pointer',
  patternProperties: 'map?', dependencies: 'map?', additionalItems: 'pointer', definitions: 'map?', externalDocs: 'pointer',
  example: 'pointer', nullable: 'bool?', 'x-kubernetes-preserve-unknown-fields': 'pointer',
  'x-kubernetes-embedded-resource': 'bool?', 'x-kubernetes-int-or-string': 'bool?', 'x-kubernetes-list-map-keys': 'list?',
  'x-kubernetes-list-type': 'pointer', 'x-kubernetes-map-type': 'pointer', 'x-kubernetes-validations': 'list?',
};

const validationRule: GoStruct = {
  rule: 'text', message: 'text?', messageExpression: 'text?', reason: 'pointer', fieldPath: 'text?', optionalOldSelf: 'pointer',
};

const externalDocumentation: GoStruct = { description: 'text?', url: 'text?' };

/** Shapes a JSONSchemaPropsOrBool / OrArray value: a schema, or a list of schemas; booleans as they are. */
function shapeSchemaOrOther(value: unknown): void {
  if (isJsonObject(value)) shapeJsonSchemaProps(value);
  else if (Array.isArray(value)) for (const item of value) if (isJsonObject(item)) shapeJsonSchemaProps(item);
}

/** Shapes each value of a schema map (properties, definitions, ...) and sorts its keys. */
function shapeSchemaMap(parent: JsonRecord, key: string): void {
  const map = parent[key];
  if (!isJsonObject(map)) return;
  for (const value of Object.values(map)) shapeSchemaOrOther(value);
  sortMapKeys(map);
}

/** Rewrites one JSONSchemaProps node (and everything under it) in place as kube writes it. */
export function shapeJsonSchemaProps(schema: JsonRecord): void {
  for (const key of ['default', 'example'] as const) {
    if (schema[key] !== undefined && schema[key] !== null) schema[key] = sortJsonDeep(schema[key]);
  }
  if (Array.isArray(schema.enum)) schema.enum = schema.enum.map(sortJsonDeep);
  shapeSchemaOrOther(schema.items);
  shapeEach(schema, 'allOf', shapeJsonSchemaProps);
  shapeEach(schema, 'oneOf', shapeJsonSchemaProps);
  shapeEach(schema, 'anyOf', shapeJsonSchemaProps);
  shapeChild(schema, 'not', shapeJsonSchemaProps);
  shapeSchemaOrOther(schema.additionalProperties);
  shapeSchemaOrOther(schema.additionalItems);
  for (const key of ['properties', 'patternProperties', 'definitions', 'dependencies']) shapeSchemaMap(schema, key);
  shapeChild(schema, 'externalDocs', (docs) => shapeStruct(docs, externalDocumentation));
  shapeEach(schema, 'x-kubernetes-validations', (rule) => shapeStruct(rule, validationRule));
  shapeStruct(schema, jsonSchemaProps);
}
