/**
 * Field label conversion and selectable field sets per built-in kind, against kube v1.32:
 * pkg/apis/{core,batch,certificates,events}/v1/conversion.go (AddFieldLabelConversionFunc),
 * runtime.DefaultMetaV1FieldSelectorConversion, and pkg/registry/.../strategy.go
 * (GetAttrs / ToSelectableFields).
 */
import { describe, expect, it } from 'vitest';
import { fieldSelectorText, matchesFields, parseFieldSelector, SelectorParseError } from '../../src/apimachinery/selectors/fields.js';
import {
  convertCustomResourceFieldSelector,
  convertFieldSelector,
  selectableFields,
  validateFieldSelector,
} from '../../src/registry/field-labels.js';

const onlyMeta = (label: string): string =>
  `"${label}" is not a known field selector: only "metadata.name", "metadata.namespace"`;

describe('convertFieldSelector: accepted, with the converted selector', () => {
  it.each<[string, string, string, string, string]>([
    ['configmap name', '', 'ConfigMap', 'metadata.name=a', 'metadata.name=a'],
    ['configmap namespace', '', 'ConfigMap', 'metadata.namespace!=b', 'metadata.namespace!=b'],
    ['pod node', '', 'Pod', 'spec.nodeName=n1', 'spec.nodeName=n1'],
    ['pod legacy spec.host means spec.nodeName', '', 'Pod', 'spec.host=n1', 'spec.nodeName=n1'],
    ['pod every field', '', 'Pod',
      'spec.restartPolicy=Always,spec.schedulerName=s,spec.serviceAccountName=sa,spec.hostNetwork=true,status.phase=Running,status.podIP=1.2.3.4,status.podIPs=1.2.3.4,status.nominatedNodeName=n',
      'spec.hostNetwork=true,spec.restartPolicy=Always,spec.schedulerName=s,spec.serviceAccountName=sa,status.nominatedNodeName=n,status.phase=Running,status.podIP=1.2.3.4,status.podIPs=1.2.3.4'],
    ['node unschedulable', '', 'Node', 'spec.unschedulable=true', 'spec.unschedulable=true'],
    ['namespace phase', '', 'Namespace', 'status.phase=Active,metadata.name=x', 'metadata.name=x,status.phase=Active'],
    ['secret type', '', 'Secret', 'type=Opaque', 'type=Opaque'],
    ['service clusterIP and type', '', 'Service', 'spec.clusterIP=None,spec.type=ClusterIP', 'spec.clusterIP=None,spec.type=ClusterIP'],
    ['replication controller replicas', '', 'ReplicationController', 'status.replicas=2', 'status.replicas=2'],
    ['core event fields', '', 'Event', 'involvedObject.name=p,reportingComponent=kubelet,source=kubelet,type=Warning,reason=Failed',
      'involvedObject.name=p,reason=Failed,reportingComponent=kubelet,source=kubelet,type=Warning'],
    ['job succeeded count', 'batch', 'Job', 'status.successful=1', 'status.successful=1'],
    ['csr signer', 'certificates.k8s.io', 'CertificateSigningRequest', 'spec.signerName=kubernetes.io/kubelet-serving', 'spec.signerName=kubernetes.io/kubelet-serving'],
    ['events.k8s.io regarding maps to involvedObject', 'events.k8s.io', 'Event', 'regarding.name=p,regarding.kind=Pod', 'involvedObject.kind=Pod,involvedObject.name=p'],
    ['events.k8s.io reportingController maps to reportingComponent', 'events.k8s.io', 'Event', 'reportingController=kubelet', 'reportingComponent=kubelet'],
    ['empty selector', 'apps', 'Deployment', '', ''],
  ])('%s', (_name, group, kind, input, wanted) => {
    expect(fieldSelectorText(convertFieldSelector(group, kind, parseFieldSelector(input)))).toBe(wanted);
    expect(() => validateFieldSelector(group, kind, parseFieldSelector(input))).not.toThrow();
  });
});

