// rbac.authorization.k8s.io/v1 Role, ClusterRole, RoleBinding and ClusterRoleBinding semantics
// (src/kinds/rbac), kube v1.32. Cases follow pkg/apis/rbac/validation/validation_test.go;
// golden 214, 215 and 222 hold objects kube accepted.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldErrorText, type FieldError } from '../../src/apimachinery/field-errors.js';
import type { KubeObject } from '../../src/apimachinery/object.js';
import type { KindSemantics } from '../../src/kinds/types.js';
import { rbacKinds } from '../../src/kinds/rbac/index.js';

const texts = (errors: FieldError[]) => errors.map(fieldErrorText);
const semantics = (kind: string): KindSemantics => rbacKinds[`rbac.authorization.k8s.io/${kind}`]!;

function createErrors(kind: string, object: KubeObject): string[] {
  const copy = structuredClone(object);
  semantics(kind).default?.(copy);
  return texts(semantics(kind).validate!(copy));
}

const role = (rules: unknown[], kind = 'Role'): KubeObject => ({ kind, metadata: { name: 'r' }, rules });
const binding = (fields: Record<string, unknown>, kind = 'RoleBinding'): KubeObject => ({
  kind, metadata: { name: 'b' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'r' }, ...fields,
});

describe('golden objects', () => {
  it.each([['214-table-roles', 'Role'], ['215-table-rolebindings', 'RoleBinding'], ['222-table-clusterroles', 'ClusterRole']])('%s is valid', (file, kind) => {
    const created = JSON.parse(readFileSync(`reference/golden/kube-v1.32.13/${file}.json`, 'utf8')).request.createdWith;
    expect(createErrors(kind, created)).toEqual([]);
  });
});

describe('policy rules', () => {
  it.each<[string, KubeObject, string, string[]]>([
    ['verbs required', role([{ apiGroups: [''], resources: ['pods'] }]), 'Role', ['rules[0].verbs: Required value: verbs must contain at least one value']],
    ['groups and resources required', role([{ verbs: ['get'] }]), 'Role', [
      'rules[0].apiGroups: Required value: resource rules must supply at least one api group',
      'rules[0].resources: Required value: resource rules must supply at least one resource',
    ]],
    ['resource names with several resources', role([{ verbs: ['get'], apiGroups: [''], resources: ['pods', 'secrets'], resourceNames: ['x'] }]), 'Role', [
      'rules[0].resourceNames: Required value: resource names cannot apply to multiple resources',
    ]],
    ['non-resource URLs in a Role', role([{ verbs: ['get'], nonResourceURLs: ['/healthz'] }]), 'Role', [
      'rules[0].nonResourceURLs: Invalid value: []string{"/healthz"}: namespaced rules cannot apply to non-resource URLs',
    ]],
    ['non-resource URLs in a ClusterRole', role([{ verbs: ['get'], nonResourceURLs: ['/healthz'] }], 'ClusterRole'), 'ClusterRole', []],
    ['both kinds of rule', role([{ verbs: ['get'], nonResourceURLs: ['/healthz'], resources: ['pods'] }], 'ClusterRole'), 'ClusterRole', [
      'rules[0].nonResourceURLs: Invalid value: []string{"/healthz"}: rules cannot apply to both regular resources and non-resource URLs',
    ]],
  ])('%s', (_name, object, kind, want) => {
    expect(createErrors(kind, object)).toEqual(want);
  });

  it('validates aggregation rules', () => {
    const aggregated = { ...role([], 'ClusterRole'), aggregationRule: { clusterRoleSelectors: [] } };
    expect(createErrors('ClusterRole', aggregated)).toEqual([
      'aggregationRule.clusterRoleSelectors: Required value: at least one clusterRoleSelector required if aggregationRule is non-nil',
    ]);
    const badSelector = { ...role([], 'ClusterRole'), aggregationRule: { clusterRoleSelectors: [{ matchExpressions: [{ key: 'a', operator: 'Near' }] }] } };
    expect(createErrors('ClusterRole', badSelector)).toEqual([
      'aggregationRule.clusterRoleSelectors[0].matchExpressions[0].operator: Invalid value: "Near": not a valid selector operator',
      'aggregationRule.clusterRoleSelectors[0]: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"a", Operator:"Near", Values:[]string(nil)}}}: invalid label selector.',
    ]);
  });
});

describe('bindings', () => {
  it('defaults roleRef and subject API groups', () => {
    const object = binding({ roleRef: { kind: 'Role', name: 'r' }, subjects: [{ kind: 'User', name: 'u' }, { kind: 'ServiceAccount', name: 's' }] });
    semantics('RoleBinding').default!(object);
    expect(object.roleRef).toEqual({ kind: 'Role', name: 'r', apiGroup: 'rbac.authorization.k8s.io' });
    expect(object.subjects).toEqual([{ kind: 'User', name: 'u', apiGroup: 'rbac.authorization.k8s.io' }, { kind: 'ServiceAccount', name: 's' }]);
  });

  it.each<[string, KubeObject, string, string[]]>([
    ['roleRef required', { kind: 'RoleBinding', metadata: { name: 'b' } }, 'RoleBinding', [
      'roleRef.kind: Unsupported value: "": supported values: "Role", "ClusterRole"',
      'roleRef.name: Required value',
    ]],
    ['roleRef group', binding({ roleRef: { apiGroup: 'example.com', kind: 'Role', name: 'r' } }), 'RoleBinding', [
      'roleRef.apiGroup: Unsupported value: "example.com": supported values: "rbac.authorization.k8s.io"',
    ]],
    ['cluster bindings reference ClusterRoles only', binding({}, 'ClusterRoleBinding'), 'ClusterRoleBinding', [
      'roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"',
    ]],
    ['roleRef name is a path segment', binding({ roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'a/b' } }), 'RoleBinding', [
      "roleRef.name: Invalid value: \"a/b\": may not contain '/'",
    ]],
    ['subject kinds', binding({ subjects: [{ kind: 'Robot', name: 'x' }] }), 'RoleBinding', [
      'subjects[0].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"',
    ]],
    ['user subject', binding({ subjects: [{ kind: 'User', name: '', apiGroup: 'example.com' }] }), 'RoleBinding', [
      'subjects[0].name: Required value',
      'subjects[0].name: Invalid value: "": user name cannot be empty',
      'subjects[0].apiGroup: Unsupported value: "example.com": supported values: "rbac.authorization.k8s.io"',
    ]],
    ['service account subject', binding({ subjects: [{ kind: 'ServiceAccount', name: 'Bad_Name', apiGroup: 'rbac.authorization.k8s.io' }] }), 'RoleBinding', [
      "subjects[0].name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      'subjects[0].apiGroup: Unsupported value: "rbac.authorization.k8s.io": supported values: ""',
    ]],
    ['service accounts of cluster bindings need a namespace', binding({ roleRef: { kind: 'ClusterRole', name: 'c' }, subjects: [{ kind: 'ServiceAccount', name: 'sa' }] }, 'ClusterRoleBinding'), 'ClusterRoleBinding', [
      'subjects[0].namespace: Required value',
    ]],
  ])('%s', (_name, object, kind, want) => {
    expect(createErrors(kind, object)).toEqual(want);
  });

  it('roleRef cannot change', () => {
    const stored = binding({});
    const next = binding({ roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'admin' } });
    expect(texts(semantics('RoleBinding').validateUpdate!(next, stored))).toEqual([
      'roleRef: Invalid value: rbac.RoleRef{APIGroup:"rbac.authorization.k8s.io", Kind:"ClusterRole", Name:"admin"}: cannot change roleRef',
    ]);
  });
});
