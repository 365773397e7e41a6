/**
 * Issue 32's audit of the destructive paths: each acts only inside the scope its request names.
 * Two bystander namespaces hold objects with the target namespace's names and labels; after
 * deletecollection with every selector form (it deletes what the namespaced list selects: a
 * field selector naming another namespace selects nothing), dry runs of
 * every write, an eviction, garbage collection of an owner whose name a bystander's owner shares,
 * and the target namespace's deletion, every bystander keeps its uid and resourceVersion.
 * (A tenant's erasure: tenancy.test.ts; the request shapes: the e2e scope suites.)
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { api, configMap, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';

const labels = { app: 'scope', tier: 'one' };
const pod = (name: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, labels }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });

let target = '';
let bystanders: string[] = [];

/** The same objects in a namespace: ConfigMaps a, b (labelled) and c, a Secret s, a Pod p. */
async function fill(namespace: string): Promise<void> {
  for (const name of ['a', 'b']) await api('POST', `/api/v1/namespaces/${namespace}/configmaps`, { body: configMap(name, { metadata: { name, labels } }) });
  await api('POST', `/api/v1/namespaces/${namespace}/configmaps`, { body: configMap('c') });
  await api('POST', `/api/v1/namespaces/${namespace}/secrets`, { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', labels } } });
  expect((await api('POST', `/api/v1/namespaces/${namespace}/pods`, { body: pod('p') })).status).toBe(201);
}

/** Every object of the bystander namespaces as `namespace/kind/name uid resourceVersion`. */
async function bystanderState(): Promise<string[]> {
  const lines: string[] = [];
  for (const namespace of bystanders) {
    for (const resource of ['configmaps', 'secrets', 'pods']) {
      const list = (await api('GET', `/api/v1/namespaces/${namespace}/${resource}`)).json;
      for (const item of list.items) lines.push(`${namespace}/${resource}/${item.metadata.name} ${item.metadata.uid} ${item.metadata.resourceVersion}`);
    }
  }
  return lines.sort();
}

/** Names of the target namespace's objects of a resource. */
async function targetNames(resource = 'configmaps'): Promise<string[]> {
  const list = (await api('GET', `/api/v1/namespaces/${target}/${resource}`)).json;
  return list.items.map((item: { metadata: { name: string } }) => item.metadata.name).filter((name: string) => name !== 'kube-root-ca.crt').sort();
}

beforeEach(async () => {
  target = await freshNamespace('target');
  bystanders = [await freshNamespace('bystander'), await freshNamespace('bystander')];
  for (const namespace of [target, ...bystanders]) await fill(namespace);
});

describe('deletecollection deletes in its own namespace only', () => {
  it.each([
    ['no selector', '', []],
    ['an equality label selector', '?labelSelector=app%3Dscope', ['c']],
    ['a set-based label selector', '?labelSelector=tier%20in%20(one,two)', ['c']],
    ['an existence label selector', '?labelSelector=app', ['c']],
    ['a non-existence label selector', '?labelSelector=!app', ['a', 'b']],
    ['a field selector on the name', '?fieldSelector=metadata.name%3Da', ['b', 'c']],
    ['a field selector naming another namespace', () => `?fieldSelector=metadata.namespace%3D${bystanders[0]}`, ['a', 'b', 'c']],
    ['a field selector excluding its namespace', () => `?fieldSelector=metadata.namespace!%3D${target}`, ['a', 'b', 'c']],
    ['label and field selectors together', '?labelSelector=app%3Dscope&fieldSelector=metadata.name!%3Db', ['b', 'c']],
  ])('with %s', async (_form, query, left) => {
    const before = await bystanderState();
    const answer = await api('DELETE', `/api/v1/namespaces/${target}/configmaps${typeof query === 'function' ? query() : query}`);
    expect(answer.status).toBe(200);
    expect(await targetNames()).toEqual(left);
    expect(await bystanderState()).toEqual(before);
  });
});

describe('dry run writes nothing', () => {
  it('deletecollection, delete, create, update, patch and eviction under dryRun=All change no object anywhere', async () => {
    const before = await bystanderState();
    const targetBefore = (await api('GET', `/api/v1/namespaces/${target}/configmaps`)).json.items;
    const cm = `/api/v1/namespaces/${target}/configmaps`;
    const eviction = { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'p', namespace: target } };
    const writes: [string, string, unknown, Record<string, string>?][] = [
      ['DELETE', `${cm}?dryRun=All`, undefined],
      ['DELETE', `${cm}/a?dryRun=All`, undefined],
      ['POST', `${cm}?dryRun=All`, configMap('new')],
      ['PUT', `${cm}/b?dryRun=All`, configMap('b', { data: { changed: 'yes' } })],
      ['PATCH', `${cm}/c?dryRun=All`, { data: { changed: 'yes' } }, { 'content-type': 'application/merge-patch+json' }],
      ['POST', `/api/v1/namespaces/${target}/pods/p/eviction?dryRun=All`, eviction],
      ['DELETE', `/api/v1/namespaces/${target}?dryRun=All`, undefined],
    ];
    for (const [method, path, body, headers] of writes) {
      const answer = await api(method, path, { body, headers });
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.json)}`).toBeLessThan(300);
    }
    expect((await api('GET', `/api/v1/namespaces/${target}/configmaps`)).json.items).toEqual(targetBefore);
    expect((await api('GET', `/api/v1/namespaces/${target}/pods/p`)).status).toBe(200);
    expect((await api('GET', `/api/v1/namespaces/${target}`)).json.status.phase).toBe('Active');
    expect(await bystanderState()).toEqual(before);
  });
});

describe('the other destructive paths', () => {
  it("an eviction removes the Pod of its own namespace, not another's of the same name", async () => {
    const before = await bystanderState();
    const eviction = { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'p', namespace: target } };
    expect((await api('POST', `/api/v1/namespaces/${target}/pods/p/eviction`, { body: eviction })).status).toBe(201);
    await eventually(async () => (await api('GET', `/api/v1/namespaces/${target}/pods/p`)).json.metadata?.deletionTimestamp !== undefined || (await targetNames('pods')).length === 0);
    expect(await bystanderState()).toEqual(before);
  });

  it("garbage collection of an owner leaves a dependent in another namespace whose own owner of that name lives", async () => {
    const [other] = bystanders;
    const owners = await Promise.all([target, other!].map(async (namespace) => (await api('POST', `/api/v1/namespaces/${namespace}/configmaps`, { body: configMap('owner') })).json));
    for (const [index, namespace] of [target, other!].entries()) {
      const ownerReferences = [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owners[index].metadata.uid }];
      await api('POST', `/api/v1/namespaces/${namespace}/configmaps`, { body: configMap('dependent', { metadata: { name: 'dependent', ownerReferences } }) });
    }
    const before = await bystanderState();
    expect((await api('DELETE', `/api/v1/namespaces/${target}/configmaps/owner`)).status).toBe(200);
    await eventually(async () => (await api('GET', `/api/v1/namespaces/${target}/configmaps/dependent`)).status === 404);
    expect(await bystanderState()).toEqual(before);
  });

  it("a namespace's deletion empties it and leaves every other namespace", async () => {
    const before = await bystanderState();
    expect((await api('DELETE', `/api/v1/namespaces/${target}`)).status).toBe(200);
    await eventually(async () => (await api('GET', `/api/v1/namespaces/${target}`)).status === 404, 60_000);
    expect(await targetNames()).toEqual([]);
    expect(await bystanderState()).toEqual(before);
  });
});
