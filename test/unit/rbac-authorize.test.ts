/**
 * authorize / rulesFor against DefaultRuleResolver and RBACAuthorizer (kube v1.32): subjects,
 * which bindings count in which namespace, and kube's reason texts.
 */
import { describe, expect, it } from 'vitest';
import {
  authorize,
  isPrivileged,
  rulesFor,
  serviceAccountUser,
  type Attributes,
  type ClusterRole,
  type ClusterRoleBinding,
  type RbacPolicy,
  type Role,
  type RoleBinding,
  type UserInfo,
} from '../../src/rbac/index.js';

const rbacGroup = 'rbac.authorization.k8s.io';
const readPods = { verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] };
const readNodes = { verbs: ['get'], apiGroups: [''], resources: ['nodes'] };
const readMetrics = { verbs: ['get'], nonResourceURLs: ['/metrics'] };

const roles: Role[] = [
  { metadata: { name: 'pod-reader', namespace: 'default' }, rules: [readPods] },
  { metadata: { name: 'pod-reader', namespace: 'other' }, rules: [{ verbs: ['delete'], apiGroups: [''], resources: ['pods'] }] },
];
const clusterRoles: ClusterRole[] = [
  { metadata: { name: 'node-reader' }, rules: [readNodes, readMetrics] },
  { metadata: { name: 'pod-reader' }, rules: [readPods] },
  { metadata: { name: 'secret-reader' }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['secrets'] }] },
];
const clusterRoleBindings: ClusterRoleBinding[] = [
  {
    metadata: { name: 'nodes' },
    subjects: [{ kind: 'Group', apiGroup: rbacGroup, name: 'ops' }, { kind: 'User', apiGroup: rbacGroup, name: 'carol' }],
    roleRef: { apiGroup: rbacGroup, kind: 'ClusterRole', name: 'node-reader' },
  },
  {
    metadata: { name: 'sa-nodes' },
    subjects: [
      { kind: 'ServiceAccount', name: 'monitor', namespace: 'kube-system' },
      { kind: 'ServiceAccount', name: 'unqualified' },
    ],
    roleRef: { apiGroup: rbacGroup, kind: 'ClusterRole', name: 'node-reader' },
  },
  {
    metadata: { name: 'all-sa-secrets' },
    subjects: [{ kind: 'Group', apiGroup: rbacGroup, name: 'system:serviceaccounts:ci' }],
    roleRef: { apiGroup: rbacGroup, kind: 'ClusterRole', name: 'secret-reader' },
  },
  {
    metadata: { name: 'dangling' },
    subjects: [{ kind: 'User', apiGroup: rbacGroup, name: 'dave' }],
    roleRef: { apiGroup: rbacGroup, kind: 'ClusterRole', name: 'missing' },
  },
];
const roleBindings: RoleBinding[] = [
  {
    metadata: { name: 'alice-pods', namespace: 'default' },
    subjects: [{ kind: 'User', apiGroup: rbacGroup, name: 'alice' }],
    roleRef: { apiGroup: rbacGroup, kind: 'Role', name: 'pod-reader' },
  },
  {
    metadata: { name: 'bob-pods', namespace: 'dev' },
    subjects: [{ kind: 'User', apiGroup: rbacGroup, name: 'bob' }],
    roleRef: { apiGroup: rbacGroup, kind: 'ClusterRole', name: 'pod-reader' },
  },
  {
    metadata: { name: 'local-sa', namespace: 'dev' },
    subjects: [{ kind: 'ServiceAccount', name: 'builder' }],
    roleRef: { apiGroup: rbacGroup, kind: 'ClusterRole', name: 'pod-reader' },
  },
  {
    metadata: { name: 'dangling-role', namespace: 'dev' },
    subjects: [{ kind: 'User', apiGroup: rbacGroup, name: 'dave' }],
    roleRef: { apiGroup: rbacGroup, kind: 'Role', name: 'gone' },
  },
];

const policy: RbacPolicy = {
  roles: (namespace) => roles.filter((role) => role.metadata.namespace === namespace),
  clusterRoles: () => clusterRoles,
  roleBindings: (namespace) => roleBindings.filter((binding) => binding.metadata.namespace === namespace),
  clusterRoleBindings: () => clusterRoleBindings,
};

function person(name: string, ...groups: string[]): UserInfo {
  return { name, groups: [...groups, 'system:authenticated'] };
}

function request(user: UserInfo, verb: string, resource: string, namespace: string, name = ''): Attributes {
  return { user, verb, namespace, apiGroup: '', resource, subresource: '', name, resourceRequest: true, path: '' };
}

function pathRequest(user: UserInfo, verb: string, path: string): Attributes {
  return { user, verb, namespace: '', apiGroup: '', resource: '', subresource: '', name: '', resourceRequest: false, path };
}

