// checkObject / pruneUnknownFields: kube's decoding of built-in kinds into their Go structs.
// Expected texts follow sigs.k8s.io/json's decode.go (UnmarshalTypeError: "Go struct field
// <innermost struct>.<JSON field path without indices> of type <reflect type>", first error
// wins, custom unmarshalers' errors win over it) and golden 024, 026 and 069.
import { describe, expect, it } from 'vitest';
import { checkObject, pruneUnknownFields } from '../../src/schema/decode-check.js';
import { parseJsonStrict } from '../../src/schema/json-strict.js';

type Json = Record<string, unknown>;

const meta = { name: 'x', namespace: 'default', labels: { app: 'x' } };
const podSpec = {
  containers: [{
    name: 'c', image: 'nginx', args: ['--a'], ports: [{ containerPort: 80, protocol: 'TCP' }],
    env: [{ name: 'A', value: '1' }], resources: { limits: { cpu: '500m', memory: '128Mi' }, requests: { cpu: 0.25 } },
    livenessProbe: { httpGet: { path: '/', port: 'http' }, periodSeconds: 10 },
  }],
  restartPolicy: 'Always', nodeSelector: { disk: 'ssd' }, volumes: [{ name: 'v', emptyDir: { sizeLimit: '1Gi' } }],
};
const template = { metadata: { labels: { app: 'x' } }, spec: podSpec };

