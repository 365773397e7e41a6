/**
 * The Protobuf codec against an independent implementation: protobufjs driven by kube's own
 * generated.proto files (test/helpers/upstream-proto.ts). What the server writes must decode,
 * with kube's schema, to the JSON it was given; what protobufjs writes must decode, with the
 * server's codec, to the JSON it means. Objects are written as kube-apiserver v1.32 serves them,
 * using only fields the v1.26 .proto files know.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeProtobufObject,
  encodeMessage,
  encodeProtobufObject,
  messageDescriptor,
} from '../../src/codecs/protobuf/index.js';
import {
  alignForComparison,
  decodeEnvelope,
  decodeUpstream,
  decodeWatchFrames,
  encodeEnvelope,
  kubeJsonOf,
  messageTypeFor,
} from '../helpers/upstream-proto.js';

type Obj = { apiVersion: string; kind: string; [key: string]: unknown };

const T0 = '2024-05-01T10:00:00Z';
const T1 = '2024-05-01T10:05:30Z';
const META = 'k8s.io.apimachinery.pkg.apis.meta.v1';

/** ObjectMeta as kube-apiserver fills it in on create. */
function meta(name: string, namespace?: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    ...(namespace ? { namespace } : {}),
    uid: `0b9f4c1e-7d2a-4f5e-9c3b-${name.padEnd(12, '0').slice(0, 12)}`,
    resourceVersion: '48213',
    creationTimestamp: T0,
    ...extra,
  };
}

const managedFields = (apiVersion: string, fields: Record<string, unknown>) => [{
  manager: 'kubectl-client-side-apply', operation: 'Update', apiVersion, time: T0, fieldsType: 'FieldsV1', fieldsV1: fields,
}];

const podTemplate = (app: string) => ({
  metadata: { creationTimestamp: null, labels: { app } },
  spec: {
    containers: [{
      name: app, image: `registry.k8s.io/${app}:1.0`, ports: [{ containerPort: 8080, protocol: 'TCP' }],
      resources: { limits: { memory: '128Mi' }, requests: { cpu: '100m', memory: '64Mi' } },
      terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'IfNotPresent',
    }],
    restartPolicy: 'Always', terminationGracePeriodSeconds: 30, dnsPolicy: 'ClusterFirst',
    securityContext: {}, schedulerName: 'default-scheduler',
  },
});

const condition = (type: string, extra: Record<string, unknown> = {}) =>
  ({ type, status: 'True', lastTransitionTime: T1, reason: `${type}Reason`, message: `${type} is true`, ...extra });

const CONFIG_MAP: Obj = {
  kind: 'ConfigMap', apiVersion: 'v1',
  metadata: meta('app-config', 'default', {
    labels: { app: 'web', 'app.kubernetes.io/part-of': '' },
    annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{"apiVersion":"v1"}\n' },
    managedFields: managedFields('v1', { 'f:data': { '.': {}, 'f:a': {}, 'f:empty': {} }, 'f:binaryData': { '.': {}, 'f:bin': {} } }),
  }),
  data: { a: '1', empty: '', 'nested.yaml': 'x: 1\ny: [2, 3]\n' },
  binaryData: { bin: 'AAECA/7/', blank: '' },
};

