/**
 * `null`s in custom resources, as kube-apiserver v1.32.13 decodes them (PruneNonNullableNullsWithoutDefaults,
 * then defaulting, then validation). Each case is the body POSTed to the reference with this CRD
 * and its answer (the created `spec`, or the 422's message).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';

const group = `nulls${Date.now().toString(36)}.example.com`;
let ns = '';

const definition = {
  apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `apps.${group}` },
  spec: {
    group, scope: 'Namespaced', names: { plural: 'apps', singular: 'app', kind: 'App' },
    versions: [{
      name: 'v1', served: true, storage: true,
      schema: {
        openAPIV3Schema: {
          type: 'object',
          properties: {
            spec: {
              type: 'object',
              properties: {
                source: { type: 'object', properties: { helm: { type: 'object', properties: { values: { type: 'string' } } }, path: { type: 'string' } } },
                optional: { type: 'string', nullable: true },
                withDefault: { type: 'string', default: 'dflt' },
                labels: { type: 'object', additionalProperties: { type: 'string' } },
                nullableLabels: { type: 'object', additionalProperties: { type: 'string', nullable: true } },
                items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
                names: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
    }],
  },
};

const apps = () => `/apis/${group}/v1/namespaces/${ns}/apps`;

beforeAll(async () => {
  ns = await freshNamespace('nulls');
  expect((await api('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: definition })).status).toBe(201);
  await eventually(async () => (await api('GET', apps())).status === 200);
});

describe('nulls in a created custom resource', () => {
  it.each([
    [
      'non-nullable fields and map values without a default go, nullable ones stay, defaulted ones take the default',
      { source: { helm: null, path: 'x' }, optional: null, withDefault: null, labels: { a: null, b: 'c' }, nullableLabels: { a: null } },
      { labels: { b: 'c' }, nullableLabels: { a: null }, optional: null, source: { path: 'x' }, withDefault: 'dflt' },
    ],
    ['a null spec goes', null, undefined],
    ['a null inside an object that stays', { source: { helm: { values: null } } }, { source: { helm: {} }, withDefault: 'dflt' }],
  ])('%s', async (_, spec, expected) => {
    const created = await api('POST', apps(), { body: { apiVersion: `${group}/v1`, kind: 'App', metadata: { generateName: 'a-' }, spec } });
    expect(created.status).toBe(201);
    expect(created.json.spec).toEqual(expected);
  });

  it.each([
    ['a null list item is a type error (a null field inside another item goes)', { items: [null, { name: null }] }, 'spec.items[0]: Invalid value: "null": spec.items[0] in body must be of type object: "null"'],
    ['a null string item too', { names: [null, 'a'] }, 'spec.names[0]: Invalid value: "null": spec.names[0] in body must be of type string: "null"'],
  ])('%s', async (_, spec, cause) => {
    const created = await api('POST', apps(), { body: { apiVersion: `${group}/v1`, kind: 'App', metadata: { name: 'refused' }, spec } });
    expect(created.status).toBe(422);
    expect(created.json.message).toBe(`App.${group} "refused" is invalid: ${cause}`);
  });
});

/**
 * The custom resource strategy's finalizer warnings (issue 34), asked of the reference with
 * `kubectl create` of a custom resource with finalizers [foo, a.b, x.io/ok, kubernetes, orphan,
 * Bad_Name], then a merge patch to [foo, zed, x.io/ok]:
 *   Warning: metadata.finalizers: "Bad_Name": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers
 *   Warning: metadata.finalizers: "a.b": prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers
 *   Warning: metadata.finalizers: "foo": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers
 * and on the patch only `"zed"` (the names added). A ConfigMap refuses `foo` instead (422 `name is
 * neither a standard finalizer name nor is it fully qualified`), on both servers.
 */
describe('finalizer names of a custom resource', () => {
  const warning = (name: string, path = false) =>
    `299 - "metadata.finalizers: \\"${name}\\": prefer a domain-qualified finalizer name ${path ? 'including a path (/) ' : ''}to avoid accidental conflicts with other finalizer writers"`;

  it('draw kube\'s warnings for the names added without a domain and path, sorted', async () => {
    const finalizers = ['foo', 'a.b', 'x.io/ok', 'kubernetes', 'orphan', 'Bad_Name'];
    const created = await api('POST', apps(), { body: { apiVersion: `${group}/v1`, kind: 'App', metadata: { name: 'fin', finalizers } } });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('warning')).toBe([warning('Bad_Name'), warning('a.b', true), warning('foo')].join(', '));
    const patched = await api('PATCH', `${apps()}/fin`, {
      headers: { 'content-type': 'application/merge-patch+json' }, body: { metadata: { finalizers: ['foo', 'zed', 'x.io/ok'] } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.headers.get('warning')).toBe(warning('zed'));
    const cleared = await api('PATCH', `${apps()}/fin`, { headers: { 'content-type': 'application/merge-patch+json' }, body: { metadata: { finalizers: null } } });
    expect(cleared.headers.get('warning')).toBeNull();
  });
});
