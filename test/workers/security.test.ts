/**
 * Authentication and authorization inside workerd, request by request: kube's 401 and 403
 * bodies, the access and identity reviews, impersonation headers, and service account tokens
 * from TokenRequest (validated, reviewed, revoked with their bound Secret). The pool may keep an
 * isolate whose bootstrap RBAC went to another file's storage, so this file makes its own roles.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

const rbac = '/apis/rbac.authorization.k8s.io/v1';
const authorizationApi = '/apis/authorization.k8s.io/v1';
const authenticationApi = '/apis/authentication.k8s.io/v1';
let ns: string;

async function created(path: string, body: unknown): Promise<any> {
  const response = await api('POST', path, { body });
  if (response.status !== 201 && response.status !== 409) throw new Error(`${path}: ${response.status} ${response.text}`);
  return response.json;
}

function clusterRoleBinding(name: string, role: string, subject: Record<string, string>) {
  return { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role }, subjects: [subject] };
}

const authenticatedGroup = { apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'system:authenticated' };

beforeAll(async () => {
  ns = await freshNamespace('sec');
  // What system:basic-user and system:discovery grant, under names of this file.
  await created(`${rbac}/clusterroles`, {
    apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'sec-basic-user' },
    rules: [
      { apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'], verbs: ['create'] },
      { apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'], verbs: ['create'] },
      { nonResourceURLs: ['/api', '/api/*', '/apis', '/apis/*'], verbs: ['get'] },
    ],
  });
  await created(`${rbac}/clusterrolebindings`, clusterRoleBinding('sec-basic-user', 'sec-basic-user', authenticatedGroup));
  await created(`${rbac}/namespaces/${ns}/roles`, {
    apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'configmap-writer' },
    rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'watch', 'create'] }],
  });
  await created(`${rbac}/namespaces/${ns}/rolebindings`, {
    apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'alice-configmaps' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'configmap-writer' },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'alice' }],
  });
}, 60_000);

describe('401 and 403 bodies', () => {
  it.each([
    ['no credentials', null, undefined],
    ['an unknown token', null, 'Bearer nope'],
    ['a malformed JWT', null, 'Bearer a.b.c'],
  ])('answers %s with kube\'s 401 Status', async (_name, as, authorization) => {
    const response = await api('GET', `/api/v1/namespaces/${ns}/configmaps`, { as, headers: authorization ? { authorization } : {} });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 });
  });

  it.each([
    ['a named secret', 'GET', `/api/v1/namespaces/NS/secrets/s1`, 'secrets "s1" is forbidden: User "bob" cannot get resource "secrets" in API group "" in the namespace "NS"', { name: 's1', kind: 'secrets' }],
    ['a list', 'GET', `/api/v1/namespaces/NS/secrets`, 'secrets is forbidden: User "bob" cannot list resource "secrets" in API group "" in the namespace "NS"', { kind: 'secrets' }],
    ['a grouped resource', 'DELETE', `/apis/apps/v1/namespaces/NS/deployments/web`, 'deployments.apps "web" is forbidden: User "bob" cannot delete resource "deployments" in API group "apps" in the namespace "NS"', { name: 'web', group: 'apps', kind: 'deployments' }],
    ['a subresource', 'GET', `/api/v1/namespaces/NS/pods/p1/log`, 'pods "p1" is forbidden: User "bob" cannot get resource "pods/log" in API group "" in the namespace "NS"', { name: 'p1', kind: 'pods' }],
    ['a cluster-scoped resource', 'GET', '/api/v1/nodes', 'nodes is forbidden: User "bob" cannot list resource "nodes" in API group "" at the cluster scope', { kind: 'nodes' }],
    ['a watch', 'GET', `/api/v1/namespaces/NS/configmaps?watch=true`, 'configmaps is forbidden: User "bob" cannot watch resource "configmaps" in API group "" in the namespace "NS"', { kind: 'configmaps' }],
  ])('answers a denied request for %s with kube\'s 403 Status', async (_name, method, path, message, details) => {
    const response = await api(method, path.replace('NS', ns), { as: 'bob' });
    expect(response.status).toBe(403);
    expect(response.json).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: message.replaceAll('NS', ns), reason: 'Forbidden', details, code: 403 });
  });

  it('answers a denied non-resource path with kube\'s 403 Status, without details', async () => {
    const response = await api('GET', '/metrics', { as: 'bob' });
    expect(response.status).toBe(403);
    expect(response.json).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'forbidden: User "bob" cannot get path "/metrics"', reason: 'Forbidden', details: {}, code: 403 });
  });

  it('serves the discovery paths a ClusterRole grants', async () => {
    expect((await api('GET', '/api', { as: 'bob' })).status).toBe(200);
    expect((await api('GET', '/apis', { as: 'bob' })).status).toBe(200);
  });

  it('lets alice do what her Role grants, and nothing more', async () => {
    expect((await api('POST', `/api/v1/namespaces/${ns}/configmaps`, { as: 'alice', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'by-alice' } } })).status).toBe(201);
    expect((await api('GET', `/api/v1/namespaces/${ns}/configmaps/by-alice`, { as: 'alice' })).status).toBe(200);
    const remove = await api('DELETE', `/api/v1/namespaces/${ns}/configmaps/by-alice`, { as: 'alice' });
    expect(remove.status).toBe(403);
    expect(remove.json.message).toBe(`configmaps "by-alice" is forbidden: User "alice" cannot delete resource "configmaps" in API group "" in the namespace "${ns}"`);
  });
});

function review(kind: string, spec: unknown, apiVersion = 'authorization.k8s.io/v1') {
  return { apiVersion, kind, spec };
}

const getConfigMaps = (namespace: string) => ({ namespace, verb: 'get', resource: 'configmaps' });

describe('access reviews', () => {
  it.each([
    ['allowed by her RoleBinding', true, () => getConfigMaps(ns), `RBAC: allowed by RoleBinding "alice-configmaps/NS" of Role "configmap-writer" to User "alice"`],
    ['denied elsewhere', false, () => getConfigMaps('default'), undefined],
  ])('SelfSubjectAccessReview: alice %s', async (_name, allowed, attributes, reason) => {
    const response = await api('POST', `${authorizationApi}/selfsubjectaccessreviews`, { as: 'alice', body: review('SelfSubjectAccessReview', { resourceAttributes: attributes() }) });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ kind: 'SelfSubjectAccessReview', apiVersion: 'authorization.k8s.io/v1', metadata: { creationTimestamp: null } });
    const status: Record<string, unknown> = { allowed };
    if (reason) status.reason = reason.replace('NS', ns);
    expect(response.json.status).toEqual(status);
  });

  it('SelfSubjectAccessReview: a non-resource path', async () => {
    const ask = async (path: string) => (await api('POST', `${authorizationApi}/selfsubjectaccessreviews`, { as: 'bob', body: review('SelfSubjectAccessReview', { nonResourceAttributes: { path, verb: 'get' } }) })).json.status.allowed;
    expect(await ask('/apis/apps')).toBe(true);
    expect(await ask('/metrics')).toBe(false);
  });

  it.each([
    ['alice', { user: 'alice' }, true],
    ['bob', { user: 'bob' }, false],
    ['a member of system:masters', { user: 'anyone', groups: ['system:masters'] }, true],
  ])('SubjectAccessReview about %s', async (_name, subject, allowed) => {
    const response = await api('POST', `${authorizationApi}/subjectaccessreviews`, { body: review('SubjectAccessReview', { ...subject, resourceAttributes: getConfigMaps(ns) }) });
    expect(response.status).toBe(201);
    expect(response.json.status.allowed).toBe(allowed);
    expect(response.json.spec).toMatchObject(subject);
  });

  it('SubjectAccessReview is denied to a user without rights to create it', async () => {
    const response = await api('POST', `${authorizationApi}/subjectaccessreviews`, { as: 'alice', body: review('SubjectAccessReview', { user: 'bob', resourceAttributes: getConfigMaps(ns) }) });
    expect(response.status).toBe(403);
    expect(response.json.message).toBe('subjectaccessreviews.authorization.k8s.io is forbidden: User "alice" cannot create resource "subjectaccessreviews" in API group "authorization.k8s.io" at the cluster scope');
  });

  it('LocalSubjectAccessReview answers about its namespace', async () => {
    const response = await api('POST', `${authorizationApi}/namespaces/${ns}/localsubjectaccessreviews`, { body: review('LocalSubjectAccessReview', { user: 'alice', resourceAttributes: getConfigMaps(ns) }) });
    expect(response.status).toBe(201);
    expect(response.json.status.allowed).toBe(true);
  });

  it.each([
    ['SubjectAccessReview', 'subjectaccessreviews', {}, 'SubjectAccessReview.authorization.k8s.io "" is invalid: [spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified, spec.user: Invalid value: "": at least one of user or group must be specified]'],
    ['SubjectAccessReview', 'subjectaccessreviews', { user: 'alice', resourceAttributes: getConfigMaps('x'), nonResourceAttributes: { path: '/api', verb: 'get' } }, 'SubjectAccessReview.authorization.k8s.io "" is invalid: spec.nonResourceAttributes: Invalid value: {"path":"/api","verb":"get"}: cannot be specified in combination with resourceAttributes'],
    ['SelfSubjectAccessReview', 'selfsubjectaccessreviews', {}, 'SelfSubjectAccessReview.authorization.k8s.io "" is invalid: spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified'],
    ['LocalSubjectAccessReview', `namespaces/NS/localsubjectaccessreviews`, { user: 'alice', resourceAttributes: getConfigMaps('other') }, 'LocalSubjectAccessReview.authorization.k8s.io "" is invalid: spec.resourceAttributes.namespace: Invalid value: "other": must match metadata.namespace'],
    ['LocalSubjectAccessReview', `namespaces/NS/localsubjectaccessreviews`, { user: 'alice', nonResourceAttributes: { path: '/api', verb: 'get' } }, 'LocalSubjectAccessReview.authorization.k8s.io "" is invalid: spec.nonResourceAttributes: Invalid value: {"path":"/api","verb":"get"}: disallowed on this kind of request'],
  ])('%s refuses an invalid spec with 422', async (kind, path, spec, message) => {
    const response = await api('POST', `${authorizationApi}/${path.replace('NS', ns)}`, { body: review(kind, spec) });
    expect(response.status).toBe(422);
    expect(response.json).toMatchObject({ reason: 'Invalid', code: 422, message, details: { group: 'authorization.k8s.io', kind } });
  });

  // kube's create handler (rest.EnsureObjectNamespaceMatchesRequestNamespace) answers this before the review's own checks.
  it('LocalSubjectAccessReview with another metadata.namespace is 400 with kube\'s text', async () => {
    const body = { ...review('LocalSubjectAccessReview', { user: 'alice', resourceAttributes: getConfigMaps('other') }), metadata: { namespace: 'other' } };
    const response = await api('POST', `${authorizationApi}/namespaces/${ns}/localsubjectaccessreviews`, { body });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('the namespace of the provided object does not match the namespace sent on the request');
  });

  it('SelfSubjectRulesReview lists alice\'s rules in the namespace', async () => {
    const response = await api('POST', `${authorizationApi}/selfsubjectrulesreviews`, { as: 'alice', body: review('SelfSubjectRulesReview', { namespace: ns }) });
    expect(response.status).toBe(201);
    expect(response.json.status.incomplete).toBe(false);
    expect(response.json.status.resourceRules).toContainEqual({ verbs: ['get', 'list', 'watch', 'create'], apiGroups: [''], resources: ['configmaps'] });
    expect(response.json.status.nonResourceRules).toContainEqual({ verbs: ['get'], nonResourceURLs: ['/api', '/api/*', '/apis', '/apis/*'] });
    const elsewhere = await api('POST', `${authorizationApi}/selfsubjectrulesreviews`, { as: 'alice', body: review('SelfSubjectRulesReview', { namespace: 'default' }) });
    expect(elsewhere.json.status.resourceRules).not.toContainEqual(expect.objectContaining({ resources: ['configmaps'] }));
  });
});

describe('identity reviews and impersonation', () => {
  const whoami = async (headers: Record<string, string> = {}, as = 'alice') =>
    api('POST', `${authenticationApi}/selfsubjectreviews`, { as, headers, body: review('SelfSubjectReview', undefined, 'authentication.k8s.io/v1') });

  it('SelfSubjectReview answers the requester', async () => {
    const response = await whoami();
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      kind: 'SelfSubjectReview', apiVersion: 'authentication.k8s.io/v1', metadata: { creationTimestamp: null },
      status: { userInfo: { username: 'alice', uid: 'alice-uid', groups: ['developers', 'system:authenticated'] } },
    });
  });

  it('acts as the impersonated user, groups, uid and extra', async () => {
    const response = await whoami({ 'Impersonate-User': 'carol', 'Impersonate-Group': 'team-a', 'Impersonate-Uid': 'carol-uid', 'Impersonate-Extra-Scopes': 'read' }, 'admin');
    expect(response.json.status.userInfo).toEqual({ username: 'carol', uid: 'carol-uid', groups: ['team-a', 'system:authenticated'], extra: { scopes: ['read'] } });
  });

  it('gives an impersonated service account its groups', async () => {
    const response = await whoami({ 'Impersonate-User': `system:serviceaccount:${ns}:robot` }, 'admin');
    expect(response.json.status.userInfo).toEqual({ username: `system:serviceaccount:${ns}:robot`, groups: ['system:serviceaccounts', `system:serviceaccounts:${ns}`, 'system:authenticated'] });
  });

  it('refuses impersonation to a user without the impersonate verb', async () => {
    const response = await whoami({ 'Impersonate-User': 'alice' }, 'bob');
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({ message: 'users "alice" is forbidden: User "bob" cannot impersonate resource "users" in API group "" at the cluster scope', details: { name: 'alice', kind: 'users' } });
  });

  it('refuses impersonated groups without a user', async () => {
    const response = await whoami({ 'Impersonate-Group': 'developers' }, 'admin');
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ reason: 'BadRequest', message: 'requested [{Group  developers    }] without impersonating a user' });
  });

  it('authorizes the impersonated user, not the impersonator', async () => {
    const response = await api('GET', `/api/v1/namespaces/${ns}/secrets`, { headers: { 'Impersonate-User': 'alice' } });
    expect(response.status).toBe(403);
    expect(response.json.message).toBe(`secrets is forbidden: User "alice" cannot list resource "secrets" in API group "" in the namespace "${ns}"`);
  });

  it.each([
    ['a static token', 'alice-test-token-0123456789abcdef', {
      authenticated: true, user: { username: 'alice', uid: 'alice-uid', groups: ['developers', 'system:authenticated'] },
      audiences: ['https://kubernetes.default.svc.cluster.local'],
    }],
    ['an unknown token', 'nope', { user: {} }],
  ])('TokenReview of %s', async (_name, token, status) => {
    const response = await api('POST', `${authenticationApi}/tokenreviews`, { body: review('TokenReview', { token }, 'authentication.k8s.io/v1') });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ kind: 'TokenReview', apiVersion: 'authentication.k8s.io/v1', spec: { token } });
    expect(response.json.status).toEqual(status);
  });

  it('refuses a TokenReview without a token with kube\'s 400', async () => {
    const response = await api('POST', `${authenticationApi}/tokenreviews`, { body: review('TokenReview', {}, 'authentication.k8s.io/v1') });
    expect([response.status, response.json.reason, response.json.message]).toEqual([400, 'BadRequest', 'token is required for TokenReview in authentication']);
  });
});

describe('TokenRequest', () => {
  let accountUid: string;
  const tokenPath = () => `/api/v1/namespaces/${ns}/serviceaccounts/robot/token`;
  const tokenRequest = (spec: Record<string, unknown>) => ({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec });
  const tokenReview = async (token: string) =>
    (await api('POST', `${authenticationApi}/tokenreviews`, { body: review('TokenReview', { token }, 'authentication.k8s.io/v1') })).json.status;

  beforeAll(async () => {
    accountUid = (await created(`/api/v1/namespaces/${ns}/serviceaccounts`, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'robot' } })).metadata.uid;
  });

  it.each([
    [100, 'may not specify a duration less than 10 minutes'],
    [2 ** 32 + 1, 'may not specify a duration larger than 2^32 seconds'],
  ])('refuses expirationSeconds %i with 422', async (seconds, why) => {
    const response = await api('POST', tokenPath(), { body: tokenRequest({ expirationSeconds: seconds }) });
    expect(response.status).toBe(422);
    expect(response.json).toMatchObject({
      reason: 'Invalid', message: `TokenRequest.authentication.k8s.io "robot" is invalid: spec.expirationSeconds: Invalid value: ${seconds}: ${why}`,
      details: { name: 'robot', group: 'authentication.k8s.io', kind: 'TokenRequest' },
    });
  });

  it('issues a token that TokenReview authenticates as the service account', async () => {
    const response = await api('POST', tokenPath(), { body: tokenRequest({ expirationSeconds: 600 }) });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ kind: 'TokenRequest', apiVersion: 'authentication.k8s.io/v1', metadata: { name: 'robot', namespace: ns }, spec: { expirationSeconds: 600 } });
    const { token, expirationTimestamp } = response.json.status;
    expect(Date.parse(expirationTimestamp) - Date.now()).toBeGreaterThan(590_000);
    const status = await tokenReview(token);
    expect(status.authenticated).toBe(true);
    expect(status.user).toMatchObject({ username: `system:serviceaccount:${ns}:robot`, uid: accountUid, groups: ['system:serviceaccounts', `system:serviceaccounts:${ns}`, 'system:authenticated'] });
    const claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    expect(status.user.extra).toEqual({ 'authentication.kubernetes.io/credential-id': [`JTI=${claims.jti}`] });
    const direct = await api('POST', `${authenticationApi}/selfsubjectreviews`, { headers: { authorization: `Bearer ${token}` }, body: review('SelfSubjectReview', undefined, 'authentication.k8s.io/v1') });
    expect(direct.json.status.userInfo.username).toBe(`system:serviceaccount:${ns}:robot`);
  });

  it('refuses a token for another audience', async () => {
    const { token } = (await api('POST', tokenPath(), { body: tokenRequest({ audiences: ['vault'] }) })).json.status;
    expect(await tokenReview(token)).toMatchObject({ user: {} });
    expect((await tokenReview(token)).authenticated).toBeFalsy();
  });

  it('stops authenticating a token bound to a Secret once the Secret is deleted', async () => {
    await created(`/api/v1/namespaces/${ns}/secrets`, { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'binding' } });
    const response = await api('POST', tokenPath(), { body: tokenRequest({ boundObjectRef: { apiVersion: 'v1', kind: 'Secret', name: 'binding' } }) });
    expect(response.status).toBe(201);
    const { token } = response.json.status;
    expect((await tokenReview(token)).authenticated).toBe(true);
    expect((await api('GET', `/api/v1/namespaces/${ns}/serviceaccounts`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(403);
    expect((await api('DELETE', `/api/v1/namespaces/${ns}/secrets/binding`)).status).toBe(200);
    expect(await tokenReview(token)).toEqual({ user: {} });
    const refused = await api('GET', `/api/v1/namespaces/${ns}/serviceaccounts`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);
  });

  it('refuses a binding to a kind other than Pod or Secret', async () => {
    const response = await api('POST', tokenPath(), { body: tokenRequest({ boundObjectRef: { apiVersion: 'v1', kind: 'ConfigMap', name: 'x' } }) });
    expect(response.status).toBe(422);
    expect(response.json.message).toBe('TokenRequest.authentication.k8s.io "robot" is invalid: spec.boundObjectRef.kind: Invalid value: "ConfigMap": must be one of: Pod, Secret');
  });

  it('answers 404 for a missing ServiceAccount', async () => {
    const response = await api('POST', `/api/v1/namespaces/${ns}/serviceaccounts/ghost/token`, { body: tokenRequest({}) });
    expect(response.status).toBe(404);
    expect(response.json.message).toBe('serviceaccounts "ghost" not found');
  });
});
