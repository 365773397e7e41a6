/**
 * What an update through /status keeps of the request's ObjectMeta, as kube v1.32's status
 * strategies decide (PrepareForUpdate of each `<kind>StatusStrategy`). Most copy only the spec
 * from the stored object, so the request's labels, annotations, finalizers and owner references
 * stand (asked of the reference: an Ingress's or a Namespace's /status changes its labels and
 * annotations; the CRD's strategy resets its ObjectMeta to itself, so it keeps the request's too).
 * Some reset ObjectMeta to the stored one: ValidatingAdmissionPolicies, VolumeAttachments,
 * ServiceCIDRs, ResourceClaims, StorageVersions, StorageVersionMigrations, FlowSchemas and
 * PriorityLevelConfigurations, and custom resources (which keep only their status). A few keep
 * some fields from the stored object: a Deployment its labels, a Pod its owner references, an
 * APIService its labels, annotations, finalizers and owner references.
 */
import type { ResourceType } from '../../api/catalog.js';

/** `reset`: the stored ObjectMeta; otherwise the request's, but for the `stored` fields. */
export type StatusMetadataRule = { reset: true } | { reset: false; stored: string[] };

const resetting = new Set([
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy', 'storage.k8s.io/VolumeAttachment', 'networking.k8s.io/ServiceCIDR',
  'resource.k8s.io/ResourceClaim', 'internal.apiserver.k8s.io/StorageVersion', 'storagemigration.k8s.io/StorageVersionMigration',
  'flowcontrol.apiserver.k8s.io/FlowSchema', 'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration',
]);

const storedFields: Record<string, string[]> = {
  'apps/Deployment': ['labels'],
  '/Pod': ['ownerReferences'],
  'apiregistration.k8s.io/APIService': ['labels', 'annotations', 'finalizers', 'ownerReferences'],
};

/** The rule of `type`'s /status. */
export function statusMetadataRule(type: ResourceType): StatusMetadataRule {
  const key = `${type.group}/${type.kind}`;
  if (type.custom || resetting.has(key)) return { reset: true };
  return { reset: false, stored: storedFields[key] ?? [] };
}
