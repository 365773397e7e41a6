/**
 * ValidateCustomResourceDefinitionOpenAPISchema (apiextensions validation.go, kube v1.32) without
 * CEL: every node of the schema, depth first in kube's order (additionalProperties, properties,
 * not, allOf, oneOf, anyOf, definitions, items, dependencies), then the node's own extension
 * rules. Properties are visited in sorted order (kube ranges over a Go map, in random order).
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { asRecord } from '../json-values.js';
import { listTypeErrors, mapListKeysMapSetErrors } from './list-type-rules.js';
import type { ValidationOptions } from './options.js';
import { itemsList, itemsSchema, orBool, schemaEntries, schemaList, type SchemaProps } from './schema-props.js';
import { forbidDefaults, type SchemaContext, validateStandard } from './standard-validator.js';
import { validationRuleErrors } from './validation-rules.js';

const metaFields = new Set(['metadata', 'kind', 'apiVersion']);

interface Walk {
  options: ValidationOptions;
  errors: FieldError[];
}

/** The schema errors of the openAPIV3Schema `schema` at `path`. */
export function validateOpenAPISchema(schema: SchemaProps, path: string, options: ValidationOptions): FieldError[] {
  const context: SchemaContext = {
    allowDefaults: options.allowDefaults,
    disallowDefaultsReason: options.disallowDefaultsReason,
    insideResourceMeta: false,
    requireValidPropertyType: options.requireValidPropertyType,
  };
  const walk: Walk = { options, errors: [] };
  visit(schema, path, context, true, walk);
  return walk.errors;
}

function visit(schema: SchemaProps | undefined, path: string, context: SchemaContext, isRoot: boolean, walk: Walk): void {
  if (!schema) return;
  walk.errors.push(...validateStandard(schema, path, context));
  if (schema.uniqueItems === true) {
    walk.errors.push(fieldError.forbidden(`${path}.uniqueItems`, 'uniqueItems cannot be set to true since the runtime complexity becomes quadratic'));
  }
  visitChildren(schema, path, context, isRoot, walk);
  if (schema['x-kubernetes-preserve-unknown-fields'] === false) {
    walk.errors.push(fieldError.invalid(`${path}.x-kubernetes-preserve-unknown-fields`, false, 'must be true or undefined'));
  }
  walk.errors.push(...listTypeErrors(schema, path, walk.options.requireAtomicSetType));
  if (walk.options.requireMapListKeysMapSetValidation) walk.errors.push(...mapListKeysMapSetErrors(schema, path));
  walk.errors.push(...validationRuleErrors(schema, path));
}

function visitChildren(schema: SchemaProps, path: string, context: SchemaContext, isRoot: boolean, walk: Walk): void {
  const properties = schemaEntries(schema.properties);
  const additional = orBool(schema.additionalProperties);
  if (additional) {
    if (properties.length > 0 && (!additional.allows || additional.schema)) {
      walk.errors.push(fieldError.forbidden(`${path}.additionalProperties`, 'additionalProperties and properties are mutual exclusive'));
    }
    const inner = context.insideResourceMeta ? forbidDefaults(context, 'inside additionalProperties applying to object metadata') : context;
    visit(additional.schema, `${path}.additionalProperties`, inner, false, walk);
  }
  for (const [key, property] of properties) {
    let inner = context;
    if ((isRoot || schema['x-kubernetes-embedded-resource'] === true) && metaFields.has(key)) {
      inner = { ...inner, insideResourceMeta: true };
      if (isRoot) inner = forbidDefaults(inner, `in top-level ${key}`);
    }
    visit(property, `${path}.properties[${key}]`, inner, false, walk);
  }
  visit(asRecord(schema.not), `${path}.not`, context, false, walk);
  for (const junctor of ['allOf', 'oneOf', 'anyOf']) {
    schemaList(schema[junctor]).forEach((clause, index) => visit(clause, `${path}.${junctor}[${index}]`, context, false, walk));
  }
  for (const [key, definition] of schemaEntries(schema.definitions)) visit(definition, `${path}.definitions[${key}]`, context, false, walk);
  visit(itemsSchema(schema), `${path}.items`, context, false, walk);
  itemsList(schema).forEach((item, index) => visit(item, `${path}.items[${index}]`, context, false, walk));
  for (const [key] of schemaEntries(schema.dependencies)) {
    visit(asRecord(asRecord(schema.dependencies)?.[key]), `${path}.dependencies[${key}]`, context, false, walk);
  }
}
