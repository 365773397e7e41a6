/**
 * Texts of CRD validation for rules (apiextensions apis/apiextensions/validation/validation.go):
 * the cost messages of getCostErrorMessage and the rule as Go's %#v prints the internal
 * apiextensions.ValidationRule, the bad value of compile errors. A set reason or optionalOldSelf
 * is a pointer, which Go prints as an address; a fixed one stands in for it.
 */
import { GoLiteral } from '../apimachinery/field-errors.js';
import { goQuote } from '../apimachinery/go-format.js';
import type { ValidationRule } from '../schema/types.js';

/** Go's %f (6 decimals) and %.1f. */
const fixed = (value: number, digits: number): string => value.toFixed(digits);

/** getCostErrorMessage. */
export function costErrorMessage(costName: string, cost: number, limit: number): string {
  const factor = cost / limit;
  const text = factor > 100 ? 'more than 100x' : factor < 1.5 ? `${fixed(factor, 6)}x` : `${fixed(factor, 1)}x`;
  return `${costName} exceeds budget by factor of ${text} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`;
}

const pointer = (type: string, set: boolean): string => `(*${type})(${set ? '0xc000010000' : 'nil'})`;

/** `apiextensions.ValidationRule{Rule:"...", ...}` as %#v. */
export function ruleLiteral(rule: ValidationRule): GoLiteral {
  return new GoLiteral(
    `apiextensions.ValidationRule{Rule:${goQuote(rule.rule)}, Message:${goQuote(rule.message ?? '')}, ` +
      `MessageExpression:${goQuote(rule.messageExpression ?? '')}, Reason:${pointer('apiextensions.FieldValueErrorReason', rule.reason !== undefined)}, ` +
      `FieldPath:${goQuote(rule.fieldPath ?? '')}, OptionalOldSelf:${pointer('bool', rule.optionalOldSelf !== undefined)}}`,
  );
}

export const contributedToTotal = 'contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema';
export const totalCostName = 'x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema';
export const supportedReasons = ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'];
