// Quantities (apimachinery resource/quantity_test.go: TestQuantityParse, TestQuantityCanonicalize)
// and the smaller core kinds, with cases from kube v1.32's pkg/apis/core/validation
// validation_test.go (TestValidateReplicationController, TestValidateNamespace, TestValidateEndpoints*,
// TestValidatePersistentVolume*, TestValidateNode*, TestValidateLimitRange, TestValidateResourceQuota)
// and events_test.go (TestValidateEventForCoreV1Events), and defaults_test.go for their defaults.
import { describe, expect, it } from 'vitest';
import { fieldErrorText, type FieldError } from '../../src/apimachinery/field-errors.js';
import { endpoints } from '../../src/kinds/core/endpoints.js';
import { event } from '../../src/kinds/core/event.js';
import { limitRange } from '../../src/kinds/core/limit-range.js';
import { namespace } from '../../src/kinds/core/namespace.js';
import { parseIP } from '../../src/apimachinery/validation/ip-addresses.js';
import { node } from '../../src/kinds/core/node.js';
import { persistentVolume, persistentVolumeClaim } from '../../src/kinds/core/persistent-volume.js';
import { formatQuantity } from '../../src/apimachinery/quantity-format.js';
import { parseQuantity, roundUpToScale } from '../../src/apimachinery/quantity.js';
import { replicationController } from '../../src/kinds/core/replication-controller.js';
import { resourceQuota } from '../../src/kinds/core/resource-quota.js';
import type { KindSemantics } from '../../src/kinds/types.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

const texts = (errors: FieldError[]) => errors.map(fieldErrorText);

function decoded(semantics: KindSemantics, fields: Record<string, unknown>, metadata: Record<string, unknown> = {}): KubeObject {
  const object: KubeObject = { metadata: { name: 'x', namespace: 'ns', ...metadata }, ...structuredClone(fields) };
  semantics.default?.(object);
  return object;
}
function createErrors(semantics: KindSemantics, fields: Record<string, unknown>, metadata: Record<string, unknown> = {}): string[] {
  const object = decoded(semantics, fields, metadata);
  semantics.prepareForCreate?.(object);
  return texts(semantics.validate!(object));
}

describe('quantities', () => {
  it.each([
    ['0', '0'], ['1', '1'], ['1000', '1k'], ['1000m', '1'], ['0.5', '500m'], ['.5', '500m'], ['12.34', '12340m'], ['100m', '100m'],
    ['1.5Gi', '1536Mi'], ['1024Mi', '1Gi'], ['0.5Ki', '512'], ['5Ki', '5Ki'], ['1e3', '1e3'], ['1.5e3', '1500'], ['1E', '1E'],
    ['0.1m', '100u'], ['1.1n', '2n'], ['-1', '-1'], ['2048', '2048'], [1.5, '1500m'],
  ])('%s is written %s', (input, want) => {
    expect(formatQuantity(parseQuantity(input)!)).toBe(want);
  });

  it.each(['', 'x', '1Q', '1e', '1Ki5', '1.2.3'])('%s does not parse', (input) => {
    expect(parseQuantity(input)).toBeNull();
  });

  it('SetDefaults_ResourceList rounds up to milli', () => {
    expect(formatQuantity(roundUpToScale(parseQuantity('0.0001')!, -3))).toBe('1m');
  });

  it.each([['10.0.0.1', 4], ['010.000.000.001', 4], ['::1', 16], ['2001:db8::ffff', 16], ['::ffff:1.2.3.4', 16], ['10.0.0.256', 0], ['1::2::3', 0], ['', 0]])(
    'IP %s has %i bytes', (ip, bytes) => {
      expect(parseIP(ip)?.length ?? 0).toBe(bytes);
    });
});

