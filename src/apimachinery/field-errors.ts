/**
 * Field errors as k8s.io/apimachinery/pkg/util/validation/field builds them: a type, a dotted
 * path, the offending value and a detail. They become `details.causes` of a 422 Invalid Status.
 */
import { goQuote, goStringSlice } from './go-format.js';

export type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'InternalError'
  | 'FieldValueTypeInvalid';

const typeText: Record<FieldErrorType, string> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  InternalError: 'Internal error',
  FieldValueTypeInvalid: 'Invalid value',
};

/** Types whose message omits the bad value (field.Error.ErrorBody). */
const valueless = new Set<FieldErrorType>(['FieldValueRequired', 'FieldValueForbidden', 'FieldValueTooLong', 'InternalError']);

export interface FieldError {
  type: FieldErrorType;
  field: string;
  badValue?: unknown;
  detail?: string;
}

/** The message after the field path: `Invalid value: "x": detail`. */
export function fieldErrorBody(error: FieldError): string {
  let body = typeText[error.type];
  if (!valueless.has(error.type)) body += `: ${formatBadValue(error.badValue)}`;
  if (error.detail) body += `: ${error.detail}`;
  return body;
}

/** `field: body`, as field.Error.Error(). */
export function fieldErrorText(error: FieldError): string {
  return `${error.field}: ${fieldErrorBody(error)}`;
}

/** A bad value already rendered as Go prints it (`0x0` for a uint64 zero, `[]string{"x"}`). */
export class GoLiteral {
  constructor(readonly text: string) {}
}

/** Go's rendering of a bad value: strings quoted, numbers and booleans bare, []string as %#v, others as JSON. */
export function formatBadValue(value: unknown): string {
  if (value instanceof GoLiteral) return value.text;
  // field.Error.ErrorBody turns a nil value into the string "null", then quotes it as a string.
  if (value === undefined || value === null) return '"null"';
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return goStringSlice(value);
  return JSON.stringify(value);
}

/** errors.ToAggregate().Error(): one message alone, several in brackets, duplicates folded. */
export function aggregateText(errors: FieldError[]): string {
  const messages = [...new Set(errors.map(fieldErrorText))];
  return messages.length === 1 ? messages[0]! : `[${messages.join(', ')}]`;
}

export const fieldError = {
  required: (field: string, detail = ''): FieldError => ({ type: 'FieldValueRequired', field, detail }),
  invalid: (field: string, badValue: unknown, detail = ''): FieldError => ({ type: 'FieldValueInvalid', field, badValue, detail }),
  forbidden: (field: string, detail = ''): FieldError => ({ type: 'FieldValueForbidden', field, detail }),
  notFound: (field: string, badValue: unknown): FieldError => ({ type: 'FieldValueNotFound', field, badValue }),
  duplicate: (field: string, badValue: unknown): FieldError => ({ type: 'FieldValueDuplicate', field, badValue }),
  /** v1.32's field.TooLong: the value is omitted from the message. */
  tooLong: (field: string, maxLength: number): FieldError => ({
    type: 'FieldValueTooLong', field,
    detail: maxLength >= 0 ? `may not be more than ${maxLength} bytes` : 'value is too long',
  }),
  /** field.TooMany (v1.32 wording: `at most 1 items`, no singular); a negative maximum means "unknown". */
  tooMany: (field: string, actual: number, maximum: number): FieldError => ({
    type: 'FieldValueTooMany', field, badValue: actual,
    detail: maximum >= 0 ? `must have at most ${maximum} items` : 'has too many items',
  }),
  notSupported: (field: string, badValue: unknown, supported: string[]): FieldError => ({
    type: 'FieldValueNotSupported', field, badValue,
    detail: supported.length ? `supported values: ${supported.map((s) => goQuote(s)).join(', ')}` : '',
  }),
};
