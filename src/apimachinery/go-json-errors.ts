/**
 * The texts of Go's encoding/json errors, so that errors kube wraps around them ("invalid
 * continue token: ...", "json parse error: ...") read the same here.
 */
import { goJsonSyntaxErrorText, maxJsonNestingDepth } from './json-syntax.js';

/**
 * Go's json error for `text` (its full scanner, in schema/json-syntax.ts), or null if it is valid
 * JSON for Go too: JSON.parse accepts nesting deeper than Go's 10000 levels, so text that could be
 * that deep is scanned even when it parses.
 */
export function goJsonSyntaxError(text: string): string | null {
  try {
    JSON.parse(text);
    return text.length > maxJsonNestingDepth ? goJsonSyntaxErrorText(text) : null;
  } catch {
    return goJsonSyntaxErrorText(text);
  }
}

/** Go's message for a JSON value of the wrong type in a struct field. */
export function goUnmarshalTypeError(jsonType: string, structField: string, goType: string): string {
  return `json: cannot unmarshal ${jsonType} into Go struct field ${structField} of type ${goType}`;
}

/** The JSON type name Go uses in unmarshal errors. */
export function goJsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  return typeof value === 'boolean' ? 'bool' : typeof value;
}
