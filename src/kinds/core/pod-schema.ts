/**
 * The Go struct field order of core/v1 pod types (k8s.io/api/core/v1/types.go, v1.32), which
 * encoding/json follows when kube writes a Pod, and the fields of the internal core.PodSpec and
 * core.Container that ValidatePodUpdate's diff walks (pkg/apis/core/types.go).
 */

export const podSpecOrder = [
  'volumes', 'initContainers', 'containers', 'ephemeralContainers', 'restartPolicy', 'terminationGracePeriodSeconds',
  'activeDeadlineSeconds', 'dnsPolicy', 'nodeSelector', 'serviceAccountName', 'serviceAccount', 'automountServiceAccountToken',
  'nodeName', 'hostNetwork', 'hostPID', 'hostIPC', 'shareProcessNamespace', 'securityContext', 'imagePullSecrets', 'hostname',
  'subdomain', 'affinity', 'schedulerName', 'tolerations', 'hostAliases', 'priorityClassName', 'priority', 'dnsConfig',
  'readinessGates', 'runtimeClassName', 'enableServiceLinks', 'preemptionPolicy', 'overhead', 'topologySpreadConstraints',
  'setHostnameAsFQDN', 'os', 'hostUsers', 'schedulingGates', 'resourceClaims', 'resources',
] as const;

export const containerOrder = [
  'name', 'image', 'command', 'args', 'workingDir', 'ports', 'envFrom', 'env', 'resources', 'resizePolicy', 'restartPolicy',
  'volumeMounts', 'volumeDevices', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle', 'terminationMessagePath',
  'terminationMessagePolicy', 'imagePullPolicy', 'securityContext', 'stdin', 'stdinOnce', 'tty',
] as const;

/** EphemeralContainer is EphemeralContainerCommon (the container fields) then targetContainerName. */
export const ephemeralContainerOrder = [...containerOrder, 'targetContainerName'] as const;

export const containerPortOrder = ['name', 'hostPort', 'containerPort', 'protocol', 'hostIP'] as const;
export const resourcesOrder = ['limits', 'requests', 'claims'] as const;
export const tolerationOrder = ['key', 'operator', 'value', 'effect', 'tolerationSeconds'] as const;
export const probeOrder = [
  'exec', 'httpGet', 'tcpSocket', 'grpc', 'initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold',
  'failureThreshold', 'terminationGracePeriodSeconds',
] as const;
export const httpGetOrder = ['path', 'port', 'host', 'scheme', 'httpHeaders'] as const;
export const grpcOrder = ['port', 'service'] as const;
export const envVarOrder = ['name', 'value', 'valueFrom'] as const;
export const fieldRefOrder = ['apiVersion', 'fieldPath'] as const;
export const keyToPathOrder = ['key', 'path', 'mode'] as const;

export const volumeSourceOrder = [
  'hostPath', 'emptyDir', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'secret', 'nfs', 'iscsi', 'glusterfs',
  'persistentVolumeClaim', 'rbd', 'flexVolume', 'cinder', 'cephfs', 'flocker', 'downwardAPI', 'fc', 'azureFile', 'configMap',
  'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'projected', 'portworxVolume', 'scaleIO', 'storageos',
  'csi', 'ephemeral', 'image',
] as const;
export const volumeOrder = ['name', ...volumeSourceOrder] as const;
export const secretVolumeOrder = ['secretName', 'items', 'defaultMode', 'optional'] as const;
export const configMapVolumeOrder = ['name', 'items', 'defaultMode', 'optional'] as const;

export const podStatusOrder = [
  'phase', 'conditions', 'message', 'reason', 'nominatedNodeName', 'hostIP', 'hostIPs', 'podIP', 'podIPs', 'startTime',
  'initContainerStatuses', 'containerStatuses', 'qosClass', 'ephemeralContainerStatuses', 'resize', 'resourceClaimStatuses',
] as const;
export const podConditionOrder = ['type', 'status', 'lastProbeTime', 'lastTransitionTime', 'reason', 'message'] as const;

/** How a Go field prints when absent or in a diff: its Go type and zero value. */
export interface GoField {
  /** Field name in Go. */
  go: string;
  /** JSON name in core/v1. */
  json: string;
  /** Go type as go-cmp names it. */
  type: string;
  /** The zero value as go-cmp prints it: nil, "", 0, false. */
  zero: 'nil' | '""' | '0' | 'false' | 'struct';
}

const field = (go: string, json: string, type: string, zero: GoField['zero']): GoField => ({ go, json, type, zero });

/**
 * core.PodSpec in field order (v1.32: 34 fields). The v1 fields hostNetwork, hostPID, hostIPC,
 * shareProcessNamespace and hostUsers live inside SecurityContext in the internal type.
 */
