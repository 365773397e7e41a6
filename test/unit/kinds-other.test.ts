// Lease, PodDisruptionBudget, HorizontalPodAutoscaler (v1 and v2), PriorityClass, StorageClass,
// EndpointSlice and RuntimeClass semantics (src/kinds/workloads, platform, networking), kube v1.32, after the groups'
// validation_test.go and defaults_test.go; and every golden 2NN object of these kinds is valid.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldErrorText, type FieldError } from '../../src/apimachinery/field-errors.js';
import type { KubeObject } from '../../src/apimachinery/object.js';
import { networkingKinds } from '../../src/kinds/networking/index.js';
import { platformKinds } from '../../src/kinds/platform/index.js';
import { rbacKinds } from '../../src/kinds/rbac/index.js';
import { workloadKinds as workloads } from '../../src/kinds/workloads/index.js';

/** The kinds these tests cover: policy, autoscaling, the platform's and discovery's, and the golden objects' (RBAC too). */
const workloadKinds = { ...workloads, ...platformKinds, ...networkingKinds, ...rbacKinds };

const texts = (errors: FieldError[]) => errors.map(fieldErrorText);

function create(key: string, object: KubeObject): KubeObject {
  const copy = structuredClone(object);
  workloadKinds[key]!.default?.(copy);
  copy.metadata.uid ??= 'u1';
  workloadKinds[key]!.prepareForCreate?.(copy);
  return copy;
}

const createErrors = (key: string, object: KubeObject) => texts(workloadKinds[key]!.validate!(create(key, object)));
const updateErrors = (key: string, next: KubeObject, old: KubeObject) => texts(workloadKinds[key]!.validateUpdate!(create(key, next), create(key, old)));

describe('golden objects kube accepted', () => {
  it.each([
    ['201-table-replicasets', 'apps/ReplicaSet'], ['202-table-statefulsets', 'apps/StatefulSet'], ['203-table-daemonsets', 'apps/DaemonSet'],
    ['204-table-jobs', 'batch/Job'], ['205-table-cronjobs', 'batch/CronJob'], ['212-table-ingresses', 'networking.k8s.io/Ingress'],
    ['213-table-networkpolicies', 'networking.k8s.io/NetworkPolicy'], ['214-table-roles', 'rbac.authorization.k8s.io/Role'],
    ['215-table-rolebindings', 'rbac.authorization.k8s.io/RoleBinding'], ['216-table-leases', 'coordination.k8s.io/Lease'],
    ['217-table-poddisruptionbudgets', 'policy/PodDisruptionBudget'], ['218-table-horizontalpodautoscalers', 'autoscaling/HorizontalPodAutoscaler'],
    ['219-table-endpointslices', 'discovery.k8s.io/EndpointSlice'], ['222-table-clusterroles', 'rbac.authorization.k8s.io/ClusterRole'],
    ['223-table-storageclasses', 'storage.k8s.io/StorageClass'], ['224-table-priorityclasses', 'scheduling.k8s.io/PriorityClass'],
  ])('%s', (file, key) => {
    const object = JSON.parse(readFileSync(`reference/golden/kube-v1.32.13/${file}.json`, 'utf8')).request.createdWith;
    expect(createErrors(key, { ...object, metadata: { namespace: 'tables', ...object.metadata } })).toEqual([]);
  });
});

describe('Lease', () => {
  const lease = (spec: Record<string, unknown>): KubeObject => ({ kind: 'Lease', metadata: { name: 'l', namespace: 'ns' }, spec });

  it('checks durations and transitions, and drops the gated strategy fields', () => {
    expect(createErrors('coordination.k8s.io/Lease', lease({ leaseDurationSeconds: 0, leaseTransitions: -1 }))).toEqual([
      'spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0',
      'spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0',
    ]);
    const object = create('coordination.k8s.io/Lease', lease({ holderIdentity: 'me', strategy: 'OldestEmulationVersion', preferredHolder: 'x' }));
    expect(object.spec).toEqual({ holderIdentity: 'me' });
  });
});

