/**
 * The field set kube's registry strategies compute for an object (GetAttrs / ToSelectableFields in
 * pkg/registry/<group>/<resource>/strategy.go, v1.32), read here from the served v1 JSON form.
 * It is computed at write time and stored, so list and watch filtering need not decode objects.
 *
 * Every kind has `metadata.name`; namespaced kinds also `metadata.namespace`
 * (generic.ObjectMetaFieldsSet). Missing values are "" as Go's zero values; booleans are
 * "true"/"false" and counts decimal, as strconv renders them. Some fields here are refused by the
 * kind's field label conversion (ReplicaSet `status.replicas`, the legacy `name` of Namespace and
 * PersistentVolume(Claim)); kube computes them anyway, so they are kept for fidelity.
 */

type FieldSet = Record<string, string>;
type Extractor = (object: any) => FieldSet;

/** The selectable fields of a built-in object; `namespaced` defaults to the kind's known scope. */
export function selectableFields(
  group: string,
  kind: string,
  object: any,
  options: { namespaced?: boolean } = {},
): FieldSet {
  const key = `${group}/${kind}`;
  const namespaced = options.namespaced ?? !clusterScopedKinds.has(key);
  const metadata = object?.metadata ?? {};
  const fields: FieldSet = { 'metadata.name': text(metadata.name) };
  if (namespaced) fields['metadata.namespace'] = text(metadata.namespace);
  const specific = extractors[key]?.(object ?? {}) ?? {};
  return { ...specific, ...fields };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

// strconv.Itoa of an int32 count; absent is 0.
function count(value: unknown): string {
  return String(typeof value === 'number' ? Math.trunc(value) : 0);
}

// strconv.FormatBool / fmt.Sprint of a bool; absent is false.
function flag(value: unknown): string {
  return value === true ? 'true' : 'false';
}

// The internal Pod keeps PodIPs only: podIP wins when set (v1 -> internal conversion), else podIPs[0].
function podIP(status: any): string {
  return text(status?.podIP) || text(status?.podIPs?.[0]?.ip);
}

function pod(object: any): FieldSet {
  const { spec, status } = object;
  return {
    'spec.nodeName': text(spec?.nodeName),
    'spec.restartPolicy': text(spec?.restartPolicy),
    'spec.schedulerName': text(spec?.schedulerName),
    'spec.serviceAccountName': text(spec?.serviceAccountName),
    'spec.hostNetwork': flag(spec?.hostNetwork),
    'status.phase': text(status?.phase),
    'status.podIP': podIP(status),
    'status.nominatedNodeName': text(status?.nominatedNodeName),
  };
}

interface EventParts {
  involvedObject: any;
  reason: unknown;
  reportingController: unknown;
  sourceComponent: unknown;
  type: unknown;
}

// pkg/registry/core/event/strategy.go ToSelectableFields; `source` falls back to the reporting controller.
function eventFields(parts: EventParts): FieldSet {
  const involved = parts.involvedObject ?? {};
  return {
    'involvedObject.kind': text(involved.kind),
    'involvedObject.namespace': text(involved.namespace),
    'involvedObject.name': text(involved.name),
    'involvedObject.uid': text(involved.uid),
    'involvedObject.apiVersion': text(involved.apiVersion),
    'involvedObject.resourceVersion': text(involved.resourceVersion),
    'involvedObject.fieldPath': text(involved.fieldPath),
    reason: text(parts.reason),
    reportingComponent: text(parts.reportingController),
    source: text(parts.sourceComponent) || text(parts.reportingController),
    type: text(parts.type),
  };
}

// core/v1 names reportingController `reportingComponent`; events.k8s.io/v1 names involvedObject `regarding`.
const coreEvent: Extractor = (object) =>
  eventFields({
    involvedObject: object.involvedObject, reason: object.reason, reportingController: object.reportingComponent,
    sourceComponent: object.source?.component, type: object.type,
  });
const eventsGroupEvent: Extractor = (object) =>
  eventFields({
    involvedObject: object.regarding, reason: object.reason, reportingController: object.reportingController,
    sourceComponent: object.deprecatedSource?.component, type: object.type,
  });

const extractors: Record<string, Extractor> = {
  '/Pod': pod,
  '/Node': (object) => ({ 'spec.unschedulable': flag(object.spec?.unschedulable) }),
  '/ReplicationController': (object) => ({ 'status.replicas': count(object.status?.replicas) }),
  '/Event': coreEvent,
  '/Namespace': (object) => ({ 'status.phase': text(object.status?.phase), name: text(object.metadata?.name) }),
  '/Secret': (object) => ({ type: text(object.type) }),
  '/Service': (object) => ({ 'spec.clusterIP': text(object.spec?.clusterIP), 'spec.type': text(object.spec?.type) }),
  '/PersistentVolume': (object) => ({ name: text(object.metadata?.name) }),
  '/PersistentVolumeClaim': (object) => ({ name: text(object.metadata?.name) }),
  'apps/ReplicaSet': (object) => ({ 'status.replicas': count(object.status?.replicas) }),
  'batch/Job': (object) => ({ 'status.successful': count(object.status?.succeeded) }),
  'certificates.k8s.io/CertificateSigningRequest': (object) => ({ 'spec.signerName': text(object.spec?.signerName) }),
  'events.k8s.io/Event': eventsGroupEvent,
};

// Stored GA kinds that are cluster-scoped, keyed `group/Kind`.
const clusterScopedKinds = new Set([
  '/Namespace', '/Node', '/PersistentVolume', '/ComponentStatus',
  'rbac.authorization.k8s.io/ClusterRole', 'rbac.authorization.k8s.io/ClusterRoleBinding',
  'storage.k8s.io/StorageClass', 'storage.k8s.io/CSIDriver', 'storage.k8s.io/CSINode', 'storage.k8s.io/VolumeAttachment',
  'apiextensions.k8s.io/CustomResourceDefinition', 'apiregistration.k8s.io/APIService',
  'admissionregistration.k8s.io/MutatingWebhookConfiguration', 'admissionregistration.k8s.io/ValidatingWebhookConfiguration',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy', 'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding',
  'scheduling.k8s.io/PriorityClass', 'node.k8s.io/RuntimeClass', 'networking.k8s.io/IngressClass',
  'certificates.k8s.io/CertificateSigningRequest',
  'flowcontrol.apiserver.k8s.io/FlowSchema', 'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration',
]);
