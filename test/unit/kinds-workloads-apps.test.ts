// apps/v1 Deployment, ReplicaSet, StatefulSet and DaemonSet semantics (src/kinds/workloads), kube
// v1.32. Golden 072 (defaults) and 078 (selector mismatch) are kube's own answers; the other cases
// follow pkg/apis/apps/validation/validation_test.go and pkg/apis/apps/v1/defaults_test.go.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { aggregateText, fieldErrorText, type FieldError } from '../../src/apimachinery/field-errors.js';
import type { KubeObject } from '../../src/apimachinery/object.js';
import type { KindSemantics } from '../../src/kinds/types.js';
import { workloadKinds } from '../../src/kinds/workloads/index.js';

const golden = (name: string) => JSON.parse(readFileSync(`reference/golden/kube-v1.32.13/${name}.json`, 'utf8'));
const texts = (errors: FieldError[]) => errors.map(fieldErrorText);
const semantics = (kind: string): KindSemantics => workloadKinds[`apps/${kind}`]!;

/** Decode-time defaulting then PrepareForCreate, as the store runs them. */
function create(kind: string, object: KubeObject): KubeObject {
  const copy = structuredClone(object);
  semantics(kind).default?.(copy);
  semantics(kind).prepareForCreate?.(copy);
  return copy;
}

function createErrors(kind: string, object: KubeObject): string[] {
  return texts(semantics(kind).validate!(create(kind, object)));
}

function updateErrors(kind: string, old: KubeObject, next: KubeObject): string[] {
  const stored = create(kind, old);
  const copy = structuredClone(next);
  semantics(kind).default?.(copy);
  semantics(kind).prepareForUpdate?.(copy, stored);
  return texts(semantics(kind).validateUpdate!(copy, stored));
}

const template = (labels: Record<string, string> = { a: 'b' }, spec: Record<string, unknown> = {}) => ({
  metadata: { labels },
  spec: { containers: [{ name: 'c', image: 'busybox' }], ...spec },
});

const deployment = (spec: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'ns' },
  spec: { selector: { matchLabels: { a: 'b' } }, template: template(), ...spec },
});

describe('Deployment', () => {
  it('defaults exactly as golden 072 (spec, status, Go field order)', () => {
    const exchange = golden('072-deployment-create');
    const object = create('Deployment', exchange.request.body);
    expect(JSON.stringify(object.spec)).toBe(JSON.stringify(exchange.response.body.spec));
    expect(object.status).toEqual(exchange.response.body.status);
    expect(semantics('Deployment').validate!(object)).toEqual([]);
  });

  it('golden 078: selector mismatch text', () => {
    const exchange = golden('078-deployment-selector-mismatch');
    const errors = semantics('Deployment').validate!(create('Deployment', exchange.request.body));
    const cause = exchange.response.body.details.causes[0];
    expect(aggregateText(errors)).toBe(`${cause.field}: ${cause.message}`);
    expect(errors.map((error) => error.field)).toEqual([cause.field]);
  });

  it('keeps status and bumps generation on annotation changes on update', () => {
    const stored = create('Deployment', deployment());
    stored.metadata.generation = 3;
    stored.status = { replicas: 1 };
    const next = structuredClone(stored);
    next.status = { replicas: 9 };
    next.metadata.annotations = { note: 'x' };
    semantics('Deployment').prepareForUpdate!(next, stored);
    expect(next.status).toEqual({ replicas: 1 });
    expect(next.metadata.generation).toBe(4);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['valid', {}, []],
    ['negative replicas', { replicas: -1 }, ['spec.replicas: Invalid value: -1: must be greater than or equal to 0']],
    ['missing selector also fails the template match (labels.Nothing)', { selector: undefined }, [
      'spec.selector: Required value',
      'spec.template.metadata.labels: Invalid value: map[string]string{"a":"b"}: `selector` does not match template `labels`',
    ]],
    ['empty selector', { selector: {} }, [
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment',
    ]],
    ['bad selector operator skips the template', { selector: { matchExpressions: [{ key: 'a', operator: 'Bad' }] }, template: template({}, { restartPolicy: 'Never' }) }, [
      'spec.selector.matchExpressions[0].operator: Invalid value: "Bad": not a valid selector operator',
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"a", Operator:"Bad", Values:[]string(nil)}}}: invalid label selector',
    ]],
    ['In without values', { selector: { matchLabels: { a: 'b' }, matchExpressions: [{ key: 'x', operator: 'In' }] } }, [
      "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"a":"b"}, MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"x", Operator:"In", Values:[]string(nil)}}}: invalid label selector',
    ]],
    ['restartPolicy must be Always', { template: template({ a: 'b' }, { restartPolicy: 'OnFailure' }) }, [
      'spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
    ]],
    ['activeDeadlineSeconds names ReplicaSet', { template: template({ a: 'b' }, { activeDeadlineSeconds: 5 }) }, [
      'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported',
    ]],
    ['template labels path has no .metadata', { selector: { matchLabels: { a: 'b' } }, template: template({ a: 'b', '-x': 'y' }) }, [
      expect.stringMatching(/^spec\.template\.labels: Invalid value: "-x": name part must consist of/),
    ]],
    ['unknown strategy', { strategy: { type: 'Blue' } }, [
      'spec.strategy: Unsupported value: apps.DeploymentStrategy{Type:"Blue", RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}: supported values: "Recreate", "RollingUpdate"',
    ]],
    ['Recreate with rollingUpdate', { strategy: { type: 'Recreate', rollingUpdate: {} } }, [
      "spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'",
    ]],
    ['both rolling counts zero', { strategy: { rollingUpdate: { maxUnavailable: 0, maxSurge: '0%' } } }, [
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0',
    ]],
    ['bad percent', { strategy: { rollingUpdate: { maxSurge: '50' } } }, [
      "spec.strategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:\"50\"}: a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
    ]],
    ['over 100%', { strategy: { rollingUpdate: { maxUnavailable: '101%' } } }, [
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"101%"}: must not be greater than 100%',
    ]],
    ['negative counts', { minReadySeconds: -1, revisionHistoryLimit: -2 }, [
      'spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0',
      'spec.revisionHistoryLimit: Invalid value: -2: must be greater than or equal to 0',
    ]],
    ['progress deadline not above minReadySeconds', { minReadySeconds: 600 }, [
      'spec.progressDeadlineSeconds: Invalid value: 600: must be greater than minReadySeconds',
    ]],
  ])('%s', (_name, spec, want) => {
    expect(createErrors('Deployment', deployment(spec))).toEqual(want);
  });

  it('selector is immutable on update', () => {
    const next = deployment({ selector: { matchLabels: { a: 'b', c: 'd' } }, template: template({ a: 'b', c: 'd' }) });
    expect(updateErrors('Deployment', deployment(), next)).toEqual([
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"a":"b", "c":"d"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    ]);
  });
});