describe('PodDisruptionBudget', () => {
  const key = 'policy/PodDisruptionBudget';
  const budget = (spec: Record<string, unknown>): KubeObject => ({ kind: 'PodDisruptionBudget', metadata: { name: 'p', namespace: 'ns' }, spec });

  it('starts with the counters kube always writes', () => {
    expect(create(key, budget({ minAvailable: 1 })).status).toEqual({ disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['both set', { minAvailable: 1, maxUnavailable: 1 }, [
      'spec: Invalid value: policy.PodDisruptionBudgetSpec{MinAvailable:(*intstr.IntOrString)(0xc000000000), Selector:(*v1.LabelSelector)(nil), MaxUnavailable:(*intstr.IntOrString)(0xc000000000), UnhealthyPodEvictionPolicy:(*policy.UnhealthyPodEvictionPolicyType)(nil)}: minAvailable and maxUnavailable cannot be both set',
    ]],
    ['negative and over 100%', { minAvailable: -1, unhealthyPodEvictionPolicy: 'Never' }, [
      'spec.minAvailable: Invalid value: -1: must be greater than or equal to 0',
      'spec.unhealthyPodEvictionPolicy: Unsupported value: "Never": supported values: "AlwaysAllow", "IfHealthyBudget"',
    ]],
    ['percent', { maxUnavailable: '120%' }, ['spec.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"120%"}: must not be greater than 100%']],
  ])('%s', (_name, spec, want) => {
    expect(createErrors(key, budget(spec))).toEqual(want);
  });
});

describe('HorizontalPodAutoscaler', () => {
  const key = 'autoscaling/HorizontalPodAutoscaler';
  const ref = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' };
  const hpa = (version: string, spec: Record<string, unknown>): KubeObject => ({
    apiVersion: `autoscaling/${version}`, kind: 'HorizontalPodAutoscaler', metadata: { name: 'h', namespace: 'ns' }, spec: { scaleTargetRef: ref, maxReplicas: 3, ...spec },
  });

  it('v2 defaults minReplicas, an 80% CPU metric, and a given behavior', () => {
    const object = create(key, hpa('v2', { behavior: { scaleDown: { stabilizationWindowSeconds: 60 } } }));
    expect(object.spec).toEqual({
      scaleTargetRef: ref, minReplicas: 1, maxReplicas: 3,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }],
      behavior: {
        scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] },
        scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
      },
    });
    // currentMetrics has no omitempty in v2: kube writes null.
    expect(object.status).toEqual({ desiredReplicas: 0, currentMetrics: null });
  });

  it('v1 defaults minReplicas, and the 80% CPU target kube converts a metric-less v1 HPA to', () => {
    const object = create(key, hpa('v1', {}));
    expect(object.spec).toEqual({ scaleTargetRef: ref, minReplicas: 1, maxReplicas: 3, targetCPUUtilizationPercentage: 80 });
    expect(object.status).toEqual({ currentReplicas: 0, desiredReplicas: 0 });
  });

  it.each<[string, string, Record<string, unknown>, string[]]>([
    ['replica bounds', 'v2', { minReplicas: 0, maxReplicas: 0 }, [
      'spec.minReplicas: Invalid value: 0: must be greater than or equal to 1',
      'spec.maxReplicas: Invalid value: 0: must be greater than 0',
      'spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas',
    ]],
    ['max below min', 'v2', { minReplicas: 5, maxReplicas: 3 }, ['spec.maxReplicas: Invalid value: 3: must be greater than or equal to `minReplicas`']],
    ['scale target required', 'v2', { scaleTargetRef: {} }, ['spec.scaleTargetRef.kind: Required value', 'spec.scaleTargetRef.name: Required value']],
    ['v1 CPU target is reported on the internal path', 'v1', { targetCPUUtilizationPercentage: 0 }, [
      'spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0',
    ]],
    ['metric source must match the type', 'v2', { metrics: [{ type: 'Pods', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }] }, [
      'spec.metrics[0].pods: Required value: must populate information for the given metric source',
    ]],
    ['unknown metric type is reported twice', 'v2', { metrics: [{ type: 'Magic' }] }, [
      'spec.metrics[0].type: Unsupported value: "Magic": supported values: "ContainerResource", "External", "Object", "Pods", "Resource"',
      'spec.metrics[0].type: Unsupported value: "Magic": supported values: "ContainerResource", "External", "Object", "Pods", "Resource"',
    ]],
    ['pods metric', 'v2', { metrics: [{ type: 'Pods', pods: { metric: {}, target: { type: 'Average' } } }] }, [
      'spec.metrics[0].pods.metric.name: Required value: must specify a metric name',
      'spec.metrics[0].pods.target.type: Invalid value: "Average": must be either Utilization, Value, or AverageValue',
      'spec.metrics[0].pods.target.averageValue: Required value: must specify a positive target averageValue',
    ]],
    ['behavior', 'v2', { behavior: { scaleUp: { selectPolicy: 'Any', policies: [{ type: 'Pods', value: 0, periodSeconds: 1801 }] } } }, [
      'spec.behavior.scaleUp.selectPolicy: Unsupported value: "Any": supported values: "Disabled", "Max", "Min"',
      'spec.behavior.scaleUp.policies[0].value: Invalid value: 0: must be greater than zero',
      'spec.behavior.scaleUp.policies[0].periodSeconds: Invalid value: 1801: must be less than or equal to 1800',
    ]],
  ])('%s', (_name, version, spec, want) => {
    expect(createErrors(key, hpa(version, spec))).toEqual(want);
  });
});

