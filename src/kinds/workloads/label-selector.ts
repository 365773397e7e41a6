/**
 * metav1.LabelSelector (matchLabels and matchExpressions) as kube validates, converts and matches
 * it: apimachinery pkg/apis/meta/v1/validation ValidateLabelSelector (v1.32) and
 * pkg/apis/meta/v1/helpers.go LabelSelectorAsSelector.
 */
import { fieldError, type FieldError } from '../../core/field-errors.js';
import { validateLabels } from '../../core/validation/metadata-fields.js';
import { isQualifiedName, isValidLabelValue } from '../../core/validation/names.js';
import { isUnset, listOf, record, recordList, stringMap, stringOf, type JsonRecord } from './fields.js';

export interface LabelSelectorOptions {
  /** LabelSelectorValidationOptions.AllowInvalidLabelValueInSelector (kept for old objects on update). */
  allowInvalidLabelValue?: boolean;
}

/** ValidateLabelSelector: matchLabels as labels, then each expression. A nil selector is valid. */
export function validateLabelSelector(selector: unknown, path: string, options: LabelSelectorOptions = {}): FieldError[] {
  const value = record(selector);
  if (!value) return [];
  const errors = validateLabels(stringMap(value.matchLabels), `${path}.matchLabels`);
  recordList(value.matchExpressions).forEach((expression, index) => {
    errors.push(...validateRequirement(expression, `${path}.matchExpressions[${index}]`, options));
  });
  return errors;
}

function validateRequirement(requirement: JsonRecord, path: string, options: LabelSelectorOptions): FieldError[] {
  const errors: FieldError[] = [];
  const operator = stringOf(requirement.operator);
  const values = listOf(requirement.values);
  if (operator === 'In' || operator === 'NotIn') {
    if (values.length === 0) errors.push(fieldError.required(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
  } else if (operator === 'Exists' || operator === 'DoesNotExist') {
    if (values.length > 0) errors.push(fieldError.forbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
  } else {
    errors.push(fieldError.invalid(`${path}.operator`, operator, 'not a valid selector operator'));
  }
  errors.push(...validateLabelName(stringOf(requirement.key), `${path}.key`));
  if (!options.allowInvalidLabelValue) {
    values.forEach((item, index) => {
      const text = stringOf(item);
      for (const message of isValidLabelValue(text)) errors.push(fieldError.invalid(`${path}.values[${index}]`, text, message));
    });
  }
  return errors;
}

/** v1validation.ValidateLabelName: a label key is a qualified name. */
export function validateLabelName(key: string, path: string): FieldError[] {
  return isQualifiedName(key).map((message) => fieldError.invalid(path, key, message));
}

/**
 * Whether LabelSelectorAsSelector succeeds. labels.NewRequirement checks exactly what the strict
 * validation checks (keys, values, operators, value counts), so it fails when that finds errors.
 */
export function labelSelectorConvertible(selector: unknown): boolean {
  return validateLabelSelector(selector, 'selector').length === 0;
}

/** len(MatchLabels)+len(MatchExpressions) == 0 on a non-nil selector: it selects everything. */
export function labelSelectorIsEmpty(selector: unknown): boolean {
  const value = record(selector);
  if (!value) return false;
  return Object.keys(stringMap(value.matchLabels) ?? {}).length + listOf(value.matchExpressions).length === 0;
}

/**
 * The converted selector's Matches. A nil selector converts to labels.Nothing(), which matches
 * no labels and is not Empty(), so a missing selector also fails every "selector matches
 * template labels" check; an empty one selects everything.
 */
export function labelSelectorMatches(selector: unknown, labels: Record<string, string> | undefined): boolean {
  if (isUnset(selector)) return false;
  const value = record(selector) ?? {};
  const have = labels ?? {};
  const matchLabels = Object.entries(stringMap(value.matchLabels) ?? {});
  if (!matchLabels.every(([key, wanted]) => Object.hasOwn(have, key) && have[key] === wanted)) return false;
  return recordList(value.matchExpressions).every((expression) => requirementMatches(expression, have));
}

function requirementMatches(requirement: JsonRecord, labels: Record<string, string>): boolean {
  const key = stringOf(requirement.key);
  const present = Object.hasOwn(labels, key);
  const values = listOf(requirement.values).map(stringOf);
  switch (stringOf(requirement.operator)) {
    case 'In':
      return present && values.includes(labels[key]!);
    case 'NotIn':
      return !present || !values.includes(labels[key]!);
    case 'Exists':
      return present;
    default:
      return !present;
  }
}

/** metav1validation.LabelSelectorHasInvalidLabelValue: some expression value is not a label value. */
export function labelSelectorHasInvalidValue(selector: unknown): boolean {
  return recordList(record(selector)?.matchExpressions).some((expression) =>
    listOf(expression.values).some((value) => isValidLabelValue(stringOf(value)).length > 0));
}
