/**
 * Type checking of ValidatingAdmissionPolicies against built-in schemas (kube v1.32
 * validating/typechecking.go): warning texts, fieldRefs, which kinds are checked.
 */
import { describe, expect, it } from 'vitest';
import { typeCheckPolicy } from '../../src/admission-policy/index.js';

type Rule = { apiGroups: string[]; apiVersions: string[]; resources: string[] };
const deployments: Rule = { apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments'] };

function policy(rules: Rule[], validations: Record<string, unknown>[], spec: Record<string, unknown> = {}): object {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingAdmissionPolicy',
    metadata: { name: 'demo-policy.example.com' },
    spec: {
      matchConstraints: { resourceRules: rules.map((rule) => ({ ...rule, operations: ['CREATE', 'UPDATE'] })) },
      validations,
      ...spec,
    },
  };
}

/** The kinds a warning was reported against, in order. */
const kindsOf = (warning: string): string[] => [...warning.matchAll(/^(\S*), Kind=(\w+): /gm)].map((m) => `${m[1]} ${m[2]}`);

describe('typeCheckPolicy', () => {
  it('reports the documented example: object.replicas on apps/v1 deployments', () => {
    const warnings = typeCheckPolicy(policy([deployments], [{ expression: 'object.replicas > 1' }]));
    expect(warnings).toEqual([{
      fieldRef: 'spec.validations[0].expression',
      warning: "apps/v1, Kind=Deployment: ERROR: <input>:1:7: undefined field 'replicas'\n | object.replicas > 1\n | ......^\n",
    }]);
  });

  it('accepts expressions that match the schema (nested fields, lists, maps, timestamps, int-or-string)', () => {
    const good = [
      'object.spec.replicas > 1',
      "object.metadata.name.startsWith('a') && object.metadata.labels['app'] == 'web'",
      "object.spec.template.spec.containers.all(c, c.image != '' && c.ports.all(p, p.containerPort > 0))",
      "object.metadata.creationTimestamp < timestamp('2024-01-01T00:00:00Z')",
      "!has(object.spec.strategy.rollingUpdate) || object.spec.strategy.rollingUpdate.maxSurge == 1 || object.spec.strategy.rollingUpdate.maxSurge == '25%'",
      'oldObject.spec.replicas <= object.spec.replicas',
    ];
    expect(typeCheckPolicy(policy([deployments], good.map((expression) => ({ expression }))))).toEqual([]);
    // the same environment does reject a mistyped field
    expect(typeCheckPolicy(policy([deployments], [{ expression: "object.spec.replicas == 'three'" }]))[0]!.warning)
      .toContain("found no matching overload for '_==_' applied to '(int, string)'");
  });

  it('does not check rules with wildcards or subresources', () => {
    const wildcard = [
      { apiGroups: ['*'], apiVersions: ['v1'], resources: ['deployments'] },
      { apiGroups: ['apps'], apiVersions: ['*'], resources: ['deployments'] },
      { apiGroups: ['apps', '*'], apiVersions: ['v1'], resources: ['deployments'] },
      { apiGroups: ['apps'], apiVersions: ['v1', 'v*'], resources: ['deployments'] },
      { apiGroups: ['apps'], apiVersions: ['v1'], resources: ['*'] },
      { apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments/scale', 'deployments/*'] },
    ];
    for (const rule of wildcard) expect(typeCheckPolicy(policy([rule], [{ expression: 'object.replicas > 1' }]))).toEqual([]);
    // kube's "mixtures": a wildcard rule beside a specific one checks only the specific one
    const mixed = typeCheckPolicy(policy([deployments, { apiGroups: ['apps'], apiVersions: ['*'], resources: ['replicasets'] }], [{ expression: 'object.replicas > 1' }]));
    expect(mixed.map((w) => kindsOf(w.warning))).toEqual([['apps/v1 Deployment']]);
    // a wildcard resource beside a named one is skipped, the named one kept
    const partial = typeCheckPolicy(policy([{ apiGroups: ['apps'], apiVersions: ['v1'], resources: ['*', 'replicasets'] }], [{ expression: 'object.replicas > 1' }]));
    expect(partial.map((w) => kindsOf(w.warning))).toEqual([['apps/v1 ReplicaSet']]);
  });

  it("joins the kinds' errors as kube does (sorted by group, version, kind)", () => {
    const rules = [{ apiGroups: ['apps'], apiVersions: ['v1'], resources: ['replicasets', 'deployments'] }];
    const warnings = typeCheckPolicy(policy(rules, [{ expression: 'object.replicas > 1' }]));
    const issue = "ERROR: <input>:1:7: undefined field 'replicas'\n | object.replicas > 1\n | ......^\n";
    expect(warnings).toEqual([{
      fieldRef: 'spec.validations[0].expression',
      warning: `apps/v1, Kind=Deployment: ${issue}\napps/v1, Kind=ReplicaSet: ${issue}`,
    }]);
    // the core group sorts first and prints as "/v1"
    const withPods = typeCheckPolicy(policy([deployments, { apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }], [{ expression: 'object.nope' }]));
    expect(kindsOf(withPods[0]!.warning)).toEqual(['/v1 Pod', 'apps/v1 Deployment']);
  });

  it('reports only the kinds an expression fails on', () => {
    const rules = [{ apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments', 'daemonsets'] }];
    const warnings = typeCheckPolicy(policy(rules, [{ expression: 'object.spec.replicas > 1' }]));
    expect(warnings).toEqual([{
      fieldRef: 'spec.validations[0].expression',
      warning: "apps/v1, Kind=DaemonSet: ERROR: <input>:1:12: undefined field 'replicas'\n | object.spec.replicas > 1\n | ...........^\n",
    }]);
  });

  it('checks messageExpressions at their own fieldRef', () => {
    const warnings = typeCheckPolicy(policy([deployments], [
      { expression: 'object.spec.replicas > 1' },
      { expression: 'object.spec.replicas < 100', messageExpression: "'too many: ' + string(object.spec.replica)" },
    ]));
    expect(warnings).toEqual([{
      fieldRef: 'spec.validations[1].messageExpression',
      warning: "apps/v1, Kind=Deployment: ERROR: <input>:1:34: undefined field 'replica'\n | 'too many: ' + string(object.spec.replica)\n | .................................^\n",
    }]);
  });

  it('skips resources unknown to the built-in catalog and kinds without schemas', () => {
    const unknown = [{ apiGroups: ['example.com'], apiVersions: ['v1'], resources: ['widgets'] }];
    expect(typeCheckPolicy(policy(unknown, [{ expression: 'object.replicas > 1' }]))).toEqual([]);
    const mixed = typeCheckPolicy(policy([...unknown, deployments], [{ expression: 'object.replicas > 1' }]));
    expect(mixed.map((w) => kindsOf(w.warning))).toEqual([['apps/v1 Deployment']]);
    expect(typeCheckPolicy({ spec: { validations: [{ expression: 'object.replicas > 1' }] } })).toEqual([]);
  });

  it('resolves singular resource names as the RESTMapper does', () => {
    const warnings = typeCheckPolicy(policy([{ apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployment'] }], [{ expression: 'object.replicas > 1' }]));
    expect(warnings.map((w) => kindsOf(w.warning))).toEqual([['apps/v1 Deployment']]);
  });

  it('checks at most 10 kinds of one rule, the first in sorted resource order', () => {
    const resources = ['services', 'configmaps', 'secrets', 'pods', 'nodes', 'namespaces', 'endpoints', 'events', 'limitranges',
      'persistentvolumes', 'persistentvolumeclaims', 'podtemplates'];
    const warnings = typeCheckPolicy(policy([{ apiGroups: [''], apiVersions: ['v1'], resources }], [{ expression: 'object.nope' }]));
    expect(kindsOf(warnings[0]!.warning)).toEqual(['ConfigMap', 'Endpoints', 'Event', 'LimitRange', 'Namespace', 'Node',
      'PersistentVolume', 'PersistentVolumeClaim', 'Pod', 'PodTemplate'].map((kind) => `/v1 ${kind}`));
  });

  it('types params by a built-in paramKind, dyn otherwise', () => {
    const configMapParams = { paramKind: { apiVersion: 'v1', kind: 'ConfigMap' } };
    expect(typeCheckPolicy(policy([deployments], [{ expression: "params.data['max'] == string(object.spec.replicas)" }], configMapParams))).toEqual([]);
    const typo = typeCheckPolicy(policy([deployments], [{ expression: "params.dat['max'] == '1'" }], configMapParams));
    expect(typo).toHaveLength(1);
    expect(typo[0]!.warning).toContain("undefined field 'dat'");
    const crdParams = { paramKind: { apiVersion: 'example.com/v1', kind: 'Limits' } };
    expect(typeCheckPolicy(policy([deployments], [{ expression: "params.dat['max'] == '1'" }], crdParams))).toEqual([]);
  });

  it('types variables by their compiled expressions against each kind', () => {
    const variables = { variables: [{ name: 'replicas', expression: 'object.spec.replicas' }] };
    expect(typeCheckPolicy(policy([deployments], [{ expression: 'variables.replicas > 1' }], variables))).toEqual([]);
    const mismatch = typeCheckPolicy(policy([deployments], [{ expression: "variables.replicas == 'one'" }], variables));
    expect(mismatch.map((w) => w.fieldRef)).toEqual(['spec.validations[0].expression']);
    expect(mismatch[0]!.warning).toContain("found no matching overload for '_==_' applied to '(int, string)'");
  });

  it('handles recursive schemas and never throws', () => {
    const crds = [{ apiGroups: ['apiextensions.k8s.io'], apiVersions: ['v1'], resources: ['customresourcedefinitions'] }];
    expect(typeCheckPolicy(policy(crds, [{ expression: "object.spec.versions.all(v, v.schema.openAPIV3Schema.type == 'object')" }]))).toEqual([]);
    const broken = typeCheckPolicy(policy([deployments], [{ expression: 'object.spec.replicas >' }, { expression: 42 } as never]));
    expect(broken.map((w) => w.fieldRef)).toEqual(['spec.validations[0].expression', 'spec.validations[1].expression']);
    expect(() => typeCheckPolicy({ spec: { matchConstraints: { resourceRules: 'x' }, validations: [null] } })).not.toThrow();
    expect(() => typeCheckPolicy({})).not.toThrow();
  });
});