const POD: Obj = {
  kind: 'Pod', apiVersion: 'v1',
  metadata: meta('web-7d9c5b4f6-abcde', 'default', {
    generateName: 'web-7d9c5b4f6-', labels: { app: 'web', 'pod-template-hash': '7d9c5b4f6' },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7d9c5b4f6', uid: '5d1b1a44-1a2b-4c3d-8e9f-000000000001', controller: true, blockOwnerDeletion: true }],
    managedFields: managedFields('v1', { 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } }),
  }),
  spec: {
    volumes: [
      { name: 'config', configMap: { name: 'app-config', items: [{ key: 'a', path: 'a.txt', mode: 0o644 }], defaultMode: 420, optional: false } },
      { name: 'cache', emptyDir: {} },
      { name: 'tmp', emptyDir: { medium: 'Memory', sizeLimit: '64Mi' } },
      { name: 'creds', secret: { secretName: 'db', defaultMode: 256 } },
      { name: 'kube-api-access', projected: { defaultMode: 420, sources: [
        { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
        { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
      ] } },
    ],
    initContainers: [{ name: 'init', image: 'busybox:1.36', command: ['sh', '-c', 'true'], resources: {} }],
    containers: [{
      name: 'web', image: 'nginx:1.25', args: ['--port', '8080'], workingDir: '/srv',
      ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }, { containerPort: 9090, hostPort: 9090, protocol: 'UDP' }],
      env: [
        { name: 'PLAIN', value: 'v' },
        { name: 'EMPTY' },
        { name: 'FROM_CM', valueFrom: { configMapKeyRef: { name: 'app-config', key: 'a', optional: true } } },
        { name: 'FROM_SECRET', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
        { name: 'POD_IP', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'status.podIP' } } },
        { name: 'CPU', valueFrom: { resourceFieldRef: { containerName: 'web', resource: 'limits.cpu', divisor: '1m' } } },
      ],
      envFrom: [{ prefix: 'CM_', configMapRef: { name: 'app-config' } }, { secretRef: { name: 'db', optional: false } }],
      resources: { limits: { cpu: '500m', memory: '256Mi', 'nvidia.com/gpu': '1' }, requests: { cpu: '250m', memory: '1.5Gi' } },
      volumeMounts: [{ name: 'config', mountPath: '/etc/config', readOnly: true }, { name: 'cache', mountPath: '/cache', subPath: 'c' }],
      livenessProbe: { httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP', httpHeaders: [{ name: 'X-Probe', value: '1' }] },
        initialDelaySeconds: 5, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
      readinessProbe: { tcpSocket: { port: 'http' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
      startupProbe: { exec: { command: ['cat', '/tmp/ready'] }, periodSeconds: 2, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 30 },
      lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } },
      terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'IfNotPresent',
      securityContext: { runAsNonRoot: true, runAsUser: 1000, allowPrivilegeEscalation: false, readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE'] }, seccompProfile: { type: 'RuntimeDefault' } },
    }],
    restartPolicy: 'Always', terminationGracePeriodSeconds: 30, activeDeadlineSeconds: 3600, dnsPolicy: 'ClusterFirst',
    nodeSelector: { 'kubernetes.io/os': 'linux' }, serviceAccountName: 'default', serviceAccount: 'default',
    nodeName: 'node-1', securityContext: { fsGroup: 2000, sysctls: [{ name: 'net.core.somaxconn', value: '1024' }] },
    imagePullSecrets: [{ name: 'regcred' }], hostname: 'web', subdomain: 'web-svc',
    affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [
      { matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['a', 'b'] }] }] } },
    podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: {
      labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' } }] } },
    schedulerName: 'default-scheduler',
    tolerations: [
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'dedicated', operator: 'Equal', value: 'web', effect: 'NoSchedule' },
    ],
    hostAliases: [{ ip: '10.0.0.1', hostnames: ['db.local'] }],
    priorityClassName: 'high', priority: 1000000, dnsConfig: { options: [{ name: 'ndots', value: '2' }] },
    enableServiceLinks: true, preemptionPolicy: 'PreemptLowerPriority',
    overhead: { cpu: '10m' },
    topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } }],
    schedulingGates: [{ name: 'example.com/gate' }],
  },
  status: {
    phase: 'Running',
    conditions: [condition('Ready', { lastProbeTime: null }), condition('PodScheduled', { lastProbeTime: null })],
    hostIP: '10.0.0.5', podIP: '10.244.1.7', podIPs: [{ ip: '10.244.1.7' }, { ip: 'fd00::7' }], startTime: T0,
    initContainerStatuses: [{ name: 'init', state: { terminated: { exitCode: 0, reason: 'Completed', startedAt: T0, finishedAt: T0, containerID: 'containerd://aa' } },
      lastState: {}, ready: true, restartCount: 0, image: 'docker.io/library/busybox:1.36', imageID: 'docker.io/library/busybox@sha256:ab', containerID: 'containerd://aa' }],
    containerStatuses: [{ name: 'web', state: { running: { startedAt: T1 } }, lastState: { terminated: { exitCode: 137, signal: 9, reason: 'OOMKilled', startedAt: T0, finishedAt: T0 } },
      ready: true, restartCount: 1, image: 'docker.io/library/nginx:1.25', imageID: 'docker.io/library/nginx@sha256:cd', containerID: 'containerd://bb', started: true }],
    qosClass: 'Burstable',
  },
};

const SERVICE: Obj = {
  kind: 'Service', apiVersion: 'v1', metadata: meta('web', 'default', { labels: { app: 'web' } }),
  spec: {
    ports: [
      { name: 'http', protocol: 'TCP', port: 80, targetPort: 8080, nodePort: 30080 },
      { name: 'https', protocol: 'TCP', appProtocol: 'https', port: 443, targetPort: 'https', nodePort: 30443 },
    ],
    selector: { app: 'web' }, clusterIP: '10.96.12.34', clusterIPs: ['10.96.12.34', 'fd00:10:96::1234'], type: 'LoadBalancer',
    sessionAffinity: 'ClientIP', sessionAffinityConfig: { clientIP: { timeoutSeconds: 10800 } },
    externalTrafficPolicy: 'Local', healthCheckNodePort: 31000, ipFamilies: ['IPv4', 'IPv6'], ipFamilyPolicy: 'PreferDualStack',
    allocateLoadBalancerNodePorts: true, internalTrafficPolicy: 'Cluster', loadBalancerSourceRanges: ['10.0.0.0/8'],
  },
  status: { loadBalancer: { ingress: [{ ip: '203.0.113.10', ports: [{ port: 80, protocol: 'TCP' }] }, { hostname: 'lb.example.com' }] } },
};

