/**
 * validateCustomResourceDefinitionValidation (apiextensions validation.go, kube v1.32) for one
 * schema (`spec.validation` or `spec.versions[i].schema`), in kube's order: the root rules when
 * the status subresource is on, `nullable` at the root, then (structural schemas being required)
 * ValidateStructural or else ValidateDefaults, then the OpenAPI walk, then CEL; NewStructural's
 * own error only when nothing else was found.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { asRecord, type JsonRecord } from '../json-values.js';
import { validateDefaults } from './default-values.js';
import { goSchemaProps } from './go-literals.js';
import { validateOpenAPISchema } from './openapi-walk.js';
import type { ValidationOptions } from './options.js';
import { isSet, type SchemaProps } from './schema-props.js';
import { newStructuralError } from './structural-init.js';
import { validateStructural } from './structural.js';

/** The internal JSONSchemaProps fields in struct order, by JSON name, and whether the status subresource tolerates them at the root. */
const rootFields: [string, boolean][] = [
  ['id', false], ['$schema', false], ['$ref', false], ['description', true], ['type', true], ['nullable', false], ['format', true],
  ['title', true], ['default', false], ['maximum', true], ['exclusiveMaximum', true], ['minimum', true], ['exclusiveMinimum', true],
  ['maxLength', true], ['minLength', true], ['pattern', true], ['maxItems', true], ['minItems', true], ['uniqueItems', true],
  ['multipleOf', true], ['enum', false], ['maxProperties', false], ['minProperties', false], ['required', true], ['items', true],
  ['allOf', false], ['oneOf', false], ['anyOf', false], ['not', false], ['properties', true], ['additionalProperties', false],
  ['patternProperties', false], ['dependencies', false], ['additionalItems', false], ['definitions', false], ['externalDocs', true],
  ['example', true], ['x-kubernetes-preserve-unknown-fields', true], ['x-kubernetes-embedded-resource', false],
  ['x-kubernetes-int-or-string', false], ['x-kubernetes-list-map-keys', false], ['x-kubernetes-list-type', false],
  ['x-kubernetes-map-type', false], ['x-kubernetes-validations', true],
];

const allowedAtRoot = '[Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern '
  + 'MaxItems MinItems UniqueItems MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields XValidations]';

/** A field differs from its Go zero value. */
function isNonZero(value: unknown): boolean {
  if (!isSet(value) || value === false || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The root restrictions of a schema whose status is extracted as properties[status]; the first violation only. */
function statusRootErrors(schema: SchemaProps, path: string): FieldError[] {
  for (const [field, allowed] of rootFields) {
    if (!isNonZero(schema[field])) continue;
    if (field === 'type') {
      if (schema.type === 'object') continue;
      const message = 'only "object" is allowed as the type at the root of the schema if the status subresource is enabled';
      return [fieldError.invalid(`${path}.openAPIV3Schema.type`, schema.type, message)];
    }
    if (!allowed) {
      const message = `only ${allowedAtRoot} fields are allowed at the root of the schema if the status subresource is enabled`;
      return [fieldError.invalid(`${path}.openAPIV3Schema`, goSchemaProps(schema), message)];
    }
  }
  return [];
}

/** The structural checks; `compile` says whether CEL may look at the schema. */
function structuralErrors(schema: SchemaProps, path: string, options: ValidationOptions): { errors: FieldError[]; initError?: string; compile: boolean } {
  if (!options.requireStructuralSchema) return { errors: [], compile: false };
  const initError = newStructuralError(schema);
  if (initError) return { errors: [], initError, compile: false };
  const structural = validateStructural(schema, path);
  if (structural.length > 0) return { errors: structural, compile: false };
  const defaults = validateDefaults(schema, path, options.requirePrunedDefaults, options.hooks);
  return { errors: defaults, compile: defaults.length === 0 };
}

/** validateCustomResourceDefinitionValidation for the CustomResourceValidation at `path`. */
export function validateCustomResourceValidation(
  validation: JsonRecord | undefined, statusEnabled: boolean, options: ValidationOptions, path: string, versionName: string,
): FieldError[] {
  const schema = asRecord(validation?.openAPIV3Schema);
  if (!schema) return [];
  const schemaPath = `${path}.openAPIV3Schema`;
  const errors = statusEnabled ? statusRootErrors(schema, path) : [];
  if (schema.nullable === true) errors.push(fieldError.forbidden(`${schemaPath}.nullable`, 'nullable cannot be true at the root'));
  const structural = structuralErrors(schema, schemaPath, options);
  errors.push(...structural.errors);
  const schemaErrors = validateOpenAPISchema(schema, schemaPath, options);
  errors.push(...schemaErrors);
  if (structural.compile && schemaErrors.length === 0 && options.hooks.compileSchemaRules) {
    const context = {
      preexistingRules: options.preexistingRules,
      preexistingMessageExpressions: options.preexistingMessageExpressions,
      suppressPerExpressionCost: options.versionsWithUnchangedSchemas.has(versionName),
    };
    errors.push(...options.hooks.compileSchemaRules(schema, schemaPath, context));
  }
  if (errors.length === 0 && structural.initError) errors.push(fieldError.invalid(schemaPath, '', structural.initError));
  return errors;
}
