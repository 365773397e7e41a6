/**
 * Objects too large to store get kube's answer (`etcdserver: request is too large`, a 413 here:
 * kube relays it as a bare 500) before they reach SQLite, whose row limit (2 MB) binds the whole
 * revision row: the object, its labels again, selectable fields and lifecycle facts. Nothing is
 * written, and what fits is stored and read back whole. Megabyte objects take seconds on a
 * loaded machine: each test gets a minute.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, configMap, freshNamespace } from './api-client.js';

let ns = '';
const cm = () => `/api/v1/namespaces/${ns}/configmaps`;

/** About `bytes` of labels: keys of 60 characters, values of 63. */
function labels(bytes: number): Record<string, string> {
  const result: Record<string, string> = {};
  for (let i = 0, size = 0; size < bytes; i++) {
    const key = `k${String(i).padStart(6, '0')}.example.com/${'l'.repeat(40)}`;
    result[key] = 'v'.repeat(63);
    size += key.length + 63 + 6;
  }
  return result;
}

beforeAll(async () => {
  ns = await freshNamespace('size');
});

describe('objects too large to store', () => {
  it.each([
    ['0.85 MiB of labels (the object fits 1.5 MiB, its row does not fit 2 MB)', () => configMap('labels', { metadata: { name: 'labels', labels: labels(0.85 * 1024 * 1024) } })],
    // kube answers this Role (1.7 MB of resourceNames, no size rule of its own) with the same text, as a 500.
    ['an object over 1.5 MiB', () => ({
      apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'big' },
      rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get'], resourceNames: Array.from({ length: 27_000 }, (_, i) => `n${String(i).padStart(7, '0')}-${'x'.repeat(50)}`) }],
    })],
  ])('%s: 413, kube\'s text, nothing written', async (_name, body) => {
    const object = body();
    const path = object.kind === 'Role' ? `/apis/rbac.authorization.k8s.io/v1/namespaces/${ns}/roles` : cm();
    const response = await api('POST', path, { body: object });
    expect([response.status, response.json.reason, response.json.message]).toEqual([413, 'RequestEntityTooLarge', 'etcdserver: request is too large']);
    expect((await api('GET', `${path}/${object.metadata.name}`)).status).toBe(404);
  }, 60_000);

  it('stores what fits: 0.5 MiB of labels, read back whole', async () => {
    const wanted = labels(0.5 * 1024 * 1024);
    expect((await api('POST', cm(), { body: configMap('fits', { metadata: { name: 'fits', labels: wanted } }) })).status).toBe(201);
    expect((await api('GET', `${cm()}/fits`)).json.metadata.labels).toEqual(wanted);
  }, 60_000);

  it('refuses an update that outgrows the row, and keeps the object as it was', async () => {
    const before = (await api('GET', `${cm()}/fits`)).json;
    const patch = await api('PATCH', `${cm()}/fits`, { body: { metadata: { labels: labels(0.85 * 1024 * 1024) } }, headers: { 'content-type': 'application/merge-patch+json' } });
    expect([patch.status, patch.json.message]).toEqual([413, 'etcdserver: request is too large']);
    expect((await api('GET', `${cm()}/fits`)).json.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  }, 60_000);
});
