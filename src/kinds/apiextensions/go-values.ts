/**
 * Bad values of free-form JSON (defaults, enum items) as field.Error prints them: strings quoted,
 * float64 numbers with %v, booleans bare, maps and slices with %#v (`map[string]interface {}{...}`).
 */
import { GoLiteral } from '../../apimachinery/field-errors.js';
import { goSharpValue } from '../../schema/list-types.js';
import { goFormatNumber } from '../../schema/openapi-errors.js';

/** A decoded JSON value as a field.Error bad value. */
export function goJsonBadValue(value: unknown): unknown {
  if (typeof value === 'number') return new GoLiteral(goFormatNumber(value));
  if (value !== null && typeof value === 'object') return new GoLiteral(goSharpValue(value));
  return value;
}