describe('ReplicaSet', () => {
  const replicaSet = (spec: Record<string, unknown> = {}): KubeObject => ({
    apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'r', namespace: 'ns' },
    spec: { selector: { matchLabels: { a: 'b' } }, template: template(), ...spec },
  });

  it('defaults replicas to 1 and starts status at replicas 0', () => {
    const object = create('ReplicaSet', replicaSet());
    expect(Object.keys(object.spec as object)).toEqual(['replicas', 'selector', 'template']);
    expect((object.spec as { replicas: number }).replicas).toBe(1);
    expect(object.status).toEqual({ replicas: 0 });
  });

  it('says "deployment" for an empty selector (kube quirk)', () => {
    expect(createErrors('ReplicaSet', replicaSet({ selector: { matchLabels: {} } }))).toEqual([
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment',
    ]);
  });

  it('reports spec errors twice on update, as kube runs both validators', () => {
    expect(updateErrors('ReplicaSet', replicaSet(), replicaSet({ replicas: -1 }))).toEqual([
      'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
      'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    ]);
  });
});

describe('StatefulSet', () => {
  const statefulSet = (spec: Record<string, unknown> = {}): KubeObject => ({
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 's', namespace: 'ns' },
    spec: { serviceName: 'svc', selector: { matchLabels: { a: 'b' } }, template: template(), ...spec },
  });

  it('defaults as SetDefaults_StatefulSet', () => {
    const object = create('StatefulSet', statefulSet());
    const { template: _template, ...spec } = object.spec as Record<string, unknown>;
    expect(spec).toEqual({
      replicas: 1, selector: { matchLabels: { a: 'b' } }, serviceName: 'svc', podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } }, revisionHistoryLimit: 10,
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
    });
    expect(object.status).toEqual({ replicas: 0, availableReplicas: 0 });
  });

  it('does not create rollingUpdate for an explicit RollingUpdate type', () => {
    const object = create('StatefulSet', statefulSet({ updateStrategy: { type: 'RollingUpdate' } }));
    expect((object.spec as { updateStrategy: unknown }).updateStrategy).toEqual({ type: 'RollingUpdate' });
  });

  it('defaults volume claim templates as whole claims', () => {
    const claim = { metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'] } };
    const object = create('StatefulSet', statefulSet({ volumeClaimTemplates: [claim] }));
    expect((object.spec as { volumeClaimTemplates: unknown[] }).volumeClaimTemplates).toEqual([
      { metadata: { name: 'www', creationTimestamp: null }, spec: { accessModes: ['ReadWriteOnce'], volumeMode: 'Filesystem' }, status: { phase: 'Pending' } },
    ]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['valid', {}, []],
    ['bad pod management policy', { podManagementPolicy: 'Random' }, [
      "spec.podManagementPolicy: Invalid value: \"Random\": must be 'OrderedReady' or 'Parallel'",
    ]],
    ['bad update strategy', { updateStrategy: { type: 'Later' } }, [
      "spec.updateStrategy: Invalid value: apps.StatefulSetUpdateStrategy{Type:\"Later\", RollingUpdate:(*apps.RollingUpdateStatefulSetStrategy)(nil)}: must be 'RollingUpdate' or 'OnDelete'",
    ]],
    ['OnDelete with rollingUpdate', { updateStrategy: { type: 'OnDelete', rollingUpdate: { partition: 1 } } }, [
      "spec.updateStrategy.rollingUpdate: Invalid value: apps.RollingUpdateStatefulSetStrategy{Partition:1, MaxUnavailable:(*intstr.IntOrString)(nil)}: only allowed for updateStrategy 'RollingUpdate'",
    ]],
    ['negative partition and zero maxUnavailable', { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: -1, maxUnavailable: 0 } } }, [
      'spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0',
      'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: cannot be 0',
    ]],
    ['retention policy', { persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Keep' } }, [
      'spec.persistentVolumeClaimRetentionPolicy.whenDeleted: Unsupported value: "Keep": supported values: "Retain", "Delete"',
    ]],
    ['ordinals path is one segment', { ordinals: { start: -1 } }, ['spec.ordinals.start: Invalid value: -1: must be greater than or equal to 0']],
    ['empty selector', { selector: {}, template: template({}) }, [
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for statefulset',
    ]],
    ['the pod spec itself is not validated', { template: { metadata: { labels: { a: 'b' } }, spec: {} } }, []],
    ['activeDeadlineSeconds', { template: template({ a: 'b' }, { activeDeadlineSeconds: 1 }) }, [
      'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in StatefulSet is not Supported',
    ]],
  ])('%s', (_name, spec, want) => {
    expect(createErrors('StatefulSet', statefulSet(spec))).toEqual(want);
  });

  it('forbids updates outside the updatable fields', () => {
    expect(updateErrors('StatefulSet', statefulSet(), statefulSet({ replicas: 3, minReadySeconds: 5 }))).toEqual([]);
    expect(updateErrors('StatefulSet', statefulSet(), statefulSet({ serviceName: 'other' }))).toEqual([
      "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
    ]);
  });
});

