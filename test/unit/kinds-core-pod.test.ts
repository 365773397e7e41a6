// Pod semantics against golden 065/067/068/070 (kube v1.26 recordings; the v1.32 differences are
// noted inline) and cases from kube v1.32's pkg/apis/core/validation/validation_test.go
// (TestValidateContainers, TestValidatePodSpec, TestValidatePodUpdate, TestValidateTolerations),
// pkg/apis/core/v1/defaults_test.go (TestSetDefaultPod*, TestSetDefaultProbe) and
// pkg/apis/core/helper/qos/qos_test.go (TestComputePodQOS).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldErrorText, type FieldError } from '../../src/apimachinery/field-errors.js';
import { pod } from '../../src/kinds/core/pod.js';
import { computePodQOS } from '../../src/kinds/core/qos.js';
import { defaultPod, defaultPodSpec, defaultPodTemplate, validatePodSpec, validatePodTemplateSpec } from '../../src/kinds/core/templates.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

const golden = (name: string) => JSON.parse(readFileSync(`reference/golden/kube-v1.32.13/${name}`, 'utf8'));
const texts = (errors: FieldError[]) => errors.map(fieldErrorText);

/** A pod as the store sees it on create: decoded (defaulted), prepared. */
function created(spec: Record<string, unknown>, metadata: Record<string, unknown> = {}): KubeObject {
  const object: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns', ...metadata }, spec: structuredClone(spec) };
  pod.default!(object);
  pod.prepareForCreate!(object);
  return object;
}

function createErrors(spec: Record<string, unknown>, metadata: Record<string, unknown> = {}): string[] {
  return texts(pod.validate!(created(spec, metadata)));
}

/** An update of `before` whose spec `change` edits; the result decoded and prepared like the store does. */
function updateErrors(before: KubeObject, change: (spec: Record<string, any>) => void): string[] {
  const after = structuredClone(before);
  change(after.spec as Record<string, any>);
  pod.default!(after);
  pod.prepareForUpdate!(after, before);
  return texts(pod.validateUpdate!(after, before));
}

const container = (fields: Record<string, unknown> = {}) => ({ name: 'c', image: 'busybox', ...fields });

describe('golden 065: pod create defaults and status', () => {
  it('spec and status are byte for byte kube\'s, in Go field order', () => {
    const recording = golden('065-pod-create.json');
    const object = created(recording.request.body.spec, recording.request.body.metadata);
    expect(JSON.stringify(object.spec)).toBe(JSON.stringify(recording.response.body.spec));
    expect(JSON.stringify(object.status)).toBe(JSON.stringify(recording.response.body.status));
    expect(pod.validate!(object)).toEqual([]);
  });
});

describe('golden 067 and 068: pod create validation', () => {
  it.each([
    ['067-pod-create-no-containers.json', ['spec.containers: Required value']],
    ['068-pod-create-duplicate-containers.json', ['spec.containers[1].name: Duplicate value: "c"']],
  ])('%s', (file, want) => {
    const body = golden(file).request.body;
    expect(createErrors(body.spec, body.metadata)).toEqual(want);
    expect(golden(file).response.body.details.causes.map((cause: { field: string; message: string }) => `${cause.field}: ${cause.message}`)).toEqual(want);
  });
});