describe('PriorityClass', () => {
  const key = 'scheduling.k8s.io/PriorityClass';
  const priorityClass = (name: string, fields: Record<string, unknown>): KubeObject => ({ kind: 'PriorityClass', metadata: { name }, ...fields });

  it('defaults preemptionPolicy', () => {
    expect(create(key, priorityClass('p', { value: 1 })).preemptionPolicy).toBe('PreemptLowerPriority');
  });

  it.each<[string, KubeObject, string[]]>([
    ['user values are limited', priorityClass('p', { value: 1_000_000_001 }), ['value: Forbidden: maximum allowed value of a user defined priority is 1000000000']],
    ['system- names are reserved', priorityClass('system-x', { value: 1 }), [
      "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-x is not a known system priority class",
    ]],
    ['system classes keep their values', priorityClass('system-node-critical', { value: 5 }), [
      "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: value of system-node-critical PriorityClass must be 2000001000",
    ]],
    ['a system class as is', priorityClass('system-cluster-critical', { value: 2_000_000_000 }), []],
    ['preemption policy', priorityClass('p', { value: 1, preemptionPolicy: 'Sometimes' }), [
      'preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never"',
    ]],
  ])('%s', (_name, object, want) => {
    expect(createErrors(key, object)).toEqual(want);
  });

  it('keeps value and preemptionPolicy on update', () => {
    expect(updateErrors(key, priorityClass('p', { value: 2, preemptionPolicy: 'Never' }), priorityClass('p', { value: 1 }))).toEqual([
      'value: Forbidden: may not be changed in an update.',
      'preemptionPolicy: Invalid value: "Never": field is immutable',
    ]);
  });
});

describe('StorageClass', () => {
  const key = 'storage.k8s.io/StorageClass';
  const storageClass = (fields: Record<string, unknown>): KubeObject => ({ kind: 'StorageClass', metadata: { name: 's' }, provisioner: 'example.com/x', ...fields });

  it('defaults reclaimPolicy and volumeBindingMode', () => {
    expect(create(key, storageClass({}))).toMatchObject({ reclaimPolicy: 'Delete', volumeBindingMode: 'Immediate' });
  });

  it.each<[string, KubeObject, string[]]>([
    ['provisioner required', storageClass({ provisioner: '' }), ['provisioner: Required value']],
    ['provisioner lower-cased', storageClass({ provisioner: 'Example.com/A_' }), [
      "provisioner: Invalid value: \"example.com/a_\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    ]],
    ['policies', storageClass({ reclaimPolicy: 'Recycle', volumeBindingMode: 'Later' }), [
      'reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"',
      'volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer"',
    ]],
  ])('%s', (_name, object, want) => {
    expect(createErrors(key, object)).toEqual(want);
  });

  it('forbids changing parameters and provisioner', () => {
    expect(updateErrors(key, storageClass({ provisioner: 'example.com/y', parameters: { a: 'b' } }), storageClass({}))).toEqual([
      'parameters: Forbidden: updates to parameters are forbidden.',
      'provisioner: Forbidden: updates to provisioner are forbidden.',
    ]);
  });
});

describe('EndpointSlice', () => {
  const key = 'discovery.k8s.io/EndpointSlice';
  const slice = (fields: Record<string, unknown>): KubeObject => ({ kind: 'EndpointSlice', metadata: { name: 'e', namespace: 'ns' }, addressType: 'IPv4', ...fields });

  it('defaults port names and protocols', () => {
    expect(create(key, slice({ ports: [{ port: 80 }] })).ports).toEqual([{ name: '', protocol: 'TCP', port: 80 }]);
  });

  it.each<[string, KubeObject, string[]]>([
    ['address type', slice({ addressType: 'IPv5' }), ['addressType: Unsupported value: "IPv5": supported values: "FQDN", "IPv4", "IPv6"']],
    ['addresses', slice({ endpoints: [{ addresses: [] }, { addresses: ['::1', '127.0.0.1'] }] }), [
      'endpoints[0].addresses: Required value: must contain at least 1 address',
      'endpoints[1].addresses[0]: Invalid value: "::1": must be a valid IPv4 address',
      'endpoints[1].addresses[1]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)',
    ]],
    ['FQDN', slice({ addressType: 'FQDN', endpoints: [{ addresses: ['host'] }] }), [
      'endpoints[0].addresses[0]: Invalid value: "host": should be a domain with at least two segments separated by dots',
    ]],
    ['duplicate port names', slice({ ports: [{ name: 'http', port: 80 }, { name: 'http', port: 81, protocol: 'ICMP' }] }), [
      'ports[1].name: Duplicate value: "http"',
      'ports[1].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"',
    ]],
  ])('%s', (_name, object, want) => {
    expect(createErrors(key, object)).toEqual(want);
  });

  it('keeps addressType immutable', () => {
    expect(updateErrors(key, slice({ addressType: 'IPv6' }), slice({}))).toEqual(['addressType: Invalid value: "IPv6": field is immutable']);
  });
});

describe('RuntimeClass', () => {
  const key = 'node.k8s.io/RuntimeClass';
  const runtimeClass = (handler: string): KubeObject => ({ kind: 'RuntimeClass', metadata: { name: 'r' }, handler });

  it('requires a DNS-label handler, immutable on update', () => {
    expect(createErrors(key, runtimeClass('runc'))).toEqual([]);
    expect(createErrors(key, runtimeClass(''))).toEqual([
      "handler: Invalid value: \"\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ]);
    expect(updateErrors(key, runtimeClass('kata'), runtimeClass('runc'))).toEqual(['handler: Invalid value: "kata": field is immutable']);
  });
});
