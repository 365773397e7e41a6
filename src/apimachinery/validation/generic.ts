/**
 * Field rules of k8s.io/apimachinery/pkg/api/validation/generic.go (v1.32) shared by every kind.
 */
import { fieldError, type FieldError } from '../field-errors.js';

/** IsNegativeErrorMsg. */
export const isNegativeErrorMessage = 'must be greater than or equal to 0';

/** ValidateNonnegativeField; an absent (undefined) field is not checked. */
export function validateNonNegativeField(value: number | undefined, path: string): FieldError[] {
  return value !== undefined && value < 0 ? [fieldError.invalid(path, value, isNegativeErrorMessage)] : [];
}