describe('ReplicationController', () => {
  const template = { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } };

  it('selector, labels and replicas default from the template; status starts at zero replicas (golden 200\'s object)', () => {
    const object = decoded(replicationController, { spec: { template } });
    replicationController.prepareForCreate!(object);
    const spec = object.spec as Record<string, any>;
    expect(Object.keys(spec)).toEqual(['replicas', 'selector', 'template']);
    expect([spec.replicas, spec.selector, object.metadata.labels, object.status]).toEqual([1, { app: 'x' }, { app: 'x' }, { replicas: 0 }]);
    expect(spec.template.metadata).toEqual({ creationTimestamp: null, labels: { app: 'x' } });
    expect(spec.template.spec.terminationGracePeriodSeconds).toBe(30);
    expect(replicationController.validate!(object)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['selector mismatch', { selector: { app: 'y' }, template },
      ['spec.template.metadata.labels: Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`']],
    ['negative replicas', { replicas: -1, template }, ['spec.replicas: Invalid value: -1: must be greater than or equal to 0']],
    ['restartPolicy Never', { template: { ...template, spec: { ...template.spec, restartPolicy: 'Never' } } },
      ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"']],
    ['no template', {}, ['spec.selector: Required value', 'spec.template: Required value']],
  ])('%s', (_name, spec, want) => {
    expect(createErrors(replicationController, { spec })).toEqual(want);
  });
});

describe('Namespace, Event, Endpoints', () => {
  it('namespace finalizers must be qualified or kube\'s own (unindexed path)', () => {
    expect(createErrors(namespace, { spec: { finalizers: ['kubernetes', 'example.com/x', 'custom'] } })).toEqual([
      'spec.finalizers: Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified',
    ]);
  });

  it.each<[string, Record<string, unknown>, string, string[]]>([
    ['old-style event in its object\'s namespace', { involvedObject: { namespace: 'ns' } }, 'ns', []],
    ['old-style event elsewhere', { involvedObject: { namespace: 'other' } }, 'ns', ['involvedObject.namespace: Invalid value: "other": does not match event.namespace']],
    ['cluster object, default namespace', { involvedObject: {} }, 'default', []],
    // kube also runs IsQualifiedName on the empty reporting controller (named reportingComponent through core/v1), hence its two extra messages.
    ['new-style event needs reporting fields', { eventTime: '2024-01-01T00:00:00.000000Z', involvedObject: { namespace: 'ns' } }, 'ns', [
      'reportingComponent: Required value',
      'reportingComponent: Invalid value: "": name part must be non-empty',
      "reportingComponent: Invalid value: \"\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      'reportingInstance: Required value', 'action: Required value', 'reason: Required value',
    ]],
    ['new-style long reason', {
      eventTime: '2024-01-01T00:00:00.000000Z', involvedObject: { namespace: 'ns' }, reportingComponent: 'c', reportingInstance: 'i', action: 'a', reason: 'r'.repeat(129),
    }, 'ns', ['reason: Invalid value: "": can have at most 128 characters']],
  ])('%s', (_name, fields, eventNamespace, want) => {
    expect(createErrors(event, fields, { namespace: eventNamespace })).toEqual(want);
  });

  it('endpoint ports default to TCP; addresses are checked twice over, as kube does', () => {
    const object = decoded(endpoints, { subsets: [{ addresses: [{ ip: '127.0.0.1' }], ports: [{ port: 80 }] }] });
    expect((object.subsets as any)[0].ports[0]).toEqual({ port: 80, protocol: 'TCP' });
    expect(texts(endpoints.validate!(object))).toEqual(['subsets[0].addresses[0].ip: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)']);
    expect(createErrors(endpoints, { subsets: [{ addresses: [{ ip: 'x' }] }, {}] })).toEqual([
      'subsets[0].addresses[0].ip: Invalid value: "x": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
      'subsets[0].addresses[0].ip: Invalid value: "x": must be a valid IP address',
      'subsets[1]: Required value: must specify `addresses` or `notReadyAddresses`',
    ]);
  });
});

describe('PersistentVolumeClaim and PersistentVolume', () => {
  const claim = { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1024Mi' } } };

  it('claims default volumeMode and start Pending; storage is canonical', () => {
    const object = decoded(persistentVolumeClaim, { spec: claim });
    persistentVolumeClaim.prepareForCreate!(object);
    expect(object.spec).toEqual({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, volumeMode: 'Filesystem' });
    expect(object.status).toEqual({ phase: 'Pending' });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['no access modes, no storage', { resources: {} }, ['spec.accessModes: Required value: at least 1 access mode is required', 'spec.resources[storage]: Required value']],
    ['unknown access mode', { ...claim, accessModes: ['ReadMany'] },
      ['spec.accessModes: Unsupported value: "ReadMany": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"']],
    ['ReadWriteOncePod with others', { ...claim, accessModes: ['ReadWriteOncePod', 'ReadWriteOnce'] },
      ['spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes']],
    ['zero storage', { ...claim, resources: { requests: { storage: '0' } } }, ['spec.resources[storage]: Invalid value: "0": must be greater than zero']],
  ])('claim: %s', (_name, spec, want) => {
    expect(createErrors(persistentVolumeClaim, { spec })).toEqual(want);
  });

  it('a claim\'s spec is immutable but for volumeName, with kube\'s first line', () => {
    const before = decoded(persistentVolumeClaim, { spec: claim });
    const after = decoded(persistentVolumeClaim, { spec: { ...claim, accessModes: ['ReadWriteMany'] } });
    const [message] = texts(persistentVolumeClaim.validateUpdate!(after, before));
    expect(message!.split('\n')[0]).toBe('spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims');
    const bound = decoded(persistentVolumeClaim, { spec: { ...claim, volumeName: 'pv' } });
    expect(persistentVolumeClaim.validateUpdate!(bound, before)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['a hostPath volume', { accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' }, hostPath: { path: '/data' } }, []],
    ['no source', { accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' } }, ['spec: Required value: must specify a volume type']],
    ['no capacity', { accessModes: ['ReadWriteOnce'], hostPath: { path: '/data' } }, ['spec.capacity: Required value']],
    ['local needs node affinity', { accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' }, local: { path: '/data' } },
      ['spec.nodeAffinity: Required value: Local volume requires node affinity']],
  ])('volume: %s', (_name, spec, want) => {
    expect(createErrors(persistentVolume, { spec })).toEqual(want);
  });

  it('volumes default Retain and Filesystem, start Pending with a transition time', () => {
    const object = decoded(persistentVolume, { spec: { hostPath: { path: '/d' } } });
    persistentVolume.prepareForCreate!(object);
    expect(object.spec).toMatchObject({ persistentVolumeReclaimPolicy: 'Retain', volumeMode: 'Filesystem' });
    expect(object.status).toMatchObject({ phase: 'Pending', lastPhaseTransitionTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) });
  });
});

describe('Node, LimitRange, ResourceQuota', () => {
  it('a node\'s status has the structs Go always writes, allocatable from capacity', () => {
    const object = decoded(node, { status: { capacity: { cpu: '4', memory: '8192Mi' } } }, { namespace: undefined });
    const status = object.status as Record<string, any>;
    expect(status.allocatable).toEqual({ cpu: '4', memory: '8Gi' });
    expect(status.daemonEndpoints).toEqual({ kubeletEndpoint: { Port: 0 } });
    expect(Object.keys(status.nodeInfo)).toHaveLength(10);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['taints on kube\'s metadata path', { spec: { taints: [{ key: 'k', effect: 'Sometimes' }] } },
      ['metadata.taints[0].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"']],
    ['duplicate taint', { spec: { taints: [{ key: 'k', effect: 'NoSchedule' }, { key: 'k', value: 'v', effect: 'NoSchedule' }] } },
      ['metadata.taints[1]: Duplicate value: core.Taint{Key:"k", Value:"v", Effect:"NoSchedule", TimeAdded:<nil>}: taints must be unique by key and effect pair']],
    ['bad pod CIDR', { spec: { podCIDRs: ['10.0.0.0/33'] } }, ['spec.podCIDRs[0]: Invalid value: "10.0.0.0/33": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)']],
  ])('node: %s', (_name, fields, want) => {
    expect(createErrors(node, fields)).toEqual(want);
  });

  it('container limit ranges default from max and min (TestSetDefaultLimitRangeItem)', () => {
    const object = decoded(limitRange, { spec: { limits: [{ type: 'Container', max: { cpu: '2' }, min: { memory: '100Mi' } }] } });
    expect((object.spec as any).limits[0]).toEqual({
      type: 'Container', max: { cpu: '2' }, min: { memory: '100Mi' }, default: { cpu: '2' }, defaultRequest: { cpu: '2', memory: '100Mi' },
    });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['min above max', { type: 'Pod', min: { cpu: '2' }, max: { cpu: '1' } },
      ['spec.limits[0].min[cpu]: Invalid value: resource.Quantity{i:resource.int64Amount{value:2, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"2", Format:"DecimalSI"}: min value 2 is greater than max value 1']],
    ['default on a Pod limit', { type: 'Pod', default: { cpu: '1' } }, ["spec.limits[0].default: Forbidden: may not be specified when `type` is 'Pod'"]],
    ['unknown type', { type: 'Thing' }, ['spec.limits[0].type: Invalid value: "Thing": must be a standard limit type or fully qualified']],
    ['claims need storage bounds', { type: 'PersistentVolumeClaim' },
      ['spec.limits[0].limits: Required value: either minimum or maximum storage value is required, but neither was provided']],
  ])('limit range: %s', (_name, item, want) => {
    expect(createErrors(limitRange, { spec: { limits: [item] } })).toEqual(want);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['valid', { hard: { pods: '10', 'requests.cpu': '2', 'count/deployments.apps': '5' } }, []],
    ['unknown resource', { hard: { things: '1' } },
      ['spec.hard[things]: Invalid value: "things": must be a standard resource type or fully qualified', 'spec.hard[things]: Invalid value: "things": must be a standard resource for quota']],
    ['negative amount', { hard: { pods: '-1' } }, ['spec.hard[pods]: Invalid value: "-1": must be greater than or equal to 0']],
    ['conflicting scopes', { hard: { pods: '1' }, scopes: ['BestEffort', 'NotBestEffort'] },
      ['spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort", "NotBestEffort"}: conflicting scopes']],
  ])('quota: %s', (_name, spec, want) => {
    expect(createErrors(resourceQuota, { spec })).toEqual(want);
  });

  it('quota scopes are immutable', () => {
    const before = decoded(resourceQuota, { spec: { hard: { pods: '1' }, scopes: ['BestEffort'] } });
    const after = decoded(resourceQuota, { spec: { hard: { pods: '1' }, scopes: ['NotTerminating'] } });
    expect(texts(resourceQuota.validateUpdate!(after, before))).toEqual(['spec.scopes: Invalid value: []core.ResourceQuotaScope{"NotTerminating"}: field is immutable']);
  });
});
