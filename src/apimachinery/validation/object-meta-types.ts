/**
 * The decode-time type check of metadata on built-in kinds. Kube decodes a request body into the
 * typed Go struct (sigs.k8s.io/json, a fork of encoding/json) and a JSON value of the wrong type
 * fails the whole request with 400 BadRequest:
 *   `Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number into Go struct
 *    field ObjectMeta.metadata.labels of type string`
 * This returns the part after the second colon. Go names the innermost struct and the JSON path
 * without list indices, and reports the first error in document order. creationTimestamp and
 * deletionTimestamp (metav1.Time's own UnmarshalJSON) and fieldsV1 (takes any JSON) are not checked.
 */
import { goJsonTypeName, goUnmarshalTypeError } from '../go-json-errors.js';

type Shape =
  | { kind: 'string' | 'int64' | 'bool'; goType: string }
  | { kind: 'map' | 'list'; goType: string; element: Shape }
  | { kind: 'struct'; goType: string; name: string; fields: Record<string, Shape> };

const text = (goType = 'string'): Shape => ({ kind: 'string', goType });
const int64: Shape = { kind: 'int64', goType: 'int64' };
const bool: Shape = { kind: 'bool', goType: 'bool' };

const ownerReference: Shape = {
  kind: 'struct',
  goType: 'v1.OwnerReference',
  name: 'OwnerReference',
  fields: { apiVersion: text(), kind: text(), name: text(), uid: text('types.UID'), controller: bool, blockOwnerDeletion: bool },
};

const managedFieldsEntry: Shape = {
  kind: 'struct',
  goType: 'v1.ManagedFieldsEntry',
  name: 'ManagedFieldsEntry',
  fields: {
    manager: text(),
    operation: text('v1.ManagedFieldsOperationType'),
    apiVersion: text(),
    fieldsType: text(),
    subresource: text(),
  },
};

const objectMeta: Shape = {
  kind: 'struct',
  goType: 'v1.ObjectMeta',
  name: 'ObjectMeta',
  fields: {
    name: text(),
    generateName: text(),
    namespace: text(),
    selfLink: text(),
    uid: text('types.UID'),
    resourceVersion: text(),
    generation: int64,
    deletionGracePeriodSeconds: int64,
    labels: { kind: 'map', goType: 'map[string]string', element: text() },
    annotations: { kind: 'map', goType: 'map[string]string', element: text() },
    ownerReferences: { kind: 'list', goType: '[]v1.OwnerReference', element: ownerReference },
    finalizers: { kind: 'list', goType: '[]string', element: text() },
    managedFields: { kind: 'list', goType: '[]v1.ManagedFieldsEntry', element: managedFieldsEntry },
  },
};

/** Where a value sits: the innermost Go struct holding it and its JSON path without indices. */
interface Place {
  struct: string;
  path: string[];
}

/** Go's unmarshal error for a wrong JSON type in `metadata` of a `kind` (its Go struct name), or null. */
export function checkObjectMetaTypes(meta: unknown, kind = 'Object'): string | null {
  return check(meta, objectMeta, { struct: kind, path: ['metadata'] });
}

function check(value: unknown, shape: Shape, place: Place): string | null {
  if (value === null || value === undefined) return null;
  const mismatch = typeMismatch(value, shape);
  if (mismatch) return goUnmarshalTypeError(mismatch, `${place.struct}.${place.path.join('.')}`, shape.goType);
  if (shape.kind === 'map') return firstError(Object.values(value as object), shape.element, place);
  if (shape.kind === 'list') return firstError(value as unknown[], shape.element, place);
  if (shape.kind === 'struct') return checkStruct(value as Record<string, unknown>, shape, place);
  return null;
}

function firstError(values: unknown[], element: Shape, place: Place): string | null {
  for (const value of values) {
    const error = check(value, element, place);
    if (error) return error;
  }
  return null;
}

function checkStruct(value: Record<string, unknown>, shape: Shape & { kind: 'struct' }, place: Place): string | null {
  for (const [key, field] of Object.entries(value)) {
    const fieldShape = shape.fields[key];
    if (!fieldShape) continue;
    const error = check(field, fieldShape, { struct: shape.name, path: [...place.path, key] });
    if (error) return error;
  }
  return null;
}

/** Go's name for the JSON value when it cannot go into the shape ("number 1.5" for a bad integer), else null. */
function typeMismatch(value: unknown, shape: Shape): string | null {
  const jsonType = goJsonTypeName(value);
  switch (shape.kind) {
    case 'string':
      return jsonType === 'string' ? null : jsonType;
    case 'bool':
      return jsonType === 'bool' ? null : jsonType;
    case 'int64':
      if (jsonType !== 'number') return jsonType;
      return Number.isInteger(value) && Math.abs(value as number) < 2 ** 63 ? null : `number ${String(value)}`;
    case 'map':
    case 'struct':
      return jsonType === 'object' ? null : jsonType;
    case 'list':
      return jsonType === 'array' ? null : jsonType;
  }
}
