/**
 * The JSON behind the `request` and `namespaceObject` variables (admission/plugin/cel/condition.go
 * CreateAdmissionRequest and CreateNamespaceObject), as ToUnstructured renders them: omitempty
 * fields (subResource, name, namespace, userInfo.uid, ...) are absent when empty, so reading them
 * is `no such key`. kind/resource are the request's own (matchPolicy Equivalent is Exact here).
 */
import { isJsonObject } from '../apimachinery/json-value.js';
import type { AdmissionAttributes } from './types.js';

const omitEmpty = (entries: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== '' && value !== undefined && value !== null &&
    !(Array.isArray(value) && value.length === 0) && !(isJsonObject(value) && Object.keys(value).length === 0)));

/** The AdmissionRequest of the CEL `request` variable. */
export function admissionRequest(attrs: AdmissionAttributes): Record<string, unknown> {
  const kind = { group: attrs.kind.group, version: attrs.kind.version, kind: attrs.kind.kind };
  const resource = { group: attrs.group, version: attrs.version, resource: attrs.resource };
  const user = attrs.userInfo;
  return {
    uid: '',
    kind,
    resource,
    ...omitEmpty({ subResource: attrs.subresource }),
    requestKind: kind,
    requestResource: resource,
    ...omitEmpty({ requestSubResource: attrs.subresource, name: attrs.name, namespace: attrs.namespace }),
    operation: attrs.operation,
    userInfo: omitEmpty({ username: user.username, uid: user.uid, groups: user.groups, extra: user.extra }),
    dryRun: attrs.dryRun,
    ...omitEmpty({ options: attrs.options ?? undefined }),
  };
}

const namespaceMetadataFields = ['name', 'generateName', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'finalizers'];

/**
 * The `namespaceObject` value: null for cluster-scoped requests and for requests on a Namespace
 * itself (kube unsets the namespace of Namespace requests); else the Namespace with only its spec,
 * status and the metadata fields kube copies (no managedFields, ownerReferences).
 */
export function namespaceObject(attrs: AdmissionAttributes): Record<string, unknown> | null {
  const isNamespace = attrs.kind.group === '' && attrs.kind.version === 'v1' && attrs.kind.kind === 'Namespace';
  const namespace = attrs.namespaceObject;
  if (isNamespace || attrs.namespace === '' || !namespace) return null;
  const metadata = isJsonObject(namespace.metadata) ? namespace.metadata : {};
  const kept = Object.fromEntries(namespaceMetadataFields.filter((field) => metadata[field] !== undefined).map((field) => [field, metadata[field]]));
  return { metadata: kept, spec: namespace.spec ?? {}, status: namespace.status ?? {} };
}
