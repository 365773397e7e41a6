/**
 * The static checks of x-kubernetes-validations entries (apiextensions validation.go, kube
 * v1.32): rule present, message and messageExpression non-blank and single-line, reason one of
 * four, fieldPath a valid path into the node's schema. Compiling the rules is CEL's business
 * (CrdValidationHooks.compileSchemaRules).
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { asOptionalText, asRecords, asText, isUnset } from '../json-values.js';
import { validFieldPath } from './field-path.js';
import { newStructuralError } from './structural-init.js';
import type { SchemaProps } from './schema-props.js';

const supportedReasons = ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'];
const newlines = /[\n\r]+/;

/** The rule, message and messageExpression checks of one entry. */
function textErrors(rule: Record<string, unknown>, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const text = asText(rule.rule).trim();
  const message = asText(rule.message);
  if (text === '') errors.push(fieldError.required(`${path}.rule`, 'rule is not specified'));
  else if (message.length > 0 && message.trim() === '') errors.push(fieldError.invalid(`${path}.message`, message, 'message must be non-empty if specified'));
  else if (newlines.test(message.trim())) errors.push(fieldError.invalid(`${path}.message`, message, 'message must not contain line breaks'));
  else if (newlines.test(text) && message.trim() === '') {
    errors.push(fieldError.required(`${path}.message`, 'message must be specified if rule contains line breaks'));
  }
  const messageExpression = asText(rule.messageExpression);
  if (messageExpression.length > 0 && messageExpression.trim() === '') {
    errors.push(fieldError.required(`${path}.messageExpression`, 'messageExpression must be non-empty if specified'));
  }
  return errors;
}

/** pathValid: a fieldPath that cannot be resolved (in a structural node) is invalid. */
function fieldPathErrors(schema: SchemaProps, fieldPath: string, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (fieldPath.length > 0 && fieldPath.trim() === '') errors.push(fieldError.invalid(path, fieldPath, 'fieldPath must be non-empty if specified'));
  if (newlines.test(fieldPath)) errors.push(fieldError.invalid(path, fieldPath, 'fieldPath must not contain line breaks'));
  if (fieldPath.length > 0 && newStructuralError(schema) === undefined && !validFieldPath(fieldPath, schema).ok) {
    errors.push(fieldError.invalid(path, fieldPath, 'fieldPath must be a valid path'));
  }
  return errors;
}

/** The checks of every x-kubernetes-validations entry of `schema`. */
export function validationRuleErrors(schema: SchemaProps, path: string): FieldError[] {
  return asRecords(schema['x-kubernetes-validations']).flatMap((rule, index) => {
    const rulePath = `${path}.x-kubernetes-validations[${index}]`;
    const errors = textErrors(rule, rulePath);
    const reason = asOptionalText(rule.reason);
    if (!isUnset(rule.reason) && !supportedReasons.includes(reason ?? '')) {
      errors.push(fieldError.notSupported(`${rulePath}.reason`, reason ?? '', supportedReasons));
    }
    errors.push(...fieldPathErrors(schema, asText(rule.fieldPath), `${rulePath}.fieldPath`));
    return errors;
  });
}
