/**
 * intstr.IntOrString fields that hold a count or a percentage (maxSurge, maxUnavailable,
 * minAvailable), validated as pkg/apis/apps/validation (v1.32) does: ValidatePositiveIntOrPercent,
 * IsNotMoreThan100Percent and getIntOrPercentValue.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { validateNonNegativeField } from '../../apimachinery/validation/generic.js';
import { regexError } from '../../apimachinery/validation/names.js';
import { goIntOrString } from '../shared/go-literals.js';

const percentFormat = '[0-9]+%';
const percentPattern = /^[0-9]+%$/;

/** validation.IsValidPercent. */
export function isValidPercent(value: string): string[] {
  if (percentPattern.test(value)) return [];
  return [regexError("a valid percent string must be a numeric string followed by an ending '%'", percentFormat, '1%', '93%')];
}

/** ValidatePositiveIntOrPercent: a valid percent string, or a non-negative integer. */
export function validatePositiveIntOrPercent(value: unknown, path: string): FieldError[] {
  if (typeof value === 'string') return isValidPercent(value).map((message) => fieldError.invalid(path, goIntOrString(value), message));
  if (typeof value === 'number') return validateNonNegativeField(value, path);
  // kube's message is not passed through Sprintf, so its "%%" stays doubled.
  return [fieldError.invalid(path, goIntOrString(value), "must be an integer or percentage (e.g '5%%')")];
}

/** IsNotMoreThan100Percent: only a valid percent string above 100% fails. */
export function isNotMoreThan100Percent(value: unknown, path: string): FieldError[] {
  const percent = percentValue(value);
  if (percent === undefined || percent <= 100) return [];
  return [fieldError.invalid(path, goIntOrString(value), 'must not be greater than 100%')];
}

function percentValue(value: unknown): number | undefined {
  if (typeof value !== 'string' || !percentPattern.test(value)) return undefined;
  return Number.parseInt(value.slice(0, -1), 10);
}

/**
 * getIntOrPercentValue: the percentage, else IntOrString.IntValue(), which for a string that is
 * not a valid percent is strconv.Atoi of it with errors ignored ("5" counts as 5, "x" as 0).
 */
export function intOrPercentValue(value: unknown): number {
  const percent = percentValue(value);
  if (percent !== undefined) return percent;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^[+-]?[0-9]+$/.test(value)) return Number.parseInt(value, 10);
  return 0;
}
