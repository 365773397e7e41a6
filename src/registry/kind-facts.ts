/**
 * What kube v1.32's registry strategies (pkg/registry/<group>/<resource>/strategy.go) and type
 * validators (pkg/apis/<group>/validation) state per built-in kind, as plain data for the
 * generic Store. Kinds not listed get the facts of a custom resource
 * (apiextensions-apiserver pkg/registry/customresource/strategy.go).
 */
import type { NameValidation } from '../apimachinery/validation/object-meta.js';
import type { GarbageCollectionPolicy } from './deletion.js';

export interface KindFacts {
  /** The name function the type passes to ValidateObjectMeta. 'pathSegment' also stands for types
   * that do not validate their metadata at all (core v1 Event, PodDisruptionBudget): only the
   * generic check BeforeCreate/BeforeUpdate run with path.ValidatePathSegmentName remains. */
  nameValidation: NameValidation;
  /** Metadata goes through pkg/apis/core/validation, whose finalizer rule apimachinery's lacks. */
  standardFinalizers: boolean;
  /** AllowCreateOnUpdate: PUT of a missing object creates it instead of answering 404. */
  allowCreateOnUpdate: boolean;
  /** AllowUnconditionalUpdate: PUT without metadata.resourceVersion updates the latest version. */
  allowUnconditionalUpdate: boolean;
  /** A /status subresource exists; the main resource then keeps status and the spec is kept by /status. */
  hasStatusSubresource: boolean;
  /** An apply of a missing object through /status creates it, through the kind's create strategy. */
  statusApplyCreates: boolean;
  /** PrepareForCreate sets metadata.generation to 1 and PrepareForUpdate bumps it on spec changes. */
  tracksGeneration: boolean;
  /** ReturnDeletedObject: a DELETE answers with the object rather than a Success Status. */
  returnDeletedObject: boolean;
  /** DefaultGarbageCollectionPolicy: what a DELETE naming no propagation policy does to dependents. */
  gcPolicy: GarbageCollectionPolicy;
}

/** Most built-in kinds: DNS subdomain names via core validation, POST to create, PUT without resourceVersion. */
const typical: KindFacts = {
  nameValidation: 'subdomain',
  standardFinalizers: true,
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
  hasStatusSubresource: false,
  statusApplyCreates: false,
  tracksGeneration: false,
  returnDeletedObject: false,
  gcPolicy: 'DeleteDependents',
};

const withStatus: Partial<KindFacts> = { hasStatusSubresource: true };
/** Stores with ReturnDeletedObject: a DELETE answers with the object. */
const returnsDeleted: Partial<KindFacts> = { returnDeletedObject: true };
const workload: Partial<KindFacts> = { hasStatusSubresource: true, tracksGeneration: true };
const rbac: Partial<KindFacts> = { nameValidation: 'pathSegment', allowCreateOnUpdate: true };
/** admissionregistration validates metadata with apimachinery directly and needs a resourceVersion. */
const admission: Partial<KindFacts> = { standardFinalizers: false, allowUnconditionalUpdate: false, tracksGeneration: true };
/** storage's CSI kinds need a resourceVersion on update. */
const csi: Partial<KindFacts> = { allowUnconditionalUpdate: false };

