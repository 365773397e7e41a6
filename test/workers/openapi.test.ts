/** /openapi/v3 and /openapi/v2: what kubectl reads to validate and explain. */
import { describe, expect, it } from 'vitest';
import { api } from './api-client.js';

describe('/openapi/v3', () => {
  it('indexes every served group-version with a hashed URL, immutable when fetched by hash', async () => {
    const index = await api('GET', '/openapi/v3');
    const paths = index.json.paths as Record<string, { serverRelativeURL: string }>;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['api/v1', 'apis/apps/v1', 'apis/apiextensions.k8s.io/v1']));
    // kube serves no alpha or beta version by default; the product's own tenancy group is v1alpha1.
    expect(Object.keys(paths).filter((path) => /v\d+(alpha|beta)\d+$/.test(path))).toEqual(['apis/tenancy.edge-apiserver.dev/v1alpha1']);
    const url = paths['apis/apps/v1']!.serverRelativeURL;
    expect(url).toMatch(/^\/openapi\/v3\/apis\/apps\/v1\?hash=[0-9A-F]{128}$/);
    const document = await api('GET', url);
    expect(document.status).toBe(200);
    expect(document.headers.get('cache-control')).toBe('public, immutable');
    const etag = document.headers.get('etag')!;
    expect((await api('GET', '/openapi/v3/apis/apps/v1', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await api('GET', '/openapi/v3/apis/apps/v1?hash=STALE')).status).toBe(301);
  });

  it('declares fieldValidation, dryRun and the group-version-kind on every write, which kubectl checks', async () => {
    const document = (await api('GET', '/openapi/v3/api/v1')).json;
    const post = document.paths['/api/v1/namespaces/{namespace}/configmaps'].post;
    expect(post.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['dryRun', 'fieldManager', 'fieldValidation']));
    expect(post['x-kubernetes-group-version-kind']).toEqual({ group: '', kind: 'ConfigMap', version: 'v1' });
  });
});

describe('/openapi/v2', () => {
  it('is a Swagger 2.0 document of every served type, with ETag revalidation', async () => {
    const response = await api('GET', '/openapi/v2', { headers: { accept: 'application/json' } });
    expect(response.json.swagger).toBe('2.0');
    expect(response.json.definitions['io.k8s.api.apps.v1.Deployment']['x-kubernetes-group-version-kind']).toEqual([{ group: 'apps', kind: 'Deployment', version: 'v1' }]);
    const post = response.json.paths['/apis/apps/v1/namespaces/{namespace}/deployments'].post;
    expect(post.parameters.find((parameter: { in: string }) => parameter.in === 'body').schema.$ref).toBe('#/definitions/io.k8s.api.apps.v1.Deployment');
    const etag = response.headers.get('etag')!;
    expect((await api('GET', '/openapi/v2', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  const protobufAccept = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';

  it("serves gnostic's Protobuf form under the JSON's ETag, as kube-openapi's handler does", async () => {
    const json = await api('GET', '/openapi/v2');
    const protobuf = await api('GET', '/openapi/v2', { headers: { accept: protobufAccept } });
    expect(protobuf.status).toBe(200);
    expect(protobuf.headers.get('content-type')).toBe('application/com.github.proto-openapi.spec.v2.v1.0+protobuf');
    expect(protobuf.headers.get('etag')).toBe(json.headers.get('etag'));
    expect(protobuf.headers.get('vary')).toBe('Accept');
    // Document.swagger (field 1) comes first: tag 0x0a, length 3, "2.0".
    expect(protobuf.text.slice(0, 5)).toBe('\n\u00032.0');
    const revalidated = await api('GET', '/openapi/v2', { headers: { accept: protobufAccept, 'if-none-match': json.headers.get('etag')! } });
    expect([revalidated.status, revalidated.headers.get('content-type')]).toEqual([304, null]);
  });

  it.each([
    ['', 'application/json'],
    ['application/*', 'application/json'],
    ['application/xml, application/*;q=0.5', 'application/json'],
    ['application/json;q=0.5, application/com.github.proto-openapi.spec.v2.v1.0+protobuf', 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf'],
    ['text/html', null],
  ])('negotiates Accept %j as kube does', async (accept, contentType) => {
    const response = await api('GET', '/openapi/v2', { headers: accept ? { accept } : {} });
    expect(response.status).toBe(contentType ? 200 : 406);
    expect(response.headers.get('content-type')).toBe(contentType);
    if (!contentType) expect(response.text).toBe('');
  });

  it('serves byte ranges and refuses bad ones with Go\'s texts', async () => {
    const range = await api('GET', '/openapi/v2', { headers: { range: 'bytes=0-9' } });
    expect([range.status, range.text]).toEqual([206, '{"swagger"']);
    expect(range.headers.get('content-range')).toMatch(/^bytes 0-9\/\d+$/);
    const past = await api('GET', '/openapi/v2', { headers: { range: 'bytes=900000000-' } });
    expect([past.status, past.text]).toEqual([416, 'invalid range: failed to overlap\n']);
    expect((await api('GET', '/openapi/v2', { headers: { range: 'bytes=10-5' } })).text).toBe('invalid range\n');
  });
});