describe('authorize', () => {
  it.each<[string, Attributes, boolean, string]>([
    ['RoleBinding to a Role in its namespace', request(person('alice'), 'list', 'pods', 'default'), true,
      'RBAC: allowed by RoleBinding "alice-pods/default" of Role "pod-reader" to User "alice"'],
    ['RoleBinding does not reach another namespace', request(person('alice'), 'list', 'pods', 'other'), false, ''],
    ['RoleBinding does not reach cluster scope', request(person('alice'), 'list', 'pods', ''), false, ''],
    ['Role of the same name elsewhere is not used', request(person('alice'), 'delete', 'pods', 'default'), false, ''],
    ['RoleBinding to a ClusterRole grants it in the namespace only', request(person('bob'), 'get', 'pods', 'dev', 'p1'), true,
      'RBAC: allowed by RoleBinding "bob-pods/dev" of ClusterRole "pod-reader" to User "bob"'],
    ['RoleBinding to a ClusterRole is not cluster-wide', request(person('bob'), 'get', 'pods', 'default'), false, ''],
    ['ClusterRoleBinding by group at cluster scope', request(person('erin', 'ops'), 'get', 'nodes', ''), true,
      'RBAC: allowed by ClusterRoleBinding "nodes" of ClusterRole "node-reader" to Group "ops"'],
    ['ClusterRoleBinding applies inside namespaces too', request(person('carol'), 'get', 'nodes', 'default'), true,
      'RBAC: allowed by ClusterRoleBinding "nodes" of ClusterRole "node-reader" to User "carol"'],
    ['ClusterRoleBinding grants non-resource URLs', pathRequest(person('carol'), 'get', '/metrics'), true,
      'RBAC: allowed by ClusterRoleBinding "nodes" of ClusterRole "node-reader" to User "carol"'],
    ['User subject needs the exact name', request(person('carol2'), 'get', 'nodes', ''), false, ''],
    ['Group subject is not a user name', request(person('ops'), 'get', 'nodes', ''), false, ''],
    ['ServiceAccount subject with namespace', request(serviceAccountUser('kube-system', 'monitor'), 'get', 'nodes', ''), true,
      'RBAC: allowed by ClusterRoleBinding "sa-nodes" of ClusterRole "node-reader" to ServiceAccount "monitor/kube-system"'],
    ['ServiceAccount of the same name in another namespace', request(serviceAccountUser('default', 'monitor'), 'get', 'nodes', ''), false, ''],
    ['unqualified ServiceAccount in a ClusterRoleBinding matches nobody', request(serviceAccountUser('default', 'unqualified'), 'get', 'nodes', 'default'), false, ''],
    ['unqualified ServiceAccount in a RoleBinding takes its namespace', request(serviceAccountUser('dev', 'builder'), 'list', 'pods', 'dev'), true,
      'RBAC: allowed by RoleBinding "local-sa/dev" of ClusterRole "pod-reader" to ServiceAccount "builder/dev"'],
    ['unqualified ServiceAccount from another namespace', request(serviceAccountUser('ci', 'builder'), 'list', 'pods', 'dev'), false, ''],
    ['system:serviceaccounts:<ns> group', request(serviceAccountUser('ci', 'anyone'), 'get', 'secrets', 'prod'), true,
      'RBAC: allowed by ClusterRoleBinding "all-sa-secrets" of ClusterRole "secret-reader" to Group "system:serviceaccounts:ci"'],
    ['system:serviceaccounts:<ns> group excludes other namespaces', request(serviceAccountUser('cd', 'anyone'), 'get', 'secrets', 'prod'), false, ''],
    ['missing ClusterRole denies with the resolution error', request(person('dave'), 'get', 'pods', ''), false,
      'RBAC: clusterrole.rbac.authorization.k8s.io "missing" not found'],
    ['several resolution errors aggregate', request(person('dave'), 'get', 'pods', 'dev'), false,
      'RBAC: [clusterrole.rbac.authorization.k8s.io "missing" not found, role.rbac.authorization.k8s.io "gone" not found]'],
    ['system:masters is allowed everything', request(person('root', 'system:masters'), 'delete', 'nodes', ''), true, ''],
    ['nobody is denied without reason', request(person('mallory'), 'get', 'pods', 'default'), false, ''],
  ])('%s', (_name, attributes, allowed, reason) => {
    expect(authorize(policy, attributes)).toEqual({ allowed, reason });
  });
});

describe('rulesFor', () => {
  it.each<[string, UserInfo, string, object[]]>([
    ['namespace rules follow cluster rules', person('carol'), 'default', [readNodes, readMetrics]],
    ['role binding rules in their namespace', person('alice'), 'default', [readPods]],
    ['no role binding rules at cluster scope', person('alice'), '', []],
    ['cluster then namespace order', person('bob', 'ops'), 'dev', [readNodes, readMetrics, readPods]],
    ['unresolvable roles are skipped', person('dave'), 'dev', []],
  ])('%s', (_name, user, namespace, rules) => {
    expect(rulesFor(policy, user, namespace)).toEqual(rules);
  });
});

describe('isPrivileged', () => {
  it.each<[string, string[], boolean]>([
    ['system:masters member', ['system:authenticated', 'system:masters'], true],
    ['other groups', ['system:authenticated', 'masters'], false],
  ])('%s', (_name, groups, privileged) => {
    expect(isPrivileged({ name: 'x', groups })).toBe(privileged);
  });
});
