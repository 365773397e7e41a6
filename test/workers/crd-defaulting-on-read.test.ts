/**
 * Custom resources are defaulted as they are read (src/registry/stored-codec.ts), as kube's
 * storage decoder defaults them: a default added to a CRD shows in objects stored before it, in
 * gets, lists and watches, and a default removed from it leaves what was stored with it. The
 * steps of the upstream conformance spec "CustomResourceDefinition resources custom resource
 * defaulting for requests and from storage works", which kube-apiserver v1.32.13 passes.
 */
import { describe, expect, it } from 'vitest';
import { api } from './api-client.js';
import { eventually } from './eventually.js';

const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const group = 'defaulting-on-read.example.com';
const base = `/apis/${group}/v1/noodles`;
const jsonPatch = { 'content-type': 'application/json-patch+json' };

const definition = {
  apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `noodles.${group}` },
  spec: {
    group, scope: 'Cluster', names: { plural: 'noodles', singular: 'noodle', kind: 'Noodle', listKind: 'NoodleList' },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } } } }],
  },
};

const noodle = (name: string) => ({ apiVersion: `${group}/v1`, kind: 'Noodle', metadata: { name } });

/** Polls a get of `name` until `check` holds of it (the serving catalog follows the CRD shortly). */
async function readUntil(name: string, check: (object: any) => boolean): Promise<any> {
  let object: any;
  await eventually(async () => check((object = (await api('GET', `${base}/${name}`)).json)));
  return object;
}

describe('custom resources defaulted on read', () => {
  it('show a default added after they were stored, and keep one stored before it was removed', async () => {
    expect((await api('POST', crds, { body: definition })).status).toBe(201);
    await eventually(async () => (await api('POST', base, { body: noodle('cr-1') })).status === 201);
    expect((await api('GET', `${base}/cr-1`)).json.a).toBeUndefined();

    const addA = [{ op: 'add', path: '/spec/versions/0/schema/openAPIV3Schema/properties/a/default', value: 'A' }];
    expect((await api('PATCH', `${crds}/noodles.${group}`, { body: addA, headers: jsonPatch })).status).toBe(200);
    await readUntil('cr-1', (object) => object.a === 'A');
    expect((await api('GET', base)).json.items.map((item: any) => item.a)).toEqual(['A']);
    const created = await api('POST', base, { body: noodle('cr-2') });
    expect([created.status, created.json.a]).toEqual([201, 'A']);

    const swap = [
      { op: 'remove', path: '/spec/versions/0/schema/openAPIV3Schema/properties/a/default' },
      { op: 'add', path: '/spec/versions/0/schema/openAPIV3Schema/properties/b/default', value: 'B' },
    ];
    expect((await api('PATCH', `${crds}/noodles.${group}`, { body: swap, headers: jsonPatch })).status).toBe(200);
    const second = await readUntil('cr-2', (object) => object.b === 'B');
    expect(second.a).toBe('A');
    const first = (await api('GET', `${base}/cr-1`)).json;
    expect([first.a, first.b]).toEqual([undefined, 'B']);
  });
});