const SECRET: Obj = {
  kind: 'Secret', apiVersion: 'v1', metadata: meta('db', 'default', { annotations: { owner: 'team-a' } }),
  data: { password: 'czNjcjN0', 'tls.crt': 'LS0tLS1CRUdJTi0tLS0t', empty: '' }, type: 'Opaque', immutable: true,
};

const NAMESPACE: Obj = {
  kind: 'Namespace', apiVersion: 'v1', metadata: meta('team-a', undefined, { labels: { 'kubernetes.io/metadata.name': 'team-a' } }),
  spec: { finalizers: ['kubernetes'] },
  status: { phase: 'Active', conditions: [{ type: 'NamespaceDeletionContentFailure', status: 'False', lastTransitionTime: T1, reason: 'ContentDeleted', message: 'All content successfully deleted' }] },
};

const DEPLOYMENT: Obj = {
  kind: 'Deployment', apiVersion: 'apps/v1',
  metadata: meta('web', 'default', { generation: 4, annotations: { 'deployment.kubernetes.io/revision': '3' } }),
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['db'] }, { key: 'env', operator: 'Exists' }] },
    template: podTemplate('web'),
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: 1 } },
    minReadySeconds: 5, revisionHistoryLimit: 10, progressDeadlineSeconds: 600,
  },
  status: {
    observedGeneration: 4, replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3,
    conditions: [condition('Available', { lastUpdateTime: T1 }), condition('Progressing', { lastUpdateTime: T1 })],
  },
};

const STATEFUL_SET: Obj = {
  kind: 'StatefulSet', apiVersion: 'apps/v1', metadata: meta('db', 'default', { generation: 1 }),
  spec: {
    replicas: 0, selector: { matchLabels: { app: 'db' } }, template: podTemplate('db'), serviceName: 'db',
    // kube's JSON gives the claim templates TypeMeta; Protobuf has no place for it.
    volumeClaimTemplates: [{ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', creationTimestamp: null },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, volumeMode: 'Filesystem' }, status: { phase: 'Pending' } }],
    podManagementPolicy: 'Parallel', updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: 1 } },
    revisionHistoryLimit: 10, persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Delete' }, ordinals: { start: 0 },
  },
  status: { observedGeneration: 1, replicas: 0, availableReplicas: 0, currentRevision: 'db-5f8d', updateRevision: 'db-5f8d', collisionCount: 0 },
};

const DAEMON_SET: Obj = {
  kind: 'DaemonSet', apiVersion: 'apps/v1', metadata: meta('agent', 'kube-system', { generation: 2 }),
  spec: {
    selector: { matchLabels: { app: 'agent' } }, template: podTemplate('agent'),
    updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } }, revisionHistoryLimit: 10,
  },
  status: { currentNumberScheduled: 3, numberMisscheduled: 0, desiredNumberScheduled: 3, numberReady: 2, observedGeneration: 2,
    updatedNumberScheduled: 3, numberAvailable: 2, numberUnavailable: 1 },
};

const JOB: Obj = {
  kind: 'Job', apiVersion: 'batch/v1',
  metadata: meta('pi', 'default', { labels: { 'batch.kubernetes.io/job-name': 'pi' }, annotations: { 'batch.kubernetes.io/job-tracking': '' } }),
  spec: {
    parallelism: 2, completions: 4, activeDeadlineSeconds: 600, backoffLimit: 6, ttlSecondsAfterFinished: 100,
    selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'c0ffee' } }, manualSelector: false,
    template: { ...podTemplate('pi'), spec: { ...podTemplate('pi').spec, restartPolicy: 'Never' } },
    completionMode: 'Indexed', suspend: false,
    podFailurePolicy: { rules: [
      { action: 'FailJob', onExitCodes: { containerName: 'pi', operator: 'In', values: [42, 43] } },
      { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] },
    ] },
  },
  status: { startTime: T0, completionTime: T1, succeeded: 4, failed: 1, completedIndexes: '0-3', ready: 0,
    uncountedTerminatedPods: {}, conditions: [condition('Complete', { lastProbeTime: T1 })] },
};

const CRON_JOB: Obj = {
  kind: 'CronJob', apiVersion: 'batch/v1', metadata: meta('nightly', 'default'),
  spec: {
    schedule: '0 3 * * *', timeZone: 'Europe/Paris', startingDeadlineSeconds: 200, concurrencyPolicy: 'Forbid', suspend: true,
    jobTemplate: { metadata: { creationTimestamp: null, labels: { job: 'nightly' } },
      spec: { backoffLimit: 2, template: { ...podTemplate('nightly'), spec: { ...podTemplate('nightly').spec, restartPolicy: 'OnFailure' } } } },
    successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1,
  },
  status: { active: [{ kind: 'Job', namespace: 'default', name: 'nightly-28570000', uid: 'abc', apiVersion: 'batch/v1', resourceVersion: '77' }],
    lastScheduleTime: T0, lastSuccessfulTime: T1 },
};