/** One valid object per kind: group, version, kind, object. */
const valid: [string, string, string, Json][] = [
  ['', 'v1', 'Pod', { apiVersion: 'v1', kind: 'Pod', metadata: { ...meta, creationTimestamp: '2024-05-01T10:00:00Z' }, spec: podSpec }],
  ['', 'v1', 'Service', { apiVersion: 'v1', kind: 'Service', metadata: meta, spec: { type: 'ClusterIP', selector: { app: 'x' }, ports: [{ port: 80, targetPort: 8080 }, { name: 'h', port: 81, targetPort: 'http' }] } }],
  ['', 'v1', 'ConfigMap', { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta, data: { a: '1' }, binaryData: { b: 'aGVsbG8=' }, immutable: true }],
  ['', 'v1', 'Secret', { apiVersion: 'v1', kind: 'Secret', metadata: meta, type: 'Opaque', data: { a: 'aGVsbG8=' }, stringData: { b: 'plain' } }],
  ['apps', 'v1', 'Deployment', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: meta, spec: { replicas: 3, selector: { matchLabels: { app: 'x' } }, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: 1 } }, template } }],
  ['apps', 'v1', 'StatefulSet', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: meta, spec: { serviceName: 's', selector: { matchLabels: { app: 'x' } }, template, volumeClaimTemplates: [{ metadata: { name: 'd' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }] } }],
  ['apps', 'v1', 'DaemonSet', { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: meta, spec: { selector: { matchLabels: { app: 'x' } }, template, updateStrategy: { type: 'RollingUpdate' } } }],
  ['batch', 'v1', 'Job', { apiVersion: 'batch/v1', kind: 'Job', metadata: meta, spec: { backoffLimit: 6, completions: 1, template: { spec: { ...podSpec, restartPolicy: 'Never' } } } }],
  ['batch', 'v1', 'CronJob', { apiVersion: 'batch/v1', kind: 'CronJob', metadata: meta, spec: { schedule: '*/5 * * * *', suspend: false, jobTemplate: { spec: { template: { spec: podSpec } } } } }],
  ['', 'v1', 'Namespace', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns' }, spec: { finalizers: ['kubernetes'] } }],
  ['', 'v1', 'ServiceAccount', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta, automountServiceAccountToken: false, secrets: [{ name: 's' }] }],
  ['rbac.authorization.k8s.io', 'v1', 'Role', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: meta, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] }] }],
  ['rbac.authorization.k8s.io', 'v1', 'RoleBinding', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: meta, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'r' }, subjects: [{ kind: 'ServiceAccount', name: 'sa', namespace: 'default' }] }],
  ['coordination.k8s.io', 'v1', 'Lease', { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: meta, spec: { holderIdentity: 'me', leaseDurationSeconds: 15, renewTime: '2024-05-01T10:00:00.123456Z' } }],
  ['networking.k8s.io', 'v1', 'Ingress', { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: meta, spec: { rules: [{ host: 'a.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 's', port: { number: 80 } } } }] } }] } }],
  ['networking.k8s.io', 'v1', 'NetworkPolicy', { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: meta, spec: { podSelector: {}, policyTypes: ['Ingress'], ingress: [{ ports: [{ protocol: 'TCP', port: 80 }, { port: 'http' }] }] } }],
  ['', 'v1', 'PersistentVolumeClaim', { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: meta, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10Gi' } }, storageClassName: 'standard' } }],
  ['autoscaling', 'v2', 'HorizontalPodAutoscaler', { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: meta, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' }, minReplicas: 1, maxReplicas: 5, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }] } }],
  ['policy', 'v1', 'PodDisruptionBudget', { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: meta, spec: { minAvailable: '50%', selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['x'] }] } } }],
  ['apps', 'v1', 'ControllerRevision', { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: meta, revision: 1, data: { anything: { goes: ['here'] } } }],
  ['', 'v1', 'Event', { apiVersion: 'v1', kind: 'Event', metadata: meta, involvedObject: { kind: 'Pod', name: 'p' }, reason: 'R', eventTime: null, firstTimestamp: '2024-05-01T10:00:00+02:00' }],
  ['storage.k8s.io', 'v1', 'StorageClass', { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'sc' }, provisioner: 'p', parameters: { a: 'b' }, allowVolumeExpansion: true }],
  ['scheduling.k8s.io', 'v1', 'PriorityClass', { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'pc' }, value: 1000, description: 'd' }],
];

describe('valid objects decode cleanly', () => {
  it.each(valid.map(([group, version, kind, object]) => [`${group || 'core'}/${version} ${kind}`, group, version, kind, object] as const))(
    '%s',
    (_name, group, version, kind, object) => {
      expect(checkObject(group, version, kind, structuredClone(object))).toEqual({ unknownFields: [], duplicateFields: [], strictErrors: [] });
    },
  );
});

/** Replaces the value at a dotted path (numeric segments index lists) in a copy of `object`. */
function withValue(object: Json, path: string, value: unknown): Json {
  const copy = structuredClone(object);
  const segments = path.split('.');
  let target: any = copy;
  for (const segment of segments.slice(0, -1)) target = target[segment] ??= {};
  target[segments.at(-1)!] = value;
  return copy;
}

const find = (kind: string): [string, string, Json] => {
  const entry = valid.find(([, , candidate]) => candidate === kind)!;
  return [entry[0], entry[1], entry[3]];
};

const structField = (value: string, field: string, type: string) => `json: cannot unmarshal ${value} into Go struct field ${field} of type ${type}`;
const quantityFormat = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

describe('type errors', () => {
  it.each([
    ['golden 069: string into int32', 'Pod', 'spec.containers.0.ports.0.containerPort', 'eighty', structField('string', 'ContainerPort.spec.containers.ports.containerPort', 'int32')],
    ['string into *int32', 'Deployment', 'spec.replicas', '3', structField('string', 'DeploymentSpec.spec.replicas', 'int32')],
    ['fraction into int32 quotes the number', 'Deployment', 'spec.replicas', 1.5, structField('number 1.5', 'DeploymentSpec.spec.replicas', 'int32')],
    ['int32 overflow', 'Deployment', 'spec.replicas', 3000000000, structField('number 3000000000', 'DeploymentSpec.spec.replicas', 'int32')],
    ['int64 field takes big numbers', 'Pod', 'spec.activeDeadlineSeconds', 3000000000, undefined],
    ['bool into int32', 'Job', 'spec.backoffLimit', true, structField('bool', 'JobSpec.spec.backoffLimit', 'int32')],
    ['number into map value', 'ConfigMap', 'data', { a: 1 }, structField('number', 'ConfigMap.data', 'string')],
    ['string into map', 'ConfigMap', 'data', 'x', structField('string', 'ConfigMap.data', 'map[string]string')],
    ['array into map', 'Pod', 'metadata.labels', ['a'], structField('array', 'ObjectMeta.metadata.labels', 'map[string]string')],
    ['bool into label value', 'Pod', 'metadata.labels', { a: true }, structField('bool', 'ObjectMeta.metadata.labels', 'string')],
    ['number into []byte map value', 'Secret', 'data', { a: 5 }, structField('number', 'Secret.data', '[]uint8')],
    ['bad base64 (not an UnmarshalTypeError)', 'Secret', 'data', { a: '!!!!' }, 'illegal base64 data at input byte 0'],
    ['base64 without padding', 'ConfigMap', 'binaryData', { b: 'aGVsbG8' }, 'illegal base64 data at input byte 4'],
    ['named string type', 'Secret', 'type', 5, structField('number', 'Secret.type', 'v1.SecretType')],
    ['string into struct', 'Pod', 'spec', 'x', structField('string', 'Pod.spec', 'v1.PodSpec')],
    ['array into struct', 'Pod', 'spec', [], structField('array', 'Pod.spec', 'v1.PodSpec')],
    ['object into slice', 'Pod', 'spec.containers', {}, structField('object', 'PodSpec.spec.containers', '[]v1.Container')],
    ['number as slice element', 'Pod', 'spec.containers', [5], structField('number', 'PodSpec.spec.containers', 'v1.Container')],
    ['number in []string', 'Pod', 'spec.containers.0.args', ['a', 1], structField('number', 'Container.spec.containers.args', 'string')],
    ['named map type', 'Pod', 'spec.containers.0.resources.limits', 'x', structField('string', 'ResourceRequirements.spec.containers.resources.limits', 'v1.ResourceList')],
    ['bad quantity', 'Pod', 'spec.containers.0.resources.limits.cpu', 'abc', quantityFormat],
    ['bad quantity suffix', 'PersistentVolumeClaim', 'spec.resources.requests.storage', '1Ki0', "unable to parse quantity's suffix"],
    ['quantity as a JSON number', 'PersistentVolumeClaim', 'spec.resources.requests.storage', 1e3, undefined],
    ['quantity as a bool', 'StatefulSet', 'spec.volumeClaimTemplates.0.spec.resources.requests.storage', true, quantityFormat],
    ['bad time', 'Pod', 'metadata.creationTimestamp', 'yesterday', 'parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"'],
    ['number into time: the inner error gets the field', 'Pod', 'metadata.creationTimestamp', 5, structField('number', 'ObjectMeta.metadata.creationTimestamp', 'string')],
    ['MicroTime needs six fraction digits', 'Lease', 'spec.renewTime', '2024-05-01T10:00:00Z', 'parsing time "2024-05-01T10:00:00Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "Z" as ".000000"'],
    ['IntOrString from a bool', 'Deployment', 'spec.strategy.rollingUpdate.maxSurge', true, structField('bool', 'RollingUpdateDeployment.spec.strategy.rollingUpdate.maxSurge', 'int32')],
    ['IntOrString from a fraction', 'Service', 'spec.ports.0.targetPort', 1.5, structField('number 1.5', 'ServicePort.spec.ports.targetPort', 'int32')],
    ['IntOrString from an object', 'NetworkPolicy', 'spec.ingress.0.ports.0.port', {}, structField('object', 'NetworkPolicyPort.spec.ingress.ports.port', 'int32')],
    ['IntOrString in a PodDisruptionBudget', 'PodDisruptionBudget', 'spec.minAvailable', [1], structField('array', 'PodDisruptionBudgetSpec.spec.minAvailable', 'int32')],
    ['named string in core', 'Service', 'spec.type', 1, structField('number', 'ServiceSpec.spec.type', 'v1.ServiceType')],
    ['string into bool', 'CronJob', 'spec.suspend', 'yes', structField('string', 'CronJobSpec.spec.suspend', 'bool')],
    ['named slice', 'Namespace', 'spec.finalizers', 'kubernetes', structField('string', 'NamespaceSpec.spec.finalizers', '[]v1.FinalizerName')],
    ['element of a named slice', 'PersistentVolumeClaim', 'spec.accessModes', [1], structField('number', 'PersistentVolumeClaimSpec.spec.accessModes', 'v1.PersistentVolumeAccessMode')],
    ['string into []string', 'Role', 'rules.0.verbs', 'get', structField('string', 'PolicyRule.rules.verbs', '[]string')],
    ['string into struct field of the root', 'RoleBinding', 'roleRef', 'admin', structField('string', 'RoleBinding.roleRef', 'v1.RoleRef')],
    ['named string in networking', 'Ingress', 'spec.rules.0.http.paths.0.pathType', 5, structField('number', 'HTTPIngressPath.spec.rules.http.paths.pathType', 'v1.PathType')],
    ['autoscaling/v2', 'HorizontalPodAutoscaler', 'spec.minReplicas', '1', structField('string', 'HorizontalPodAutoscalerSpec.spec.minReplicas', 'int32')],
    ['autoscaling/v2 named type', 'HorizontalPodAutoscaler', 'spec.metrics.0.type', false, structField('bool', 'MetricSpec.spec.metrics.type', 'v2.MetricSourceType')],
    ['root bool field', 'ServiceAccount', 'automountServiceAccountToken', 'true', structField('string', 'ServiceAccount.automountServiceAccountToken', 'bool')],
    ['through a pod template', 'DaemonSet', 'spec.template.spec.nodeSelector', { a: 1 }, structField('number', 'PodSpec.spec.template.spec.nodeSelector', 'string')],
    ['through a job template', 'CronJob', 'spec.jobTemplate.spec.template.spec.restartPolicy', 7, structField('number', 'PodSpec.spec.jobTemplate.spec.template.spec.restartPolicy', 'v1.RestartPolicy')],
    ['types.UID', 'Pod', 'metadata.ownerReferences', [{ apiVersion: 'v1', kind: 'X', name: 'x', uid: 5 }], structField('number', 'OwnerReference.metadata.ownerReferences.uid', 'types.UID')],
    ['int32 deep in autoscaling/v2', 'HorizontalPodAutoscaler', 'spec.metrics.0.resource.target.averageUtilization', 'x', structField('string', 'MetricTarget.spec.metrics.resource.target.averageUtilization', 'int32')],
    ['null is never an error', 'Deployment', 'spec.replicas', null, undefined],
    ['RawExtension takes anything', 'ControllerRevision', 'data', [1, 'two', { three: 3 }], undefined],
  ])('%s', (_name, kind, path, value, expected) => {
    const [group, version, object] = find(kind);
    expect(checkObject(group, version, kind, withValue(object, path, value)).typeError).toBe(expected);
  });

  it.each([
    ['1.0 is no int32 (Go parses the literal)', '{"spec":{"replicas":1.0}}', structField('number 1.0', 'DeploymentSpec.spec.replicas', 'int32')],
    ['1e3 is no int32', '{"spec":{"replicas":1e3}}', structField('number 1e3', 'DeploymentSpec.spec.replicas', 'int32')],
    ['a 20-digit number is reported with its own digits', '{"spec":{"progressDeadlineSeconds":12345678901234567890}}', structField('number 12345678901234567890', 'DeploymentSpec.spec.progressDeadlineSeconds', 'int32')],
    ['the first type error wins', '{"spec":{"replicas":"a","paused":"b"}}', structField('string', 'DeploymentSpec.spec.replicas', 'int32')],
    ['a custom unmarshaler error wins over an earlier type error', '{"spec":{"replicas":"a","template":{"metadata":{"creationTimestamp":"x"}}}}',
      'parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"'],
  ])('%s', (_name, text, expected) => {
    const decoded = parseJsonStrict(text);
    expect(checkObject('apps', 'v1', 'Deployment', decoded.value, decoded).typeError).toBe(expected);
  });
});

describe('apiextensions custom unmarshalers', () => {
  const crd = (openAPIV3Schema: unknown) => ({ spec: { group: 'g', versions: [{ name: 'v1', schema: { openAPIV3Schema } }] } });
  it.each([
    ['float64 field', { type: 'object', maximum: 'x' }, structField('string', 'JSONSchemaProps.spec.versions.schema.openAPIV3Schema.maximum', 'float64')],
    ['JSONSchemaPropsOrBool refuses a string', { additionalProperties: 'x' }, 'boolean or JSON schema expected'],
    ['JSONSchemaPropsOrBool takes a bool', { additionalProperties: false }, undefined],
    ['a nested decode\'s type error gets the outer field', { additionalProperties: { type: 5 } },
      structField('number', 'JSONSchemaProps.spec.versions.schema.openAPIV3Schema.additionalProperties', 'string')],
    ['JSON (default, enum) takes anything', { default: { any: [1] }, enum: [1, 'a', null] }, undefined],
    ['JSONSchemaPropsOrArray ignores scalars', { items: 5 }, undefined],
  ])('%s', (_name, schema, expected) => {
    expect(checkObject('apiextensions.k8s.io', 'v1', 'CustomResourceDefinition', crd(schema)).typeError).toBe(expected);
  });
});

describe('unknown fields', () => {
  it.each([
    ['golden 024', '', 'v1', 'ConfigMap', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'u1', bogus2: 2 }, data: { a: '1' }, bogus: 1 }, ['metadata.bogus2', 'bogus']],
    ['in a list item, with its index', '', 'v1', 'Pod', { spec: { containers: [{ name: 'a' }, { name: 'b', imagee: 'x', resources: { limitz: {} } }] } },
      ['spec.containers[1].imagee', 'spec.containers[1].resources.limitz']],
    ['field names are case-sensitive', 'apps', 'v1', 'Deployment', { spec: { Replicas: 1 } }, ['spec.Replicas']],
    ['map keys are never unknown', '', 'v1', 'ConfigMap', { data: { anything: 'x' }, metadata: { annotations: { 'any/key': 'v' } } }, []],
    ['nothing inside an unknown field', '', 'v1', 'Pod', { bogus: { deeper: { still: 1 } } }, ['bogus']],
    ['nothing inside opaque types', 'apps', 'v1', 'ControllerRevision', { data: { bogus: 1 }, metadata: { managedFields: [{ fieldsV1: { 'f:x': {} } }] } }, []],
    ['empty struct: every field is unknown', 'apiextensions.k8s.io', 'v1', 'CustomResourceDefinition',
      { spec: { versions: [{ name: 'v1', subresources: { status: { x: 1 } } }] } }, ['spec.versions[0].subresources.status.x']],
    ['inside rbac rules', 'rbac.authorization.k8s.io', 'v1', 'Role', { rules: [{ verbs: ['get'] }, { verb: ['list'] }] }, ['rules[1].verb']],
    ['map value structs', 'apiextensions.k8s.io', 'v1', 'CustomResourceDefinition',
      { spec: { versions: [{ name: 'v1', schema: { openAPIV3Schema: { properties: { spec: { typo: 1 } } } } }] } }, ['spec.versions[0].schema.openAPIV3Schema.properties.spec.typo']],
  ])('%s', (_name, group, version, kind, object, expected) => {
    const check = checkObject(group, version, kind, structuredClone(object));
    expect(check.typeError).toBeUndefined();
    expect(check.unknownFields).toEqual(expected);
    expect(check.strictErrors).toEqual(expected.map((path) => `unknown field "${path}"`));
  });

  it('quotes paths as Go does', () => {
    expect(checkObject('', 'v1', 'ConfigMap', { 'a\nb': 1, 'é': 2 }).strictErrors).toEqual(['unknown field "a\\nb"', 'unknown field "é"']);
  });
});

describe('duplicate fields', () => {
  const check = (group: string, kind: string, text: string) => {
    const decoded = parseJsonStrict(text);
    return checkObject(group, 'v1', kind, decoded.value, decoded);
  };

  it.each([
    ['golden 026', '', 'ConfigMap', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"dup"},"data":{"a":"1","a":"2"}}', ['duplicate field "data.a"']],
    ['struct field in a list item', '', 'Pod', '{"spec":{"containers":[{"name":"a","image":"x","name":"b"}]}}', ['duplicate field "spec.containers[0].name"']],
    ['an unknown key repeated is one unknown field', '', 'ConfigMap', '{"bogus":1,"bogus":2}', ['unknown field "bogus"']],
    ['repeats inside opaque types are not decoded', 'apps', 'ControllerRevision', '{"data":{"a":1,"a":2}}', []],
    ['repeats inside unknown fields are not decoded', '', 'ConfigMap', '{"bogus":{"a":1,"a":2}}', ['unknown field "bogus"']],
    ['document order across kinds of errors', '', 'ConfigMap', '{"bogus":1,"data":{"a":"1","b":"2","a":"3"},"kind":"ConfigMap","zz":1,"kind":"ConfigMap"}',
      ['unknown field "bogus"', 'duplicate field "data.a"', 'unknown field "zz"', 'duplicate field "kind"']],
    ['a key three times is reported once', '', 'ConfigMap', '{"data":{"a":"1","a":"2","a":"3"}}', ['duplicate field "data.a"']],
  ])('%s', (_name, group, kind, text, expected) => {
    const result = check(group, kind, text);
    expect(result.typeError).toBeUndefined();
    expect(result.strictErrors).toEqual(expected);
  });
});

describe('pruneUnknownFields', () => {
  it('removes exactly the unknown fields, in place, and returns their paths', () => {
    const object = {
      apiVersion: 'v1', kind: 'Pod', bogus: 1,
      metadata: { name: 'p', bogus2: 2, labels: { keep: 'me' } },
      spec: { containers: [{ name: 'c', imagee: 'x', image: 'y' }], extra: { a: 1 } },
    };
    expect(pruneUnknownFields('', 'v1', 'Pod', object)).toEqual(['bogus', 'metadata.bogus2', 'spec.containers[0].imagee', 'spec.extra']);
    expect(object).toEqual({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: { keep: 'me' } }, spec: { containers: [{ name: 'c', image: 'y' }] } });
  });

  it('keeps opaque content', () => {
    const object = { data: { bogus: 1 }, revision: 2 };
    expect(pruneUnknownFields('apps', 'v1', 'ControllerRevision', object)).toEqual([]);
    expect(object).toEqual({ data: { bogus: 1 }, revision: 2 });
  });

  it('checks nothing for kinds without a schema', () => {
    expect(checkObject('example.com', 'v1', 'Widget', { anything: 1 })).toEqual({ unknownFields: [], duplicateFields: [], strictErrors: [] });
  });
});
