/**
 * Empty collections Go's encoder omits are never stored (issue 34, item 4). Asked of
 * kube-apiserver v1.32.13:
 * - POST of a ConfigMap with `metadata: {labels: {}, annotations: {}}` stores neither map;
 * - then a merge patch `{"metadata":{"annotations":{},"labels":{}}}` answers the same
 *   resourceVersion (kubectl: "patched (no change)") and adds no managedFields entry; so does a PUT
 *   with the empty maps;
 * - `kubectl label cm w2 pick=yes` then `kubectl label cm w2 pick-` (a merge patch emptying the
 *   labels): the second answer's managedFields hold only kubectl-create's entry, kubectl-label's is
 *   gone (found by `npm run audit-compare` in the kit's responses);
 * - a merge patch of a Pod's /status with `initContainerStatuses: [], containerStatuses: [],
 *   conditions: []` answers `{"phase":"Pending","qosClass":"BestEffort"}`: the empty lists are dropped.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

let ns = '';
beforeAll(async () => {
  ns = await freshNamespace('empty');
});

const merge = { 'content-type': 'application/merge-patch+json' };
const emptyMeta = { labels: {}, annotations: {}, finalizers: [], ownerReferences: [] };

describe('empty metadata collections', () => {
  it('are not stored on create, and a merge patch or update of them is no change', async () => {
    const path = `/api/v1/namespaces/${ns}/configmaps`;
    const created = await api('POST', path, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'e4', ...emptyMeta } } });
    expect(created.status).toBe(201);
    for (const field of Object.keys(emptyMeta)) expect(created.json.metadata, field).not.toHaveProperty(field);
    const version = created.json.metadata.resourceVersion;

    const patched = await api('PATCH', `${path}/e4`, { body: { metadata: { annotations: {}, labels: {} } }, headers: merge });
    expect(patched.status).toBe(200);
    expect(patched.json.metadata.resourceVersion).toBe(version);
    expect(patched.json.metadata).not.toHaveProperty('labels');
    expect(patched.json.metadata.managedFields).toEqual(created.json.metadata.managedFields);

    const updated = await api('PUT', `${path}/e4`, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'e4', ...emptyMeta, resourceVersion: version } } });
    expect(updated.status).toBe(200);
    expect(updated.json.metadata.resourceVersion).toBe(version);
  });

  it('leave no managedFields entry to the manager that removed the last label', async () => {
    const path = `/api/v1/namespaces/${ns}/configmaps`;
    const created = await api('POST', `${path}?fieldManager=kubectl-create`, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'w2' }, data: { a: '1' } } });
    const label = (value: string | null) => api('PATCH', `${path}/w2?fieldManager=kubectl-label`, { body: { metadata: { labels: { pick: value } } }, headers: merge });
    expect((await label('yes')).json.metadata.managedFields.map((entry: { manager: string }) => entry.manager)).toEqual(['kubectl-create', 'kubectl-label']);
    const unlabelled = await label(null);
    expect(unlabelled.status).toBe(200);
    expect(unlabelled.json.metadata).not.toHaveProperty('labels');
    expect(unlabelled.json.metadata.managedFields).toEqual(created.json.metadata.managedFields);
  });
});

describe("a Pod's status", () => {
  it('drops empty lists written through /status', async () => {
    const path = `/api/v1/namespaces/${ns}/pods`;
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p4' }, spec: { serviceAccountName: 'default', automountServiceAccountToken: false, containers: [{ name: 'c', image: 'nginx' }] } };
    expect((await api('POST', path, { body: pod })).status).toBe(201);
    const patched = await api('PATCH', `${path}/p4/status`, { body: { status: { initContainerStatuses: [], containerStatuses: [], conditions: [] } }, headers: merge });
    expect(patched.status).toBe(200);
    expect(patched.json.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
  });
});
