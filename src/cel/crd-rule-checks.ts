/**
 * The static checks of x-kubernetes-validations entries in CRD validation, before compilation:
 * empty rule, message and messageExpression, line breaks, reason, fieldPath; with kube's
 * paths (`<schema path>.x-kubernetes-validations[i].rule`) and texts.
 */
import { fieldError, type FieldError } from '../apimachinery/field-errors.js';
import type { SchemaNode, ValidationRule } from '../schema/types.js';
import { supportedReasons } from './crd-messages.js';
import { validFieldPath } from './field-path.js';

const hasNewlines = (text: string): boolean => /[\n\r]/.test(text);

/** The schema errors of rule `index` of `schema` at `path` (the rule's own path). */
export function ruleSchemaErrors(rule: ValidationRule, schema: SchemaNode, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const [trimmedRule, trimmedMessage] = [rule.rule.trim(), (rule.message ?? '').trim()];
  if (trimmedRule === '') errors.push(fieldError.required(`${path}.rule`, 'rule is not specified'));
  else if (rule.message && trimmedMessage === '') errors.push(fieldError.invalid(`${path}.message`, rule.message, 'message must be non-empty if specified'));
  else if (hasNewlines(trimmedMessage)) errors.push(fieldError.invalid(`${path}.message`, rule.message, 'message must not contain line breaks'));
  else if (hasNewlines(trimmedRule) && trimmedMessage === '') errors.push(fieldError.required(`${path}.message`, 'message must be specified if rule contains line breaks'));
  if (rule.messageExpression && rule.messageExpression.trim() === '') {
    errors.push(fieldError.required(`${path}.messageExpression`, 'messageExpression must be non-empty if specified'));
  }
  if (rule.reason !== undefined && !supportedReasons.includes(rule.reason)) errors.push(fieldError.notSupported(`${path}.reason`, rule.reason, supportedReasons));
  const fieldPath = rule.fieldPath ?? '';
  if (fieldPath && fieldPath.trim() === '') errors.push(fieldError.invalid(`${path}.fieldPath`, fieldPath, 'fieldPath must be non-empty if specified'));
  if (hasNewlines(fieldPath)) errors.push(fieldError.invalid(`${path}.fieldPath`, fieldPath, 'fieldPath must not contain line breaks'));
  if (fieldPath && validFieldPath(fieldPath, schema).error !== undefined) {
    errors.push(fieldError.invalid(`${path}.fieldPath`, fieldPath, 'fieldPath must be a valid path'));
  }
  return errors;
}