const INGRESS: Obj = {
  kind: 'Ingress', apiVersion: 'networking.k8s.io/v1', metadata: meta('web', 'default', { generation: 1 }),
  spec: {
    ingressClassName: 'nginx',
    defaultBackend: { resource: { apiGroup: 'k8s.example.com', kind: 'StorageBucket', name: 'static' } },
    tls: [{ hosts: ['web.example.com'], secretName: 'web-tls' }],
    rules: [
      { host: 'web.example.com', http: { paths: [
        { path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } },
        { path: '/api', pathType: 'Exact', backend: { service: { name: 'api', port: { name: 'http' } } } },
      ] } },
      { http: { paths: [{ path: '/', pathType: 'ImplementationSpecific', backend: { service: { name: 'fallback', port: { number: 8080 } } } }] } },
    ],
  },
  status: { loadBalancer: { ingress: [{ ip: '203.0.113.20', ports: [{ port: 443, protocol: 'TCP', error: 'x' }] }] } },
};

const NETWORK_POLICY: Obj = {
  kind: 'NetworkPolicy', apiVersion: 'networking.k8s.io/v1', metadata: meta('db-access', 'default', { generation: 1 }),
  spec: {
    podSelector: { matchLabels: { app: 'db' } },
    ingress: [{
      from: [{ podSelector: { matchLabels: { app: 'web' } } }, { namespaceSelector: { matchLabels: { team: 'a' } }, podSelector: {} },
        { ipBlock: { cidr: '172.17.0.0/16', except: ['172.17.1.0/24'] } }],
      ports: [{ protocol: 'TCP', port: 5432 }, { protocol: 'TCP', port: 'metrics' }, { protocol: 'UDP', port: 32000, endPort: 32768 }],
    }],
    egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/24' } }], ports: [{ protocol: 'UDP', port: 53 }] }, {}],
    policyTypes: ['Ingress', 'Egress'],
  },
};

const ROLE: Obj = {
  kind: 'Role', apiVersion: 'rbac.authorization.k8s.io/v1', metadata: meta('pod-reader', 'default'),
  rules: [
    { verbs: ['get', 'watch', 'list'], apiGroups: [''], resources: ['pods', 'pods/log'] },
    { verbs: ['update'], apiGroups: ['apps'], resources: ['deployments'], resourceNames: ['web'] },
  ],
};

const CLUSTER_ROLE_BINDING: Obj = {
  kind: 'ClusterRoleBinding', apiVersion: 'rbac.authorization.k8s.io/v1', metadata: meta('read-pods-global'),
  subjects: [
    { kind: 'ServiceAccount', name: 'reader', namespace: 'default' },
    { kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'jane' },
    { kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'system:authenticated' },
  ],
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'pod-reader' },
};

const SERVICE_ACCOUNT: Obj = {
  kind: 'ServiceAccount', apiVersion: 'v1', metadata: meta('builder', 'ci'),
  secrets: [{ name: 'builder-token' }], imagePullSecrets: [{ name: 'regcred' }], automountServiceAccountToken: false,
};

const PVC: Obj = {
  kind: 'PersistentVolumeClaim', apiVersion: 'v1',
  metadata: meta('data', 'default', { finalizers: ['kubernetes.io/pvc-protection'],
    annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } }),
  spec: { accessModes: ['ReadWriteOnce', 'ReadOnlyMany'], selector: { matchLabels: { tier: 'fast' } },
    resources: { requests: { storage: '10Gi' }, limits: { storage: '20Gi' } }, volumeName: 'pvc-123', storageClassName: 'standard',
    volumeMode: 'Filesystem', dataSource: { kind: 'VolumeSnapshot', name: 'snap', apiGroup: 'snapshot.storage.k8s.io' } },
  status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '10Gi' } },
};

const LEASE: Obj = {
  kind: 'Lease', apiVersion: 'coordination.k8s.io/v1', metadata: meta('kube-scheduler', 'kube-system'),
  spec: { holderIdentity: 'node-1_5f6e', leaseDurationSeconds: 15, acquireTime: '2024-05-01T10:00:05.123456Z',
    renewTime: '2024-05-01T10:05:30.000001Z', leaseTransitions: 2 },
};

const EVENT: Obj = {
  kind: 'Event', apiVersion: 'v1', metadata: meta('web.17c8a3b2f0e1d2c3', 'default'),
  involvedObject: { kind: 'Pod', namespace: 'default', name: 'web', uid: 'u-1', apiVersion: 'v1', resourceVersion: '12', fieldPath: 'spec.containers{web}' },
  reason: 'BackOff', message: 'Back-off restarting failed container', source: { component: 'kubelet', host: 'node-1' },
  firstTimestamp: T0, lastTimestamp: T1, count: 7, type: 'Warning', eventTime: null, reportingComponent: '', reportingInstance: '',
};

