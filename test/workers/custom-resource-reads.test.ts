/**
 * Custom resources as kube decodes them from storage: the schema of their stored version prunes
 * them and applies its defaults on every read (get, list, watch, the answer of a write) and in
 * the object a write starts from. Asked of kube-apiserver v1.32.13 (a Widget created with
 * `spec: {size: 3}`, then defaults added to its CRD):
 * - `kubectl get widget w1 -o json` -> `"spec":{"color":"blue","size":3}` (color's default added
 *   after the create), the same in `get widgets` and in a watch's ADDED event;
 * - `kubectl label widget w1 x=y` stores the default: with the default gone from the CRD again,
 *   `spec.color` stays `blue`;
 * - a field dropped from the schema goes from reads (`spec.nested` gone) and comes back when the
 *   schema has it again (same resourceVersion);
 * - Gateway API v1.6.1's `kubectl create -f basic-http.yaml` answers `status: {conditions:
 *   [{type: Accepted, status: Unknown, reason: Pending, message: Waiting for controller, ...}]}`
 *   (the schema's default of `status`), and a merge patch `{}` afterwards keeps the
 *   resourceVersion (`"300"` before and after).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';
import { watch } from './watch-client.js';

const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const group = `reads${Date.now().toString(36)}.example.com`;
const merge = { 'content-type': 'application/merge-patch+json' };
let ns = '';

const waiting = { lastTransitionTime: '1970-01-01T00:00:00Z', message: 'Waiting for controller', reason: 'Pending', status: 'Unknown', type: 'Accepted' };

/** The Widget schema; `specProperties` and `statusDefault` vary between the steps. */
function definition(specProperties: Record<string, unknown>) {
  return {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `widgets.${group}` },
    spec: {
      group, scope: 'Namespaced', names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
      versions: [{
        name: 'v1', served: true, storage: true, subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: { type: 'object', properties: specProperties },
              status: {
                type: 'object', default: { conditions: [waiting] },
                properties: { conditions: { type: 'array', items: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } },
              },
            },
          },
        },
      }],
    },
  };
}

const plain = { size: { type: 'integer' }, color: { type: 'string' }, nested: { type: 'object', properties: { a: { type: 'string' } } } };
const widgets = () => `/apis/${group}/v1/namespaces/${ns}/widgets`;

/** Replaces the CRD's schema and waits until reads of `name` show `expected` in spec. */
async function changeSchema(specProperties: Record<string, unknown>, name: string, expected: Record<string, unknown>) {
  const current = (await api('GET', `${crds}/widgets.${group}`)).json;
  const next = definition(specProperties);
  const put = await api('PUT', `${crds}/widgets.${group}`, { body: { ...next, metadata: current.metadata } });
  expect(put.status).toBe(200);
  await eventually(async () => JSON.stringify((await api('GET', `${widgets()}/${name}`)).json.spec) === JSON.stringify(expected));
}

beforeAll(async () => {
  ns = await freshNamespace('crreads');
  expect((await api('POST', crds, { body: definition(plain) })).status).toBe(201);
  await eventually(async () => (await api('GET', widgets())).status === 200);
});

describe('defaults on read', () => {
  it('a default added to the CRD later shows on an existing object in get, list and watch', async () => {
    const created = await api('POST', widgets(), { body: { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name: 'w1' }, spec: { size: 3 } } });
    expect(created.json.spec).toEqual({ size: 3 });
    await changeSchema({ ...plain, color: { type: 'string', default: 'blue' } }, 'w1', { color: 'blue', size: 3 });
    const listed = (await api('GET', widgets())).json.items.find((item: any) => item.metadata.name === 'w1');
    expect(listed.spec).toEqual({ color: 'blue', size: 3 });
    const stream = await watch(`${widgets()}?watch=true&fieldSelector=metadata.name%3Dw1`);
    const added = await stream.next();
    await stream.close();
    expect(added?.type).toBe('ADDED');
    expect(added?.object.spec).toEqual({ color: 'blue', size: 3 });
    expect(added?.object.metadata.resourceVersion).toBe(created.json.metadata.resourceVersion);
    await changeSchema(plain, 'w1', { size: 3 });
  });

  it('a write starts from the defaulted object, so the default is stored', async () => {
    await api('POST', widgets(), { body: { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name: 'w2' }, spec: { size: 2 } } });
    await changeSchema({ ...plain, color: { type: 'string', default: 'green' } }, 'w2', { color: 'green', size: 2 });
    const labelled = await api('PATCH', `${widgets()}/w2`, { body: { metadata: { labels: { x: 'y' } } }, headers: merge });
    expect(labelled.status).toBe(200);
    await changeSchema(plain, 'w2', { color: 'green', size: 2 });
  });

  it('a field dropped from the schema goes from reads and comes back with it', async () => {
    const created = await api('POST', widgets(), { body: { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name: 'w3' }, spec: { size: 1, nested: { a: 'x' } } } });
    const { nested: _, ...withoutNested } = plain;
    await changeSchema(withoutNested, 'w3', { size: 1 });
    await changeSchema(plain, 'w3', { nested: { a: 'x' }, size: 1 });
    expect((await api('GET', `${widgets()}/w3`)).json.metadata.resourceVersion).toBe(created.json.metadata.resourceVersion);
  });
});

describe('status defaults (Gateway API\'s "Waiting for controller")', () => {
  it('shows in the create answer and in reads, and a patch changing nothing keeps the resourceVersion', async () => {
    const created = await api('POST', widgets(), { body: { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name: 'gw' }, spec: { size: 1 } } });
    expect(created.status).toBe(201);
    expect(created.json.status).toEqual({ conditions: [waiting] });
    expect((await api('GET', `${widgets()}/gw`)).json.status).toEqual({ conditions: [waiting] });
    const patched = await api('PATCH', `${widgets()}/gw`, { body: {}, headers: merge });
    expect(patched.json.metadata.resourceVersion).toBe(created.json.metadata.resourceVersion);
  });
});
