/**
 * The texts of Go's encoding/json syntax errors for the common cases, so that errors kube wraps
 * around them ("invalid continue token: ...", "json parse error: ...") read the same here.
 * JSON.parse only says that parsing failed; this finds the first offending character itself.
 */
import { goQuoteRune } from './go-format.js';

/** Go's JSON whitespace: space, tab, newline, carriage return (not Unicode spaces). */
const valueStart = /[ \t\n\r]*/y;

/** Go's json error for `text`, or null if it is valid JSON. */
export function goJsonSyntaxError(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch {
    return describe(text);
  }
}

function describe(text: string): string {
  valueStart.lastIndex = 0;
  valueStart.exec(text);
  const at = valueStart.lastIndex;
  if (at >= text.length) return 'unexpected end of JSON input';
  const first = text[at]!;
  if (!/[{["\-0-9tfn]/.test(first)) return `invalid character ${goQuoteRune(first)} looking for beginning of value`;
  if (first === '{') return describeObjectStart(text, at + 1);
  return 'unexpected end of JSON input';
}

/** After `{` Go wants a string key or `}`. */
function describeObjectStart(text: string, from: number): string {
  let at = from;
  while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  if (at >= text.length) return 'unexpected end of JSON input';
  const ch = text[at]!;
  if (ch !== '"' && ch !== '}') return `invalid character ${goQuoteRune(ch)} looking for beginning of object key string`;
  return 'unexpected end of JSON input';
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