describe('convertFieldSelector: refused, with kube 400 message', () => {
  it.each<[string, string, string, string, string]>([
    // golden/kube-v1.32.13/048-configmap-list-bad-field-selector.json
    ['configmap data', '', 'ConfigMap', 'data.a=1', onlyMeta('data.a')],
    ['label quoted as Go %q', '', 'ConfigMap', 'a"b=1', onlyMeta('a\\"b')],
    ['empty field', '', 'ConfigMap', '=x', onlyMeta('')],
    ['first refused in sorted order', '', 'ConfigMap', 'b.x=1,a.y=2', onlyMeta('a.y')],
    ['deployment status', 'apps', 'Deployment', 'status.replicas=1', onlyMeta('status.replicas')],
    ['apps/v1 replicaset has no conversion', 'apps', 'ReplicaSet', 'status.replicas=1', onlyMeta('status.replicas')],
    ['cronjob has no conversion', 'batch', 'CronJob', 'status.successful=1', onlyMeta('status.successful')],
    ['ingress (kubernetes.io field selector docs)', 'networking.k8s.io', 'Ingress', 'foo.bar=baz', onlyMeta('foo.bar')],
    ['pod unknown field', '', 'Pod', 'spec.containers=x', 'field label not supported: spec.containers'],
    ['node has no namespace', '', 'Node', 'metadata.namespace=x', 'field label not supported: metadata.namespace'],
    ['namespace legacy name is not selectable', '', 'Namespace', 'name=x', 'field label not supported: name'],
    ['secret data', '', 'Secret', 'data.x=1', 'field label not supported: data.x'],
    ['service ports', '', 'Service', 'spec.ports=80', 'field label not supported: spec.ports'],
    ['replication controller spec', '', 'ReplicationController', 'spec.replicas=1', 'field label not supported: spec.replicas'],
    ['core event uses involvedObject', '', 'Event', 'regarding.name=p', 'field label not supported: regarding.name'],
    ['events.k8s.io uses regarding', 'events.k8s.io', 'Event', 'involvedObject.name=p', 'field label not supported: involvedObject.name'],
    ['events.k8s.io note', 'events.k8s.io', 'Event', 'note=x', 'field label not supported: note'],
    ['job other field', 'batch', 'Job', 'spec.parallelism=1', 'field label "spec.parallelism" not supported for Job'],
    ['csr namespace', 'certificates.k8s.io', 'CertificateSigningRequest', 'metadata.namespace=x', 'field label not supported: metadata.namespace'],
  ])('%s', (_name, group, kind, input, message) => {
    const selector = parseFieldSelector(input);
    expect(() => convertFieldSelector(group, kind, selector)).toThrow(new SelectorParseError(message));
    expect(() => validateFieldSelector(group, kind, selector)).toThrow(SelectorParseError);
  });
});

describe('convertCustomResourceFieldSelector', () => {
  it.each<[string, boolean, string[], string, string]>([
    ['name', false, [], 'metadata.name=a', 'metadata.name=a'],
    ['namespace when namespaced', false, [], 'metadata.namespace=a', 'metadata.namespace=a'],
    ['selectable field', true, ['spec.color'], 'spec.color=red', 'spec.color=red'],
  ])('accepts %s', (_name, clusterScoped, fields, input, wanted) => {
    const converted = convertCustomResourceFieldSelector(parseFieldSelector(input), { clusterScoped, selectableFields: fields });
    expect(fieldSelectorText(converted)).toBe(wanted);
  });

  it.each<[string, boolean, string, string]>([
    ['namespace when cluster-scoped', true, 'metadata.namespace=a', 'field label not supported: metadata.namespace'],
    ['undeclared field', false, 'spec.color=red', 'field label not supported: spec.color'],
  ])('refuses %s', (_name, clusterScoped, input, message) => {
    expect(() => convertCustomResourceFieldSelector(parseFieldSelector(input), { clusterScoped })).toThrow(new SelectorParseError(message));
  });
});

