/**
 * kube's LogRequestObject from the handlers (create.go, update.go, delete.go call it once the body
 * decoded): the audit records the object as kube's decoder made it, defaulted, in the request's
 * version, and encoded by Go's JSON: a built-in kind's always-present fields filled in as Go
 * writes them (`metadata.creationTimestamp: null`, `status: {}`, `resources: {}`, a CRD's
 * `conditions: null`); a custom resource as its decoder left it (pruned, schema defaults). A
 * body that does not decode is not logged (kube never reaches the call).
 */
import type { KubeObject } from '../../apimachinery/object.js';
import { builtinManagedFieldsSchema, goShaped } from '../../apply/index.js';
import type { ResourceType } from '../../api/catalog.js';
import type { RequestScope } from './scope.js';

/** Logs a decoded, defaulted object of `type` (a copy, taken now: later stages mutate it). */
export function auditDecodedObject(scope: RequestScope, object: KubeObject, type: ResourceType = scope.type): void {
  const audit = scope.auditRequestObject;
  if (!audit) return;
  audit.log(object.metadata, audit.wantsObject ? goEncoded(type, structuredClone(object)) : undefined);
}

/** Logs the DeleteOptions a DELETE's body decoded to: kube logs the internal version's object. */
export function auditDeleteOptions(scope: RequestScope, options: object): void {
  const audit = scope.auditRequestObject;
  if (!audit) return;
  if (!audit.wantsObject) return audit.log(undefined);
  const fields = Object.fromEntries(deleteOptionsOrder.filter((key) => key in options).map((key) => [key, (options as Record<string, unknown>)[key]]));
  audit.log(undefined, { kind: 'DeleteOptions', apiVersion: 'meta.k8s.io/__internal', ...fields });
}

/** DeleteOptions' fields in Go's order. */
const deleteOptionsOrder = ['gracePeriodSeconds', 'preconditions', 'orphanDependents', 'propagationPolicy', 'dryRun'];

function goEncoded(type: ResourceType, object: KubeObject): unknown {
  if (type.custom) return object;
  const schema = builtinManagedFieldsSchema(type.group, type.version, type.kind);
  return goShaped(object, schema.root, schema);
}
