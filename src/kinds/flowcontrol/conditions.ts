/**
 * ValidateFlowSchemaStatus and ValidatePriorityLevelConfigurationStatus (kube v1.32): condition
 * types are required and may not repeat.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asList, asRecord, asText } from '../json-values.js';

/** The status conditions' errors. */
export function validateConditions(object: KubeObject): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  asList(asRecord(object.status)?.conditions).forEach((condition, index) => {
    const type = asText(asRecord(condition)?.type);
    if (seen.has(type)) errors.push(fieldError.duplicate(`status.conditions[${index}].type`, type));
    seen.add(type);
    if (type === '') errors.push(fieldError.required(`status.conditions[${index}].type`));
  });
  return errors;
}
