/**
 * The CEL types of admission expressions (admission/plugin/cel/compile.go BuildRequestType): the
 * `request` variable is a `kubernetes.AdmissionRequest` object, so `request.foo` fails to compile
 * with `undefined field 'foo'`; `object`, `oldObject`, `params` and `namespaceObject` are dyn
 * (namespaceObject is a `kubernetes.Namespace` object in kube; dyn here because the checker does
 * not let `null` compare with object types). Variables' result types become the fields of
 * `kubernetes.variables` (composition.go convertCelTypeToDeclType).
 */
import type { CheckType } from '../cel/check/types.js';
import type { DeclType, FieldDecl, ObjectDecl, ScalarDecl, ScalarName } from '../cel/decl-types.js';
import { maxRequestSizeBytes } from '../cel/limits.js';

const unbounded = maxRequestSizeBytes - 2;

/** A dyn type (the checker reads int-or-string as dyn). */
export const dynDecl: DeclType = { kind: 'intOrString', schema: {}, maxElements: unbounded, minSize: 1, name: 'dyn' };

const scalar = (name: ScalarName, typeName = name as string): ScalarDecl =>
  ({ kind: 'scalar', scalar: name, schema: { type: name === 'bool' ? 'boolean' : 'string' }, maxElements: unbounded, minSize: 1, name: typeName });
const stringDecl = scalar('string');
const listOfDecl = (elem: DeclType): DeclType => ({ kind: 'list', schema: {}, elem, listType: 'atomic', mapKeys: [], maxElements: unbounded, minSize: 2, name: 'list' });
const mapOfDecl = (value: DeclType): DeclType => ({ kind: 'map', schema: {}, value, maxElements: unbounded, minSize: 2, name: 'map' });

/** An object type with named fields. */
export function objectDecl(name: string, fields: Record<string, DeclType>): ObjectDecl {
  const entries = Object.entries(fields).map(([property, type]): [string, FieldDecl] => [property, { property, type }]);
  return { kind: 'object', schema: {}, fields: new Map(entries), maxElements: 0, minSize: 2, name };
}

const gvk = objectDecl('kubernetes.GroupVersionKind', { group: stringDecl, version: stringDecl, kind: stringDecl });
const gvr = objectDecl('kubernetes.GroupVersionResource', { group: stringDecl, version: stringDecl, resource: stringDecl });
const userInfo = objectDecl('kubernetes.UserInfo', {
  username: stringDecl, uid: stringDecl, groups: listOfDecl(stringDecl), extra: mapOfDecl(listOfDecl(stringDecl)),
});

/** kubernetes.AdmissionRequest. */
export const requestDecl = objectDecl('kubernetes.AdmissionRequest', {
  kind: gvk, resource: gvr, subResource: stringDecl, requestKind: gvk, requestResource: gvr, requestSubResource: stringDecl,
  name: stringDecl, namespace: stringDecl, operation: stringDecl, userInfo, dryRun: scalar('bool'), options: dynDecl,
});

/** The schema type of a checked result type (composition.go convertCelTypeToDeclType). */
export function declOfType(type: CheckType): DeclType {
  switch (type.k) {
    case 'prim':
      switch (type.name) {
        case 'bool': case 'int': case 'double': case 'string': case 'bytes': return scalar(type.name);
        case 'duration': return scalar('duration', 'google.protobuf.Duration');
        case 'timestamp': return scalar('timestamp', 'google.protobuf.Timestamp');
        default: return dynDecl;
      }
    case 'list': return listOfDecl(declOfType(type.elem));
    case 'map': return mapOfDecl(declOfType(type.value));
    case 'object': return type.decl;
    default: return dynDecl;
  }
}
