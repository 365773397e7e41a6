/**
 * JSON merge patch (RFC 7386), as kube applies `application/merge-patch+json`: objects merge
 * recursively, `null` deletes a field, anything else (arrays included) replaces.
 */

import { isJsonObject as isObject } from '../apimachinery/json-value.js';

type Json = unknown;

/** The result of applying `patch` to `target`; neither argument is modified. */
export function applyMergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return structuredClone(patch);
  const result: Record<string, Json> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
}
