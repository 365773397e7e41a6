/** Request info parsing; cases from kube's requestinfo_test.go (TestGetAPIRequestInfo). */
import { describe, expect, it } from 'vitest';
import { parseRequestInfo } from '../../src/apimachinery/request-info.js';
import { managerName } from '../../src/endpoints/handlers/query-options.js';

const parse = (method: string, url: string) => {
  const parsed = new URL(url, 'http://x');
  return parseRequestInfo(method, parsed.pathname, parsed.searchParams);
};

describe('parseRequestInfo: resource requests', () => {
  it.each([
    ['GET', '/api/v1/namespaces', 'list', 'api', '', 'v1', '', 'namespaces', '', '', ['namespaces']],
    ['GET', '/api/v1/namespaces/other', 'get', 'api', '', 'v1', 'other', 'namespaces', '', 'other', ['namespaces', 'other']],
    ['GET', '/api/v1/namespaces/other/pods/foo', 'get', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
    ['HEAD', '/api/v1/namespaces/other/pods/foo', 'get', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
    ['GET', '/api/v1/pods', 'list', 'api', '', 'v1', '', 'pods', '', '', ['pods']],
    ['GET', '/api/v1/namespaces/other/pods', 'list', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
    ['GET', '/api/v1/proxy/namespaces/other/pods/foo', 'proxy', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
    ['GET', '/api/v1/proxy/namespaces/other/pods/foo/subpath/not/a/subresource', 'proxy', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo', 'subpath', 'not', 'a', 'subresource']],
    ['GET', '/api/v1/watch/pods', 'watch', 'api', '', 'v1', '', 'pods', '', '', ['pods']],
    ['GET', '/api/v1/pods?watch=true', 'watch', 'api', '', 'v1', '', 'pods', '', '', ['pods']],
    ['GET', '/api/v1/pods?watch=false', 'list', 'api', '', 'v1', '', 'pods', '', '', ['pods']],
    ['GET', '/api/v1/watch/namespaces/other/pods', 'watch', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
    ['GET', '/api/v1/namespaces/other/pods?watch=1', 'watch', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
    ['GET', '/api/v1/namespaces/other/pods?watch=0', 'list', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
    ['GET', '/api/v1/namespaces/other/pods?watch=', 'watch', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
    ['GET', '/api/v1/namespaces/other/pods/foo/status', 'get', 'api', '', 'v1', 'other', 'pods', 'status', 'foo', ['pods', 'foo', 'status']],
    ['GET', '/api/v1/namespaces/other/pods/foo/proxy/subpath', 'get', 'api', '', 'v1', 'other', 'pods', 'proxy', 'foo', ['pods', 'foo', 'proxy', 'subpath']],
    ['PUT', '/api/v1/namespaces/other/finalize', 'update', 'api', '', 'v1', 'other', 'namespaces', 'finalize', 'other', ['namespaces', 'other', 'finalize']],
    ['PUT', '/api/v1/namespaces/other/status', 'update', 'api', '', 'v1', 'other', 'namespaces', 'status', 'other', ['namespaces', 'other', 'status']],
    ['PATCH', '/api/v1/namespaces/other/pods/foo', 'patch', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
    ['DELETE', '/api/v1/namespaces/other/pods/foo', 'delete', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
    ['POST', '/api/v1/namespaces/other/pods', 'create', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
    ['DELETE', '/api/v1/nodes', 'deletecollection', 'api', '', 'v1', '', 'nodes', '', '', ['nodes']],
    ['DELETE', '/api/v1/namespaces', 'deletecollection', 'api', '', 'v1', '', 'namespaces', '', '', ['namespaces']],
    ['DELETE', '/api/v1/namespaces/other/pods', 'deletecollection', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
    ['DELETE', '/apis/extensions/v1/namespaces/other/pods', 'deletecollection', 'apis', 'extensions', 'v1', 'other', 'pods', '', '', ['pods']],
    ['POST', '/apis/extensions/v1/namespaces/other/pods', 'create', 'apis', 'extensions', 'v1', 'other', 'pods', '', '', ['pods']],
    ['POST', '/apis/extensions/v1beta3/namespaces/other/pods', 'create', 'apis', 'extensions', 'v1beta3', 'other', 'pods', '', '', ['pods']],
    ['GET', '/apis/apps/v1/deployments', 'list', 'apis', 'apps', 'v1', '', 'deployments', '', '', ['deployments']],
  ])('%s %s -> %s', (method, url, verb, apiPrefix, apiGroup, apiVersion, namespace, resource, subresource, name, parts) => {
    expect(parse(method, url)).toMatchObject({ isResourceRequest: true, verb, apiPrefix, apiGroup, apiVersion, namespace, resource, subresource, name, parts });
  });
});

describe('parseRequestInfo: non-resource requests', () => {
  it.each(['/', '/healthz', '/api', '/apis', '/api/v1', '/apis/apps', '/apis/apps/v1', '/version', '/openapi/v3'])('%s', (path) => {
    expect(parse('GET', path)).toMatchObject({ isResourceRequest: false, verb: 'get', path });
  });

  it('refuses a special verb without a resource (kube: unable to determine kind and namespace)', () => {
    expect(parse('GET', '/api/v1/proxy')).toBeNull();
  });
});

describe("managerName (kube's prefixFromUserAgent)", () => {
  it.each([
    ['kubectl', 'kubectl-client-side-apply/v1.32.13 (linux/amd64)', 'kubectl'],
    ['', 'kube-controller-manager/v1.32.13 (linux/amd64) kubernetes/abc', 'kube-controller-manager'],
    ['', null, 'unknown'],
    ['', '/v1', 'unknown'],
    ['', 'tab\there/1', 'tabhere'],
    ['', 'ünï-cödé/1', 'ünï-cödé'],
    ['', `${'a'.repeat(130)}/1`, 'a'.repeat(128)],
    ['', `${'é'.repeat(70)}/1`, 'é'.repeat(64)],
  ])('fieldManager %j, User-Agent %j: %j', (fieldManager, userAgent, expected) => {
    expect(managerName(fieldManager, userAgent)).toBe(expected);
  });
});
