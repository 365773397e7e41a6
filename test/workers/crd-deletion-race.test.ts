/**
 * A CustomResourceDefinition's cleanup (src/controllers/crd-controller.ts) against creates from an
 * isolate whose catalog still shows the CRD serving, not terminating (crds/serving-catalog.ts
 * trusts its catalog for freshMillis). The cleanup closes the definition in storage before it
 * lists what to delete, so such a create is refused with kube's answer to a create while the CRD
 * terminates, and never leaves an object behind the deleted CRD; and the CRD goes as soon as its
 * objects are gone, without waiting the caches out.
 *
 * The stale isolate is this test's own: it takes the CRD's type from a catalog it built before the
 * deletion and creates through the registry with it, as a request in another isolate would.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ResourceType } from '../../src/api/catalog.js';
import type { KubeObject } from '../../src/apimachinery/object.js';
import { StatusError } from '../../src/apimachinery/status.js';
import { freshMillis, servingCatalog } from '../../src/crds/serving-catalog.js';
import { storeFor } from '../../src/registry/registry.js';
import { clusterContext } from '../../src/server/assembly/clusters.js';
import { collectItems } from '../../src/storage/list-lines.js';
import { api, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';

const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
let ns = '';
let groups = 0;

/**
 * kube-apiserver v1.32.13's answer to a create of a custom resource while its CRD terminates
 * (POST while a held object kept the CRD terminating):
 *   {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"create not allowed
 *   while custom resource definition is terminating","reason":"MethodNotAllowed",
 *   "details":{"group":"probe.example.com","kind":"widgets"},"code":405}
 */
const terminatingStatus = (group: string) => ({
  kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
  message: 'create not allowed while custom resource definition is terminating',
  reason: 'MethodNotAllowed', details: { group, kind: 'widgets' }, code: 405,
});

beforeAll(async () => {
  ns = await freshNamespace('crd-race');
});

/** A new group with an established Widget CRD. */
async function establishedGroup(): Promise<string> {
  const group = `race${Date.now().toString(36)}${groups++}.example.com`;
  const created = await api('POST', crds, { body: {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `widgets.${group}` },
    spec: {
      group, scope: 'Namespaced', names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } } } }],
    },
  } });
  expect(created.status).toBe(201);
  await eventually(async () => ((await api('GET', `${crds}/widgets.${group}`)).json.status?.conditions ?? []).some((c: any) => c.type === 'Established' && c.status === 'True'));
  await eventually(async () => (await api('GET', widgets(group))).status === 200);
  return group;
}

const widgets = (group: string) => `/apis/${group}/v1/namespaces/${ns}/widgets`;
const widget = (group: string, name: string, extra: Record<string, unknown> = {}): KubeObject =>
  ({ apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name, ...extra }, spec: { size: 1 } } as KubeObject);

/** The Widget type as a catalog built now shows it: what a stale isolate keeps using after the CRD changes. */
async function typeSeenNow(group: string): Promise<ResourceType> {
  const type = (await servingCatalog(clusterContext(env as never), 'latest')).findResource(group, 'v1', 'widgets');
  expect(type?.custom?.terminating).toBe(false);
  return type!;
}

/** A create through the registry with `type` (another isolate's request); its StatusError's Status if refused. */
async function createWith(type: ResourceType, object: KubeObject): Promise<'created' | object> {
  try {
    await storeFor(clusterContext(env as never), type).create(ns, object, { dryRun: false, now: new Date() });
    return 'created';
  } catch (error) {
    if (error instanceof StatusError) return error.status;
    throw error;
  }
}

/** The keys storage holds for the group's widgets, past any catalog (an orphan shows here after its CRD is gone). */
async function storedKeys(group: string): Promise<string[]> {
  const listed = await clusterContext(env as never).storage(group, 'widgets').list({ prefix: '', version: { match: 'latest' } });
  return (await collectItems(listed.items)).map((item) => item.key);
}

const crdGone = async (group: string) => (await api('GET', `${crds}/widgets.${group}`)).status === 404;

