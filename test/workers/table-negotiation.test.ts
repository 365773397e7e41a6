/**
 * Which endpoints answer `as=Table`: kube offers the conversion only where the storage has a
 * TableConvertor. Asked of kube-apiserver v1.32.13 (../shared/kube) with
 * `Accept: application/json;as=Table;v=v1;g=meta.k8s.io`: POSTs to selfsubjectaccessreviews,
 * subjectaccessreviews, localsubjectaccessreviews, selfsubjectrulesreviews, tokenreviews,
 * selfsubjectreviews, bindings, pods/binding, pods/eviction and serviceaccounts/token answer 406
 * `only the following media types are accepted: application/json, application/yaml,
 * application/vnd.kubernetes.protobuf` before reading the body; with `, application/json` after
 * the Table clause, the review is answered in JSON (201); as=PartialObjectMetadata is served
 * (201); a ConfigMap create (dry run) does answer a Table. (The upstream conformance spec "Servers with support for Table transformation should
 * return a 406 for a backend which does not implement metadata" posts a SelfSubjectAccessReview.)
 */
import { describe, expect, it } from 'vitest';
import { api } from './api-client.js';

const table = 'application/json;as=Table;v=v1;g=meta.k8s.io';
const review = { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { nonResourceAttributes: { path: '/', verb: 'get' } } };

describe('Table conversion of create-only endpoints', () => {
  it.each([
    '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews',
    '/apis/authorization.k8s.io/v1/subjectaccessreviews',
    '/apis/authorization.k8s.io/v1/namespaces/default/localsubjectaccessreviews',
    '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews',
    '/apis/authentication.k8s.io/v1/tokenreviews',
    '/apis/authentication.k8s.io/v1/selfsubjectreviews',
    '/api/v1/namespaces/default/bindings',
    '/api/v1/namespaces/default/pods/x/binding',
    '/api/v1/namespaces/default/pods/x/eviction',
    '/api/v1/namespaces/default/serviceaccounts/default/token',
  ])('POST %s refuses a Table with 406 before reading the body', async (path) => {
    const response = await api('POST', path, { body: {}, headers: { accept: table } });
    expect(response.status).toBe(406);
    expect(response.json).toMatchObject({ reason: 'NotAcceptable', message: expect.stringMatching(/^only the following media types are accepted: application\/json, application\/yaml, application\/vnd.kubernetes.protobuf/) });
  });

  it('answers the next clause instead when the client offers one, and serves PartialObjectMetadata', async () => {
    const json = await api('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', { body: review, headers: { accept: `${table}, application/json` } });
    expect(json.status).toBe(201);
    expect(json.json).toMatchObject({ kind: 'SelfSubjectAccessReview', status: { allowed: true } });
    const partial = await api('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', { body: review, headers: { accept: 'application/json;as=PartialObjectMetadata;v=v1;g=meta.k8s.io' } });
    expect(partial.status).toBe(201);
    expect(partial.json).toMatchObject({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1' });
  });

  it('still converts what has a TableConvertor: a created ConfigMap', async () => {
    const created = await api('POST', '/api/v1/namespaces/default/configmaps?dryRun=All', { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }, headers: { accept: table } });
    expect(created.json.kind).toBe('Table');
  });
});
