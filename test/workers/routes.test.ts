/**
 * kube's route table, as the reference kube-apiserver v1.32 answers each path shape (recorded
 * with every method on 940 shapes; these are the ones that differed before this table existed):
 * a NotFound Status where kube installs no route, MethodNotAllowed where the path has routes but
 * not for the method, and the request reaching its handler otherwise (which then answers as it
 * does: here, mostly the object's own 404). Nothing is written.
 */
import { describe, expect, it } from 'vitest';
import { api } from './api-client.js';

const noRoute = { code: 404, reason: 'NotFound', message: 'the server could not find the requested resource' };
const noMethod = { code: 405, reason: 'MethodNotAllowed', message: 'the server does not allow this method on the requested resource' };
const handled = (message: string) => ({ code: 404, reason: 'NotFound', message });

describe('routes kube installs', () => {
  it.each([
    // A namespaced type's objects live only under their namespace; the cluster path only lists.
    ['GET', '/api/v1/configmaps/x', noRoute],
    ['DELETE', '/api/v1/configmaps/x', noRoute],
    ['PUT', '/api/v1/pods/x/status', noRoute],
    ['PUT', '/apis/apps/v1/deployments/x/scale', noRoute],
    ['POST', '/api/v1/configmaps', noMethod],
    ['DELETE', '/api/v1/configmaps', noMethod],
    // Collections take no PUT or PATCH, objects no POST.
    ['PUT', '/api/v1/namespaces/default/configmaps', noMethod],
    ['PATCH', '/api/v1/namespaces/default/configmaps', noMethod],
    ['POST', '/api/v1/namespaces/default/configmaps/x', noMethod],
    ['PUT', '/api/v1/nodes', noMethod],
    ['POST', '/api/v1/nodes/x', noMethod],
    ['HEAD', '/api/v1/namespaces/default/configmaps', noMethod],
    // A cluster-scoped type has no namespaced paths.
    ['GET', '/api/v1/namespaces/default/namespaces', noRoute],
    ['PUT', '/api/v1/namespaces/default/namespaces/x/finalize', noRoute],
    ['GET', '/api/v1/namespaces/x/nodes/n', noRoute],
    // Watch paths: GET only, and only where a list or object path exists.
    ['GET', '/api/v1/watch/configmaps/x', noRoute],
    ['POST', '/api/v1/watch/configmaps', noMethod],
    ['DELETE', '/api/v1/watch/namespaces/default/configmaps/x', noMethod],
    // Subresources: their own verbs; nothing deeper except proxy paths.
    ['POST', '/apis/apps/v1/namespaces/default/deployments/x/status', noMethod],
    ['GET', '/api/v1/namespaces/default/configmaps/x/status', noRoute],
    ['GET', '/api/v1/namespaces/default/configmaps/x/a/b', noRoute],
    ['GET', '/api/v1/namespaces/default/pods/x/log/extra', noRoute],
    // Reviews: create only, on the collection.
    ['GET', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', noMethod],
    ['POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews/x', noRoute],
    ['POST', '/apis/authorization.k8s.io/v1/localsubjectaccessreviews', noRoute],
    // Unknown resources and versions under a served prefix.
    ['POST', '/api/v1/namespaces/default/nosuch', noRoute],
    ['GET', '/api/v2/pods', noRoute],
    ['DELETE', '/apis/apps/v9/deployments', noRoute],
    // Discovery: /api, /api/v1 and /apis/G/V are GET only; /apis and /apis/G answer any method.
    ['POST', '/api', noMethod],
    ['DELETE', '/api/v1', noMethod],
    ['PUT', '/apis/apps/v1', noMethod],
    ['GET', '/api/v2', noRoute],
    // Routes that exist reach their handler.
    ['GET', '/api/v1/namespaces/default/configmaps/x', handled('configmaps "x" not found')],
    ['PATCH', '/api/v1/nodes/x', handled('nodes "x" not found')],
    ['GET', '/apis/apps/v1/namespaces/default/deployments/x/scale', handled('deployments/scale.apps "x" not found')],
  ])('%s %s', async (method, path, want) => {
    const body = ['POST', 'PUT', 'PATCH'].includes(method) ? '{}' : undefined;
    const headers: Record<string, string> = method === 'PATCH' ? { 'content-type': 'application/merge-patch+json' } : {};
    const response = await api(method, path, { body, headers });
    const status = response.json as { code: number; reason: string; message: string } | undefined;
    // A HEAD answer has no body.
    const expected = method === 'HEAD' ? [want.code, undefined, undefined] : [want.code, want.reason, want.message];
    expect([response.status, status?.reason, status?.message]).toEqual(expected);
  });

  it.each(['POST', 'PUT', 'DELETE'])('%s /apis and /apis/apps answer discovery, as kube\'s plain handlers do', async (method) => {
    expect((await api(method, '/apis')).json.kind).toBe('APIGroupList');
    expect((await api(method, '/apis/apps')).json.kind).toBe('APIGroup');
  });
});
