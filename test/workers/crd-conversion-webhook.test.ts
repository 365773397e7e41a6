/**
 * CRDs with `conversion.strategy: Webhook`, served as kube-apiserver v1.32.13 serves them: every
 * object read, listed, watched or written in a version other than the one it is stored in goes
 * through the webhook (test/helpers/fake-conversion-webhook.mjs: Widgets, v1 `spec.size` <-> v2
 * `spec.dimensions.size`). The error texts are the reference's, recorded against a real HTTPS
 * webhook with the same behaviours (`conversion webhook for example.com/v2, Kind=Widget failed: ...`,
 * 500 without a reason). Before this, every non-storage version answered a 500 refusal.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';
import { watch } from './watch-client.js';

const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
let ns = '';
let groups = 0;
const newGroup = () => `cv${Date.now().toString(36)}${groups++}.example.com`;

function definition(group: string, path: string, reviewVersions = ['v1'], clientConfig: Record<string, unknown> = { url: `https://conversion.test${path}` }) {
  const spec = (properties: Record<string, unknown>) => ({ openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties } } } });
  return {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `widgets.${group}` },
    spec: {
      group, scope: 'Namespaced', names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
      conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: reviewVersions, clientConfig } },
      versions: [
        { name: 'v1', served: true, storage: true, schema: spec({ size: { type: 'integer' } }) },
        { name: 'v2', served: true, storage: false, schema: spec({ dimensions: { type: 'object', properties: { size: { type: 'integer' } } } }) },
      ],
    },
  };
}

async function establish(group: string, path: string, reviewVersions?: string[], clientConfig?: Record<string, unknown>): Promise<void> {
  const created = await api('POST', crds, { body: definition(group, path, reviewVersions, clientConfig) });
  expect(created.status).toBe(201);
  await eventually(async () => {
    const crd = (await api('GET', `${crds}/widgets.${group}`)).json;
    return (crd.status?.conditions ?? []).some((c: any) => c.type === 'Established' && c.status === 'True');
  });
}

const widgets = (group: string, version: string) => `/apis/${group}/${version}/namespaces/${ns}/widgets`;
const v1Widget = (group: string, name: string, size: number) => ({ apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name }, spec: { size } });
const v2Widget = (group: string, name: string, size: number) => ({ apiVersion: `${group}/v2`, kind: 'Widget', metadata: { name }, spec: { dimensions: { size } } });
const reviews = async (): Promise<any[]> => (await (await fetch('https://conversion.test/reviews')).json() as any).reviews;

beforeAll(async () => {
  ns = await freshNamespace('conv');
});

describe('a CRD converted by webhook', () => {
  let group = '';
  beforeAll(async () => {
    group = newGroup();
    await establish(group, '/convert');
    await reviews();
  });

  it('reads, lists and writes every version through the webhook, storing the storage version', async () => {
    expect((await api('POST', widgets(group, 'v1'), { body: v1Widget(group, 'a', 3) })).status).toBe(201);
    const created = await api('POST', widgets(group, 'v2'), { body: v2Widget(group, 'b', 4) });
    expect([created.status, created.json.apiVersion, created.json.spec]).toEqual([201, `${group}/v2`, { dimensions: { size: 4 } }]);
    const a = await api('GET', `${widgets(group, 'v2')}/a`);
    expect([a.status, a.json.apiVersion, a.json.spec]).toEqual([200, `${group}/v2`, { dimensions: { size: 3 } }]);
    const b = await api('GET', `${widgets(group, 'v1')}/b`);
    expect([b.json.apiVersion, b.json.spec]).toEqual([`${group}/v1`, { size: 4 }]);
    const listed = await api('GET', widgets(group, 'v2'));
    expect(listed.json.items.map((item: any) => [item.metadata.name, item.apiVersion, item.spec])).toEqual([
      ['a', `${group}/v2`, { dimensions: { size: 3 } }], ['b', `${group}/v2`, { dimensions: { size: 4 } }],
    ]);
    const patched = await api('PATCH', `${widgets(group, 'v2')}/a`, { body: { spec: { dimensions: { size: 5 } } }, headers: { 'content-type': 'application/merge-patch+json' } });
    expect([patched.status, patched.json.spec]).toEqual([200, { dimensions: { size: 5 } }]);
    expect((await api('GET', `${widgets(group, 'v1')}/a`)).json.spec).toEqual({ size: 5 });
  });

  it('sends kube\'s ConversionReview: one object, no resourceVersion, the desired version, a fresh uid, `?timeout=30s`', async () => {
    await reviews();
    expect((await api('GET', `${widgets(group, 'v2')}/b`)).status).toBe(200);
    const seen = await reviews();
    expect(seen.length).toBeLessThanOrEqual(1); // converted revisions are remembered
    const fresh = await api('POST', widgets(group, 'v1'), { body: v1Widget(group, 'c', 1) });
    expect(fresh.status).toBe(201);
    await api('GET', `${widgets(group, 'v2')}/c`);
    const [sent] = await reviews();
    expect(sent.url).toBe('/convert?timeout=30s');
    expect(sent.review.apiVersion).toBe('apiextensions.k8s.io/v1');
    expect(sent.review.request.desiredAPIVersion).toBe(`${group}/v2`);
    expect(sent.review.request.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.review.request.objects.map((o: any) => [o.apiVersion, o.metadata.name, o.metadata.resourceVersion, o.spec])).toEqual([[`${group}/v1`, 'c', undefined, { size: 1 }]]);
    expect(sent.review.response).toEqual({ uid: '', convertedObjects: null, result: { metadata: {} } });
  });

  it('watches in a non-storage version with converted objects', async () => {
    const stream = await watch(`${widgets(group, 'v2')}?watch=true&fieldSelector=metadata.name%3Dd`);
    expect(stream.status).toBe(200);
    expect((await api('POST', widgets(group, 'v1'), { body: v1Widget(group, 'd', 7) })).status).toBe(201);
    const event = await stream.next(5000);
    await stream.close();
    expect([event?.type, event?.object.apiVersion, event?.object.spec]).toEqual(['ADDED', `${group}/v2`, { dimensions: { size: 7 } }]);
  });
});

describe('what kube answers when the webhook misbehaves (500, no reason)', () => {
  // Each: the path, then the reference's message for a create in v2 (object example.com/v2 sent)
  // and for a get in v2 of an object stored in v1, with example.com replaced by the test's group.
  const cases: [string, (gv: string) => string][] = [
    ['/fail', (gv) => `conversion webhook for ${gv}, Kind=Widget failed: widgets cannot be converted today`],
    ['/count', (gv) => `conversion webhook for ${gv}, Kind=Widget returned 0 objects, expected 1`],
    ['/name', (gv) => `conversion webhook for ${gv}, Kind=Widget returned invalid object: must have the same name: NAME != other`],
    ['/kind', (gv) => `conversion webhook for ${gv}, Kind=Widget returned invalid object at index 0: invalid kind (expected Widget, received Other)`],
    ['/500', (gv) => `conversion webhook for ${gv}, Kind=Widget failed: an error on the server ("boom") has prevented the request from succeeding`],
    ['/nosuchpath', (gv) => `conversion webhook for ${gv}, Kind=Widget failed: the server could not find the requested resource`],
    ['/badlabel', (gv) => `conversion webhook for ${gv}, Kind=Widget returned invalid metadata: metadata.labels: Invalid value: "bad label": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`],
  ];
  for (const [path, message] of cases) {
    it(`${path}: refuses the write and the read`, async () => {
      const group = newGroup();
      await establish(group, path);
      const created = await api('POST', widgets(group, 'v2'), { body: v2Widget(group, 'x', 1) });
      expect([created.status, created.json.reason, created.json.message]).toEqual([500, undefined, message(`${group}/v2`).replace('NAME', 'x')]);
      expect((await api('POST', widgets(group, 'v1'), { body: v1Widget(group, 'y', 1) })).status).toBe(201);
      const read = await api('GET', `${widgets(group, 'v2')}/y`);
      expect([read.status, read.json.message]).toEqual([500, message(`${group}/v1`).replace('NAME', 'y')]);
      const listed = await api('GET', widgets(group, 'v2'));
      expect([listed.status, listed.json.message]).toEqual([500, message(`${group}/v1`).replace('NAME', 'y')]);
      expect((await api('GET', `${widgets(group, 'v1')}/y`)).status).toBe(200);
    });
  }

  it('checks the uid of a v1 review, not of a v1beta1 one', async () => {
    const group = newGroup();
    await establish(group, '/uid');
    const refused = await api('POST', widgets(group, 'v2'), { body: v2Widget(group, 'x', 1) });
    expect(refused.json.message).toMatch(new RegExp(`^conversion webhook for ${group.replace(/\./g, '\\.')}/v2, Kind=Widget failed: expected response.uid="[0-9a-f-]{36}", got "wrong"$`));
    const beta = newGroup();
    await establish(beta, '/uid', ['v1beta1', 'v1']);
    await reviews();
    expect((await api('POST', widgets(beta, 'v2'), { body: v2Widget(beta, 'x', 1) })).status).toBe(201);
    expect((await reviews())[0].review.apiVersion).toBe('apiextensions.k8s.io/v1beta1');
  });

  it('keeps the metadata the webhook may not change, takes its labels', async () => {
    const group = newGroup();
    await establish(group, '/labels');
    const created = await api('POST', widgets(group, 'v2'), { body: v2Widget(group, 'x', 1) });
    expect([created.status, created.json.metadata.labels, created.json.metadata.generation, created.json.metadata.finalizers]).toEqual([201, { converted: 'yes' }, 1, undefined]);
  });

  it('reaches a service reference where this server can: an ExternalName service, at its port', async () => {
    const group = newGroup();
    const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'converter' }, spec: { type: 'ExternalName', externalName: 'conversion.test' } };
    expect((await api('POST', `/api/v1/namespaces/${ns}/services`, { body: service })).status).toBe(201);
    await establish(group, '', ['v1'], { service: { namespace: ns, name: 'converter', path: '/convert', port: 443 } });
    await reviews();
    const created = await api('POST', widgets(group, 'v2'), { body: v2Widget(group, 'x', 2) });
    expect([created.status, created.json.spec]).toEqual([201, { dimensions: { size: 2 } }]);
    expect((await reviews())[0].url).toBe('/convert?timeout=30s');
    const missing = newGroup();
    await establish(missing, '', ['v1'], { service: { namespace: ns, name: 'absent', path: '/convert' } });
    const refused = await api('POST', widgets(missing, 'v2'), { body: v2Widget(missing, 'x', 2) });
    expect([refused.status, refused.json.message]).toEqual([500, `conversion webhook for ${missing}/v2, Kind=Widget failed: Post "https://absent.${ns}.svc:443/convert?timeout=30s": service "absent" not found`]);
  });
});
