/**
 * Error exchanges recorded from kube-apiserver v1.32.13 (reference/golden/kube-v1.32.13), replayed against the
 * Worker: same status code, same Status body (kind, message, reason, details, causes, code).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, configMap, freshNamespace } from './api-client.js';

let ns = '';
beforeAll(async () => {
  ns = await freshNamespace('golden');
  const created = await api('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: configMap('c1', { metadata: { name: 'c1', labels: { tier: 'web' } } }) });
  expect(created.status).toBe(201);
});

const cm = () => `/api/v1/namespaces/${ns}/configmaps`;
const failure = (code: number, message: string, reason?: string, details?: object) => ({
  kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message,
  ...(reason ? { reason } : {}), ...(details ? { details } : {}), code,
});

const subdomainMessage = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const labelMessage = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

describe('golden error exchanges', () => {
  it.each([
    {
      name: '016 duplicate create',
      request: () => api('POST', cm(), { body: configMap('c1') }),
      want: () => failure(409, 'configmaps "c1" already exists', 'AlreadyExists', { name: 'c1', kind: 'configmaps' }),
    },
    {
      name: '017 get missing',
      request: () => api('GET', `${cm()}/nope`),
      want: () => failure(404, 'configmaps "nope" not found', 'NotFound', { name: 'nope', kind: 'configmaps' }),
    },
    {
      name: '018 create in a missing namespace',
      request: () => api('POST', '/api/v1/namespaces/nope/configmaps', { body: configMap('x') }),
      want: () => failure(404, 'namespaces "nope" not found', 'NotFound', { name: 'nope', kind: 'namespaces' }),
    },
    {
      name: '019 bad name',
      request: () => api('POST', cm(), { body: configMap('Bad_Name') }),
      want: () => failure(422, `ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": ${subdomainMessage}`, 'Invalid', {
        name: 'Bad_Name', kind: 'ConfigMap',
        causes: [{ reason: 'FieldValueInvalid', message: `Invalid value: "Bad_Name": ${subdomainMessage}`, field: 'metadata.name' }],
      }),
    },
    {
      name: '020 bad label value',
      request: () => api('POST', cm(), { body: configMap('badlabel', { metadata: { name: 'badlabel', labels: { x: '-bad-' } } }) }),
      want: () => failure(422, `ConfigMap "badlabel" is invalid: metadata.labels: Invalid value: "-bad-": ${labelMessage}`, 'Invalid', {
        name: 'badlabel', kind: 'ConfigMap',
        causes: [{ reason: 'FieldValueInvalid', message: `Invalid value: "-bad-": ${labelMessage}`, field: 'metadata.labels' }],
      }),
    },
    {
      name: '021 malformed JSON',
      request: () => api('POST', cm(), { body: '{not json' }),
      want: () => failure(400, "the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: invalid character 'n' looking for beginning of object key string ({not json)", 'BadRequest'),
    },
    {
      name: '022 wrong kind',
      request: () => api('POST', cm(), { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'k' } } }),
      want: () => failure(400, 'Secret in version "v1" cannot be handled as a ConfigMap: converting (v1.Secret) to (core.ConfigMap): unknown conversion', 'BadRequest'),
    },
    {
      name: '023 namespace mismatch',
      request: () => api('POST', cm(), { body: configMap('k', { metadata: { name: 'k', namespace: 'other' } }) }),
      want: () => failure(400, 'the namespace of the provided object does not match the namespace sent on the request', 'BadRequest'),
    },
    {
      name: '030 not acceptable',
      request: () => api('GET', `${cm()}/c1`, { headers: { accept: 'text/html' } }),
      // v1.32 with CBOR on lists application/cbor after kube's three.
      want: () => ({ ...failure(406, '406: Not Acceptable\n\nAvailable representations: application/json, application/yaml, application/vnd.kubernetes.protobuf, application/cbor', 'NotAcceptable', {}) }),
    },
    {
      name: '031 unsupported media type',
      request: () => api('POST', cm(), { body: 'x', headers: { 'content-type': 'text/plain' } }),
      want: () => failure(415, 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf, application/cbor', 'UnsupportedMediaType'),
    },
    {
      name: '032 stale update',
      request: () => api('PUT', `${cm()}/c1`, { body: configMap('c1', { metadata: { name: 'c1', resourceVersion: '1' } }) }),
      want: () => failure(409, 'Operation cannot be fulfilled on configmaps "c1": the object has been modified; please apply your changes to the latest version and try again', 'Conflict', { name: 'c1', kind: 'configmaps' }),
    },
    {
      name: '033 update of a missing object',
      request: () => api('PUT', `${cm()}/nonex`, { body: configMap('nonex') }),
      want: () => failure(404, 'configmaps "nonex" not found', 'NotFound', { name: 'nonex', kind: 'configmaps' }),
    },
    {
      name: '036 failed json-patch test',
      request: () => api('PATCH', `${cm()}/c1`, { body: [{ op: 'test', path: '/data/a', value: '9' }], headers: { 'content-type': 'application/json-patch+json' } }),
      want: () => failure(422, 'the server rejected our request due to an error in our request', 'Invalid', {}),
    },
    {
      name: '044 malformed continue token',
      request: () => api('GET', `${cm()}?limit=1&continue=not-a-token`),
      want: () => failure(400, "invalid continue token: continue key is not valid: invalid character '\\u009e' looking for beginning of value", 'BadRequest'),
    },
    {
      name: '045 resourceVersionMatch without resourceVersion',
      request: () => api('GET', `${cm()}?resourceVersionMatch=Exact`),
      want: () => failure(422, 'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided', 'Invalid', {
        group: 'meta.k8s.io', kind: 'ListOptions',
        causes: [{ reason: 'FieldValueForbidden', message: 'Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided', field: 'resourceVersionMatch' }],
      }),
    },
    {
      name: '047 bad label selector',
      request: () => api('GET', `${cm()}?labelSelector=a%20in%20(`),
      want: () => failure(400, "unable to parse requirement: found '', expected: ',', ')' or identifier", 'BadRequest'),
    },
    {
      name: '048 unknown field selector',
      request: () => api('GET', `${cm()}?fieldSelector=data.a%3D1`),
      want: () => failure(400, '"data.a" is not a known field selector: only "metadata.name", "metadata.namespace"', 'BadRequest'),
    },
  ])('$name', async ({ request, want }) => {
    const response = await request();
    const expected = want();
    expect(response.json).toEqual(expected);
    expect(response.status).toBe(expected.code);
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('012 unknown group-version is a plain-text 404', async () => {
    const response = await api('GET', '/apis/nope.example.com/v1/things');
    expect(response.status).toBe(404);
    expect(response.text).toBe('404 page not found\n');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('056 delete with a uid precondition that does not match', async () => {
    const created = await api('POST', cm(), { body: configMap('pre') });
    const response = await api('DELETE', `${cm()}/pre`, { body: { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: '00000000-0000-0000-0000-000000000000' } } });
    expect(response.json).toEqual(failure(409, `Operation cannot be fulfilled on ConfigMap "pre": the UID in the precondition (00000000-0000-0000-0000-000000000000) does not match the UID in record (${created.json.metadata.uid}). The object might have been deleted and then recreated`, 'Conflict', { name: 'pre', kind: 'ConfigMap' }));
    expect((await api('GET', `${cm()}/pre`)).status).toBe(200);
  });
});