describe('golden 070: pod spec updates are forbidden, with a go-cmp diff', () => {
  const before = created(golden('065-pod-create.json').request.body.spec);

  it('v1.32 text: fields joined with "," (v1.26 said ", " and "or"), 24 container and 34 pod spec fields', () => {
    const [message] = updateErrors(before, (spec) => (spec.containers[0].command = ['sleep']));
    expect(message).toBe(
      'spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,' +
        '`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` ' +
        '(allow it to be set to 1 if it was previously negative)\n' +
        '  core.PodSpec{\n  \tVolumes:        nil,\n  \tInitContainers: nil,\n  \tContainers: []core.Container{\n  \t\t{\n' +
        '  \t\t\tName:       "c",\n  \t\t\tImage:      "busybox",\n- \t\t\tCommand:    nil,\n+ \t\t\tCommand:    []string{"sleep"},\n' +
        '  \t\t\tArgs:       nil,\n  \t\t\tWorkingDir: "",\n  \t\t\t... // 19 identical fields\n  \t\t},\n  \t},\n' +
        '  \tEphemeralContainers: nil,\n  \tRestartPolicy:       "Always",\n  \t... // 29 identical fields\n  }\n',
    );
  });

  it('the diff lines equal golden 070\'s but for the counts of identical fields', () => {
    const [message] = updateErrors(before, (spec) => (spec.containers[0].command = ['sleep']));
    const recorded: string = golden('070-pod-update-spec.json').response.body.details.causes[0].message;
    const diffOf = (text: string) => text.slice(text.indexOf('\n')).replace('19 identical', '17 identical').replace('29 identical', '28 identical');
    expect(diffOf(message!)).toBe(diffOf(recorded));
  });

  it.each<[string, (spec: Record<string, any>) => void, string[]]>([
    ['image may change', (spec) => (spec.containers[0].image = 'busybox:1.36'), []],
    // Reported twice, by the spec rules and by ValidateContainerUpdates; kube's message folds them, its causes keep both.
    ['image may not be emptied', (spec) => (spec.containers[0].image = ''), ['spec.containers[0].image: Required value', 'spec.containers[0].image: Required value']],
    ['containers may not be added', (spec) => spec.containers.push(container({ name: 'd' })), ['spec.containers: Forbidden: pod updates may not add or remove containers']],
    ['activeDeadlineSeconds may be set', (spec) => (spec.activeDeadlineSeconds = 10), []],
    ['tolerations may be added', (spec) => spec.tolerations.push({ key: 'k', operator: 'Exists' }), []],
    // DefaultTolerationSeconds admission also runs on update, so removing its tolerations puts them back.
    ['default tolerations come back', (spec) => (spec.tolerations = []), []],
    ['tolerationSeconds may change', (spec) => (spec.tolerations[0].tolerationSeconds = 10), []],
  ])('%s', (_name, change, want) => {
    expect(updateErrors(before, change)).toEqual(want);
  });

  it('activeDeadlineSeconds only goes down, and not back to nil (TestValidatePodUpdate)', () => {
    const withDeadline = created({ containers: [container()], activeDeadlineSeconds: 10 });
    expect(updateErrors(withDeadline, (spec) => (spec.activeDeadlineSeconds = 5))).toEqual([]);
    expect(updateErrors(withDeadline, (spec) => (spec.activeDeadlineSeconds = 11))).toEqual([
      'spec.activeDeadlineSeconds: Invalid value: 11: must be less than or equal to previous value',
    ]);
    expect(updateErrors(withDeadline, (spec) => delete spec.activeDeadlineSeconds)).toEqual([
      'spec.activeDeadlineSeconds: Invalid value: "null": must not update from a positive integer to nil value',
    ]);
  });

  it('an existing toleration may not change but for tolerationSeconds (validateOnlyAddedTolerations)', () => {
    const tolerating = created({ containers: [container()], tolerations: [{ key: 'k', operator: 'Equal', value: 'v', effect: 'NoSchedule' }] });
    expect(updateErrors(tolerating, (spec) => (spec.tolerations[0].value = 'w'))).toEqual([
      'spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds',
    ]);
  });

  it('status stays as it was', () => {
    const after = structuredClone(before);
    after.status = { phase: 'Running' };
    pod.prepareForUpdate!(after, before);
    expect(after.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
  });
});

describe('pod defaults (defaults_test.go)', () => {
  it.each([
    ['busybox', 'Always'],
    ['busybox:latest', 'Always'],
    ['busybox:1.36', 'IfNotPresent'],
    ['registry.example:5000/team/app', 'Always'],
    ['registry.example:5000/team/app:v2', 'IfNotPresent'],
    [`busybox@sha256:${'a'.repeat(64)}`, 'IfNotPresent'],
    [`busybox:latest@sha256:${'a'.repeat(64)}`, 'Always'],
    ['Busybox', 'IfNotPresent'],
  ])('image %s pulls %s', (image, policy) => {
    const spec = (created({ containers: [container({ image })] }).spec as any);
    expect(spec.containers[0].imagePullPolicy).toBe(policy);
  });

  it('probes, ports, env, volumes and resources get their defaults (TestSetDefaultProbe, TestSetDefaultSecretVolumeSource, ...)', () => {
    const spec = created({
      containers: [container({
        ports: [{ containerPort: 80 }],
        env: [{ name: 'N', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
        livenessProbe: { httpGet: { port: 80 } },
        resources: { limits: { cpu: '0.5', memory: '1024Mi' } },
      })],
      volumes: [{ name: 'a' }, { name: 's', secret: { secretName: 's' } }, { name: 'h', hostPath: { path: '/x' } }],
    }).spec as any;
    const [first] = spec.containers;
    expect(first.livenessProbe).toEqual({ httpGet: { path: '/', port: 80, scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
    expect(first.env[0].valueFrom.fieldRef).toEqual({ apiVersion: 'v1', fieldPath: 'metadata.name' });
    // SetDefaults_Pod copies limits into requests; quantities come back canonical.
    expect(first.resources).toEqual({ limits: { cpu: '500m', memory: '1Gi' }, requests: { cpu: '500m', memory: '1Gi' } });
    expect(spec.volumes).toEqual([
      { name: 'a', emptyDir: {} },
      { name: 's', secret: { secretName: 's', defaultMode: 420 } },
      { name: 'h', hostPath: { path: '/x', type: '' } },
    ]);
  });

  it('a template gets the PodSpec defaults but not SetDefaults_Pod\'s (golden 072)', () => {
    const template: Record<string, any> = { metadata: { labels: { a: 'b' } }, spec: { containers: [container()] } };
    defaultPodTemplate(template);
    const recorded = golden('072-deployment-create.json').response.body.spec.template;
    expect(JSON.stringify(template.metadata)).toBe(JSON.stringify(recorded.metadata));
    expect(Object.keys(template.spec)).toEqual(Object.keys(recorded.spec));
    expect(template.spec.enableServiceLinks).toBeUndefined();
  });

  it('scheduling gates add the SchedulingGated condition; priority and tolerations come from admission', () => {
    const object = created({ containers: [container()], schedulingGates: [{ name: 'example.com/gate' }], priorityClassName: 'system-node-critical' });
    expect(object.status).toEqual({
      phase: 'Pending',
      conditions: [{ type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime: null, reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates' }],
      qosClass: 'BestEffort',
    });
    expect((object.spec as any).priority).toBe(2000001000);
    const tolerating = created({ containers: [container()], tolerations: [{ operator: 'Exists' }] });
    expect((tolerating.spec as any).tolerations).toEqual([{ operator: 'Exists' }]);
  });
});

describe('QoS classes (qos_test.go)', () => {
  const resources = (requests?: Record<string, string>, limits?: Record<string, string>) => ({ ...(requests && { requests }), ...(limits && { limits }) });
  it.each<[string, Array<ReturnType<typeof resources>>, string]>([
    ['no resources', [{}], 'BestEffort'],
    ['only other resources', [resources({ 'nvidia.com/gpu': '1' })], 'BestEffort'],
    ['equal cpu and memory limits', [resources(undefined, { cpu: '100m', memory: '100Mi' })], 'Guaranteed'],
    ['requests below limits', [resources({ cpu: '50m', memory: '100Mi' }, { cpu: '100m', memory: '100Mi' })], 'Burstable'],
    ['only cpu limits', [resources(undefined, { cpu: '100m' })], 'Burstable'],
    ['one guaranteed, one best effort', [resources(undefined, { cpu: '1', memory: '1Gi' }), {}], 'Burstable'],
    ['equal after canonicalisation', [resources({ cpu: '0.1', memory: '1024Mi' }, { cpu: '100m', memory: '1Gi' })], 'Guaranteed'],
  ])('%s', (_name, list, want) => {
    // Pods are defaulted first: SetDefaults_Pod copies limits into missing requests.
    const pod = { spec: { containers: list.map((entry, index) => container({ name: `c${index}`, resources: entry })) } };
    defaultPod(pod);
    expect(computePodQOS(pod.spec)).toBe(want);
    expect(created(pod.spec).status).toMatchObject({ qosClass: want });
  });
});

describe('container validation (TestValidateContainers)', () => {
  const subdomainOrLabel = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
  it.each<[string, Record<string, unknown>, string[]]>([
    ['zero-length name', container({ name: '' }), ['spec.containers[0].name: Required value']],
    ['name with dots', container({ name: 'a.b' }), ['spec.containers[0].name: Invalid value: "a.b": must not contain dots']],
    ['upper-case name', container({ name: 'A' }), [`spec.containers[0].name: Invalid value: "A": ${subdomainOrLabel}`]],
    ['zero-length image', container({ image: '' }), ['spec.containers[0].image: Required value']],
    ['image with whitespace', container({ image: ' busybox' }), ['spec.containers[0].image: Invalid value: " busybox": must not have leading or trailing whitespace']],
    ['invalid terminationMessagePolicy', container({ terminationMessagePolicy: 'Unknown' }),
      ['spec.containers[0].terminationMessagePolicy: Unsupported value: "Unknown": supported values: "File", "FallbackToLogsOnError"']],
    ['invalid imagePullPolicy', container({ imagePullPolicy: 'Sometimes' }),
      ['spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"']],
    ['zero container port', container({ ports: [{ containerPort: 0 }] }), ['spec.containers[0].ports[0].containerPort: Required value']],
    ['container port out of range', container({ ports: [{ containerPort: 66666 }] }),
      ['spec.containers[0].ports[0].containerPort: Invalid value: 66666: must be between 1 and 65535, inclusive']],
    ['invalid protocol', container({ ports: [{ containerPort: 80, protocol: 'TCPx' }] }),
      ['spec.containers[0].ports[0].protocol: Unsupported value: "TCPx": supported values: "SCTP", "TCP", "UDP"']],
    ['duplicate port names', container({ ports: [{ name: 'web', containerPort: 80 }, { name: 'web', containerPort: 81 }] }),
      ['spec.containers[0].ports[1].name: Duplicate value: "web"']],
    ['port name without a letter', container({ ports: [{ name: '80', containerPort: 80 }] }),
      ['spec.containers[0].ports[0].name: Invalid value: "80": must contain at least one letter (a-z)']],
    ['empty env name', container({ env: [{ name: '' }] }), ['spec.containers[0].env[0].name: Required value']],
    ['env name with "=" (relaxed rule, on in v1.32)', container({ env: [{ name: 'A=B' }] }),
      ["spec.containers[0].env[0].name: Invalid value: \"A=B\": a valid environment variable name must consist only of printable ASCII characters other than '='"]],
    ['env value and valueFrom', container({ env: [{ name: 'A', value: 'x', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] }),
      ['spec.containers[0].env[0].valueFrom: Invalid value: "": may not be specified when `value` is not empty']],
    ['unsupported fieldRef', container({ env: [{ name: 'A', valueFrom: { fieldRef: { fieldPath: 'status.phase' } } }] }),
      ['spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Unsupported value: "status.phase": supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"']],
    ['request above limit', container({ resources: { limits: { cpu: '5' }, requests: { cpu: '6' } } }),
      ['spec.containers[0].resources.requests: Invalid value: "6": must be less than or equal to cpu limit of 5']],
    ['negative request', container({ resources: { requests: { cpu: '-10' } } }),
      ['spec.containers[0].resources.requests[cpu]: Invalid value: "-10": must be greater than or equal to 0']],
    ['unknown resource', container({ resources: { requests: { disk: '10G' } } }),
      ['spec.containers[0].resources.requests[disk]: Invalid value: "disk": must be a standard resource type or fully qualified',
        'spec.containers[0].resources.requests[disk]: Invalid value: "disk": must be a standard resource for containers']],
    ['extended resource without limit', container({ resources: { requests: { 'example.com/gpu': '1' } } }),
      ['spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources']],
    ['mount of an undeclared volume', container({ volumeMounts: [{ name: 'v', mountPath: '/v' }] }),
      ['spec.containers[0].volumeMounts[0].name: Not found: "v"']],
    ['probe without handler', container({ livenessProbe: {} }), ['spec.containers[0].livenessProbe: Required value: must specify a handler type']],
    ['liveness successThreshold', container({ livenessProbe: { exec: { command: ['x'] }, successThreshold: 2 } }),
      ['spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1']],
    ['restartPolicy on a regular container', container({ restartPolicy: 'Always' }),
      ['spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers']],
  ])('%s', (_name, containerSpec, want) => {
    expect(createErrors({ containers: [containerSpec] })).toEqual(want);
  });
});

describe('pod spec validation (TestValidatePodSpec, TestValidateTolerations)', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['bad restartPolicy', { restartPolicy: 'Sometimes' }, ['spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"']],
    ['bad dnsPolicy', { dnsPolicy: 'Other' }, ['spec.dnsPolicy: Unsupported value: "Other": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"']],
    ['dnsPolicy None without config', { dnsPolicy: 'None' }, ['spec.dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None']],
    ['duplicate volume names', { volumes: [{ name: 'v' }, { name: 'v' }] }, ['spec.volumes[1].name: Duplicate value: "v"']],
    ['two volume sources', { volumes: [{ name: 'v', emptyDir: {}, secret: { secretName: 's' } }] }, ['spec.volumes[0].secret: Forbidden: may not specify more than 1 volume type']],
    ['secret volume without name', { volumes: [{ name: 'v', secret: {} }] }, ['spec.volumes[0].secret.secretName: Required value']],
    ['negative activeDeadlineSeconds', { activeDeadlineSeconds: 0 }, ['spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive']],
    ['toleration value with Exists', { tolerations: [{ key: 'k', operator: 'Exists', value: 'v' }] },
      ["spec.tolerations[0].operator: Invalid value: \"v\": value must be empty when `operator` is 'Exists'"]],
    ['toleration seconds without NoExecute', { tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 1 }] },
      ["spec.tolerations[0].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set"]],
    ['empty key needs Exists', { tolerations: [{ operator: 'Equal', value: 'v' }] },
      ['spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"']],
    ['hostNetwork host port must match', { hostNetwork: true, containers: [container({ ports: [{ containerPort: 80, hostPort: 81 }] })] },
      ['spec.containers[0].ports[0].hostPort: Invalid value: 81: must match `containerPort` when `hostNetwork` is true']],
    ['host port conflict', { containers: [container({ ports: [{ containerPort: 80, hostPort: 8080 }] }), container({ name: 'd', ports: [{ containerPort: 81, hostPort: 8080 }] })] },
      ['spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//8080"']],
  ])('%s', (_name, fields, want) => {
    expect(createErrors({ containers: [container()], ...fields })).toEqual(want);
  });

  it('a template spec reports its paths under the caller\'s prefix', () => {
    const template = { metadata: { labels: { '-x': 'y' } }, spec: { containers: [container({ name: '' })] } };
    defaultPodTemplate(template);
    expect(texts(validatePodTemplateSpec(template, 'spec.template'))).toEqual([
      expect.stringMatching(/^spec\.template\.labels: Invalid value: "-x": name part must consist/),
      'spec.template.spec.containers[0].name: Required value',
    ]);
    const spec = { containers: [] };
    defaultPodSpec(spec);
    expect(texts(validatePodSpec(spec, 'spec.template.spec'))).toEqual(['spec.template.spec.containers: Required value']);
  });

  it('ephemeral containers cannot be set on create (ValidatePodCreate)', () => {
    expect(createErrors({ containers: [container()], ephemeralContainers: [container({ name: 'e' })] })).toEqual([
      'spec.ephemeralContainers: Forbidden: cannot be set on create',
    ]);
  });
});
