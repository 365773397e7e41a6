/**
 * Reading stored objects as kube's printers read Go structs: an absent field is the type's zero
 * value ('' for strings, 0 for integers, false for booleans, empty for lists and maps), and a
 * pointer field is "unset" when absent or null.
 */
import type { TableColumn } from '../table-printer.js';

/** A JSON object of unknown shape. */
export type Fields = Record<string, unknown>;

/** The value at `path`, or undefined when any step is absent or not an object. */
export function valueAt(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Fields)[key];
  }
  return current;
}

/** Whether the field at `path` is set (a Go pointer that is not nil). */
export function hasField(value: unknown, ...path: string[]): boolean {
  const found = valueAt(value, ...path);
  return found !== undefined && found !== null;
}

/** The object at `path`; an empty object when absent (a nil struct pointer reads as zero). */
export function objectAt(value: unknown, ...path: string[]): Fields {
  const found = valueAt(value, ...path);
  return found !== null && typeof found === 'object' && !Array.isArray(found) ? (found as Fields) : {};
}

/** The string at `path`, '' when absent. */
export function stringAt(value: unknown, ...path: string[]): string {
  const found = valueAt(value, ...path);
  return typeof found === 'string' ? found : '';
}

/** The string at `path`, undefined when absent (a *string). */
export function optionalStringAt(value: unknown, ...path: string[]): string | undefined {
  const found = valueAt(value, ...path);
  return typeof found === 'string' ? found : undefined;
}

/** The number at `path`, 0 when absent. */
export function numberAt(value: unknown, ...path: string[]): number {
  const found = valueAt(value, ...path);
  return typeof found === 'number' ? found : 0;
}

/** The number at `path`, undefined when absent (an *int32). */
export function optionalNumberAt(value: unknown, ...path: string[]): number | undefined {
  const found = valueAt(value, ...path);
  return typeof found === 'number' ? found : undefined;
}

/** The boolean at `path`, false when absent. */
export function booleanAt(value: unknown, ...path: string[]): boolean {
  return valueAt(value, ...path) === true;
}

/** The boolean at `path`, undefined when absent (a *bool). */
export function optionalBooleanAt(value: unknown, ...path: string[]): boolean | undefined {
  const found = valueAt(value, ...path);
  return typeof found === 'boolean' ? found : undefined;
}

/** The list at `path`, empty when absent. */
export function listAt(value: unknown, ...path: string[]): unknown[] {
  const found = valueAt(value, ...path);
  return Array.isArray(found) ? found : [];
}

/** The string list at `path` (non-strings dropped), empty when absent. */
export function stringsAt(value: unknown, ...path: string[]): string[] {
  return listAt(value, ...path).filter((item): item is string => typeof item === 'string');
}

/** The string map at `path` (labels, selectors, node selectors), empty when absent. */
export function stringMapAt(value: unknown, ...path: string[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [key, item] of Object.entries(objectAt(value, ...path))) if (typeof item === 'string') map[key] = item;
  return map;
}

/** The number of keys of the map at `path` (Go's len() of a map). */
export function mapSizeAt(value: unknown, ...path: string[]): number {
  return Object.keys(objectAt(value, ...path)).length;
}

/** A column definition in kube's field order (priority 0: shown by plain `kubectl get`). */
export function column(name: string, description: string, type = 'string'): TableColumn {
  return { name, type, format: '', description, priority: 0 };
}

/** A priority 1 column: only `kubectl get -o wide` shows it, but the server always sends it. */
export function wideColumn(name: string, description: string, type = 'string'): TableColumn {
  return { name, type, format: '', description, priority: 1 };
}
