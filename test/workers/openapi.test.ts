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

  it('answers 406 for the Protobuf form, which is not produced', async () => {
    expect((await api('GET', '/openapi/v2', { headers: { accept: 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf' } })).status).toBe(406);
  });
});
