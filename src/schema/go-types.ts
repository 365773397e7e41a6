/**
 * Go type names as reflect.Type.String() prints them in kube's decode errors
 * (`json: cannot unmarshal string into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32`).
 *
 * Named schemas map to their Go type by name: the last segment is the type, the one before it
 * the Go package name (`io.k8s.api.core.v1.ContainerPort` -> `v1.ContainerPort`,
 * `io.k8s.apimachinery.pkg.api.resource.Quantity` -> `resource.Quantity`). Pointers never show:
 * Go's decoder reports the type after dereferencing. OpenAPI does not record named non-struct
 * types (`type Protocol string`, `type ResourceList map[ResourceName]resource.Quantity`,
 * `types.UID`), so the fields of common kinds that use one are listed in NAMED_FIELD_TYPES,
 * transcribed from k8s.io/api and k8s.io/apimachinery types.go (v1.32).
 */
import type { SchemaNode } from './types.js';

/** `io.k8s.api.core.v1.ContainerPort` -> `ContainerPort` (the name in "Go struct field X.path"). */
export function goStructName(schemaName: string): string {
  return schemaName.slice(schemaName.lastIndexOf('.') + 1);
}

/** `io.k8s.api.core.v1.ContainerPort` -> `v1.ContainerPort`. */
export function goQualifiedName(schemaName: string): string {
  const typeStart = schemaName.lastIndexOf('.');
  const packageStart = schemaName.lastIndexOf('.', typeStart - 1);
  return schemaName.slice(packageStart + 1);
}

/** Go type of a node that is not a `$ref` (its element types already resolved by `elementType`). */
export function goPrimitiveType(node: SchemaNode, elementType: (child: SchemaNode) => string): string {
  switch (node.type) {
    case 'integer':
      return node.format === 'int32' ? 'int32' : 'int64';
    case 'number':
      return node.format === 'float' ? 'float32' : 'float64';
    case 'boolean':
      return 'bool';
    case 'string':
      return node.format === 'byte' ? '[]uint8' : 'string';
    case 'array':
      return node.items ? `[]${elementType(node.items)}` : '[]interface {}';
    case 'object':
      if (node.additionalProperties && typeof node.additionalProperties === 'object') {
        return `map[string]${elementType(node.additionalProperties)}`;
      }
      return 'map[string]interface {}';
    default:
      return 'interface {}';
  }
}

/** Element types of named Go containers (a map's value type, a slice's element type). */
export const NAMED_CONTAINER_ELEMENTS: Readonly<Record<string, string>> = {
  'v1.ResourceList': 'resource.Quantity',
};

/**
 * Go types of fields whose type is a named non-struct type: `<struct schema name>.<json field>`
 * -> reflect type string (after pointer dereference). Slices of named strings list the slice.
 */