describe('selectableFields', () => {
  const meta = { name: 'o', namespace: 'ns' };
  it.each<[string, string, string, unknown, Record<string, string>]>([
    ['configmap', '', 'ConfigMap', { metadata: meta, data: { a: '1' } }, { 'metadata.name': 'o', 'metadata.namespace': 'ns' }],
    ['namespaced object without namespace yet', 'apps', 'Deployment', { metadata: { name: 'd' } }, { 'metadata.name': 'd', 'metadata.namespace': '' }],
    ['cluster-scoped kind has no namespace field', 'rbac.authorization.k8s.io', 'ClusterRole', { metadata: { name: 'r' } }, { 'metadata.name': 'r' }],
    ['pod with defaults absent', '', 'Pod', { metadata: meta, spec: {} }, {
      'metadata.name': 'o', 'metadata.namespace': 'ns', 'spec.nodeName': '', 'spec.restartPolicy': '', 'spec.schedulerName': '',
      'spec.serviceAccountName': '', 'spec.hostNetwork': 'false', 'status.phase': '', 'status.podIP': '', 'status.nominatedNodeName': '',
    }],
    ['pod with everything', '', 'Pod', {
      metadata: meta,
      spec: { nodeName: 'n1', restartPolicy: 'Always', schedulerName: 'default-scheduler', serviceAccountName: 'default', hostNetwork: true },
      status: { phase: 'Running', podIP: '10.0.0.1', podIPs: [{ ip: '10.0.0.1' }, { ip: 'fd00::1' }], nominatedNodeName: 'n2' },
    }, {
      'metadata.name': 'o', 'metadata.namespace': 'ns', 'spec.nodeName': 'n1', 'spec.restartPolicy': 'Always',
      'spec.schedulerName': 'default-scheduler', 'spec.serviceAccountName': 'default', 'spec.hostNetwork': 'true',
      'status.phase': 'Running', 'status.podIP': '10.0.0.1', 'status.nominatedNodeName': 'n2',
    }],
    ['node', '', 'Node', { metadata: { name: 'n' }, spec: { unschedulable: true } }, { 'metadata.name': 'n', 'spec.unschedulable': 'true' }],
    ['node schedulable by default', '', 'Node', { metadata: { name: 'n' } }, { 'metadata.name': 'n', 'spec.unschedulable': 'false' }],
    ['namespace with legacy name', '', 'Namespace', { metadata: { name: 'x' }, status: { phase: 'Active' } }, { 'metadata.name': 'x', 'status.phase': 'Active', name: 'x' }],
    ['secret', '', 'Secret', { metadata: meta, type: 'Opaque' }, { 'metadata.name': 'o', 'metadata.namespace': 'ns', type: 'Opaque' }],
    ['service', '', 'Service', { metadata: meta, spec: { clusterIP: '10.96.0.1', type: 'ClusterIP' } },
      { 'metadata.name': 'o', 'metadata.namespace': 'ns', 'spec.clusterIP': '10.96.0.1', 'spec.type': 'ClusterIP' }],
    ['replication controller', '', 'ReplicationController', { metadata: meta, status: { replicas: 3 } },
      { 'metadata.name': 'o', 'metadata.namespace': 'ns', 'status.replicas': '3' }],
    ['replicaset without status', 'apps', 'ReplicaSet', { metadata: meta }, { 'metadata.name': 'o', 'metadata.namespace': 'ns', 'status.replicas': '0' }],
    ['job succeeded', 'batch', 'Job', { metadata: meta, status: { succeeded: 2 } }, { 'metadata.name': 'o', 'metadata.namespace': 'ns', 'status.successful': '2' }],
    ['csr is cluster-scoped', 'certificates.k8s.io', 'CertificateSigningRequest', { metadata: { name: 'c' }, spec: { signerName: 'example.com/s' } },
      { 'metadata.name': 'c', 'spec.signerName': 'example.com/s' }],
    ['persistent volume', '', 'PersistentVolume', { metadata: { name: 'pv' } }, { 'metadata.name': 'pv', name: 'pv' }],
    ['persistent volume claim', '', 'PersistentVolumeClaim', { metadata: meta }, { 'metadata.name': 'o', 'metadata.namespace': 'ns', name: 'o' }],
  ])('%s', (_name, group, kind, object, wanted) => {
    expect(selectableFields(group, kind, object)).toEqual(wanted);
  });

  const involved = { kind: 'Pod', namespace: 'ns', name: 'p', uid: 'u1', apiVersion: 'v1', resourceVersion: '7', fieldPath: 'spec.containers{c}' };
  const eventFields = {
    'metadata.name': 'e', 'metadata.namespace': 'ns', 'involvedObject.kind': 'Pod', 'involvedObject.namespace': 'ns',
    'involvedObject.name': 'p', 'involvedObject.uid': 'u1', 'involvedObject.apiVersion': 'v1', 'involvedObject.resourceVersion': '7',
    'involvedObject.fieldPath': 'spec.containers{c}', reason: 'Failed', type: 'Warning',
  };
  it.each<[string, string, unknown, Record<string, string>]>([
    ['core event with a source', '', { metadata: { name: 'e', namespace: 'ns' }, involvedObject: involved, reason: 'Failed', type: 'Warning', source: { component: 'kubelet' }, reportingComponent: 'rc' },
      { ...eventFields, source: 'kubelet', reportingComponent: 'rc' }],
    ['core event source falls back to the reporting controller', '', { metadata: { name: 'e', namespace: 'ns' }, involvedObject: involved, reason: 'Failed', type: 'Warning', reportingComponent: 'rc' },
      { ...eventFields, source: 'rc', reportingComponent: 'rc' }],
    ['events.k8s.io event', 'events.k8s.io', { metadata: { name: 'e', namespace: 'ns' }, regarding: involved, reason: 'Failed', type: 'Warning', reportingController: 'rc', deprecatedSource: {} },
      { ...eventFields, source: 'rc', reportingComponent: 'rc' }],
  ])('%s', (_name, group, object, wanted) => {
    expect(selectableFields(group, 'Event', object)).toEqual(wanted);
  });

  it('honours an explicit scope for kinds it does not know', () => {
    expect(selectableFields('example.com', 'Widget', { metadata: { name: 'w' } }, { namespaced: false })).toEqual({ 'metadata.name': 'w' });
  });
});

describe('parse, convert and match together', () => {
  const pod = { metadata: { name: 'p', namespace: 'ns' }, spec: { nodeName: 'n1' }, status: { phase: 'Running' } };
  it.each<[string, string, boolean]>([
    ['legacy spec.host', 'spec.host=n1', true],
    ['phase not running', 'status.phase!=Running', false],
    ['accepted but never set: status.podIPs', 'status.podIPs=10.0.0.1', false],
    ['hostNetwork defaults to false', 'spec.hostNetwork=false', true],
  ])('%s', (_name, input, wanted) => {
    const selector = convertFieldSelector('', 'Pod', parseFieldSelector(input));
    expect(matchesFields(selector, selectableFields('', 'Pod', pod))).toBe(wanted);
  });
});
