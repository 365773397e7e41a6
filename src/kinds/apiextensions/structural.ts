/**
 * ValidateStructural (apiextensions-apiserver pkg/apiserver/schema/validation.go, kube v1.32):
 * a CRD schema must be structural. Every specified node has a type (unless
 * x-kubernetes-int-or-string or x-kubernetes-preserve-unknown-fields), the root is an object
 * without additionalProperties, x-kubernetes-embedded-resource needs an object with properties
 * (or preserve-unknown-fields), apiVersion/kind/metadata at the root (and in embedded resources)
 * are string/string/object, and root metadata may only restrict name and generateName. The
 * errors are sorted by their text, as kube sorts them.
 */
import { fieldError, fieldErrorText, type FieldError } from '../../apimachinery/field-errors.js';
import { compareGoStrings } from '../../apimachinery/selectors/go-strings.js';
import { isIntOrStringAnyOf, validateCompleteness, validateValueValidation } from './structural-nested.js';
import { isSet, itemsSchema, orBool, propertyOf, schemaEntries, schemaList, typeOf, type SchemaProps } from './schema-props.js';

type Level = 'root' | 'item' | 'field';

const emptyTypeMessage: Record<Level, string> = {
  root: 'must not be empty at the root',
  item: 'must not be empty for specified array items',
  field: 'must not be empty for specified object fields',
};

/**
 * Fields of the Structural form of root metadata that must stay unset once name/generateName
 * properties, type and default are taken away (everything NewStructural keeps).
 */
const metadataStructuralFields = [
  'description', 'title', 'nullable', 'additionalProperties', 'items', 'format', 'maximum', 'exclusiveMaximum', 'minimum',
  'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'multipleOf', 'enum',
  'maxProperties', 'minProperties', 'required', 'allOf', 'oneOf', 'anyOf', 'not', 'x-kubernetes-embedded-resource',
  'x-kubernetes-int-or-string', 'x-kubernetes-list-map-keys', 'x-kubernetes-list-type', 'x-kubernetes-map-type',
  'x-kubernetes-validations',
];

/** A field counts when Go's value differs from its zero value. */
function isSpecified(value: unknown): boolean {
  if (value === false || value === '' || !isSet(value)) return false;
  return !Array.isArray(value) || value.length > 0;
}

/** ValidateStructural for the openAPIV3Schema at `path`. */
export function validateStructural(schema: SchemaProps, path: string): FieldError[] {
  const errors = [...validateInvariants(schema, 'root', path), ...validateCompleteness(schema, path)];
  return errors.sort((a, b) => compareGoStrings(fieldErrorText(a), fieldErrorText(b)));
}

function validateInvariants(schema: SchemaProps, level: Level, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const items = itemsSchema(schema);
  if (typeOf(schema) === 'array' && !items) errors.push(fieldError.required(`${path}.items`, 'must be specified'));
  if (items) errors.push(...validateInvariants(items, 'item', `${path}.items`));
  for (const [key, property] of schemaEntries(schema.properties)) errors.push(...validateInvariants(property, 'field', `${path}.properties[${key}]`));
  const additional = orBool(schema.additionalProperties);
  if (additional) {
    if (level === 'root') errors.push(fieldError.forbidden(`${path}.additionalProperties`, 'must not be used at the root'));
    if (additional.schema) errors.push(...validateInvariants(additional.schema, 'field', `${path}.additionalProperties`));
  }
  errors.push(...validateExtensions(schema, path));
  const skipAnyOf = isIntOrStringAnyOf(schema.anyOf);
  const skipFirstAllOfAnyOf = isIntOrStringAnyOf(schemaList(schema.allOf)[0]?.anyOf);
  errors.push(...validateValueValidation(schema, skipAnyOf, skipFirstAllOfAnyOf, path));
  errors.push(...validateTypes(schema, level, path));
  return errors;
}

/** validateExtensions: x-kubernetes-int-or-string excludes the other two extensions. */
function validateExtensions(schema: SchemaProps, path: string): FieldError[] {
  if (schema['x-kubernetes-int-or-string'] !== true) return [];
  const errors: FieldError[] = [];
  if (schema['x-kubernetes-preserve-unknown-fields'] === true) {
    errors.push(fieldError.invalid(`${path}.x-kubernetes-preserve-unknown-fields`, true, 'must be false if x-kubernetes-int-or-string is true'));
  }
  if (schema['x-kubernetes-embedded-resource'] === true) {
    errors.push(fieldError.invalid(`${path}.x-kubernetes-embedded-resource`, true, 'must be false if x-kubernetes-int-or-string is true'));
  }
  return errors;
}

/** The type rules of validateStructuralInvariants, and the resource-meta rules. */
function validateTypes(schema: SchemaProps, level: Level, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const type = typeOf(schema);
  const embedded = schema['x-kubernetes-embedded-resource'] === true;
  const preserve = schema['x-kubernetes-preserve-unknown-fields'] === true;
  if (embedded && type !== 'object') {
    const message = 'must be object if x-kubernetes-embedded-resource is true';
    errors.push(type === '' ? fieldError.required(`${path}.type`, message) : fieldError.invalid(`${path}.type`, type, message));
  } else if (type === '' && schema['x-kubernetes-int-or-string'] !== true && !preserve) {
    errors.push(fieldError.required(`${path}.type`, emptyTypeMessage[level]));
  }
  if (embedded && isSet(schema.additionalProperties)) {
    errors.push(fieldError.forbidden(`${path}.additionalProperties`, 'must not be used if x-kubernetes-embedded-resource is set'));
  }
  if (level === 'root' && type !== '' && type !== 'object') errors.push(fieldError.invalid(`${path}.type`, type, 'must be object at the root'));
  errors.push(...validateResourceMeta(schema, level === 'root' || embedded, level, path));
  if (embedded && !preserve && schemaEntries(schema.properties).length === 0) {
    const message = 'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields';
    errors.push(fieldError.required(`${path}.properties`, message));
  }
  return errors;
}

/** kind and apiVersion must be strings and metadata an object where an object's meta lives. */
function validateResourceMeta(schema: SchemaProps, checkMetadata: boolean, level: Level, path: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, type] of [['kind', 'string'], ['apiVersion', 'string']] as const) {
    const property = propertyOf(schema, name);
    if (property && checkMetadata && typeOf(property) !== type) {
      errors.push(fieldError.invalid(`${path}.properties[${name}].type`, typeOf(property), `must be ${type}`));
    }
  }
  const metadata = propertyOf(schema, 'metadata');
  if (!metadata) return errors;
  const metadataPath = `${path}.properties[metadata]`;
  if (checkMetadata && typeOf(metadata) !== 'object') errors.push(fieldError.invalid(`${metadataPath}.type`, typeOf(metadata), 'must be object'));
  if (level === 'root' && restrictsMoreThanNames(metadata)) {
    errors.push(fieldError.forbidden(metadataPath, 'must not specify anything other than name and generateName, but metadata is implicitly specified'));
  }
  return errors;
}

/** validateStructuralMetadataInvariants' test: anything but type, default and name/generateName properties. */
function restrictsMoreThanNames(metadata: SchemaProps): boolean {
  const properties = schemaEntries(metadata.properties).map(([key]) => key);
  const onlyNames = properties.every((key) => key === 'name' || key === 'generateName');
  if (properties.length > 0 && !onlyNames) return true;
  if (metadata['x-kubernetes-preserve-unknown-fields'] === true) return true;
  return metadataStructuralFields.some((field) => isSpecified(metadata[field]));
}