const EVENTS_V1_EVENT: Obj = {
  kind: 'Event', apiVersion: 'events.k8s.io/v1', metadata: meta('web.17c8a3b2f0e1d2c4', 'default'),
  eventTime: '2024-05-01T10:00:00.500000Z', series: { count: 3, lastObservedTime: '2024-05-01T10:05:00.250000Z' },
  reportingController: 'kubelet', reportingInstance: 'node-1', action: 'Pulling', reason: 'Pulling',
  regarding: { kind: 'Pod', namespace: 'default', name: 'web', uid: 'u-1', apiVersion: 'v1' }, note: 'Pulling image "nginx"', type: 'Normal',
  deprecatedFirstTimestamp: null, deprecatedLastTimestamp: null,
};

const PDB: Obj = {
  kind: 'PodDisruptionBudget', apiVersion: 'policy/v1', metadata: meta('web-pdb', 'default', { generation: 1 }),
  spec: { minAvailable: '50%', selector: { matchLabels: { app: 'web' } }, unhealthyPodEvictionPolicy: 'AlwaysAllow' },
  status: { observedGeneration: 1, disruptedPods: { 'web-1': T1 }, disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 2, expectedPods: 3,
    conditions: [{ type: 'DisruptionAllowed', status: 'False', observedGeneration: 1, lastTransitionTime: T1, reason: 'InsufficientPods', message: '' }] },
};

const HPA: Obj = {
  kind: 'HorizontalPodAutoscaler', apiVersion: 'autoscaling/v2', metadata: meta('web', 'default'),
  spec: {
    scaleTargetRef: { kind: 'Deployment', name: 'web', apiVersion: 'apps/v1' }, minReplicas: 2, maxReplicas: 10,
    metrics: [
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
      { type: 'Pods', pods: { metric: { name: 'packets-per-second', selector: { matchLabels: { verb: 'GET' } } }, target: { type: 'AverageValue', averageValue: '1k' } } },
      { type: 'External', external: { metric: { name: 'queue_messages' }, target: { type: 'Value', value: '30' } } },
    ],
    behavior: {
      scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }, { type: 'Pods', value: 4, periodSeconds: 15 }] },
      scaleDown: { stabilizationWindowSeconds: 300, selectPolicy: 'Disabled', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
    },
  },
  status: {
    observedGeneration: 1, lastScaleTime: T1, currentReplicas: 3, desiredReplicas: 4,
    currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageValue: '312m', averageUtilization: 83 } } }],
    conditions: [condition('AbleToScale'), condition('ScalingActive')],
  },
};

const CONTROLLER_REVISION: Obj = {
  kind: 'ControllerRevision', apiVersion: 'apps/v1',
  metadata: meta('db-5f8d', 'default', { labels: { 'controller-revision-hash': '5f8d' },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', uid: 'u-2', controller: true, blockOwnerDeletion: true }] }),
  data: { spec: { template: { $patch: 'replace', metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'postgres:16' }] } } } },
  revision: 3,
};