/** Overrides of `typical`, keyed `group/Kind` (core group empty). */
const builtInKinds: Record<string, Partial<KindFacts>> = {
  '/Pod': { ...withStatus, ...returnsDeleted },
  '/ReplicationController': { ...workload, gcPolicy: 'OrphanDependents' },
  '/Service': { nameValidation: 'dns1035', allowCreateOnUpdate: true, hasStatusSubresource: true, ...returnsDeleted },
  '/Endpoints': { allowCreateOnUpdate: true },
  '/Node': withStatus,
  '/Namespace': { nameValidation: 'label', hasStatusSubresource: true, ...returnsDeleted },
  '/ConfigMap': {},
  '/Secret': {},
  '/ServiceAccount': returnsDeleted,
  '/LimitRange': { allowCreateOnUpdate: true },
  '/ResourceQuota': { ...withStatus, ...returnsDeleted },
  '/PersistentVolume': { ...withStatus, ...returnsDeleted },
  '/PersistentVolumeClaim': { ...withStatus, ...returnsDeleted },
  '/PodTemplate': returnsDeleted,
  // ValidateEventCreate skips ObjectMeta for requests through core/v1 (legacy compatibility).
  '/Event': { nameValidation: 'pathSegment', standardFinalizers: false, allowCreateOnUpdate: true, gcPolicy: 'Unsupported' },
  'apps/Deployment': workload,
  'apps/ReplicaSet': workload,
  // ValidateStatefulSetName is NameIsDNSLabel since v1.27: the name becomes pod hostnames.
  'apps/StatefulSet': { ...workload, nameValidation: 'label' },
  'apps/DaemonSet': workload,
  'apps/ControllerRevision': {},
  'batch/Job': { ...workload, gcPolicy: 'OrphanDependents' },
  'batch/CronJob': workload,
  'autoscaling/HorizontalPodAutoscaler': withStatus,
  // ValidatePodDisruptionBudget validates only the spec.
  'policy/PodDisruptionBudget': {
    ...workload,
    nameValidation: 'pathSegment',
    standardFinalizers: false,
    allowUnconditionalUpdate: false,
  },
  'rbac.authorization.k8s.io/Role': rbac,
  'rbac.authorization.k8s.io/ClusterRole': rbac,
  'rbac.authorization.k8s.io/RoleBinding': rbac,
  'rbac.authorization.k8s.io/ClusterRoleBinding': rbac,
  // networkpolicies/status went with NetworkPolicyStatus in v1.28.
  'networking.k8s.io/NetworkPolicy': { tracksGeneration: true },
  'networking.k8s.io/Ingress': workload,
  'networking.k8s.io/IngressClass': { tracksGeneration: true },
  'storage.k8s.io/StorageClass': returnsDeleted,
  'storage.k8s.io/VolumeAttachment': { allowUnconditionalUpdate: false, hasStatusSubresource: true, ...returnsDeleted },
  'storage.k8s.io/CSIDriver': { ...csi, ...returnsDeleted },
  'storage.k8s.io/CSINode': { ...csi, ...returnsDeleted },
  'storage.k8s.io/CSIStorageCapacity': csi,
  // ValidateLease uses apimachinery's ValidateObjectMeta.
  'coordination.k8s.io/Lease': { standardFinalizers: false, allowCreateOnUpdate: true, allowUnconditionalUpdate: false },
  'discovery.k8s.io/EndpointSlice': { tracksGeneration: true },
  // The strict events.k8s.io validation checks ObjectMeta itself (strategies/events.ts).
  'events.k8s.io/Event': { nameValidation: 'pathSegment', standardFinalizers: false, allowCreateOnUpdate: true, gcPolicy: 'Unsupported' },
  'scheduling.k8s.io/PriorityClass': {},
  // ValidateRuntimeClass uses apimachinery's ValidateObjectMeta.
  'node.k8s.io/RuntimeClass': { standardFinalizers: false, allowCreateOnUpdate: true, allowUnconditionalUpdate: false },
  // "We don't care what you call your certificate requests" (ValidateCertificateRequestName).
  'certificates.k8s.io/CertificateSigningRequest': { nameValidation: 'none', hasStatusSubresource: true },
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration': admission,
  'admissionregistration.k8s.io/MutatingWebhookConfiguration': admission,
  // Its StatusREST.Update alone passes forceAllowCreate on to the store.
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy': { ...admission, hasStatusSubresource: true, statusApplyCreates: true },
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding': admission,
  // The name must also equal spec.names.plural + "." + spec.group (checked by the CRD validator).
  'apiextensions.k8s.io/CustomResourceDefinition': { ...admission, hasStatusSubresource: true },
  // kube-aggregator validates metadata with apimachinery; the name must also be version.group.
  'apiregistration.k8s.io/APIService': { nameValidation: 'pathSegment', standardFinalizers: false, allowUnconditionalUpdate: false, hasStatusSubresource: true },
  'flowcontrol.apiserver.k8s.io/FlowSchema': workload,
  'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration': workload,
};

/**
 * Custom resources: DNS subdomain names through apimachinery's ValidateObjectMeta, generation
 * bumped on every non-metadata change, and updates need a resourceVersion (kube answers
 * `metadata.resourceVersion: Invalid value: 0x0: must be specified for an update`). Whether
 * /status exists comes from the CRD version's subresources.
 */
export const customResourceFacts: KindFacts = {
  nameValidation: 'subdomain',
  standardFinalizers: false,
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: false,
  hasStatusSubresource: false,
  statusApplyCreates: false,
  tracksGeneration: true,
  returnDeletedObject: false,
  gcPolicy: 'DeleteDependents',
};

/** True if `group`/`kind` is a built-in kind of a GA group listed here. */
export function isBuiltInKind(group: string, kind: string): boolean {
  return Object.hasOwn(builtInKinds, `${group}/${kind}`);
}

/** The strategy facts of a kind; custom-resource facts for kinds not built in. */
export function kindFacts(group: string, kind: string): KindFacts {
  const overrides = builtInKinds[`${group}/${kind}`];
  return overrides ? { ...typical, ...overrides } : { ...customResourceFacts };
}
