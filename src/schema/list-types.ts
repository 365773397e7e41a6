/**
 * Uniqueness of x-kubernetes-list-type `set` and `map` lists, as apiextensions checks custom
 * resources after schema validation (apiserver/schema/listtype/validation.go): for a set, the
 * second occurrence of each repeated element is a Duplicate; for a map, the second item with
 * the same x-kubernetes-list-map-keys values (a missing key takes its schema default), reported
 * with the keys as Go prints a map (`map[string]interface {}{"name":"a"}`); a map-list item that
 * is not an object is Invalid and ends the check of that list.
 */
import { type FieldError, GoLiteral, fieldError } from '../apimachinery/field-errors.js';
import { goQuote } from '../apimachinery/go-format.js';
import { isJsonObject } from '../apimachinery/json-value.js';
import { goFormatNumber } from './openapi-errors.js';
import { resolveNode } from './registry.js';
import type { SchemaNode, SchemaResolver } from './types.js';

/** Go's %#v of a decoded JSON value. */
export function goSharpValue(value: unknown): string {
  if (value === null || value === undefined) return 'interface {}(nil)';
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number') return goFormatNumber(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[]interface {}{${value.map(goSharpValue).join(', ')}}`;
  const entries = Object.keys(value as object).sort().map((key) => `${goQuote(key)}:${goSharpValue((value as Record<string, unknown>)[key])}`);
  return `map[string]interface {}{${entries.join(', ')}}`;
}

/** A bad value printed as field.Error prints it (%#v for compound values). */
function badValue(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? new GoLiteral(goSharpValue(value)) : value;
}

/** Indices of the second occurrence of each repeated identity. */
function secondOccurrences(identities: string[]): number[] {
  const seen = new Map<string, number>();
  const indices: number[] = [];
  identities.forEach((identity, index) => {
    const times = seen.get(identity) ?? 0;
    if (times === 1) indices.push(index);
    seen.set(identity, times + 1);
  });
  return indices;
}

/** An identity for comparison: JSON with sorted keys; a missing key is distinct from null. */
function identityOf(value: unknown): string {
  if (value === undefined) return '\u0000unspecified';
  if (Array.isArray(value)) return `[${value.map(identityOf).join(',')}]`;
  if (isJsonObject(value)) return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${identityOf(value[key])}`).join(',')}}`;
  return JSON.stringify(value);
}

class ListTypeChecker {
  readonly errors: FieldError[] = [];

  constructor(private readonly resolve: SchemaResolver) {}

  check(schema: SchemaNode | undefined, value: unknown, path: string): void {
    if (!schema) return;
    const node = resolveNode(schema, this.resolve);
    if (Array.isArray(value)) this.checkList(node, value, path);
    else if (isJsonObject(value)) this.checkObject(node, value, path);
  }

  private checkObject(node: SchemaNode, value: Record<string, unknown>, path: string): void {
    const additional = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
    for (const key of Object.keys(value).sort()) {
      const property = node.properties && Object.hasOwn(node.properties, key) ? node.properties[key] : undefined;
      if (property) this.check(property, value[key], path ? `${path}.${key}` : key);
      else if (additional) this.check(additional, value[key], `${path}[${key}]`);
    }
  }

  private checkList(node: SchemaNode, value: unknown[], path: string): void {
    const listType = node['x-kubernetes-list-type'];
    if (listType === 'set') {
      for (const index of secondOccurrences(value.map(identityOf))) this.errors.push(fieldError.duplicate(`${path}[${index}]`, badValue(value[index])));
    } else if (listType === 'map') {
      this.checkMapList(node, value, path);
    }
    if (node.items) value.forEach((item, index) => this.check(node.items, item, `${path}[${index}]`));
  }

  private checkMapList(node: SchemaNode, value: unknown[], path: string): void {
    const wrong = value.findIndex((item) => item !== null && !isJsonObject(item));
    if (wrong !== -1) {
      this.errors.push(fieldError.invalid(`${path}[${wrong}]`, badValue(value[wrong]), 'must be an object for an array of list-type map'));
      return;
    }
    const keyNames = node['x-kubernetes-list-map-keys'] ?? [];
    const itemNode = node.items ? resolveNode(node.items, this.resolve) : undefined;
    const keysOf = (item: unknown): Record<string, unknown> => {
      const keys: Record<string, unknown> = {};
      for (const key of keyNames) {
        const present = isJsonObject(item) && Object.hasOwn(item, key) ? item[key] : undefined;
        const fallback = itemNode?.properties?.[key]?.default;
        if (present !== undefined) keys[key] = present;
        else if (fallback !== undefined) keys[key] = fallback;
      }
      return keys;
    };
    const identities = value.map((item) => keyNames.map((key) => identityOf(keysOf(item)[key])).join('\u0000'));
    for (const index of secondOccurrences(identities)) {
      this.errors.push(fieldError.duplicate(`${path}[${index}]`, new GoLiteral(goSharpValue(keysOf(value[index])))));
    }
  }
}

/** The list-type set/map uniqueness errors of `value` under `schema`, at field path `path`. */
export function listTypeErrors(schema: SchemaNode, value: unknown, path: string, resolve: SchemaResolver): FieldError[] {
  const checker = new ListTypeChecker(resolve);
  checker.check(schema, value, path);
  return checker.errors;
}
