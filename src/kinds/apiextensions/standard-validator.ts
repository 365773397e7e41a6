/**
 * specStandardValidatorV3 (apiextensions validation.go, kube v1.32): the per-node OpenAPI v3
 * rules of a CRD schema (types, unsupported JSON-schema keywords, where defaults may appear),
 * with the context the walk narrows as it descends into resource metadata.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { asText } from '../json-values.js';
import { isSet, itemsList, schemaEntries, type SchemaProps } from './schema-props.js';

const openapiV3Types = ['array', 'boolean', 'integer', 'number', 'object', 'string'];

/** What the walk knows about the current node's position. */
export interface SchemaContext {
  allowDefaults: boolean;
  disallowDefaultsReason: string;
  /** Inside TypeMeta or ObjectMeta of the root or of an embedded resource. */
  insideResourceMeta: boolean;
  requireValidPropertyType: boolean;
}

/** withForbiddenDefaults. */
export function forbidDefaults(context: SchemaContext, reason: string): SchemaContext {
  return { ...context, allowDefaults: false, disallowDefaultsReason: reason };
}

/** specStandardValidatorV3.validate for one node. */
export function validateStandard(schema: SchemaProps, path: string, context: SchemaContext): FieldError[] {
  const errors: FieldError[] = [];
  const type = asText(schema.type);
  if (context.requireValidPropertyType && type !== '' && !openapiV3Types.includes(type)) {
    errors.push(fieldError.notSupported(`${path}.type`, type, openapiV3Types));
  }
  if (isSet(schema.default) && !context.allowDefaults) {
    const reason = context.disallowDefaultsReason;
    errors.push(fieldError.forbidden(`${path}.default`, reason ? `must not be set ${reason}` : 'must not be set'));
  }
  if (asText(schema.id) !== '') errors.push(fieldError.forbidden(`${path}.id`, 'id is not supported'));
  if (isSet(schema.additionalItems)) errors.push(fieldError.forbidden(`${path}.additionalItems`, 'additionalItems is not supported'));
  if (schemaEntries(schema.patternProperties).length > 0) {
    errors.push(fieldError.forbidden(`${path}.patternProperties`, 'patternProperties is not supported'));
  }
  if (schemaEntries(schema.definitions).length > 0) errors.push(fieldError.forbidden(`${path}.definitions`, 'definitions is not supported'));
  if (isSet(schema.dependencies)) errors.push(fieldError.forbidden(`${path}.dependencies`, 'dependencies is not supported'));
  if (isSet(schema.$ref)) errors.push(fieldError.forbidden(`${path}.$ref`, '$ref is not supported'));
  if (type === 'null') errors.push(fieldError.forbidden(`${path}.type`, 'type cannot be set to null, use nullable as an alternative'));
  if (itemsList(schema).length > 0) errors.push(fieldError.forbidden(`${path}.items`, 'items must be a schema object and not an array'));
  if (context.insideResourceMeta && schema['x-kubernetes-embedded-resource'] === true) {
    errors.push(fieldError.forbidden(`${path}.x-kubernetes-embedded-resource`, 'must not be used inside of resource meta'));
  }
  return errors;
}
