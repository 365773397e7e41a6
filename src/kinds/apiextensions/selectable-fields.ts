/**
 * selectableFields of a CRD (apiextensions validation.go ValidateCustomResourceSelectableFields,
 * kube v1.32, CustomResourceFieldSelectors GA): at most 8 distinct JSON paths into the schema,
 * outside metadata, each reaching a string, boolean or integer field. No array notation.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { asRecord, asText, type JsonRecord } from '../json-values.js';
import { validFieldPath } from './field-path.js';
import { typeOf } from './schema-props.js';
import { newStructuralError } from './structural-init.js';

const maxSelectableFields = 8;

function validateFields(fields: JsonRecord[], schema: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const unique = new Set<string>();
  fields.forEach((field, index) => {
    const jsonPath = asText(field.jsonPath);
    const fieldPath = `${path}[${index}].jsonPath`;
    if (jsonPath === '') return errors.push(fieldError.required(fieldPath));
    const resolved = validFieldPath(jsonPath, schema, false);
    if (!resolved.ok) return errors.push(fieldError.invalid(fieldPath, jsonPath, `is an invalid path: ${resolved.error}`));
    if (resolved.root === 'metadata') errors.push(fieldError.invalid(fieldPath, jsonPath, 'must not point to fields in metadata'));
    if (!['string', 'boolean', 'integer'].includes(resolved.schema ? typeOf(resolved.schema) : '')) {
      const message = 'must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.';
      errors.push(fieldError.invalid(fieldPath, jsonPath, message));
    }
    if (unique.has(resolved.path)) errors.push(fieldError.duplicate(fieldPath, jsonPath));
    unique.add(resolved.path);
    return undefined;
  });
  if (unique.size > maxSelectableFields) errors.push(fieldError.tooMany(path, unique.size, maxSelectableFields));
  return errors;
}

/**
 * The selectableFields rules of a version (`versionPath` set) or of the spec. Quirks kept: without a
 * schema the message differs between the two, and a non-structural schema is reported at
 * `<path>.schema.openAPIV3Schema` (for the spec: `spec.schema.openAPIV3Schema`).
 */
export function validateSelectableFields(fields: JsonRecord[], validation: JsonRecord | undefined, path: string, perVersion: boolean): FieldError[] {
  if (fields.length === 0) return [];
  const schema = asRecord(validation?.openAPIV3Schema);
  if (perVersion ? !schema : !validation) {
    const message = perVersion
      ? 'selectableFields may only be set when version.schema.openAPIV3Schema is not included'
      : 'selectableFields may only be set when validations.schema is included';
    return [fieldError.invalid(`${path}.selectableFields`, '', message)];
  }
  if (!schema) return [];
  const initError = newStructuralError(schema);
  if (initError) return [fieldError.invalid(`${path}.schema.openAPIV3Schema`, '', initError)];
  return validateFields(fields, schema, `${path}.selectableFields`);
}
