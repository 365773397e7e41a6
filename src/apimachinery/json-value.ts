/** JSON values as decoded documents hold them. */

/** True when `value` is a JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * True when `value` is an object of a decoded request body: a JSON object that is not a YAML
 * timestamp (the YAML parser hands those over as a Date; in the request they were strings).
 */
export function isDecodedObject(value: unknown): value is Record<string, unknown> {
  return isJsonObject(value) && !(value instanceof Date);
}
