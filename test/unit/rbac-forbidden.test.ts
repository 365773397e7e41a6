/**
 * forbiddenMessage against responsewriters.Forbidden + apierrors.NewForbidden (kube v1.32): the
 * exact 403 texts kubectl prints, e.g. `Error from server (Forbidden): pods is forbidden: ...`.
 */
import { describe, expect, it } from 'vitest';
import { forbiddenMessage, type Attributes } from '../../src/rbac/index.js';

const alice = { name: 'alice', groups: ['system:authenticated'] };

function attributes(overrides: Partial<Attributes>): Attributes {
  return { user: alice, verb: 'list', namespace: 'default', apiGroup: '', resource: 'pods', subresource: '', name: '', resourceRequest: true, path: '', ...overrides };
}

describe('forbiddenMessage', () => {
  it.each<[string, Attributes, string, string]>([
    ['namespaced list', attributes({}), '',
      'pods is forbidden: User "alice" cannot list resource "pods" in API group "" in the namespace "default"'],
    ['cluster scope', attributes({ namespace: '', resource: 'nodes' }), '',
      'nodes is forbidden: User "alice" cannot list resource "nodes" in API group "" at the cluster scope'],
    ['named object', attributes({ verb: 'get', name: 'p1' }), '',
      'pods "p1" is forbidden: User "alice" cannot get resource "pods" in API group "" in the namespace "default"'],
    ['subresource appears in the detail only', attributes({ verb: 'get', name: 'p1', subresource: 'log' }), '',
      'pods "p1" is forbidden: User "alice" cannot get resource "pods/log" in API group "" in the namespace "default"'],
    ['group qualifies the resource', attributes({ verb: 'create', apiGroup: 'apps', resource: 'deployments' }), '',
      'deployments.apps is forbidden: User "alice" cannot create resource "deployments" in API group "apps" in the namespace "default"'],
    ['cluster-scoped group resource', attributes({ verb: 'delete', namespace: '', apiGroup: 'rbac.authorization.k8s.io', resource: 'clusterroles', name: 'admin' }), '',
      'clusterroles.rbac.authorization.k8s.io "admin" is forbidden: User "alice" cannot delete resource "clusterroles" in API group "rbac.authorization.k8s.io" at the cluster scope'],
    ['non-resource path', attributes({ verb: 'get', resourceRequest: false, path: '/metrics', resource: '', namespace: '' }), '',
      'forbidden: User "alice" cannot get path "/metrics"'],
    ['service account user', attributes({ user: { name: 'system:serviceaccount:dev:builder', groups: [] }, verb: 'watch', namespace: 'dev' }), '',
      'pods is forbidden: User "system:serviceaccount:dev:builder" cannot watch resource "pods" in API group "" in the namespace "dev"'],
    ['authorizer reason appended', attributes({}), 'RBAC: clusterrole.rbac.authorization.k8s.io "missing" not found',
      'pods is forbidden: User "alice" cannot list resource "pods" in API group "" in the namespace "default": RBAC: clusterrole.rbac.authorization.k8s.io "missing" not found'],
    ['user name is quoted and sanitized', attributes({ user: { name: 'a"<b>&', groups: [] } }), '',
      'pods is forbidden: User "a\\"&lt;b&gt;&amp;" cannot list resource "pods" in API group "" in the namespace "default"'],
  ])('%s', (_name, request, reason, message) => {
    expect(forbiddenMessage(request, reason)).toBe(message);
  });
});