describe('DaemonSet', () => {
  const daemonSet = (spec: Record<string, unknown> = {}): KubeObject => ({
    apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'ds', namespace: 'ns' },
    spec: { selector: { matchLabels: { a: 'b' } }, template: template(), ...spec },
  });

  it('defaults the update strategy and records the template generation', () => {
    const object = create('DaemonSet', daemonSet());
    const spec = object.spec as Record<string, unknown>;
    expect(Object.keys(spec)).toEqual(['selector', 'template', 'updateStrategy', 'revisionHistoryLimit']);
    expect(spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } });
    expect(spec.revisionHistoryLimit).toBe(10);
    expect(object.metadata.annotations).toEqual({ 'deprecated.daemonset.template.generation': '1' });
    expect(object.status).toEqual({ currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 });
  });

  it('bumps the template generation only when the template changes', () => {
    const stored = create('DaemonSet', daemonSet());
    const same = structuredClone(stored);
    semantics('DaemonSet').prepareForUpdate!(same, stored);
    expect(same.metadata.annotations).toEqual({ 'deprecated.daemonset.template.generation': '1' });
    const changed = create('DaemonSet', daemonSet({ template: template({ a: 'b' }, { hostNetwork: true }) }));
    semantics('DaemonSet').prepareForUpdate!(changed, stored);
    expect(changed.metadata.annotations).toEqual({ 'deprecated.daemonset.template.generation': '2' });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['valid', {}, []],
    ['missing selector is only a mismatch', { selector: undefined }, [
      'spec.template.metadata.labels: Invalid value: map[string]string{"a":"b"}: `selector` does not match template `labels`',
    ]],
    ['empty selector', { selector: {} }, [
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for daemonset',
    ]],
    ['surge and unavailable both set', { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 1 } } }, [
      'spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:0, IntVal:1, StrVal:""}: may not be set when maxUnavailable is non-zero',
    ]],
    ['both zero', { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 0 } } }, [
      'spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0',
    ]],
    ['unknown strategy', { updateStrategy: { type: 'Later' } }, [
      'spec.updateStrategy: Unsupported value: apps.DaemonSetUpdateStrategy{Type:"Later", RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}: supported values: "RollingUpdate", "OnDelete"',
    ]],
  ])('%s', (_name, spec, want) => {
    expect(createErrors('DaemonSet', daemonSet(spec))).toEqual(want);
  });
});