const CRD: Obj = {
  kind: 'CustomResourceDefinition', apiVersion: 'apiextensions.k8s.io/v1',
  metadata: meta('widgets.example.com', undefined, { generation: 1 }),
  spec: {
    group: 'example.com',
    names: { plural: 'widgets', singular: 'widget', shortNames: ['wd'], kind: 'Widget', listKind: 'WidgetList', categories: ['all'] },
    scope: 'Namespaced',
    versions: [{
      name: 'v1', served: true, storage: true,
      schema: { openAPIV3Schema: {
        type: 'object', description: 'A widget.',
        properties: {
          apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { type: 'object' },
          spec: {
            type: 'object', required: ['image'],
            'x-kubernetes-validations': [{ rule: 'self.replicas <= 10', message: 'too many' }],
            properties: {
              replicas: { type: 'integer', format: 'int32', minimum: 0, maximum: 10.5, default: 1 },
              image: { type: 'string', pattern: '^[a-z]+$', enum: ['nginx', 'redis'], maxLength: 63, nullable: true },
              tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
              labels: { type: 'object', additionalProperties: { type: 'string' }, 'x-kubernetes-map-type': 'granular' },
              config: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
              port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
              template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
              ports: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['port'],
                items: { type: 'object', required: ['port'], properties: { port: { type: 'integer' } } } },
            },
          },
          status: { type: 'object', properties: { ready: { type: 'boolean' } } },
        },
      } },
      subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' } },
      additionalPrinterColumns: [{ name: 'Image', type: 'string', jsonPath: '.spec.image' }, { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp', priority: 1 }],
      deprecated: true, deprecationWarning: 'use v2',
    }],
    conversion: { strategy: 'None' },
  },
  status: {
    conditions: [condition('NamesAccepted'), condition('Established')],
    acceptedNames: { plural: 'widgets', singular: 'widget', shortNames: ['wd'], kind: 'Widget', listKind: 'WidgetList', categories: ['all'] },
    storedVersions: ['v1'],
  },
};

const CONFIG_MAP_LIST: Obj = {
  kind: 'ConfigMapList', apiVersion: 'v1', metadata: { resourceVersion: '50000', continue: 'eyJydiI6NTAwMDB9', remainingItemCount: 12 },
  items: [
    { metadata: meta('a', 'default'), data: { k: 'v' } },
    { metadata: meta('b', 'default'), binaryData: { k: 'AQ==' } },
  ],
};

const STATUS: Obj = {
  kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
  message: 'Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
  reason: 'Invalid', details: { name: 'web', group: 'apps', kind: 'Deployment',
    causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value: -1: must be greater than or equal to 0', field: 'spec.replicas' }] },
  code: 422,
};

const PARTIAL: Obj = {
  kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1',
  metadata: meta('web', 'default', { labels: { app: 'web' }, deletionTimestamp: T1, deletionGracePeriodSeconds: 30, finalizers: ['example.com/cleanup'] }),
};

const PARTIAL_LIST: Obj = {
  kind: 'PartialObjectMetadataList', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: '50001' },
  items: [
    { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: meta('a', 'default') },
    { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: meta('b', 'default', { annotations: { x: 'y' } }) },
  ],
};

const API_RESOURCE_LIST: Obj = {
  kind: 'APIResourceList', apiVersion: 'v1', groupVersion: 'apps/v1',
  resources: [
    { name: 'deployments', singularName: 'deployment', namespaced: true, kind: 'Deployment',
      verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'], shortNames: ['deploy'], categories: ['all'], storageVersionHash: '8aSe+NMegvE=' },
    { name: 'deployments/scale', singularName: '', namespaced: true, group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] },
  ],
};

const DELETE_OPTIONS: Obj = {
  kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 0, preconditions: { uid: 'u-1', resourceVersion: '12' },
  propagationPolicy: 'Foreground', dryRun: ['All'],
};

const CASES: [string, Obj][] = [
  ['Pod', POD], ['Service (IntOrString targetPort int and string)', SERVICE], ['ConfigMap with binaryData', CONFIG_MAP],
  ['Secret', SECRET], ['Namespace', NAMESPACE], ['Deployment', DEPLOYMENT], ['StatefulSet (replicas 0, claim templates)', STATEFUL_SET],
  ['DaemonSet', DAEMON_SET], ['Job', JOB], ['CronJob', CRON_JOB], ['Ingress', INGRESS], ['NetworkPolicy', NETWORK_POLICY],
  ['Role', ROLE], ['ClusterRoleBinding', CLUSTER_ROLE_BINDING], ['ServiceAccount (automount false)', SERVICE_ACCOUNT],
  ['PersistentVolumeClaim', PVC], ['Lease (MicroTime)', LEASE], ['Event v1', EVENT], ['Event events.k8s.io/v1', EVENTS_V1_EVENT],
  ['PodDisruptionBudget (IntOrString "50%", map of Time)', PDB], ['HorizontalPodAutoscaler autoscaling/v2', HPA],
  ['ControllerRevision (RawExtension)', CONTROLLER_REVISION], ['CustomResourceDefinition', CRD], ['ConfigMapList', CONFIG_MAP_LIST],
  ['Status', STATUS], ['PartialObjectMetadata', PARTIAL], ['PartialObjectMetadataList', PARTIAL_LIST],
  ['APIResourceList (Verbs)', API_RESOURCE_LIST], ['DeleteOptions', DELETE_OPTIONS],
];


describe('messageTypeFor', () => {
  it.each([
    ['v1', 'Pod', 'k8s.io.api.core.v1.Pod'],
    ['apps/v1', 'Deployment', 'k8s.io.api.apps.v1.Deployment'],
    ['rbac.authorization.k8s.io/v1', 'Role', 'k8s.io.api.rbac.v1.Role'],
    ['events.k8s.io/v1', 'Event', 'k8s.io.api.events.v1.Event'],
    ['v1', 'Event', 'k8s.io.api.core.v1.Event'],
    ['autoscaling/v2', 'HorizontalPodAutoscaler', 'k8s.io.api.autoscaling.v2.HorizontalPodAutoscaler'],
    ['apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition'],
    ['apiregistration.k8s.io/v1', 'APIService', 'k8s.io.kube_aggregator.pkg.apis.apiregistration.v1.APIService'],
    ['v1', 'Status', `${META}.Status`],
    ['apps/v1', 'WatchEvent', `${META}.WatchEvent`],
    ['meta.k8s.io/v1', 'PartialObjectMetadataList', `${META}.PartialObjectMetadataList`],
  ])('%s %s is %s', (apiVersion, kind, name) => {
    expect(messageTypeFor(apiVersion, kind).fullName).toBe(`.${name}`);
  });

  it.each([['v1', 'Deployment'], ['example.com/v1', 'Widget'], ['flowcontrol.apiserver.k8s.io/v1beta3', 'FlowSchema']])(
    '%s %s has no message', (apiVersion, kind) => {
      expect(() => messageTypeFor(apiVersion, kind)).toThrow(/no upstream message/);
    });
});

describe('the server writes what kube\'s .proto files describe', () => {
  it.each(CASES)('%s', (_name, json) => {
    const bytes = encodeProtobufObject(json);
    expect(decodeEnvelope(bytes)).toMatchObject({ apiVersion: json.apiVersion, kind: json.kind, contentEncoding: '', contentType: '' });
    const { got, want } = alignForComparison(kubeJsonOf(decodeUpstream(bytes)), json);
    expect(got).toEqual(want);
  });
});

describe('the server reads what protobufjs writes', () => {
  // protobufjs writes only the fields a message holds, map entries in insertion order and no
  // empty envelope fields: a different byte stream for the same content.
  function reEncoded(json: Obj): void {
    const { apiVersion, kind, message } = decodeUpstream(encodeProtobufObject(json));
    const type = messageTypeFor(apiVersion, kind);
    const decoded = decodeProtobufObject(encodeEnvelope(apiVersion, kind, type.encode(type.fromObject(message)).finish()));
    expect([decoded.apiVersion, decoded.kind]).toEqual([apiVersion, kind]);
    const { got, want } = alignForComparison(decoded.object, json);
    expect(got).toEqual(want);
  }

  it.each(CASES)('%s, re-encoded by protobufjs', (_name, json) => reEncoded(json));

  const encodeUpstream = (apiVersion: string, kind: string, message: Record<string, unknown>) => {
    const type = messageTypeFor(apiVersion, kind);
    return encodeEnvelope(apiVersion, kind, type.encode(type.fromObject(message)).finish());
  };

  it.each<[string, string, string, Record<string, unknown>, Obj]>([
    ['ConfigMap', 'v1', 'ConfigMap',
      { metadata: { name: 'hand', namespace: 'default', labels: { b: '2', a: '' }, creationTimestamp: { seconds: 1714557600 } },
        data: { k: 'v', empty: '' }, binaryData: { bin: 'AAEC' } },
      { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'hand', namespace: 'default', labels: { a: '', b: '2' }, creationTimestamp: T0 },
        data: { k: 'v', empty: '' }, binaryData: { bin: 'AAEC' } }],
    ['Service with IntOrString of one field each', 'v1', 'Service',
      { metadata: { name: 'svc' }, spec: { ports: [{ port: 80, targetPort: { type: 1, strVal: 'http' } }, { port: 81, targetPort: { intVal: 8081 } }] } },
      { kind: 'Service', apiVersion: 'v1', metadata: { name: 'svc' }, spec: { ports: [{ port: 80, targetPort: 'http' }, { port: 81, targetPort: 8081 }] } }],
    ['Lease with MicroTime nanoseconds', 'coordination.k8s.io/v1', 'Lease',
      { metadata: { name: 'l' }, spec: { renewTime: { seconds: 1714557605, nanos: 123456789 }, leaseDurationSeconds: 0 } },
      { kind: 'Lease', apiVersion: 'coordination.k8s.io/v1', metadata: { name: 'l' },
        spec: { renewTime: '2024-05-01T10:00:05.123456Z', leaseDurationSeconds: 0 } }],
    ['Deployment with replicas 0', 'apps/v1', 'Deployment',
      { metadata: { name: 'd' }, spec: { replicas: 0, selector: { matchLabels: { app: 'd' } } } },
      { kind: 'Deployment', apiVersion: 'apps/v1', metadata: { name: 'd' }, spec: { replicas: 0, selector: { matchLabels: { app: 'd' } } } }],
    ['Status', 'v1', 'Status',
      { status: 'Failure', message: 'pods "x" not found', reason: 'NotFound', details: { name: 'x', kind: 'pods' }, code: 404 },
      { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'pods "x" not found', reason: 'NotFound', details: { name: 'x', kind: 'pods' }, code: 404 }],
  ])('%s, written by hand', (_name, apiVersion, kind, message, json) => {
    const { object } = decodeProtobufObject(encodeUpstream(apiVersion, kind, message));
    const { got, want } = alignForComparison(object, json);
    expect(got).toEqual(want);
  });
});

