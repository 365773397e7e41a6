/**
 * A schema of kube's OpenAPI v3 documents in the form kube-apiserver publishes it in /openapi/v2
 * (kube-openapi builds both from the same Go types; v3 adds what Swagger 2.0 cannot say):
 * - `allOf: [{$ref}]` (v3's way of giving a reference a description or default) is a `$ref`
 *   beside the description, which kubectl's v2 model reads as the referenced type (it treats
 *   an `allOf` as an arbitrary value, losing merge keys and validation below it);
 * - no `default`s (v2 has none for built-in types) and no `nullable`;
 * - a `oneOf` of plain types (IntOrString, Quantity) is `type: string`, their OpenAPISchemaType.
 * Property maps are walked as maps: a property named `default` or `oneOf` stays.
 */
type Json = any;

const isObject = (value: unknown): value is Record<string, Json> => value !== null && typeof value === 'object' && !Array.isArray(value);

const isPlainReference = (allOf: unknown): allOf is [{ $ref: string }] =>
  Array.isArray(allOf) && allOf.length === 1 && isObject(allOf[0]) && Object.keys(allOf[0]).join() === '$ref';

const isTypeChoice = (oneOf: unknown): boolean =>
  Array.isArray(oneOf) && oneOf.length > 0 && oneOf.every((item) => isObject(item) && Object.keys(item).join() === 'type');

/** The v2 form of one schema (a new object; the input is not changed). */
export function schemaV2(schema: Json): Json {
  if (!isObject(schema)) return schema;
  const result: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'default' || key === 'nullable') continue;
    if (key === 'allOf' && isPlainReference(value)) result.$ref = value[0].$ref;
    else if (key === 'oneOf' && isTypeChoice(value)) result.type = 'string';
    else if (key === 'properties' && isObject(value)) result.properties = mapValues(value);
    else if ((key === 'items' || key === 'additionalProperties') && isObject(value)) result[key] = schemaV2(value);
    else if (key === 'allOf' && Array.isArray(value)) result.allOf = value.map(schemaV2);
    else result[key] = value;
  }
  return result;
}

function mapValues(properties: Record<string, Json>): Record<string, Json> {
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, schemaV2(schema)]));
}
