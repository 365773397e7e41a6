/**
 * The x-kubernetes-map-type, x-kubernetes-list-type and x-kubernetes-list-map-keys rules of
 * ValidateCustomResourceDefinitionOpenAPISchema and validateMapListKeysMapSet (apiextensions
 * validation.go, kube v1.32). Quirks kept: a set item object without atomic map type reports the
 * item's *list* type as the bad value ("null" when unset), and a non-scalar map key reports the
 * item type ("object").
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { asList, asText } from '../json-values.js';
import { goSchemaPropsArray } from './go-literals.js';
import { isSet, itemsSchema, propertyOf, typeOf, type SchemaProps } from './schema-props.js';

const setItemMessage = 'must be atomic as item of a list with x-kubernetes-list-type=set';

/** A Required error when the type is empty, else Invalid. */
function typeError(path: string, type: string, message: string): FieldError {
  return type === '' ? fieldError.required(`${path}.type`, message) : fieldError.invalid(`${path}.type`, type, message);
}

function mapTypeErrors(schema: SchemaProps, path: string): FieldError[] {
  const mapType = schema['x-kubernetes-map-type'];
  if (!isSet(mapType)) return [];
  const errors: FieldError[] = [];
  if (typeOf(schema) !== 'object') errors.push(typeError(path, typeOf(schema), 'must be object if x-kubernetes-map-type is specified'));
  if (mapType !== 'atomic' && mapType !== 'granular') {
    errors.push(fieldError.notSupported(`${path}.x-kubernetes-map-type`, asText(mapType), ['atomic', 'granular']));
  }
  return errors;
}

function setItemErrors(items: SchemaProps, path: string): FieldError[] {
  if (typeOf(items) === 'array' && isSet(items['x-kubernetes-list-type']) && items['x-kubernetes-list-type'] !== 'atomic') {
    return [fieldError.invalid(`${path}.items.x-kubernetes-list-type`, items['x-kubernetes-list-type'], setItemMessage)];
  }
  if (typeOf(items) === 'object' && items['x-kubernetes-map-type'] !== 'atomic') {
    return [fieldError.invalid(`${path}.items.x-kubernetes-map-type`, items['x-kubernetes-list-type'], setItemMessage)];
  }
  return [];
}

function mapListErrors(schema: SchemaProps, keys: string[], path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (keys.length === 0) errors.push(fieldError.required(`${path}.x-kubernetes-list-map-keys`, 'must not be empty if x-kubernetes-list-type is map'));
  const items = itemsSchema(schema);
  if (!isSet(schema.items)) errors.push(fieldError.required(`${path}.items`, 'must have a schema if x-kubernetes-list-type is map'));
  if (Array.isArray(schema.items)) {
    errors.push(fieldError.invalid(`${path}.items`, goSchemaPropsArray(schema.items), 'must only have a single schema if x-kubernetes-list-type is map'));
  }
  if (!items) return errors;
  if (typeOf(items) !== 'object') {
    errors.push(fieldError.invalid(`${path}.items.type`, typeOf(items), "must be object if parent array's x-kubernetes-list-type is map"));
    return errors;
  }
  const seen = new Set<string>();
  for (const key of keys) {
    const property = propertyOf(items, key);
    if (!property) {
      errors.push(fieldError.invalid(`${path}.x-kubernetes-list-map-keys`, keys, 'entries must all be names of item properties'));
    } else if (typeOf(property) === 'array' || typeOf(property) === 'object') {
      errors.push(fieldError.invalid(`${path}.items.properties[${key}].type`, typeOf(items), "must be a scalar type if parent array's x-kubernetes-list-type is map"));
    }
    if (seen.has(key)) errors.push(fieldError.invalid(`${path}.x-kubernetes-list-map-keys`, keys, 'must not contain duplicate entries'));
    seen.add(key);
  }
  return errors;
}

/** The list and map type rules of one node, in kube's order. */
export function listTypeErrors(schema: SchemaProps, path: string, requireAtomicSetType: boolean): FieldError[] {
  const errors = mapTypeErrors(schema, path);
  const listType = schema['x-kubernetes-list-type'];
  const items = itemsSchema(schema);
  if (isSet(listType) && typeOf(schema) !== 'array') {
    errors.push(typeError(path, typeOf(schema), 'must be array if x-kubernetes-list-type is specified'));
  } else if (requireAtomicSetType && listType === 'set' && items) {
    errors.push(...setItemErrors(items, path));
  }
  if (isSet(listType) && !['atomic', 'set', 'map'].includes(asText(listType))) {
    errors.push(fieldError.notSupported(`${path}.x-kubernetes-list-type`, asText(listType), ['atomic', 'set', 'map']));
  }
  const keys = asList(schema['x-kubernetes-list-map-keys']).map(asText);
  if (keys.length > 0 && !isSet(listType)) {
    errors.push(fieldError.required(`${path}.x-kubernetes-list-type`, 'must be map if x-kubernetes-list-map-keys is non-empty'));
  } else if (keys.length > 0 && listType !== 'map') {
    errors.push(fieldError.invalid(`${path}.x-kubernetes-list-type`, asText(listType), 'must be map if x-kubernetes-list-map-keys is non-empty'));
  }
  if (listType === 'map') errors.push(...mapListErrors(schema, keys, path));
  return errors;
}

/** validateMapListKeysMapSet: set and map items are not nullable; map keys are required or defaulted, never nullable. */
export function mapListKeysMapSetErrors(schema: SchemaProps, path: string): FieldError[] {
  const items = itemsSchema(schema);
  const listType = schema['x-kubernetes-list-type'];
  if (!items || (listType !== 'set' && listType !== 'map')) return [];
  const errors: FieldError[] = [];
  if (items.nullable === true) errors.push(fieldError.forbidden(`${path}.items.nullable`, `cannot be nullable when x-kubernetes-list-type is ${listType}`));
  if (listType !== 'map') return errors;
  const required = new Set(asList(items.required).map(asText));
  for (const key of asList(schema['x-kubernetes-list-map-keys']).map(asText)) {
    const property = propertyOf(items, key);
    if (!property) continue;
    const keyPath = `${path}.items.properties[${key}]`;
    if (!required.has(key) && !isSet(property.default)) {
      errors.push(fieldError.required(`${keyPath}.default`, 'this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property'));
    }
    if (property.nullable === true) errors.push(fieldError.forbidden(`${keyPath}.nullable`, 'this property is in x-kubernetes-list-map-keys, so it cannot be nullable'));
  }
  return errors;
}