describe('Go zeros kube prints', () => {
  // These Go fields are non-pointer and have no omitempty, so kube-apiserver decodes their zero
  // from Protobuf and prints it in JSON, although OpenAPI does not list them as required:
  // build-proto.mjs gives them the `k` flag from src/apply/go-zero-values.ts.
  it.each<[string, string, string, Record<string, unknown>, Record<string, unknown>]>([
    ['core/v1 Event reportingComponent and reportingInstance', 'v1', 'Event',
      { metadata: { name: 'e' }, reason: 'Started', reportingComponent: '', reportingInstance: '' },
      { reportingComponent: '', reportingInstance: '' }],
    ['apps/v1 StatefulSet status.availableReplicas', 'apps/v1', 'StatefulSet',
      { metadata: { name: 's' }, status: { replicas: 1, availableReplicas: 0 } },
      { status: { replicas: 1, availableReplicas: 0 } }],
  ])('%s: a zero on the wire stays in the JSON', (_name, apiVersion, kind, message, expected) => {
    const type = messageTypeFor(apiVersion, kind);
    const { object } = decodeProtobufObject(encodeEnvelope(apiVersion, kind, type.encode(type.fromObject(message)).finish()));
    expect(object).toMatchObject(expected);
  });
});

describe('watch streams', () => {
  const EVENTS: [string, Obj][] = [
    ['ADDED', POD], ['MODIFIED', CONFIG_MAP], ['DELETED', SECRET], ['ADDED', CRD],
    ['BOOKMARK', { kind: 'Pod', apiVersion: 'v1', metadata: { resourceVersion: '50002', annotations: { 'k8s.io/initial-events-end': 'true' } } }],
    ['ERROR', { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'too old resource version: 1 (50000)', reason: 'Expired', code: 410 }],
  ];

  /** Frames as kube writes them: a 4-byte big-endian length, then a WatchEvent without envelope. */
  function watchStream(events: [string, Obj][]): Uint8Array {
    const frames = events.map(([type, object]) =>
      encodeMessage(messageDescriptor(`${META}.WatchEvent`), { type, object }, { rawObjectsAsProtobuf: true }));
    const out = new Uint8Array(frames.reduce((n, f) => n + 4 + f.length, 0));
    let at = 0;
    for (const frame of frames) {
      new DataView(out.buffer).setUint32(at, frame.length);
      out.set(frame, at + 4);
      at += 4 + frame.length;
    }
    return out;
  }

  it('decodes every event, its object from an embedded envelope', () => {
    const decoded = decodeWatchFrames(watchStream(EVENTS));
    expect(decoded.map((e) => [e.type, e.object.apiVersion, e.object.kind]))
      .toEqual(EVENTS.map(([type, o]) => [type, o.apiVersion, o.kind]));
    decoded.forEach((event, i) => {
      const { got, want } = alignForComparison(kubeJsonOf(event.object), EVENTS[i]![1]);
      expect(got).toEqual(want);
    });
  });

  it('rejects a truncated stream', () => {
    const stream = watchStream(EVENTS.slice(0, 2));
    expect(() => decodeWatchFrames(stream.subarray(0, stream.length - 1))).toThrow(/truncated/);
  });
});

