/**
 * The scale subresource's paths in a custom resource (`.spec.replicas`, `.status.replicas`,
 * `.status.selector`: simple dotted JSON paths, as kube reads them with unstructured.Nested*),
 * and the checks kube's customResourceValidator makes on the values found there.
 */
import { fieldError, type FieldError } from '../apimachinery/field-errors.js';
import { isJsonObject } from '../apimachinery/object.js';
import type { ScalePaths } from '../api/catalog.js';

const maxInt32 = 2 ** 31 - 1;

function segments(path: string): string[] {
  return path.replace(/^\./, '').split('.');
}

/** The value at a dotted path, or undefined. */
export function readPath(object: unknown, path: string): unknown {
  let current = object;
  for (const segment of segments(path)) {
    if (!isJsonObject(current)) return undefined;
    current = current[segment];
  }
  return current;
}

/** Sets the value at a dotted path, creating objects on the way. */
export function writePath(object: Record<string, unknown>, path: string, value: unknown): void {
  const parts = segments(path);
  let current = object;
  for (const segment of parts.slice(0, -1)) {
    if (!isJsonObject(current[segment])) current[segment] = {};
    current = current[segment] as Record<string, unknown>;
  }
  current[parts[parts.length - 1]!] = value;
}

/** ValidateScaleSpec and ValidateScaleStatus: replicas are non-negative int32s, the selector a string. */
export function scaleErrors(scale: ScalePaths | undefined, object: unknown): FieldError[] {
  if (!scale) return [];
  const errors = [...replicasErrors(object, scale.specReplicasPath), ...replicasErrors(object, scale.statusReplicasPath)];
  if (scale.labelSelectorPath) {
    const selector = readPath(object, scale.labelSelectorPath);
    if (selector !== undefined && typeof selector !== 'string') {
      errors.push(fieldError.invalid(scale.labelSelectorPath, selector, `${scale.labelSelectorPath} accessor error: ${String(selector)} is of the type ${goTypeName(selector)}, expected string`));
    }
  }
  return errors;
}

function replicasErrors(object: unknown, path: string): FieldError[] {
  const value = readPath(object, path);
  if (value === undefined) return [];
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return [fieldError.invalid(path, 0, `${path} accessor error: ${String(value)} is of the type ${goTypeName(value)}, expected int64`)];
  }
  if (value < 0) return [fieldError.invalid(path, value, 'should be a non-negative integer')];
  if (value > maxInt32) return [fieldError.invalid(path, value, `should be less than or equal to ${maxInt32}`)];
  return [];
}

/** The Go type unstructured JSON decodes a value into. */
function goTypeName(value: unknown): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int64' : 'float64';
  if (Array.isArray(value)) return '[]interface {}';
  return value === null ? '<nil>' : 'map[string]interface {}';
}
