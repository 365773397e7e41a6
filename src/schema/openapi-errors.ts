/**
 * kube-openapi validation errors (k8s.io/kube-openapi/pkg/validation/errors) and their
 * conversion to field errors by apiextensions' kubeOpenAPIResultToFieldErrors:
 * required -> Required, enum -> NotSupported, maxLength -> TooLong, maxItems and maxProperties
 * -> TooMany, type and format -> TypeInvalid, everything else -> Invalid with kube-openapi's
 * sentence as detail; errors that are not validation errors (anyOf, oneOf, ...) land on the
 * root path with an empty value.
 */
import { type FieldError, GoLiteral, fieldError } from '../apimachinery/field-errors.js';
import { goQuote } from '../apimachinery/go-format.js';

/** One kube-openapi error; `name` is its dotted path as kube-openapi spells it (`spec.x`, `.x`, `spec.l[0]`). */
export type OpenApiError =
  | { code: 'required'; name: string }
  | { code: 'enum'; name: string; value: unknown; values: unknown[] }
  | { code: 'tooLong'; name: string; max: number }
  | { code: 'tooMany'; name: string; actual: number; max: number }
  | { code: 'type'; name: string; value: unknown; message: string }
  | { code: 'invalid'; name: string; value: unknown; message: string }
  | { code: 'composite'; message: string };

/** field.TypeInvalid, which apimachinery/field-errors.ts has no constructor for. */
export function typeInvalid(field: string, badValue: unknown, detail: string): FieldError {
  return { type: 'FieldValueTypeInvalid', field, badValue, detail };
}

/**
 * Go's %v of a JSON number as kube holds it: integers decode to int64 and print plainly; other
 * numbers are float64, printed by strconv 'g' with the shortest digits, in exponent form when the
 * exponent is below -4 or at least 6 (`1.5`, `1e-05`, `1.2345675e+06`).
 */
export function goFormatNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 2 ** 63) return String(value);
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : value < 0 ? '-Inf' : 'NaN';
  const [mantissa, exponentText] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 6) {
    const sign = exponent < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return String(value);
}

/** A bad value as Go's field.Error prints it (numbers through goFormatNumber). */
export function goBadValue(value: unknown): unknown {
  return typeof value === 'number' ? new GoLiteral(goFormatNumber(value)) : value;
}

/** The message kube-openapi's InvalidType builds: `spec.x in body must be of type integer: "string"`. */
export function invalidTypeMessage(name: string, typeName: string, value: unknown): string {
  const base = `${name} in body must be of type ${typeName}`;
  return typeof value === 'string' ? `${base}: ${goQuote(value)}` : base;
}

/** An enum value as apiextensions lists it: strings bare, anything else as JSON. */
function supportedValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function fieldPath(prefix: string, name: string): string {
  if (name === '' || name === '.') return prefix || '<nil>';
  const trimmed = name.startsWith('.') ? name.slice(1) : name;
  return prefix ? `${prefix}.${trimmed}` : trimmed;
}

/** kubeOpenAPIResultToFieldErrors for one error, under the field path `prefix` ('' for none). */
export function toFieldError(error: OpenApiError, prefix: string): FieldError {
  switch (error.code) {
    case 'required':
      return fieldError.required(fieldPath(prefix, error.name));
    case 'enum':
      return fieldError.notSupported(fieldPath(prefix, error.name), goBadValue(error.value), error.values.map(supportedValue));
    case 'tooLong':
      return fieldError.tooLong(fieldPath(prefix, error.name), error.max);
    case 'tooMany':
      return fieldError.tooMany(fieldPath(prefix, error.name), error.actual, error.max);
    case 'type':
      return typeInvalid(fieldPath(prefix, error.name), goBadValue(error.value ?? ''), error.message);
    case 'invalid':
      return fieldError.invalid(fieldPath(prefix, error.name), goBadValue(error.value ?? ''), error.message);
    case 'composite':
      return fieldError.invalid(prefix || '<nil>', '', error.message);
  }
}
