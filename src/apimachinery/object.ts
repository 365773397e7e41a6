/**
 * The object model: plain JSON documents with an ObjectMeta, and lists of them. Field order
 * follows kube's Go structs (TypeMeta, then ObjectMeta in declaration order, then the rest as
 * given), because raw API responses are read by people and compared by tools.
 */

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  selfLink?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string | null;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: unknown[];
  [field: string]: unknown;
}

export interface KubeObject {
  kind?: string;
  apiVersion?: string;
  metadata: ObjectMeta;
  [field: string]: unknown;
}

/** A list's metadata (kube's ListMeta) and its items. */
export interface ObjectList<Items = KubeObject[]> {
  resourceVersion: string;
  continue?: string;
  remainingItemCount?: number;
  items: Items;
}

/** The finalizers of the garbage collector's orphan and foreground deletion (metav1.FinalizerOrphanDependents, FinalizerDeleteDependents). */
export const orphanFinalizer = 'orphan';
export const foregroundFinalizer = 'foregroundDeletion';

/** ObjectMeta's Go struct field order, which encoding/json follows. */
export const objectMetaOrder: readonly string[] = [
  'name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields',
];

/** ObjectMeta with kube's field order; unknown fields keep their place after the known ones. */
export function orderedMeta(meta: ObjectMeta): ObjectMeta {
  const ordered: ObjectMeta = {};
  for (const field of objectMetaOrder) if (meta[field] !== undefined) ordered[field] = meta[field];
  for (const [field, value] of Object.entries(meta)) if (!(field in ordered) && value !== undefined) ordered[field] = value;
  return ordered;
}

/** The object with kind, apiVersion and metadata first, in kube's order. */
export function orderedObject(object: KubeObject): KubeObject {
  const { kind, apiVersion, metadata, ...rest } = object;
  const ordered: Record<string, unknown> = {};
  if (kind !== undefined) ordered.kind = kind;
  if (apiVersion !== undefined) ordered.apiVersion = apiVersion;
  ordered.metadata = orderedMeta(metadata ?? {});
  return Object.assign(ordered, rest) as KubeObject;
}

/** RFC 3339 with seconds precision, as metav1.Time marshals. */
export function kubeTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export { isJsonObject } from './json-value.js';