describe('deleting a CRD while an isolate still serves it from a stale catalog', () => {
  it('refuses its creates in storage with kube\'s 405 once the cleanup began, as the handler does', async () => {
    const group = await establishedGroup();
    expect((await api('POST', widgets(group), { body: widget(group, 'held', { finalizers: ['example.com/hold'] }) })).status).toBe(201);
    const stale = await typeSeenNow(group);
    expect((await api('DELETE', `${crds}/widgets.${group}`)).status).toBe(200);
    // The held object keeps the CRD terminating: its cleanup closed the definition and waits.
    await eventually(async () => ((await api('GET', `${crds}/widgets.${group}`)).json.status?.conditions ?? []).some((c: any) => c.reason === 'InstanceDeletionCheck'));
    expect(await createWith(stale, widget(group, 'late'))).toEqual(terminatingStatus(group));
    // A request whose catalog knows the CRD terminates gets the same answer from the handler.
    await eventually(async () => (await api('POST', widgets(group), { body: widget(group, 'late') })).status === 405);
    expect((await api('POST', widgets(group), { body: widget(group, 'late') })).json).toEqual(terminatingStatus(group));
    // Server-side apply creating: kube answers 201 (its apply path skips the check) and leaves the
    // object behind the CRD; here storage refuses it too (docs/differences-from-kube.md).
    const applied = await api('PATCH', `${widgets(group)}/applied?fieldManager=test`, { body: widget(group, 'applied'), headers: { 'content-type': 'application/apply-patch+yaml' } });
    expect([applied.status, applied.json.message]).toEqual([405, 'create not allowed while custom resource definition is terminating']);
    expect(await storedKeys(group)).toEqual([`${ns}/held`]);
    await api('PATCH', `${widgets(group)}/held`, { body: { metadata: { finalizers: null } }, headers: { 'content-type': 'application/merge-patch+json' } });
    await eventually(() => crdGone(group));
    expect(await storedKeys(group)).toEqual([]);
  });

  it('never leaves an object behind the CRD when creates race its cleanup', async () => {
    const group = await establishedGroup();
    for (let i = 0; i < 20; i++) expect((await api('POST', widgets(group), { body: widget(group, `w-${i}`) })).status).toBe(201);
    const stale = await typeSeenNow(group);
    expect((await api('DELETE', `${crds}/widgets.${group}`)).status).toBe(200);
    const answers: Array<'created' | object> = [];
    let gone = false;
    // Four creators from the stale isolate, racing the cleanup until the CRD is gone.
    await Promise.all(Array.from({ length: 4 }, async (_, creator) => {
      for (let i = 0; !gone; i++) {
        answers.push(await createWith(stale, widget(group, `race-${creator}-${i}`)));
        if (await crdGone(group)) gone = true;
      }
    }));
    // And one after the CRD went, within the stale catalog's life.
    answers.push(await createWith(stale, widget(group, 'after')));
    expect(answers.at(-1)).toEqual(terminatingStatus(group));
    const refused = answers.filter((answer) => answer !== 'created');
    expect(refused).toEqual(refused.map(() => terminatingStatus(group)));
    expect(await storedKeys(group)).toEqual([]);
  });

  it('removes the cleanup finalizer as soon as the objects are gone, well before the catalog cache ages out', async () => {
    const group = await establishedGroup();
    for (let i = 0; i < 20; i++) expect((await api('POST', widgets(group), { body: widget(group, `w-${i}`) })).status).toBe(201);
    const began = Date.now();
    expect((await api('DELETE', `${crds}/widgets.${group}`)).status).toBe(200);
    await eventually(() => crdGone(group), 10_000);
    const took = Date.now() - began;
    // Waiting the caches out took deletionTimestamp (whole seconds) + freshMillis + 1 s: over freshMillis after the DELETE.
    expect(took).toBeLessThan(freshMillis * 0.75);
    expect(await storedKeys(group)).toEqual([]);
  });
});