export const internalPodSpecFields: readonly GoField[] = [
  field('Volumes', 'volumes', '[]core.Volume', 'nil'),
  field('InitContainers', 'initContainers', '[]core.Container', 'nil'),
  field('Containers', 'containers', '[]core.Container', 'nil'),
  field('EphemeralContainers', 'ephemeralContainers', '[]core.EphemeralContainer', 'nil'),
  field('RestartPolicy', 'restartPolicy', 'core.RestartPolicy', '""'),
  field('TerminationGracePeriodSeconds', 'terminationGracePeriodSeconds', '*int64', 'nil'),
  field('ActiveDeadlineSeconds', 'activeDeadlineSeconds', '*int64', 'nil'),
  field('DNSPolicy', 'dnsPolicy', 'core.DNSPolicy', '""'),
  field('NodeSelector', 'nodeSelector', 'map[string]string', 'nil'),
  field('ServiceAccountName', 'serviceAccountName', 'string', '""'),
  field('AutomountServiceAccountToken', 'automountServiceAccountToken', '*bool', 'nil'),
  field('NodeName', 'nodeName', 'string', '""'),
  field('SecurityContext', 'securityContext', '*core.PodSecurityContext', 'nil'),
  field('ImagePullSecrets', 'imagePullSecrets', '[]core.LocalObjectReference', 'nil'),
  field('Hostname', 'hostname', 'string', '""'),
  field('Subdomain', 'subdomain', 'string', '""'),
  field('SetHostnameAsFQDN', 'setHostnameAsFQDN', '*bool', 'nil'),
  field('Affinity', 'affinity', '*core.Affinity', 'nil'),
  field('SchedulerName', 'schedulerName', 'string', '""'),
  field('Tolerations', 'tolerations', '[]core.Toleration', 'nil'),
  field('HostAliases', 'hostAliases', '[]core.HostAlias', 'nil'),
  field('PriorityClassName', 'priorityClassName', 'string', '""'),
  field('Priority', 'priority', '*int32', 'nil'),
  field('PreemptionPolicy', 'preemptionPolicy', '*core.PreemptionPolicy', 'nil'),
  field('DNSConfig', 'dnsConfig', '*core.PodDNSConfig', 'nil'),
  field('ReadinessGates', 'readinessGates', '[]core.PodReadinessGate', 'nil'),
  field('RuntimeClassName', 'runtimeClassName', '*string', 'nil'),
  field('Overhead', 'overhead', 'core.ResourceList', 'nil'),
  field('EnableServiceLinks', 'enableServiceLinks', '*bool', 'nil'),
  field('TopologySpreadConstraints', 'topologySpreadConstraints', '[]core.TopologySpreadConstraint', 'nil'),
  field('OS', 'os', '*core.PodOS', 'nil'),
  field('SchedulingGates', 'schedulingGates', '[]core.PodSchedulingGate', 'nil'),
  field('ResourceClaims', 'resourceClaims', '[]core.PodResourceClaim', 'nil'),
  field('Resources', 'resources', '*core.ResourceRequirements', 'nil'),
];

/** core.Container in field order (v1.32: 24 fields). */
export const internalContainerFields: readonly GoField[] = [
  field('Name', 'name', 'string', '""'),
  field('Image', 'image', 'string', '""'),
  field('Command', 'command', '[]string', 'nil'),
  field('Args', 'args', '[]string', 'nil'),
  field('WorkingDir', 'workingDir', 'string', '""'),
  field('Ports', 'ports', '[]core.ContainerPort', 'nil'),
  field('EnvFrom', 'envFrom', '[]core.EnvFromSource', 'nil'),
  field('Env', 'env', '[]core.EnvVar', 'nil'),
  field('Resources', 'resources', 'core.ResourceRequirements', 'struct'),
  field('ResizePolicy', 'resizePolicy', '[]core.ContainerResizePolicy', 'nil'),
  field('RestartPolicy', 'restartPolicy', '*core.ContainerRestartPolicy', 'nil'),
  field('VolumeMounts', 'volumeMounts', '[]core.VolumeMount', 'nil'),
  field('VolumeDevices', 'volumeDevices', '[]core.VolumeDevice', 'nil'),
  field('LivenessProbe', 'livenessProbe', '*core.Probe', 'nil'),
  field('ReadinessProbe', 'readinessProbe', '*core.Probe', 'nil'),
  field('StartupProbe', 'startupProbe', '*core.Probe', 'nil'),
  field('Lifecycle', 'lifecycle', '*core.Lifecycle', 'nil'),
  field('TerminationMessagePath', 'terminationMessagePath', 'string', '""'),
  field('TerminationMessagePolicy', 'terminationMessagePolicy', 'core.TerminationMessagePolicy', '""'),
  field('ImagePullPolicy', 'imagePullPolicy', 'core.PullPolicy', '""'),
  field('SecurityContext', 'securityContext', '*core.SecurityContext', 'nil'),
  field('Stdin', 'stdin', 'bool', 'false'),
  field('StdinOnce', 'stdinOnce', 'bool', 'false'),
  field('TTY', 'tty', 'bool', 'false'),
];

/** The v1 PodSpec booleans the internal type keeps in PodSecurityContext, in that struct's order. */
export const securityContextHostFields = ['hostNetwork', 'hostPID', 'hostIPC', 'shareProcessNamespace', 'hostUsers'] as const;
