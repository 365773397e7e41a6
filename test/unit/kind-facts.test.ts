// Each row is what kube v1.32's code states: pkg/registry/<group>/<resource>/strategy.go
// (AllowCreateOnUpdate, AllowUnconditionalUpdate, Generation in PrepareForCreate, status
// strategies) and the type's Validate function in pkg/apis/<group>/validation (its name function,
// and whether it goes through core's ValidateObjectMeta). Golden 033 shows the 404 on PUT of a
// missing ConfigMap.
import { describe, expect, it } from 'vitest';
import type { NameValidation } from '../../src/apimachinery/validation/object-meta.js';
import { customResourceFacts, isBuiltInKind, kindFacts, type KindFacts } from '../../src/registry/kind-facts.js';

type Row = [string, string, NameValidation, string];

// Flags: c = allowCreateOnUpdate, u = allowUnconditionalUpdate, s = status subresource,
// g = generation tracked, f = standard finalizer rule (core validation), r = ReturnDeletedObject
// (the store's field in pkg/registry/<group>/<resource>/storage/storage.go), o = default garbage
// collection policy OrphanDependents (batch/v1 Jobs, core/v1 ReplicationControllers), x = Unsupported (Events),
// a = an apply through /status creates (the one StatusREST.Update passing forceAllowCreate on).
const rows: Row[] = [
  ['', 'Pod', 'subdomain', 'usfr'],
  ['', 'ReplicationController', 'subdomain', 'usgfo'],
  ['', 'Service', 'dns1035', 'cusfr'],
  ['', 'Endpoints', 'subdomain', 'cuf'],
  ['', 'Node', 'subdomain', 'usf'],
  ['', 'Namespace', 'label', 'usfr'],
  ['', 'ConfigMap', 'subdomain', 'uf'],
  ['', 'Secret', 'subdomain', 'uf'],
  ['', 'ServiceAccount', 'subdomain', 'ufr'],
  ['', 'LimitRange', 'subdomain', 'cuf'],
  ['', 'ResourceQuota', 'subdomain', 'usfr'],
  ['', 'PersistentVolume', 'subdomain', 'usfr'],
  ['', 'PersistentVolumeClaim', 'subdomain', 'usfr'],
  ['', 'PodTemplate', 'subdomain', 'ufr'],
  ['', 'Event', 'pathSegment', 'cux'],
  ['apps', 'Deployment', 'subdomain', 'usgf'],
  ['apps', 'ReplicaSet', 'subdomain', 'usgf'],
  ['apps', 'StatefulSet', 'label', 'usgf'],
  ['apps', 'DaemonSet', 'subdomain', 'usgf'],
  ['apps', 'ControllerRevision', 'subdomain', 'uf'],
  ['batch', 'Job', 'subdomain', 'usgfo'],
  ['batch', 'CronJob', 'subdomain', 'usgf'],
  ['autoscaling', 'HorizontalPodAutoscaler', 'subdomain', 'usf'],
  ['policy', 'PodDisruptionBudget', 'pathSegment', 'sg'],
  ['rbac.authorization.k8s.io', 'Role', 'pathSegment', 'cuf'],
  ['rbac.authorization.k8s.io', 'ClusterRole', 'pathSegment', 'cuf'],
  ['rbac.authorization.k8s.io', 'RoleBinding', 'pathSegment', 'cuf'],
  ['rbac.authorization.k8s.io', 'ClusterRoleBinding', 'pathSegment', 'cuf'],
  ['networking.k8s.io', 'NetworkPolicy', 'subdomain', 'ugf'],
  ['networking.k8s.io', 'Ingress', 'subdomain', 'usgf'],
  ['networking.k8s.io', 'IngressClass', 'subdomain', 'ugf'],
  ['storage.k8s.io', 'StorageClass', 'subdomain', 'ufr'],
  ['storage.k8s.io', 'VolumeAttachment', 'subdomain', 'sfr'],
  ['storage.k8s.io', 'CSIDriver', 'subdomain', 'fr'],
  ['storage.k8s.io', 'CSINode', 'subdomain', 'fr'],
  ['storage.k8s.io', 'CSIStorageCapacity', 'subdomain', 'f'],
  ['coordination.k8s.io', 'Lease', 'subdomain', 'c'],
  ['discovery.k8s.io', 'EndpointSlice', 'subdomain', 'ugf'],
  // The same store as core Events; the strict validation checks ObjectMeta itself (strategies/events.ts).
  ['events.k8s.io', 'Event', 'pathSegment', 'cux'],
  ['scheduling.k8s.io', 'PriorityClass', 'subdomain', 'uf'],
  ['node.k8s.io', 'RuntimeClass', 'subdomain', 'c'],
  ['certificates.k8s.io', 'CertificateSigningRequest', 'none', 'usf'],
  ['admissionregistration.k8s.io', 'ValidatingWebhookConfiguration', 'subdomain', 'g'],
  ['admissionregistration.k8s.io', 'MutatingWebhookConfiguration', 'subdomain', 'g'],
  ['admissionregistration.k8s.io', 'ValidatingAdmissionPolicy', 'subdomain', 'sga'],
  ['admissionregistration.k8s.io', 'ValidatingAdmissionPolicyBinding', 'subdomain', 'g'],
  ['apiextensions.k8s.io', 'CustomResourceDefinition', 'subdomain', 'sg'],
  ['flowcontrol.apiserver.k8s.io', 'FlowSchema', 'subdomain', 'usgf'],
  ['flowcontrol.apiserver.k8s.io', 'PriorityLevelConfiguration', 'subdomain', 'usgf'],
  // kube-aggregator's strategy: a resourceVersion on update, apimachinery's metadata validation.
  ['apiregistration.k8s.io', 'APIService', 'pathSegment', 's'],
];

function expected(nameValidation: NameValidation, flags: string): KindFacts {
  return {
    nameValidation,
    standardFinalizers: flags.includes('f'),
    allowCreateOnUpdate: flags.includes('c'),
    allowUnconditionalUpdate: flags.includes('u'),
    hasStatusSubresource: flags.includes('s'),
    statusApplyCreates: flags.includes('a'),
    tracksGeneration: flags.includes('g'),
    returnDeletedObject: flags.includes('r'),
    gcPolicy: flags.includes('o') ? 'OrphanDependents' : flags.includes('x') ? 'Unsupported' : 'DeleteDependents',
  };
}

describe('kindFacts', () => {
  it.each(rows)('%s/%s', (group, kind, nameValidation, flags) => {
    expect(kindFacts(group, kind)).toEqual(expected(nameValidation, flags));
    expect(isBuiltInKind(group, kind)).toBe(true);
  });

  it.each([
    ['a custom resource', 'example.com', 'Widget'],
    ['a kind in the wrong group', 'apps', 'ConfigMap'],
    ['a kind from a group not listed', 'resource.k8s.io', 'ResourceClaim'],
  ])('gives custom-resource facts for %s', (_name, group, kind) => {
    expect(kindFacts(group, kind)).toEqual(expected('subdomain', 'g'));
    expect(isBuiltInKind(group, kind)).toBe(false);
  });

  it('returns a copy that callers may change', () => {
    kindFacts('example.com', 'Widget').tracksGeneration = false;
    kindFacts('', 'ConfigMap').allowCreateOnUpdate = true;
    expect(customResourceFacts.tracksGeneration).toBe(true);
    expect(kindFacts('', 'ConfigMap').allowCreateOnUpdate).toBe(false);
  });
});