export const NAMED_FIELD_TYPES: Readonly<Record<string, string>> = {
  // meta/v1
  'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta.uid': 'types.UID',
  'io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference.uid': 'types.UID',
  'io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry.operation': 'v1.ManagedFieldsOperationType',
  'io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelectorRequirement.operator': 'v1.LabelSelectorOperator',
  'io.k8s.apimachinery.pkg.apis.meta.v1.Condition.status': 'v1.ConditionStatus',
  'io.k8s.apimachinery.pkg.apis.meta.v1.Preconditions.uid': 'types.UID',
  'io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions.propagationPolicy': 'v1.DeletionPropagation',
  // core/v1
  'io.k8s.api.core.v1.ContainerPort.protocol': 'v1.Protocol',
  'io.k8s.api.core.v1.ServicePort.protocol': 'v1.Protocol',
  'io.k8s.api.core.v1.EndpointPort.protocol': 'v1.Protocol',
  'io.k8s.api.core.v1.Container.imagePullPolicy': 'v1.PullPolicy',
  'io.k8s.api.core.v1.Container.terminationMessagePolicy': 'v1.TerminationMessagePolicy',
  'io.k8s.api.core.v1.EphemeralContainer.imagePullPolicy': 'v1.PullPolicy',
  'io.k8s.api.core.v1.EphemeralContainer.terminationMessagePolicy': 'v1.TerminationMessagePolicy',
  'io.k8s.api.core.v1.ResourceRequirements.limits': 'v1.ResourceList',
  'io.k8s.api.core.v1.ResourceRequirements.requests': 'v1.ResourceList',
  'io.k8s.api.core.v1.PodSpec.restartPolicy': 'v1.RestartPolicy',
  'io.k8s.api.core.v1.PodSpec.dnsPolicy': 'v1.DNSPolicy',
  'io.k8s.api.core.v1.PodSpec.preemptionPolicy': 'v1.PreemptionPolicy',
  'io.k8s.api.core.v1.PodSpec.overhead': 'v1.ResourceList',
  'io.k8s.api.core.v1.PodStatus.phase': 'v1.PodPhase',
  'io.k8s.api.core.v1.PodStatus.qosClass': 'v1.PodQOSClass',
  'io.k8s.api.core.v1.PodCondition.type': 'v1.PodConditionType',
  'io.k8s.api.core.v1.PodCondition.status': 'v1.ConditionStatus',
  'io.k8s.api.core.v1.Toleration.operator': 'v1.TolerationOperator',
  'io.k8s.api.core.v1.Toleration.effect': 'v1.TaintEffect',
  'io.k8s.api.core.v1.Taint.effect': 'v1.TaintEffect',
  'io.k8s.api.core.v1.NodeSelectorRequirement.operator': 'v1.NodeSelectorOperator',
  'io.k8s.api.core.v1.Capabilities.add': '[]v1.Capability',
  'io.k8s.api.core.v1.Capabilities.drop': '[]v1.Capability',
  'io.k8s.api.core.v1.VolumeMount.mountPropagation': 'v1.MountPropagationMode',
  'io.k8s.api.core.v1.HostPathVolumeSource.type': 'v1.HostPathType',
  'io.k8s.api.core.v1.EmptyDirVolumeSource.medium': 'v1.StorageMedium',
  'io.k8s.api.core.v1.HTTPGetAction.scheme': 'v1.URIScheme',
  'io.k8s.api.core.v1.SeccompProfile.type': 'v1.SeccompProfileType',
  'io.k8s.api.core.v1.SecurityContext.procMount': 'v1.ProcMountType',
  'io.k8s.api.core.v1.PodSecurityContext.fsGroupChangePolicy': 'v1.PodFSGroupChangePolicy',
  'io.k8s.api.core.v1.ServiceSpec.type': 'v1.ServiceType',
  'io.k8s.api.core.v1.ServiceSpec.sessionAffinity': 'v1.ServiceAffinity',
  'io.k8s.api.core.v1.ServiceSpec.externalTrafficPolicy': 'v1.ServiceExternalTrafficPolicy',
  'io.k8s.api.core.v1.ServiceSpec.internalTrafficPolicy': 'v1.ServiceInternalTrafficPolicy',
  'io.k8s.api.core.v1.ServiceSpec.ipFamilies': '[]v1.IPFamily',
  'io.k8s.api.core.v1.ServiceSpec.ipFamilyPolicy': 'v1.IPFamilyPolicy',
  'io.k8s.api.core.v1.Secret.type': 'v1.SecretType',
  'io.k8s.api.core.v1.NamespaceSpec.finalizers': '[]v1.FinalizerName',
  'io.k8s.api.core.v1.NamespaceStatus.phase': 'v1.NamespacePhase',
  'io.k8s.api.core.v1.PersistentVolumeClaimSpec.accessModes': '[]v1.PersistentVolumeAccessMode',
  'io.k8s.api.core.v1.PersistentVolumeClaimSpec.volumeMode': 'v1.PersistentVolumeMode',
  'io.k8s.api.core.v1.PersistentVolumeClaimStatus.phase': 'v1.PersistentVolumeClaimPhase',
  'io.k8s.api.core.v1.PersistentVolumeClaimStatus.accessModes': '[]v1.PersistentVolumeAccessMode',
  'io.k8s.api.core.v1.PersistentVolumeClaimStatus.capacity': 'v1.ResourceList',
  'io.k8s.api.core.v1.ObjectReference.uid': 'types.UID',
  'io.k8s.api.core.v1.LimitRangeItem.type': 'v1.LimitType',
  'io.k8s.api.core.v1.ResourceQuotaSpec.hard': 'v1.ResourceList',
  'io.k8s.api.core.v1.NodeStatus.capacity': 'v1.ResourceList',
  'io.k8s.api.core.v1.NodeStatus.allocatable': 'v1.ResourceList',
  // apps/v1
  'io.k8s.api.apps.v1.DeploymentStrategy.type': 'v1.DeploymentStrategyType',
  'io.k8s.api.apps.v1.DeploymentCondition.type': 'v1.DeploymentConditionType',
  'io.k8s.api.apps.v1.DeploymentCondition.status': 'v1.ConditionStatus',
  'io.k8s.api.apps.v1.StatefulSetSpec.podManagementPolicy': 'v1.PodManagementPolicyType',
  'io.k8s.api.apps.v1.StatefulSetUpdateStrategy.type': 'v1.StatefulSetUpdateStrategyType',
  'io.k8s.api.apps.v1.DaemonSetUpdateStrategy.type': 'v1.DaemonSetUpdateStrategyType',
  // batch/v1
  'io.k8s.api.batch.v1.JobSpec.completionMode': 'v1.CompletionMode',
  'io.k8s.api.batch.v1.JobCondition.type': 'v1.JobConditionType',
  'io.k8s.api.batch.v1.JobCondition.status': 'v1.ConditionStatus',
  'io.k8s.api.batch.v1.CronJobSpec.concurrencyPolicy': 'v1.ConcurrencyPolicy',
  // networking.k8s.io/v1
  'io.k8s.api.networking.v1.HTTPIngressPath.pathType': 'v1.PathType',
  'io.k8s.api.networking.v1.NetworkPolicySpec.policyTypes': '[]v1.PolicyType',
  'io.k8s.api.networking.v1.NetworkPolicyPort.protocol': 'v1.Protocol',
  // policy/v1
  'io.k8s.api.policy.v1.PodDisruptionBudgetSpec.unhealthyPodEvictionPolicy': 'v1.UnhealthyPodEvictionPolicyType',
  // autoscaling/v2
  'io.k8s.api.autoscaling.v2.MetricSpec.type': 'v2.MetricSourceType',
  'io.k8s.api.autoscaling.v2.MetricTarget.type': 'v2.MetricTargetType',
  'io.k8s.api.autoscaling.v2.HPAScalingRules.selectPolicy': 'v2.ScalingPolicySelect',
  'io.k8s.api.autoscaling.v2.HPAScalingPolicy.type': 'v2.HPAScalingPolicyType',
};

const namedFieldsByStruct = new Map<string, Map<string, string>>();
for (const [key, goType] of Object.entries(NAMED_FIELD_TYPES)) {
  const cut = key.lastIndexOf('.');
  const struct = key.slice(0, cut);
  if (!namedFieldsByStruct.has(struct)) namedFieldsByStruct.set(struct, new Map());
  namedFieldsByStruct.get(struct)!.set(key.slice(cut + 1), goType);
}

/** The fields of a struct schema whose Go type is a named non-struct type, by JSON name. */
export function namedFieldTypes(structSchemaName: string): ReadonlyMap<string, string> | undefined {
  return namedFieldsByStruct.get(structSchemaName);
}

/** The Go type of an element of a container typed `containerType` (`[]v1.IPFamily` -> `v1.IPFamily`). */
export function goElementType(containerType: string, fallback: string): string {
  const named = NAMED_CONTAINER_ELEMENTS[containerType];
  if (named) return named;
  if (containerType.startsWith('[]')) return containerType.slice(2);
  if (containerType.startsWith('map[')) {
    const close = containerType.indexOf(']');
    return containerType.slice(close + 1);
  }
  return fallback;
}