describe('the comparison can fail', () => {
  const withMeta = (object: Obj, extra: Record<string, unknown>): Obj =>
    ({ ...object, metadata: { ...(object.metadata as object), ...extra } });
  const service = SERVICE.spec as { ports: object[] };

  it.each<[string, Obj, Obj]>([
    ['a changed map value', CONFIG_MAP, { ...CONFIG_MAP, data: { ...(CONFIG_MAP.data as object), a: '2' } }],
    ['a missing map entry with an empty value', CONFIG_MAP, { ...CONFIG_MAP, data: { a: '1', 'nested.yaml': 'x: 1\ny: [2, 3]\n' } }],
    ['a zero the JSON holds and the wire lacks', CONFIG_MAP, { ...CONFIG_MAP, immutable: false }],
    ['a field Protobuf cannot carry', CONFIG_MAP, withMeta(CONFIG_MAP, { unknownField: 'x' })],
    ['a Time a second off', CONFIG_MAP, withMeta(CONFIG_MAP, { creationTimestamp: '2024-05-01T10:00:01Z' })],
    ['an IntOrString integer read as a string', SERVICE,
      { ...SERVICE, spec: { ...service, ports: [{ ...service.ports[0], targetPort: '8080' }, service.ports[1]] } }],
    ['a MicroTime a microsecond off', LEASE, { ...LEASE, spec: { ...(LEASE.spec as object), renewTime: '2024-05-01T10:05:30.000002Z' } }],
    ['a Quantity written differently', PVC, { ...PVC, status: { ...(PVC.status as object), capacity: { storage: '10240Mi' } } }],
  ])('%s', (_name, encoded, json) => {
    const { got, want } = alignForComparison(kubeJsonOf(decodeUpstream(encodeProtobufObject(encoded))), json);
    expect(got).not.toEqual(want);
  });
});
