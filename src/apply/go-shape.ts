/**
 * Values of built-in kinds as kube's field manager sees them: Go structs, converted to SMD values
 * by reflection, so fields Go never omits are present even when nobody set them: value structs
 * as `{}` with their own such fields, non-omitempty scalars as '' / 0 / false, and required
 * (non-omitempty) pointers, slices and maps as null. This decides where FieldsV1 gets `".": {}`:
 * a Deployment's `spec`, `strategy` and `template` exist in the empty object kube compares a create
 * against, `rollingUpdate` (a pointer) does not (golden 072). A null on an omitempty pointer field
 * is dropped, as decoding into Go and encoding again would.
 * Custom resources are unstructured in kube: they are left as they are.
 */
import { goZeroFields, type GoZeroValue } from './go-zero-values.js';
import { declaredType, entryNode, isDeclaredField, type ManagedFieldsSchema, type MapType } from './schema-types.js';
import type { SchemaNode } from '../schema/types.js';
import { isJsonObject, presentEntries } from './values.js';

/** Go's zero value of kinds that marshal themselves instead of as structs. */
const customZeroValues: Readonly<Record<string, unknown>> = {
  'io.k8s.apimachinery.pkg.apis.meta.v1.Time': null,
  'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime': null,
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': 0,
  'io.k8s.apimachinery.pkg.api.resource.Quantity': '0',
  'io.k8s.apimachinery.pkg.runtime.RawExtension': null,
  'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSON': null,
};

/** The empty object kube compares a create against (`scope.Creater.New(kind)`): `{}` for custom resources. */
export function goZeroObject(schema: ManagedFieldsSchema): Record<string, unknown> {
  const zero = schema.goTyped && schema.root ? goShaped({}, schema.root, schema) : {};
  return isJsonObject(zero) ? zero : {};
}

/** `value` with Go's always-present fields filled in (built-in kinds only). */
export function goShaped(value: unknown, node: SchemaNode | undefined, schema: ManagedFieldsSchema): unknown {
  if (!schema.goTyped || !node) return value;
  const type = declaredType(node, schema.resolve);
  if (type === 'deduced' || type.kind === 'scalar') return value;
  if (type.kind === 'list') return Array.isArray(value) ? value.map((item) => goShaped(item, type.item, schema)) : value;
  if (!isJsonObject(value)) return value;
  if (Object.keys(type.fields).length > 0) return shapeStruct(value, type, schema);
  const out: Record<string, unknown> = {};
  for (const [key, item] of presentEntries(value)) out[key] = goShaped(item, type.element, schema);
  return out;
}

/**
 * Optional slices whose Go json tag has no omitempty, so Go writes null for them: OpenAPI marks
 * them neither required nor defaulted, so they are listed here (k8s.io/api and apiextensions types).
 */
const nonOmitEmptySlices: Readonly<Record<string, readonly string[]>> = {
  'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinitionStatus': ['conditions', 'storedVersions'],
  'io.k8s.api.autoscaling.v2.HorizontalPodAutoscalerStatus': ['currentMetrics'],
};

function shapeStruct(value: Record<string, unknown>, type: MapType, schema: ManagedFieldsSchema): Record<string, unknown> {
  const zeros = (type.name && goZeroFields[type.name]) || {};
  const nullable = [...type.required, ...((type.name && nonOmitEmptySlices[type.name]) || [])];
  const out: Record<string, unknown> = {};
  for (const [key, item] of presentEntries(value)) {
    if (item !== null) out[key] = goShaped(item, entryNode(type, key), schema);
    else if (Object.hasOwn(zeros, key)) out[key] = zeroOf(zeros[key]!, type.fields[key]!, schema);
    // A null pointer without omitempty stays null; with omitempty Go leaves the field out.
    else if (nullable.includes(key) || !isDeclaredField(type, key)) out[key] = null;
  }
  for (const [key, zero] of Object.entries(zeros)) {
    if (out[key] === undefined && type.fields[key]) out[key] = zeroOf(zero, type.fields[key], schema);
  }
  for (const key of nullable) if (out[key] === undefined && isDeclaredField(type, key)) out[key] = null;
  return out;
}

function zeroOf(zero: GoZeroValue, node: SchemaNode, schema: ManagedFieldsSchema): unknown {
  if (typeof zero !== 'object') return zero;
  if (node.$ref !== undefined && Object.hasOwn(customZeroValues, node.$ref)) return customZeroValues[node.$ref];
  const type = declaredType(node, schema.resolve);
  return type !== 'deduced' && type.kind === 'map' && Object.keys(type.fields).length > 0 ? shapeStruct({}, type, schema) : null;
}

/**
 * `value` with each map's keys in the order `template` has them first (recursively through
 * maps), the rest after: an object applied into Go's zero object keeps the order it was written
 * in, with the zero fields after it (as `status: {}` comes last in kube's responses).
 */
export function preferKeyOrder(value: unknown, template: unknown): unknown {
  if (!isJsonObject(value) || !isJsonObject(template)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(template)) if (value[key] !== undefined) out[key] = preferKeyOrder(value[key], template[key]);
  for (const [key, item] of presentEntries(value)) if (out[key] === undefined) out[key] = item;
  return out;
}
