/**
 * The texts and field errors of failing rules (apiextensions schema/cel/validation.go): the rule's
 * message, else `failed rule: <rule>`; the reason picks the error type (FieldValueDuplicate
 * keeps no message); the bad value is the node's schema type name, as v1.32 prints it
 * (`Invalid value: "object": ...`). Field paths are kube's field.Path texts, `<nil>` at the root.
 */
import { fieldError, fieldErrorText, type FieldError } from '../apimachinery/field-errors.js';
import type { ValidationRule } from '../schema/types.js';

export const outOfBudget = 'validation failed due to running out of cost budget, no further validation rules will be run';

/** ruleErrorString: the message when set, else the rule. */
export const ruleErrorString = (rule: ValidationRule): string => (rule.message ? rule.message.trim() : rule.rule.trim());

/** ruleMessageOrDefault. */
export const ruleMessage = (rule: ValidationRule): string => (rule.message ? rule.message.trim() : `failed rule: ${ruleErrorString(rule)}`);

/** A field path text for an error: the root path (empty) prints as Go's nil path. */
export const fieldText = (path: string): string => path || '<nil>';

/** Path builders of field.Path. */
export const childPath = (path: string, name: string): string => (path ? `${path}.${name}` : name);
export const indexPath = (path: string, index: number | string): string => `${path}[${index}]`;

/** field.Invalid(path, type, detail). */
export const invalidAt = (path: string, typeName: string, detail: string): FieldError => fieldError.invalid(fieldText(path), typeName, detail);

/** fieldErrorForReason. */
export function reasonError(path: string, typeName: string, detail: string, reason: string | undefined): FieldError {
  switch (reason) {
    case 'FieldValueForbidden': return fieldError.forbidden(fieldText(path), detail);
    case 'FieldValueRequired': return fieldError.required(fieldText(path), detail);
    case 'FieldValueDuplicate': return fieldError.duplicate(fieldText(path), typeName);
    default: return invalidAt(path, typeName, detail);
  }
}

/** The warning text of a ratcheted error. */
export const warningText = (error: FieldError): string => fieldErrorText(error);
