/**
 * The errors of structuralschema.NewStructural (apiextensions-apiserver pkg/apiserver/schema/
 * convert.go): JSON-schema features a structural schema cannot hold. kube reports them only when
 * nothing else is wrong with the schema, since the OpenAPI checks name the same features.
 */
import { asRecord, asText } from '../json-values.js';
import { isSet, itemsSchema, orBool, schemaEntries, schemaList, type SchemaProps } from './schema-props.js';

const unsupported: [string, (schema: SchemaProps) => boolean][] = [
  ['id', (schema) => asText(schema.id) !== ''],
  ['$schema', (schema) => asText(schema.$schema) !== ''],
  ['$ref', (schema) => asText(schema.$ref) !== ''],
  ['additionalItems', (schema) => isSet(schema.additionalItems)],
  ['patternProperties', (schema) => schemaEntries(schema.patternProperties).length > 0],
  ['definitions', (schema) => schemaEntries(schema.definitions).length > 0],
  ['dependencies', (schema) => schemaEntries(schema.dependencies).length > 0],
];

/** NewStructural's error for `schema`, or undefined; the first found in NewStructural's order. */
export function newStructuralError(schema: SchemaProps | undefined): string | undefined {
  if (!schema) return undefined;
  const field = unsupported.find(([, isUsed]) => isUsed(schema));
  if (field) return `OpenAPIV3Schema '${field[0]}' is not supported`;
  const nested = [...schemaList(schema.allOf), ...schemaList(schema.oneOf), ...schemaList(schema.anyOf)];
  const children = [...nested, asRecord(schema.not), orBool(schema.additionalProperties)?.schema];
  for (const child of children) {
    const error = newStructuralError(child);
    if (error) return error;
  }
  if (Array.isArray(schema.items)) return "OpenAPIV3Schema 'items' must be a schema, but is an array";
  for (const child of [itemsSchema(schema), ...schemaEntries(schema.properties).map(([, node]) => node)]) {
    const error = newStructuralError(child);
    if (error) return error;
  }
  return undefined;
}
