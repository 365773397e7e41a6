/**
 * runtime.DefaultUnstructuredConverter.FromUnstructured over a built-in kind's schema: how kube
 * turns the map a strategic merge patch produced back into the Go struct, and the first error it
 * meets, worded as apimachinery's converter.go does (`cannot restore map from string`,
 * `cannot restore struct from: string`, `cannot restore slice from int64`, `unrecognized type:
 * int32`, `cannot convert int64 to string`). JSON numbers are Go int64 when integral, float64
 * otherwise (sigs.k8s.io/json's PreserveInts). Types with their own unmarshaler (Quantity, Time,
 * IntOrString, ...) get the value re-encoded, so their errors read as from a fresh json.Unmarshal
 * (`json: cannot unmarshal object into Go value of type int32`). Unknown fields are the decoder's.
 */
import { isJsonObject } from '../apimachinery/json-value.js';
import { type CustomOutcome, customUnmarshalers } from './custom-unmarshalers.js';
import { goTypeOf } from './decode-check.js';
import { resolveNode, schemaForKind } from './registry.js';
import type { SchemaNode } from './types.js';

/** The converter's error for `object` as the kind's Go struct, or null when it converts. */
export function fromUnstructuredError(group: string, version: string, kind: string, object: unknown): string | null {
  const root = schemaForKind(group, version, kind);
  return root ? convert(object, root) : null;
}

/** reflect.Kind of a decoded JSON value, as converter.go prints it. */
export function unstructuredKind(value: unknown): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int64' : 'float64';
  return Array.isArray(value) ? 'slice' : 'map';
}

function convert(value: unknown, wrapper: SchemaNode): string | null {
  if (value === null || value === undefined) return null;
  const unmarshaler = wrapper.$ref === undefined ? undefined : customUnmarshalers.get(wrapper.$ref);
  if (unmarshaler) return customError(unmarshaler(value, undefined));
  const node = resolveNode(wrapper);
  if (node.type === 'object' || node.properties) {
    if (node.properties) return convertStruct(value, node);
    if (!isJsonObject(value)) return `cannot restore map from ${unstructuredKind(value)}`;
    const element = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
    return element ? firstError(Object.values(value), () => element) : null;
  }
  if (node.type === 'array') {
    if (node.format === 'byte' && typeof value === 'string') return null;
    if (!Array.isArray(value)) return `cannot restore slice from ${unstructuredKind(value)}`;
    return node.items ? firstError(value, () => node.items!) : null;
  }
  if (node.type === 'string' && node.format === 'byte') {
    if (typeof value === 'string') return null;
    return Array.isArray(value) ? null : `cannot restore slice from ${unstructuredKind(value)}`;
  }
  return convertPrimitive(value, node);
}

function customError(outcome: CustomOutcome): string | null {
  if (outcome.kind === 'error') return outcome.text;
  if (outcome.kind === 'typeError') return `json: cannot unmarshal ${outcome.value} into Go value of type ${outcome.goType}`;
  return null;
}

function convertStruct(value: unknown, node: SchemaNode): string | null {
  if (!isJsonObject(value)) return `cannot restore struct from: ${unstructuredKind(value)}`;
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    const error = convert(value[name], property);
    if (error) return error;
  }
  return null;
}

function firstError(values: unknown[], schemaOf: () => SchemaNode): string | null {
  for (const value of values) {
    const error = convert(value, schemaOf());
    if (error) return error;
  }
  return null;
}

/** The simple kinds: only string to string, bool to bool, and numbers among themselves convert. */
function convertPrimitive(value: unknown, node: SchemaNode): string | null {
  const target = goTypeOf(node);
  const source = unstructuredKind(value);
  const numeric = (kind: string) => /^(u?int(8|16|32|64)?|float(32|64))$/.test(kind);
  if (target === 'interface {}') return null;
  if (source === target || (source === 'string' && target === 'string') || (source === 'bool' && target === 'bool')) return null;
  if (source === 'int64' && numeric(target)) return null;
  if (source === 'float64' && numeric(target)) {
    return target.startsWith('float') || Number.isInteger(value) ? null : `cannot convert float64 to ${target}`;
  }
  // Go converts integers to strings (a rune), so reflect calls them convertible and the converter refuses them by name.
  if (source === 'int64' && target === 'string') return 'cannot convert int64 to string';
  return `unrecognized type: ${reflectKind(target)}`;
}

/** The reflect.Kind of a Go type string: named string types print their kind. */
function reflectKind(goType: string): string {
  if (/^(u?int(8|16|32|64)?|float(32|64)|bool|string)$/.test(goType)) return goType;
  return goType.startsWith('[]') ? 'slice' : goType.startsWith('map[') ? 'map' : 'string';
}
