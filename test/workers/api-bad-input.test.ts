/**
 * Bad input never gets a 500 or a partly written object: each kind of bad request answers with
 * kube's Status code and reason, and the collection is unchanged afterwards.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, configMap, freshNamespace } from './api-client.js';

let ns = '';
let before = '';
const cm = () => `/api/v1/namespaces/${ns}/configmaps`;
const listState = async () => JSON.stringify((await api('GET', cm())).json.items);

beforeAll(async () => {
  ns = await freshNamespace('bad');
  expect((await api('POST', cm(), { body: configMap('keep') })).status).toBe(201);
  before = await listState();
});

const yaml = { 'content-type': 'application/yaml' };
const merge = { 'content-type': 'application/merge-patch+json' };
const jsonPatch = { 'content-type': 'application/json-patch+json' };

describe('bad input', () => {
  it.each([
    { name: 'body is a JSON array', method: 'POST', path: () => cm(), body: '[]', code: 400, reason: 'BadRequest', message: /cannot unmarshal array/ },
    { name: 'body is empty', method: 'POST', path: () => cm(), body: '', code: 400, reason: 'BadRequest', message: /\(<empty>\)$/ },
    { name: 'metadata is not an object', method: 'POST', path: () => cm(), body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: 'x' }, code: 400, reason: 'BadRequest', message: /cannot unmarshal string into Go struct field ConfigMap.metadata/ },
    { name: 'apiVersion of another group', method: 'POST', path: () => cm(), body: { apiVersion: 'apps/v1', kind: 'ConfigMap', metadata: { name: 'x' } }, code: 400, reason: 'BadRequest', message: /cannot be handled as a ConfigMap/ },
    { name: 'malformed YAML', method: 'POST', path: () => cm(), body: 'a: [1\n', headers: yaml, code: 400, reason: 'BadRequest', message: /error converting YAML to JSON/ },
    { name: 'resourceVersion set on create', method: 'POST', path: () => cm(), body: configMap('rv', { metadata: { name: 'rv', resourceVersion: '5' } }), code: 400, reason: 'BadRequest', message: /^resourceVersion should not be set on objects to be created$/ },
    { name: 'no name and no generateName', method: 'POST', path: () => cm(), body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }, code: 422, reason: 'Invalid', message: /metadata.name: Required value: name or generateName is required/ },
    { name: 'bad annotation key', method: 'POST', path: () => cm(), body: configMap('ann', { metadata: { name: 'ann', annotations: { 'bad key': 'v' } } }), code: 422, reason: 'Invalid', message: /metadata.annotations: Invalid value: "bad key"/ },
    { name: 'dryRun with an unknown value', method: 'POST', path: () => `${cm()}?dryRun=Some`, body: configMap('dry'), code: 422, reason: 'Invalid', message: /^CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: \[\]string\{"Some"\}: supported values: "All"$/ },
    { name: 'fieldValidation with an unknown value', method: 'POST', path: () => `${cm()}?fieldValidation=Loose`, body: configMap('fv'), code: 422, reason: 'Invalid', message: /fieldValidation: Unsupported value: "Loose"/ },
    { name: 'update with a name that is not the URL name', method: 'PUT', path: () => `${cm()}/keep`, body: configMap('other'), code: 400, reason: 'BadRequest', message: /^the name of the object \(other\) does not match the name on the URL \(keep\)$/ },
    { name: 'update without a name', method: 'PUT', path: () => `${cm()}/keep`, body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }, code: 400, reason: 'BadRequest', message: /was undeterminable: name must be provided/ },
    { name: 'merge patch that is not JSON', method: 'PATCH', path: () => `${cm()}/keep`, body: '{x', headers: merge, code: 400, reason: 'BadRequest', message: /Invalid JSON Patch/ },
    { name: 'json patch that is not a list', method: 'PATCH', path: () => `${cm()}/keep`, body: '{}', headers: jsonPatch, code: 400, reason: 'BadRequest', message: /cannot unmarshal object into Go value of type jsonpatch.Patch/ },
    { name: 'json patch removing a missing path', method: 'PATCH', path: () => `${cm()}/keep`, body: [{ op: 'remove', path: '/data/nope' }], headers: jsonPatch, code: 422, reason: 'Invalid', message: /^the server rejected our request/ },
    { name: 'json patch with an unknown operation', method: 'PATCH', path: () => `${cm()}/keep`, body: [{ op: 'frobnicate', path: '/data' }], headers: jsonPatch, code: 422, reason: 'Invalid', message: /^the server rejected our request/ },
    { name: 'patch renaming the object', method: 'PATCH', path: () => `${cm()}/keep`, body: { metadata: { name: 'renamed' } }, headers: merge, code: 400, reason: 'BadRequest', message: /does not match the name on the URL/ },
    { name: 'patch with a stale resourceVersion', method: 'PATCH', path: () => `${cm()}/keep`, body: { metadata: { resourceVersion: '1' } }, headers: merge, code: 409, reason: 'Conflict', message: /the object has been modified/ },
    { name: 'patch making a label invalid', method: 'PATCH', path: () => `${cm()}/keep`, body: { metadata: { labels: { a: '-' } } }, headers: merge, code: 422, reason: 'Invalid', message: /metadata.labels: Invalid value: "-"/ },
    { name: 'patch changing the uid', method: 'PATCH', path: () => `${cm()}/keep`, body: { metadata: { uid: 'other' } }, headers: merge, code: 422, reason: 'Invalid', message: /metadata.uid: Invalid value: "other": field is immutable/ },
    { name: 'a patch type that does not exist', method: 'PATCH', path: () => `${cm()}/keep`, body: {}, headers: { 'content-type': 'application/x-patch' }, code: 415, reason: 'UnsupportedMediaType', message: /^the body of the request was in an unknown format - accepted media types include: application\/json-patch\+json, application\/merge-patch\+json, application\/strategic-merge-patch\+json, application\/apply-patch\+yaml, application\/apply-patch\+cbor$/ },
    { name: 'strategic merge patch with an unknown directive (kube: bare 500)', method: 'PATCH', path: () => `${cm()}/keep`, body: { $patch: 'bogus' }, headers: { 'content-type': 'application/strategic-merge-patch+json' }, code: 400, reason: 'BadRequest', message: /^unknown patch type: bogus in map: map\[\$patch:bogus\]$/ },
    { name: 'strategic merge patch that is not an object', method: 'PATCH', path: () => `${cm()}/keep`, body: [1], headers: { 'content-type': 'application/strategic-merge-patch+json' }, code: 400, reason: 'BadRequest', message: /cannot unmarshal array into Go value of type map\[string\]interface \{\}/ },
    { name: 'force on a non-apply patch', method: 'PATCH', path: () => `${cm()}/keep?force=true`, body: {}, headers: merge, code: 422, reason: 'Invalid', message: /force: Forbidden: may not be specified for non-apply patch/ },
    { name: 'limit that is not a number', method: 'GET', path: () => `${cm()}?limit=ten`, code: 400, reason: 'BadRequest', message: /strconv.ParseInt: parsing "ten": invalid syntax/ },
    { name: 'resourceVersion that is not a number', method: 'GET', path: () => `${cm()}?resourceVersion=abc`, code: 400, reason: 'BadRequest', message: /^invalid resource version: resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax$/ },
    { name: 'resourceVersionMatch with continue', method: 'GET', path: () => `${cm()}?resourceVersion=1&resourceVersionMatch=Exact&continue=x`, code: 422, reason: 'Invalid', message: /resourceVersionMatch is forbidden when continue is provided/ },
    { name: 'unknown resourceVersionMatch', method: 'GET', path: () => `${cm()}?resourceVersion=1&resourceVersionMatch=Newest`, code: 422, reason: 'Invalid', message: /resourceVersionMatch: Unsupported value: "Newest"/ },
    { name: 'Exact with resourceVersion 0', method: 'GET', path: () => `${cm()}?resourceVersion=0&resourceVersionMatch=Exact`, code: 422, reason: 'Invalid', message: /resourceVersionMatch "exact" is forbidden for resourceVersion "0"/ },
    { name: 'sendInitialEvents on a list', method: 'GET', path: () => `${cm()}?sendInitialEvents=true`, code: 422, reason: 'Invalid', message: /sendInitialEvents is forbidden for list/ },
    { name: 'a resourceVersion from the future', method: 'GET', path: () => `${cm()}?resourceVersion=9007199254740000&resourceVersionMatch=NotOlderThan`, code: 504, reason: 'Timeout', message: /^Timeout: Too large resource version: 9007199254740000, current: \d+$/ },
    { name: 'delete options of another kind', method: 'DELETE', path: () => `${cm()}/keep`, body: { kind: 'ConfigMap', apiVersion: 'v1' }, code: 400, reason: 'BadRequest', message: /cannot be handled as a DeleteOptions/ },
    { name: 'delete with a stale resourceVersion precondition', method: 'DELETE', path: () => `${cm()}/keep`, body: { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { resourceVersion: '1' } }, code: 409, reason: 'Conflict', message: /^Operation cannot be fulfilled on ConfigMap "keep": the ResourceVersion in the precondition \(1\) does not match/ },
    { name: 'create on the all-namespaces path', method: 'POST', path: () => '/api/v1/configmaps', body: configMap('x'), code: 405, reason: 'MethodNotAllowed', message: /does not allow this method/ },
    { name: 'a verb the type does not serve', method: 'DELETE', path: () => '/api/v1/namespaces', code: 405, reason: 'MethodNotAllowed', message: /does not allow this method/ },
    { name: 'an oversized body', method: 'POST', path: () => cm(), body: configMap('big', { data: { a: 'x'.repeat(3 * 1024 * 1024 + 1) } }), code: 413, reason: 'RequestEntityTooLarge', message: /^Request entity too large: limit is 3145728$/ },
  ])('$name -> $code $reason', async ({ method, path, body, headers, code, reason, message }) => {
    const response = await api(method, path(), { body, headers });
    expect(response.status).toBe(code);
    expect(response.json).toMatchObject({ kind: 'Status', status: 'Failure', code, reason });
    expect(response.json.message).toMatch(message);
    expect(await listState()).toBe(before);
  });

  it('answers paths that name nothing as kube does: a NotFound Status under a served API prefix, text elsewhere', async () => {
    const notFound = '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the server could not find the requested resource","reason":"NotFound","details":{},"code":404}\n';
    for (const path of ['/api/v1/nothings', '/api/v1/namespaces/x/nodes/n', `${cm()}/keep/unknown-sub`, '/apis/apps/v9/deployments', '/api/v1/configmaps/x', '/api/v2']) {
      const response = await api('GET', path);
      expect([path, response.status, response.text]).toEqual([path, 404, notFound]);
    }
    for (const path of ['/nope', '/apis/nope.example.com/v1/things', '/apis/nope.example.com']) {
      const response = await api('GET', path);
      expect([path, response.status, response.text]).toEqual([path, 404, '404 page not found\n']);
    }
  });

  it("answers a path with a broken %-escape as Go's HTTP server does (400, text), whatever it names; a query is not checked", async () => {
    for (const path of [`${cm()}/x%ZZ`, '/version%', '/ver%2sion', '/clusters/x%ZZ/api']) {
      const response = await api('GET', path);
      expect([path, response.status, response.text, response.headers.get('content-type')]).toEqual([path, 400, '400 Bad Request', 'text/plain; charset=utf-8']);
    }
    expect((await api('GET', '/version?x=%ZZ')).status).toBe(200);
    expect((await api('GET', `${cm()}/a%20b`)).status).toBe(404);
  });
});
