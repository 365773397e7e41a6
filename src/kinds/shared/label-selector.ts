/**
 * metav1.LabelSelector (matchLabels and matchExpressions) as kube validates, converts and matches
 * it: apimachinery pkg/apis/meta/v1/validation ValidateLabelSelector (v1.32) and
 * pkg/apis/meta/v1/helpers.go LabelSelectorAsSelector.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { compareGoStrings } from '../../apimachinery/selectors/go-strings.js';
import { matchesLabels, type LabelOperator, type LabelRequirement, type LabelSelector } from '../../apimachinery/selectors/labels.js';
import { validateLabels } from '../../apimachinery/validation/metadata-fields.js';
import { isQualifiedName, isValidLabelValue } from '../../apimachinery/validation/names.js';
import { asList, asOptionalTextMap, asRecord, asRecords, asText, isUnset, type JsonRecord } from '../json-values.js';

export interface LabelSelectorOptions {
  /** LabelSelectorValidationOptions.AllowInvalidLabelValueInSelector (kept for old objects on update). */
  allowInvalidLabelValue?: boolean;
}

/** ValidateLabelSelector: matchLabels as labels, then each expression. A nil selector is valid. */
export function validateLabelSelector(selector: unknown, path: string, options: LabelSelectorOptions = {}): FieldError[] {
  const value = asRecord(selector);
  if (!value) return [];
  const errors = validateLabels(asOptionalTextMap(value.matchLabels), `${path}.matchLabels`);
  asRecords(value.matchExpressions).forEach((expression, index) => {
    errors.push(...validateRequirement(expression, `${path}.matchExpressions[${index}]`, options));
  });
  return errors;
}

function validateRequirement(requirement: JsonRecord, path: string, options: LabelSelectorOptions): FieldError[] {
  const errors: FieldError[] = [];
  const operator = asText(requirement.operator);
  const values = asList(requirement.values);
  if (operator === 'In' || operator === 'NotIn') {
    if (values.length === 0) errors.push(fieldError.required(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
  } else if (operator === 'Exists' || operator === 'DoesNotExist') {
    if (values.length > 0) errors.push(fieldError.forbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
  } else {
    errors.push(fieldError.invalid(`${path}.operator`, operator, 'not a valid selector operator'));
  }
  errors.push(...validateLabelName(asText(requirement.key), `${path}.key`));
  if (!options.allowInvalidLabelValue) {
    values.forEach((item, index) => {
      const text = asText(item);
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
  const value = asRecord(selector);
  if (!value) return false;
  return Object.keys(asOptionalTextMap(value.matchLabels) ?? {}).length + asList(value.matchExpressions).length === 0;
}

/**
 * The converted selector's Matches. A nil selector converts to labels.Nothing(), which matches
 * no labels and is not Empty(), so a missing selector also fails every "selector matches
 * template labels" check; an empty one selects everything.
 */
export function labelSelectorMatches(selector: unknown, labels: Record<string, string> | undefined): boolean {
  if (isUnset(selector)) return false;
  return matchesLabels(labelSelectorAsSelector(asRecord(selector) ?? {}), labels);
}

const selectorOperators: Readonly<Record<string, LabelOperator>> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/**
 * metav1.LabelSelectorAsSelector: matchLabels as `key=value`, each expression with its operator. Callers
 * match only selectors that convert (labelSelectorConvertible); an operator kube would refuse
 * reads as DoesNotExist here.
 */
export function labelSelectorAsSelector(selector: JsonRecord): LabelSelector {
  const requirements: LabelRequirement[] = [
    ...Object.entries(asOptionalTextMap(selector.matchLabels) ?? {}).map(([key, value]): LabelRequirement => ({ key, operator: '=', values: [value] })),
    ...asRecords(selector.matchExpressions).map((expression): LabelRequirement => ({
      key: asText(expression.key),
      operator: selectorOperators[asText(expression.operator)] ?? '!',
      values: [...new Set(asList(expression.values).map(asText))].sort(compareGoStrings),
    })),
  ];
  return { requirements: requirements.sort((a, b) => compareGoStrings(a.key, b.key)) };
}

/** metav1validation.LabelSelectorHasInvalidLabelValue: some expression value is not a label value. */
export function labelSelectorHasInvalidValue(selector: unknown): boolean {
  return asRecords(asRecord(selector)?.matchExpressions).some((expression) =>
    asList(expression.values).some((value) => isValidLabelValue(asText(value)).length > 0));
}
